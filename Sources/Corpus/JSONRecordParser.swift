/// JSON Lines (one record a line) and single JSON documents (an object or an array of objects)
/// holding `{"id"|"_id", "title", "text"|"body"|"content", "url", "author", "date"}` records.
enum JSONRecordParser {
    /// The records of the lines in `range`, the first of which is line `firstLine`; broken ones are counted in `skipped`
    /// and the first 20 described in `messages`.
    static func parseLines(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, firstLine: Int, source: String,
                           articles: inout [Article], skipped: inout Int, messages: inout [String]) {
        var lineStart = range.lowerBound
        var line = firstLine
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, p[lineEnd] != 0x0A { lineEnd += 1 }
            var s = JSONScanner(p, from: lineStart, to: lineEnd)
            s.skipSpace()
            if s.i < lineEnd {
                do throws(JSONScanner.Failure) {
                    let fields = try s.object()
                    s.skipSpace()
                    if s.i < lineEnd { throw JSONScanner.Failure(reason: "trailing characters after the record", offset: s.i) }
                    if let a = article(fields, source: source, line: line) { articles.append(a) }
                    else { skipped += 1; if skipped <= 20 { messages.append("line \(line): record has no title or text; skipped") } }
                } catch {
                    skipped += 1
                    if skipped <= 20 { messages.append("line \(line): broken JSON record (\(error.reason)); skipped") }
                }
            }
            lineStart = lineEnd + 1
            line += 1
        }
    }

    /// A whole-file JSON document: a record or an array of records.
    static func parseDocument(_ bytes: [UInt8], source: String) throws(CorpusError) -> ParsedFile {
        var articles: [Article] = []
        var warnings: [String] = []
        let result: Result<Void, JSONScanner.Failure> = bytes.withUnsafeBufferPointer { p in
            var s = JSONScanner(p, from: 0, to: p.count)
            var lines = LineCounter(p)
            do throws(JSONScanner.Failure) {
                s.skipSpace()
                if s.i < p.count, p[s.i] == 0x5B {
                    s.i += 1
                    while true {
                        s.skipSpace()
                        guard s.i < p.count else { throw JSONScanner.Failure(reason: "unexpected end of input", offset: s.i) }
                        if p[s.i] == 0x5D { s.i += 1; break }
                        if p[s.i] == 0x2C { s.i += 1; continue }
                        let line = lines.line(at: s.i)
                        guard p[s.i] == 0x7B else { try s.skipNested(); continue }
                        let fields = try s.object()
                        if let a = article(fields, source: source, line: line) { articles.append(a) }
                        else { warnings.append("line \(line): record has no title or text; skipped") }
                    }
                } else {
                    let fields = try s.object()
                    if let a = article(fields, source: source, line: 1) { articles.append(a) }
                }
                s.skipSpace()
                if s.i < p.count { warnings.append("ignored trailing data after the JSON document") }
                return .success(())
            } catch { return .failure(error) }
        }
        if case .failure(let f) = result {
            let line = bytes.withUnsafeBufferPointer { p in var l = LineCounter(p); return l.line(at: min(f.offset, p.count)) }
            if articles.isEmpty { throw .unparseable("invalid JSON at line \(line): \(f.reason)") }
            warnings.append("invalid JSON at line \(line): \(f.reason); kept the \(articles.count) records before it")
        }
        if articles.isEmpty { throw .unparseable("JSON document with no title/text records") }
        return ParsedFile(format: .json, articles: articles, warnings: warnings)
    }

    static func article(_ f: [String: String], source: String, line: Int) -> Article? {
        let text = f["text"] ?? f["body"] ?? f["content"] ?? f["abstract"] ?? ""
        let blocks = PlainTextParser.paragraphs(text)
        let rawTitle = TextClean.collapse(f["title"] ?? f["name"] ?? "")
        guard !blocks.isEmpty || !rawTitle.isEmpty else { return nil }
        let title = rawTitle.isEmpty ? Titles.fromBlocks(blocks) ?? "Untitled (\(displaySource(source)):\(line))" : Titles.cut(rawTitle, limit: 200)
        let id = TextClean.collapse(f["id"] ?? f["_id"] ?? f["docid"] ?? "")
        func opt(_ keys: String...) -> String? {
            for k in keys { if let v = f[k].map(TextClean.collapse), !v.isEmpty { return v } }
            return nil
        }
        let date = opt("date", "published", "updated").flatMap(DateText.iso8601)
        var article = Article(id: id.isEmpty ? TextClean.collapse("\(displaySource(source)):\(line)") : id, title: title,
                              url: opt("url", "link"), author: opt("author"), date: date, feed: opt("feed", "site", "source"),
                              source: source, line: line, blocks: blocks)
        // An array (`["a", "b"]`) or one string with commas.
        if let raw = f["tags"] ?? f["categories"] ?? f["keywords"] {
            article.addTags(raw.split(whereSeparator: { $0 == JSONScanner.listSeparator || $0 == "," }).map(String.init))
        }
        return article
    }
}

/// Incremental LF counter for monotonically increasing byte offsets.
struct LineCounter {
    let p: UnsafeBufferPointer<UInt8>
    private var cursor = 0, current = 1
    init(_ p: UnsafeBufferPointer<UInt8>) { self.p = p }
    mutating func line(at offset: Int) -> Int {
        while cursor < offset && cursor < p.count { if p[cursor] == 0x0A { current += 1 }; cursor += 1 }
        return current
    }
}
