import Assistant
import Retrieval

/// JSON of a turn (`ask --json`, a `chat --json` line) and of the streamed events.
extension Shapes {
    static func target(_ t: TargetRef?) -> JSON {
        guard let t else { return .null }
        return .object([("id", .string(t.id)), ("title", .string(t.title)), ("source", .string(t.source)), ("line", .int(t.line))])
    }

    static func call(_ c: ToolCall) -> JSON {
        .object([
            ("name", .string(c.tool.rawValue)),
            ("arguments", .object(c.arguments.map { ($0.name, $0.isNumber ? .int(Int($0.value) ?? 0) : .string($0.value)) })),
            ("target", target(c.target)),
        ])
    }

    static func citation(_ c: Citation) -> JSON {
        .object([("n", .int(c.n)), ("id", .string(c.ref.id)), ("title", .string(c.ref.title)), ("url", .str(c.url)),
                 ("source", .string(c.ref.source)), ("line", .int(c.ref.line)), ("passage", .string(c.passage))])
    }

    static func turn(input: String, _ r: Response, explain: Bool = false, interrupted: Bool = false) -> JSON {
        var o: [(String, JSON)] = [
            ("input", .string(input)), ("tool_call", call(r.call)), ("answer", .string(Markdown.plain(r.answer))),
            ("citations", .array(r.citations.map(citation))), ("abstained", .bool(r.abstained)),
            ("hits", .array(r.hits.map(hit))),
        ]
        if explain { o.append(("explain", .array((r.call.reasons + r.details).map(JSON.string)))) }
        if interrupted { o.append(("interrupted", .bool(true))) }
        return .object(o)
    }
}
