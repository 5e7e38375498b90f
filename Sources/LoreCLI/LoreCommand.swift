import ArgumentParser

/// `lore`: a local, offline chatbot over a folder of articles.
public struct LoreCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lore",
        abstract: "Ask questions about a folder of articles, offline.",
        discussion: "With no subcommand, lore starts the chat (`lore chat`).",
        version: "0.1.0",
        subcommands: [ChatCommand.self, BenchQueriesCommand.self, AskCommand.self, SearchCommand.self, SummarizeCommand.self, ExtractCommand.self,
                      ShowCommand.self, ArticlesCommand.self, IndexCommand.self, SessionsCommand.self,
                      FeedsCommand.self, UpdateCommand.self, NewCommand.self, MCPCommand.self],
        defaultSubcommand: ChatCommand.self
    )
    public init() {}

    /// Entry point: `--resume` with no ID means the last session.
    public static func run(_ arguments: [String]) {
        var args = hoistingGlobalOptions(arguments)
        if let i = args.firstIndex(of: "--resume"), i + 1 == args.count || args[i + 1].hasPrefix("-") {
            args.insert("last", at: i + 1)
        }
        // The common `lore search` spellings skip ArgumentParser (see SearchRequest); its errors are
        // reported as `main` would report them.
        if args.first == "search", let search = SearchRequest(plainArguments: Array(args.dropFirst())) {
            do { try search.run() } catch { exit(withError: error) }
            return
        }
        if args.first == "ask", let ask = AskRequest(plainArguments: Array(args.dropFirst())) {
            do { try ask.run() } catch { exit(withError: error) }
            return
        }
        main(args)
    }

    /// `lore --corpus X index`, `lore sessions --db X list`: options every command takes, written before
    /// the (sub)command, are moved to just after it, where ArgumentParser reads them.
    static func hoistingGlobalOptions(_ args: [String]) -> [String] {
        // Reading the commands' configurations costs start-up time: only when there can be something to move.
        guard let first = args.first, first == "sessions" || first.hasPrefix("--corpus") || first.hasPrefix("--db")
                || first.hasPrefix("--follow-symlinks") else { return args }
        var globals: [String] = [], path: [String] = [], i = 0
        var commands: [any ParsableCommand.Type] = configuration.subcommands
        while i < args.count {
            let a = args[i]
            if a == "--corpus" || a == "--db", i + 1 < args.count { globals += [a, args[i + 1]]; i += 2; continue }
            if a.hasPrefix("--corpus=") || a.hasPrefix("--db=") || a == "--follow-symlinks" || a == "--follow-symlinks-anywhere" {
                globals.append(a); i += 1; continue
            }
            guard let sub = commands.first(where: { $0._commandName == a }) else { break }
            path.append(a); commands = sub.configuration.subcommands; i += 1
        }
        guard !globals.isEmpty, !path.isEmpty else { return args }
        return path + globals + args[i...]
    }
}
