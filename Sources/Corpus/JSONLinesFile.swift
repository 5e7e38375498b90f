#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON Lines file, decoded to UTF-8, to be parsed in pieces of whole lines: a large file is then
/// parsed on several threads and indexed while it is read. Parsing every piece in order and adding them
/// up in a `JSONLinesTally` gives exactly what `ArticleParser.parse` gives for the whole file.
public struct JSONLinesFile: Sendable {
    public let text: [UInt8]
    public let source: String
    /// "not valid UTF-8; read as Latin-1", the first of the file's warnings, when it applies.
    public let decodeWarning: String?

    /// A run of whole lines of `text`: `lines` of them, from line `firstLine` (1-based).
    public struct Piece: Sendable, Equatable {
        public let range: Range<Int>
        public let firstLine: Int
        public let lines: Int
    }

    /// The articles of one piece, and its records that were skipped. The articles may be taken out
    /// (the tally needs only their number).
    public struct ParsedPiece: Sendable {
        public var articles: [Article] = []
        public internal(set) var articleCount = 0
        var skipped = 0
        /// Descriptions of the piece's first 20 skipped records.
        var messages: [String] = []
    }

    init(text: [UInt8], source: String, decodeWarning: String?) {
        self.text = text; self.source = source; self.decodeWarning = decodeWarning
    }

    /// Cuts the text into pieces of about `size` bytes (at least one line each), in order.
    public func pieces(size: Int) -> [Piece] {
        var out: [Piece] = []
        text.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            var start = 0, line = 1
            while start < p.count {
                var end = start, lines = 0
                // Whole lines until the piece reaches `size` bytes.
                while end < p.count && (end == start || end - start < size) {
                    guard let nl = memchr(base + end, 0x0A, p.count - end) else { end = p.count; break }
                    end = UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self)) - base + 1
                    lines += 1
                }
                if end == p.count && p[end - 1] != 0x0A { lines += 1 }   // a last line without a line end
                out.append(Piece(range: start ..< end, firstLine: line, lines: lines))
                start = end
                line += lines
            }
        }
        return out
    }

    public func parse(_ piece: Piece) -> ParsedPiece {
        var out = ParsedPiece()
        text.withUnsafeBufferPointer { p in
            JSONRecordParser.parseLines(p, piece.range, firstLine: piece.firstLine, source: source,
                                        articles: &out.articles, skipped: &out.skipped, messages: &out.messages)
        }
        out.articleCount = out.articles.count
        return out
    }

    /// Gives the memory of a piece's bytes back to the system, for a reader that parses a large file
    /// once, front to back, and needs no byte of the piece again (they read as zeros afterwards). Only
    /// whole pages inside the piece are released, so the pieces around it are untouched.
    public func discard(_ piece: Piece) {
        text.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return }
            let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (Int(bitPattern: base + piece.range.lowerBound) + pageSize - 1) / pageSize * pageSize
            let end = Int(bitPattern: base + piece.range.upperBound) / pageSize * pageSize
            if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED) }
        }
    }

    /// The whole file at once, as `ArticleParser.parse` returns it.
    public func parseWhole() throws(CorpusError) -> ParsedFile {
        var tally = JSONLinesTally()
        var articles: [Article] = []
        for piece in pieces(size: .max) {
            let parsed = parse(piece)
            tally.add(parsed)
            articles += parsed.articles
        }
        var result = ParsedFile(format: .jsonLines, articles: articles, warnings: try tally.finish())
        if let w = decodeWarning { result.warnings.insert(w, at: 0) }
        return result
    }
}

/// Adds up the parsed pieces of one JSON Lines file, in file order, into the file's warnings.
public struct JSONLinesTally: Sendable {
    public private(set) var articles = 0
    var skipped = 0
    var messages: [String] = []

    public init() {}

    public mutating func add(_ piece: JSONLinesFile.ParsedPiece) {
        articles += piece.articleCount
        skipped += piece.skipped
        for m in piece.messages where messages.count < 20 { messages.append(m) }
    }

    /// The warnings about skipped records (without the decoding warning); throws when no record was usable.
    public func finish() throws(CorpusError) -> [String] {
        if articles == 0 { throw .unparseable(skipped > 0 ? "no valid JSON Lines record" : "JSON Lines file with no records") }
        return skipped > 20 ? messages + ["\(skipped) records skipped in all"] : messages
    }
}
