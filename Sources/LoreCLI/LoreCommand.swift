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
        var args = arguments
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
}
