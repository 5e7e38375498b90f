import Assistant
import Retrieval

/// Output form of a turn.
enum TurnOutput { case human, json, jsonl }

/// One conversation: dispatches each message, shows the call, streams the answer, saves the turn,
/// and carries the context ("it", "the second result") to the next message.
final class Conversation {
    let assistant: Assistant
    let workspace: Workspace
    let store: SessionStore?
    var session: Int64?
    var context = ConversationContext()
    let output: TurnOutput
    let talk: Talk
    var last: Response?
    /// When the last chat session was active: "what's new?" lists the articles fetched since.
    let newSince: String?

    init(workspace: Workspace, talk: Talk, output: TurnOutput, store: SessionStore?, resume: Int64? = nil) throws {
        self.workspace = workspace
        self.talk = talk
        self.output = output
        self.store = store
        assistant = try Assistant(index: workspace.index, prompts: talk.loadPrompts())
        // The chat's own sessions connection when it has one: a second connection opened beside it, at
        // the moment another chat starts too, could find the file locked.
        newSince = store.map { (try? $0.list())?.first?.updated } ?? NewArticles.lastSession(index: workspace.dbPath)
        if let resume, let store {
            session = resume
            context = ContextCoding.decode(try store.context(resume))
        }
    }

    /// Handles one message; returns the response (nil for an empty line).
    @discardableResult
    func turn(_ message: String) throws -> Response? {
        let text = message.trimmed
        guard !text.isEmpty else { return nil }
        if NewArticles.isAsking(text) { whatsNew(text); return nil }
        let started = SessionStore.now()
        Interrupt.reset()
        let call = assistant.dispatch(text, context: context)
        if output == .human {
            Out.write(Style.dim(sanitize(call.display, keepNewlines: false), on: Terminal.stderrColour) + "\n", fd: 2)
            if talk.explain { for r in call.reasons { Out.write(Style.dim("  why: " + sanitize(r, keepNewlines: false), on: Terminal.stderrColour) + "\n", fd: 2) } }
        } else if output == .jsonl {
            Out.line(JSON.object([("type", .string("tool_call")), ("tool_call", Shapes.call(call))]).text)
        }
        var response = try assistant.run(call, message: text, context: context)
        var interrupted = false
        switch output {
        case .human:
            let writer = TokenWriter(colour: Terminal.colour, width: Terminal.stdoutIsTTY ? min(Terminal.width, 100) : Int.max / 2, paceMilliseconds: talk.paceMilliseconds)
            for token in Response.tokenize(response.answer) {
                if Interrupt.requested { interrupted = true; break }
                writer.write(token)
            }
            writer.finish()
            if talk.explain { for d in response.details { Out.write(Style.dim("  how: " + sanitize(d, keepNewlines: false), on: Terminal.stderrColour) + "\n", fd: 2) } }
            if interrupted {
                Out.line(Style.dim(assistant.prompts.voice("interrupted")))
                response.answer = writer.written
            }
        case .jsonl:
            for token in Response.tokenize(Markdown.plain(response.answer)) {
                if Interrupt.requested { interrupted = true; break }
                Out.line(JSON.object([("type", .string("token")), ("text", .string(token))]).text)
            }
            for c in response.citations {
                var o: [(String, JSON)] = [("type", .string("citation"))]
                if case .object(let fields) = Shapes.citation(c) { o += fields }
                Out.line(JSON.object(o).text)
            }
            var done: [(String, JSON)] = [("type", .string("done"))]
            if case .object(let fields) = Shapes.turn(input: text, response, explain: talk.explain, interrupted: interrupted) { done += fields }
            Out.line(JSON.object(done).text)
        case .json:
            Out.line(Shapes.turn(input: text, response, explain: talk.explain).text)
        }
        context = response.updating(context)
        last = response
        try save(text, response, started: started, interrupted: interrupted)
        return response
    }

    func save(_ input: String, _ r: Response, started: String, interrupted: Bool) throws {
        guard let store else { return }
        if session == nil { session = try store.create(corpus: workspace.corpus) }
        try store.save(session: session!, input: input, toolCall: Shapes.call(r.call).text, answer: Markdown.plain(r.answer),
                       citations: JSON.array(r.citations.map(Shapes.citation)).text, started: started,
                       interrupted: interrupted, indexVersion: workspace.index.version, context: ContextCoding.encode(context))
    }
}

/// The follow-up context as JSON, kept with the session so `--resume` continues it.
enum ContextCoding {
    static func ref(_ t: TargetRef) -> JSON {
        .object([("doc", .int(t.doc)), ("id", .string(t.id)), ("title", .string(t.title)), ("source", .string(t.source)), ("line", .int(t.line))])
    }

    static func encode(_ c: ConversationContext) -> String {
        JSON.object([
            ("lastHits", .array(c.lastHits.map(ref))), ("lastArticle", c.lastArticle.map(ref) ?? .null),
            ("lastTopic", .str(c.lastTopic)), ("lastTool", .str(c.lastTool?.rawValue)),
            ("lastArticleIsFirstHit", .bool(c.lastArticleIsFirstHit)), ("lastAnswer", .str(c.lastAnswer)),
        ]).text
    }

    static func decode(_ s: String) -> ConversationContext {
        var c = ConversationContext()
        guard let v = try? MiniJSON.parse(s) else { return c }
        func ref(_ j: JSONValue?) -> TargetRef? {
            guard let j, let doc = j["doc"]?.number, let id = j["id"]?.string, let title = j["title"]?.string,
                  let source = j["source"]?.string, let line = j["line"]?.number else { return nil }
            return TargetRef(doc: Int(doc), id: id, title: title, source: source, line: Int(line))
        }
        c.lastHits = (v["lastHits"]?.array ?? []).compactMap(ref)
        c.lastArticle = ref(v["lastArticle"])
        c.lastTopic = v["lastTopic"]?.string
        c.lastTool = v["lastTool"]?.string.flatMap(Tool.init(rawValue:))
        c.lastArticleIsFirstHit = v["lastArticleIsFirstHit"]?.bool ?? false
        c.lastAnswer = v["lastAnswer"]?.string
        return c
    }
}
