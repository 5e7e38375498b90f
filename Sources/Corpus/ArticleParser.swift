/// Entry point for one file: decode bytes, detect the format by content, dispatch to its parser.
public enum ArticleParser {
    /// Changes when the same file would parse to different articles (an index built before re-reads them).
    public static let version = "54"
    /// Files above this size are refused, except JSON Lines, which may reach `maxJSONLinesSize`.
    public static let maxFileSize = 64 << 20
    public static let maxJSONLinesSize = 256 << 20

    public static func parse(_ bytes: [UInt8], source: String) throws(CorpusError) -> ParsedFile {
        switch try prepare(bytes, source: source) {
        case .parsed(let file): return file
        case .jsonLines(let file): return try file.parseWhole()
        }
    }

    /// A file ready to index: parsed, or a JSON Lines file left to be parsed in pieces.
    public enum Prepared: Sendable {
        case parsed(ParsedFile)
        case jsonLines(JSONLinesFile)
    }

    /// `parse` up to the point where a JSON Lines file would be parsed; that file is returned as it is.
    public static func prepare(_ bytes: [UInt8], source: String) throws(CorpusError) -> Prepared {
        if bytes.count > maxJSONLinesSize { throw .tooLarge(Int64(bytes.count)) }
        let (text, decodeWarning) = try TextDecoding.decode(bytes)
        guard text.contains(where: { $0 > 0x20 }) else { throw .empty }
        let format = FormatDetector.detect(text)
        if bytes.count > maxFileSize && format != .jsonLines { throw .tooLarge(Int64(bytes.count)) }
        var result: ParsedFile
        switch format {
        case .rss, .atom:
            result = try FeedParser.parse(text, source: source, format: format)
        case .html:
            if isForeignXML(text) { throw .unparseable("XML document that is neither RSS nor Atom") }
            result = try HTMLPageParser.parse(text, source: source)
        case .jsonLines: return .jsonLines(JSONLinesFile(text: text, source: source, decodeWarning: decodeWarning))
        case .json: result = try JSONRecordParser.parseDocument(text, source: source)
        case .textDump: result = TextDumpParser.parse(text, source: source)
        case .markdown: result = try MarkdownParser.parse(String(decoding: text, as: UTF8.self), source: source)
        case .restructuredText: result = try RestructuredTextParser.parse(String(decoding: text, as: UTF8.self), source: source)
        case .plainText: result = PlainTextParser.parse(String(decoding: text, as: UTF8.self), source: source)
        }
        if let w = decodeWarning { result.warnings.insert(w, at: 0) }
        // (JSON Lines records, returned above, are built from already-collapsed fields; re-checking 100+ MB
        // of them would cost ~15%.)
        result.articles = result.articles.map(sanitized)
        if result.articles.isEmpty { throw .unparseable("no articles found") }
        return .parsed(result)
    }

    /// `<?xml …?>` whose root is not HTML: parsing it as a page would index markup junk.
    private static func isForeignXML(_ text: [UInt8]) -> Bool {
        var i = 0
        while i < text.count, text[i] <= 0x20 { i += 1 }
        guard text[i...].starts(with: Array("<?xml".utf8)) else { return false }
        return text.withUnsafeBufferPointer { p in
            var tk = MarkupTokenizer(UnsafeBufferPointer(rebasing: p[0 ..< min(p.count, 1 << 16)]), html: false)
            while let t = tk.next() { if case .start(let name, _, _, _, _) = t { return name != "html" } }
            return true
        }
    }

    /// Final guarantee that no control character (terminal escape) survives in any field.
    static func sanitized(_ a: Article) -> Article {
        var a = a
        func clean(_ s: String?) -> String? { s.map(TextClean.collapse).flatMap { $0.isEmpty ? nil : $0 } }
        a.id = TextClean.collapse(a.id)
        a.title = TextClean.collapse(a.title)
        if a.title.isEmpty { a.title = Titles.fromBlocks(a.blocks) ?? "" }
        if a.title.isEmpty { a.title = TextClean.collapse("Untitled (\(displaySource(a.source)):\(a.line))") }
        a.url = clean(a.url); a.author = clean(a.author); a.date = clean(a.date); a.feed = clean(a.feed)
        a.blocks = a.blocks.compactMap { b in
            if case .code = b.kind {
                let t = TextClean.stripControls(b.text); return t.isEmpty ? nil : Block(b.kind, t)
            }
            let t = TextClean.collapse(b.text); return t.isEmpty ? nil : Block(b.kind, t)
        }
        a.links = a.links.map { Link(text: TextClean.collapse($0.text), url: TextClean.collapse($0.url)) }
        return a
    }
}
