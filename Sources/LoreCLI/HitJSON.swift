import Corpus
import Retrieval

/// JSON shapes of CLI.md.
enum Shapes {
    static func hit(_ h: Hit) -> JSON {
        var o: [(String, JSON)] = [
            ("id", .string(h.id)), ("title", .string(h.title)), ("url", .str(h.url)), ("author", .str(h.author)),
            ("date", .str(h.date)), ("source", .string(h.source)), ("line", .int(h.line)),
            ("score", .double(h.score)), ("snippet", .string(h.snippet)),
        ]
        if let e = h.explanation { o.append(("explain", .array(e.lines.map(JSON.string)))) }
        return .object(o)
    }

    static func articleSummary(_ a: Article) -> [(String, JSON)] {
        [("id", .string(a.id)), ("title", .string(a.title)), ("url", .str(a.url)), ("author", .str(a.author)),
         ("date", .str(a.date)), ("source", .string(a.source)), ("line", .int(a.line)), ("language", .str(a.language)),
         ("tags", .array(a.tags.map(JSON.string)))]
    }

    static func article(_ a: Article) -> JSON {
        var o = articleSummary(a)
        o.append(("text", .string(a.text)))
        o.append(("code", .array(a.code.map { b -> JSON in
            if case .code(let lang) = b.kind { return .object([("language", .str(lang)), ("code", .string(b.text))]) }
            return .null
        })))
        o.append(("links", .array(a.links.map { .object([("text", .string($0.text)), ("url", .string($0.url))]) })))
        o.append(("headings", .array(a.headings.map { b -> JSON in
            if case .heading(let level) = b.kind { return .object([("level", .int(level)), ("text", .string(b.text))]) }
            return .null
        })))
        return .object(o)
    }

    static func report(_ r: IndexReport) -> JSON {
        .object([
            ("files", .int(r.files)), ("articles", .int(r.articles)), ("passages", .int(r.passages)), ("terms", .int(r.terms)),
            ("added", .int(r.added)), ("updated", .int(r.updated)), ("unchanged", .int(r.unchanged)), ("removed", .int(r.removed)),
            ("skipped", .array(r.skipped.map { .object([("source", .string($0.source)), ("reason", .string($0.reason))]) })),
            ("seconds", .double(r.seconds)),
        ])
    }
}
