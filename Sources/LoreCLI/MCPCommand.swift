import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `lore mcp`: lore's tools for agents, over the Model Context Protocol on stdin/stdout. The server
/// is the `lore-mcp` executable built beside `lore` (it links the MCP SDK and Foundation, which would
/// otherwise load with every lore command; see ARCHITECTURE.md): this command becomes that process.
package struct MCPCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve lore's tools to an agent over the Model Context Protocol (stdio).",
        discussion: "Tools: search, answer, summarize, extract, get, articles, status; read-only unless started with --allow-update, which adds update (what `lore update` does). Messages are JSON-RPC on stdin/stdout; logs go to stderr."
    )
    @OptionGroup var global: GlobalOptions
    @Option(help: "Prompts directory (default ./Prompts, else the package's; env LORE_PROMPTS).") var prompts: String?
    @Flag(name: .customLong("allow-update"), help: "Also serve the update tool: fetch every subscribed feed and index what is new, as `lore update` does.")
    var allowUpdate = false

    package init() {}

    /// Replaces this process with `lore-mcp` from the same directory, with the same options.
    package func run() throws {
        let server = Paths.executableDirectory + "/lore-mcp"
        var args = ["lore-mcp"]
        if let c = global.corpus { args += ["--corpus", c] }
        if let d = global.db { args += ["--db", d] }
        if let p = prompts { args += ["--prompts", p] }
        if allowUpdate { args.append("--allow-update") }
        let argv = args.map { strdup($0) } + [nil]
        execv(server, argv)
        try runOrFail { throw CLIError("cannot start \(server) (\(String(cString: strerror(errno)))); build it with `swift build` beside lore") }
    }

    /// The tools over the index, as `lore-mcp` serves them: refreshes the index once, then reads it read-only
    /// (the update tool, when allowed, writes it through a connection of its own).
    package func openToolbox() throws -> MCPToolbox {
        try runOrFail { try MCPToolbox(location: global.location, talk: Talk(prompts: prompts), allowUpdate: allowUpdate) }
    }
}

extension Paths {
    /// The directory of the running executable (`/proc/self/exe`, else argv[0]).
    static var executableDirectory: String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        let path = n > 0 ? String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                         : absolute(CommandLine.arguments.first ?? "lore")
        return path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }
}
