import ArgumentParser
import Assistant

/// Options of the commands that talk: output form, pacing, prompts, explanations.
struct TalkOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per answer (CLI.md).") var json = false
    @Flag(help: "Stream JSON events: tool_call, token, citation, done.") var jsonl = false
    @Option(help: "Milliseconds between tokens on a terminal (0 = instant; env LORE_PACE_MS).") var pace: Int?
    @Option(help: "Prompts directory (default ./Prompts, else the package's; env LORE_PROMPTS).") var prompts: String?
    @Flag(help: "Say why this tool and this article were chosen.") var explain = false

    /// The options as plain values.
    var plain: Talk { Talk(json: json, jsonl: jsonl, pace: pace, prompts: prompts, explain: explain) }
}

/// How the assistant talks back: output form, pacing, prompts and explanations, as plain values.
struct Talk: Equatable {
    var json = false, jsonl = false
    var pace: Int?
    var prompts: String?
    var explain = false

    var paceMilliseconds: Int {
        guard Terminal.stdoutIsTTY, !json, !jsonl else { return 0 }
        if let p = pace { return max(0, min(p, 1000)) }
        if let e = env("LORE_PACE_MS"), let n = Int(e) { return max(0, min(n, 1000)) }
        return 12
    }

    func loadPrompts() throws -> PromptLibrary {
        let dir = Self.promptsDirectory(prompts)
        do { return try PromptLibrary.load(from: dir) } catch { throw CLIError(sanitize(error.description, keepNewlines: false)) }
    }

    /// The Prompts directory: `--prompts`, else LORE_PROMPTS, else ./Prompts, else the package's.
    static func promptsDirectory(_ prompts: String?) -> String {
        if let p = prompts ?? env("LORE_PROMPTS") { return Paths.absolute(p) }
        if Paths.isDirectory("Prompts") { return Paths.absolute("Prompts") }
        return Paths.packageRoot + "/Prompts"
    }
}
