import Assistant
import Corpus
import Retrieval
import SQLite
#if canImport(Glibc)
import Glibc
#endif

/// The tools that go through the assistant (answer, summarize, extract) and those that read the
/// index directly (get, articles, status).
extension MCPToolbox {
    /// answer, summarize and extract run as the chat's slash commands do, through `Assistant`'s public API.
    func converse(_ name: String, _ args: ToolArguments) throws -> ToolOutput {
        let article = try args.string("article")
        var message: String
        var focus: String?
        let section = try args.string("section")
        switch name {
        case "answer":
            message = try args.string("question", required: true) ?? ""
        case "summarize":
            guard let subject = try article ?? args.string("topic") else {
                throw ToolArguments.invalid("summarize needs \"article\" or \"topic\"")
            }
            let length = try args.string("length", oneOf: ["short", "medium", "long"])
            message = "/summarize " + subject + (length.map { " (\($0))" } ?? "")
        default:
            let kind = try args.string("kind", required: true, oneOf: ExtractKind.allCases.map(\.rawValue)) ?? ""
            message = "/extract \(kind) " + (article ?? "")
            focus = try args.string("focus")
        }
        var call = assistant.dispatch(name == "answer" ? "/answer " + message : message, context: context)
        if let focus, !focus.trimmed.isEmpty { call.set("focus", focus) }
        // A section of a summary or of an outline; summarize and the headings extract read it.
        if let section, !section.trimmed.isEmpty, call.target != nil, name != "answer" { call.set("section", section) }
        if name == "answer", let article {
            guard let target = try resolve(article) else { return notFound(article) }
            call.target = target
            call.set("article", target.title)
        }
        let response = try assistant.run(call, message: message, context: context)
        context = response.updating(context)
        return ToolOutput(text: readable(response), json: Shapes.turn(input: message, response))
    }

    /// An article named by id, SOURCE:LINE, or (as the chat resolves names) by its title's words.
    func resolve(_ ref: String) throws -> TargetRef? {
        if let stored = try ArticleStore(index: index).resolve(ref) { return TargetRef(stored) }
        return assistant.dispatch("/extract metadata " + ref, context: ConversationContext()).target
    }

    /// The answer as plain text with its numbered sources, as `lore ask` prints it.
    func readable(_ r: Response) -> String {
        var text = Markdown.plain(r.answer)
        if !r.citations.isEmpty {
            text += "\n\nSources:"
            for c in r.citations { text += "\n[\(c.n)] \(c.ref.title) — \(c.ref.source):\(c.ref.line)" + (c.url.map { " — \($0)" } ?? "") }
        }
        return text
    }

    func notFound(_ ref: String) -> ToolOutput {
        let message = "no article matches \(ref); the articles tool lists ids and SOURCE:LINE refs"
        return ToolOutput(text: message, json: .object([("error", .string(message))]), isError: true)
    }

    /// One article's text from `offset`, at most `max_chars` characters, with its metadata.
    func get(_ args: ToolArguments) throws -> ToolOutput {
        let ref = try args.string("ref", required: true) ?? ""
        let offset = try args.int("offset", default: 0, range: 0...Int(Int32.max))
        let maxChars = try args.int("max_chars", default: 20_000, range: 1...100_000)
        guard let found = try ArticleStore(index: index).resolve(ref) else { return notFound(ref) }
        // Offsets count Unicode scalars (code points), as most clients' strings do, not grapheme clusters.
        let text = found.article.text.unicodeScalars
        let total = text.count
        let start = text.index(text.startIndex, offsetBy: min(offset, total))
        let end = text.index(start, offsetBy: maxChars, limitedBy: text.endIndex) ?? text.endIndex
        let next = offset + maxChars < total ? JSON.int(offset + maxChars) : .null
        guard case .object(var fields) = Shapes.article(found.article) else { return notFound(ref) }
        fields = fields.map { $0.0 == "text" ? ("text", .string(String(String.UnicodeScalarView(text[start..<end])))) : $0 }
        fields += [("offset", .int(offset)), ("total_chars", .int(total)), ("next_offset", next)]
        let json = JSON.object(fields)
        return ToolOutput(text: json.text, json: json)
    }

    /// Every article in corpus order, a page at a time.
    func articles(_ args: ToolArguments) throws -> ToolOutput {
        let offset = try args.int("offset", default: 0, range: 0...Int(Int32.max))
        let limit = try args.int("limit", default: 100, range: 1...1000)
        let all = try ArticleStore(index: index).all(bodies: false)
        let page = all.dropFirst(offset).prefix(limit)
        let next = offset + limit < all.count ? JSON.int(offset + limit) : .null
        let json = JSON.object([("total", .int(all.count)), ("offset", .int(offset)), ("next_offset", next),
                                ("articles", .array(page.map { .object(Shapes.articleSummary($0.article)) }))])
        return ToolOutput(text: json.text, json: json)
    }

    /// Corpus size, index generation and when the index file was last written.
    func status() -> ToolOutput {
        let files = (try? index.db.scalarInt("SELECT count(*) FROM files")).flatMap { $0 } ?? 0
        let count = (try? ArticleStore(index: index).count()) ?? 0
        let written = [dbPath, dbPath + "-wal"].map { p -> time_t in
            var st = stat()
            return stat(p, &st) == 0 ? st.st_mtim.tv_sec : 0
        }.max() ?? 0
        let json = JSON.object([
            ("corpus", .string(corpus)), ("files", .int(Int(files))), ("articles", .int(count)),
            ("index", .string(dbPath)), ("generation", .int(Int(generation))), ("index_version", .string(index.version)),
            ("last_update", written > 0 ? .string(SessionStore.timestamp(written)) : .null),
            ("read_only", .bool(!allowUpdate)),
        ])
        return ToolOutput(text: json.text, json: json)
    }
}
