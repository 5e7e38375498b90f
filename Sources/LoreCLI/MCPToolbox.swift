import Assistant
import Corpus
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// What a tool call gives back: text for the agent to read, the same as a JSON object, and whether
/// the call failed in a way the agent should see (an article that does not exist) rather than a
/// protocol error (a missing argument).
package struct ToolOutput {
    package var text: String
    var json: JSON
    package var isError = false
    /// The JSON object as text (the server hands the SDK a parsed copy as structured content).
    package var jsonText: String { json.text }
}

/// lore's tools for `lore mcp`: one read-only connection to the index, the assistant over it, and the
/// follow-up context of the calls so far (so "the second result" means what it means in the chat).
/// Calls are serialised by a lock; when another lore process writes the index (a new generation),
/// the assistant is rebuilt so its statistics match.
package final class MCPToolbox: @unchecked Sendable {
    let corpus: String
    let dbPath: String
    let prompts: PromptLibrary
    let index: Index
    /// Started with `--allow-update`: the update tool is listed and runs; otherwise it is refused.
    package let allowUpdate: Bool
    var assistant: Assistant
    var generation: Int64
    var context = ConversationContext()
    var lock = pthread_mutex_t()

    /// Brings the index up to date once, as every lore command does, then reopens it read-only.
    init(location: IndexLocation, talk: Talk, allowUpdate: Bool = false) throws {
        self.allowUpdate = allowUpdate
        let ws = try Workspace(location)   // skipped files and warnings go to stderr, the server's log
        corpus = ws.corpus
        dbPath = ws.dbPath
        prompts = try talk.loadPrompts()
        do { index = try Index(readingFrom: dbPath, corpus: corpus) } catch { throw CLIError(error.description) }
        assistant = try Assistant(index: index, prompts: prompts)
        generation = index.generation
        pthread_mutex_init(&lock, nil)
    }

    /// The tools to list: name, description and input schema, straight from Prompts/tools.json
    /// (update only with `--allow-update`).
    package var tools: [AgentTool] { prompts.agentTools.filter { allowUpdate || $0.name != "update" } }

    /// Runs one tool. A bad request (unknown tool, missing or mistyped argument) throws
    /// `ToolRequestError`, which the server sends as a JSON-RPC invalid-params error.
    package func call(_ name: String, _ arguments: [String: JSONValue]) throws -> ToolOutput {
        pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }
        if name == "update" && !allowUpdate {
            throw ToolArguments.invalid("the update tool needs the server started with `lore mcp --allow-update`")
        }
        guard tools.contains(where: { $0.name == name }) else {
            throw ToolArguments.invalid("unknown tool \(name); tools/list names them")
        }
        let args = ToolArguments(tool: name, values: arguments)
        try refreshIfWritten()
        switch name {
        case "search": return try search(args)
        case "answer", "summarize", "extract": return try converse(name, args)
        case "get": return try get(args)
        case "articles": return try articles(args)
        case "status": return status()
        case "update": return try update()
        default: throw ToolArguments.invalid("the \(name) tool is described in tools.json but lore mcp does not serve it")
        }
    }

    /// Another process wrote the index since the assistant was built: rebuild it on the new statistics.
    func refreshIfWritten() throws {
        let now = index.generation
        guard now != generation else { return }
        assistant = try Assistant(index: index, prompts: prompts)
        generation = now
        context = ConversationContext()
    }

    func search(_ args: ToolArguments) throws -> ToolOutput {
        let text = try args.string("query", required: true) ?? ""
        var q = SearchQuery(text: text, limit: try args.int("limit", default: 10, range: 1...100))
        q.author = try args.string("author"); q.feed = try args.string("feed")
        q.after = try args.string("after"); q.before = try args.string("before")
        let searcher = try Searcher(index: index)
        q.everyday = prompts.commonWords.everyday(for: text, searcher: searcher, parameters: q.parameters)
        let hits = try searcher.search(q)
        let json = JSON.object([("query", .string(text)), ("hits", .array(hits.map(Shapes.hit)))])
        return ToolOutput(text: json.text, json: json)
    }
}
