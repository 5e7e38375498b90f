import Corpus

/// A paragraph-sized chunk of an article: the unit answers quote and snippets come from.
public struct Passage: Sendable, Equatable {
    public var ordinal: Int
    /// UTF-8 offsets into `Article.text`.
    public var start: Int
    public var end: Int
    public var text: String
    /// Heading of the section the passage sits in, when there is one.
    public var heading: String?
}

/// What `Chunker` needs of an article's blocks: how many, which are headings, and each one's text
/// as UTF-8.
protocol ChunkerBlocks {
    var count: Int { get }
    func isHeading(_ i: Int) -> Bool
    func withUTF8<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
}

/// The blocks of an `Article`.
struct ArticleBlocks: ChunkerBlocks {
    let blocks: [Block]
    var count: Int { blocks.count }
    func isHeading(_ i: Int) -> Bool { if case .heading = blocks[i].kind { return true } else { return false } }
    func withUTF8<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = blocks[i].text
        return text.withUTF8(body)
    }
}

/// Groups an article's blocks into passages of roughly 40–160 words; a heading starts a new one.
public enum Chunker {
    static let target = 90, maximum = 160

    /// The article's passages in order.
    static func passages(of article: Article) -> [Passage] {
        cut(ArticleBlocks(blocks: article.blocks))
    }

    /// Passage `ordinal` of an article whose blocks are stored as `BlockCoding` text, or nil when it
    /// has fewer. Works on the stored bytes: the passages before the wanted one are only measured,
    /// and no String is made but its text and heading.
    static func passage(_ ordinal: Int, ofEncoded blocks: UnsafeBufferPointer<UInt8>) -> Passage? {
        let passages = cut(BlockCoding.EncodedBlocks(blocks), through: ordinal) { $0 == ordinal }
        return ordinal < passages.count ? passages[ordinal] : nil
    }

    /// Groups blocks into passages, in order, up to ordinal `last`. The text and heading of a passage
    /// are made only when `withText(ordinal)`; the others keep just their ordinal and offsets.
    static func cut<Blocks: ChunkerBlocks>(_ blocks: Blocks, through last: Int = .max,
                                           withText: (Int) -> Bool = { _ in true }) -> [Passage] {
        typealias Piece = (block: Int, bytes: Range<Int>)
        var out: [Passage] = []
        var offset = 0
        var current: [Piece] = []
        var currentStart = 0, words = 0
        var heading: Piece?
        var currentHeading: Piece?

        /// The pieces' text, one line each.
        func text(_ pieces: [Piece]) -> String {
            var bytes: [UInt8] = []
            for (k, piece) in pieces.enumerated() {
                if k > 0 { bytes.append(0x0A) }
                blocks.withUTF8(piece.block) { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[piece.bytes])) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        func flush(at end: Int) {
            guard !current.isEmpty else { return }
            let ordinal = out.count
            let wanted = withText(ordinal)
            out.append(Passage(ordinal: ordinal, start: currentStart, end: end, text: wanted ? text(current) : "",
                               heading: wanted ? currentHeading.map { text([$0]) } : nil))
            current.removeAll(keepingCapacity: true); words = 0
        }

        for i in 0..<blocks.count {
          let isHeading = blocks.isHeading(i)
          // A block far longer than a passage (a scraped page on one line) is cut at word boundaries.
          let pieces: [(bytes: Range<Int>, words: Int)] = blocks.withUTF8(i) { b in
              let n = wordCount(b)
              guard n > maximum else { return [(0..<b.count, n)] }
              return split(b).map { ($0, wordCount(UnsafeBufferPointer(rebasing: b[$0]))) }
          }
          for (k, piece) in pieces.enumerated() {
            if isHeading || (words > 0 && words + piece.words > maximum) || (words >= target) {
                flush(at: offset > 0 ? offset - 1 : 0)
                if out.count > last { return out }
            }
            if isHeading { heading = (i, piece.bytes) }
            if current.isEmpty { currentStart = offset; currentHeading = heading }
            current.append((i, piece.bytes))
            words += piece.words
            offset += piece.bytes.count + ((i < blocks.count - 1 || k < pieces.count - 1) ? 1 : 0)
          }
        }
        flush(at: offset)
        if out.isEmpty {
            out.append(Passage(ordinal: 0, start: 0, end: 0, text: "", heading: nil))
        }
        return out
    }

    /// Cuts text into runs of `target` words, as exact substrings (so passages stay quotable from
    /// the article text); the whitespace at each cut is dropped. A word is a run of characters other
    /// than " ", "\n" and "\t" (whole `Character`s: "\r\n", or a space carrying a combining mark, is
    /// not whitespace). Works on the UTF-8 bytes; `isWhitespaceCharacter` keeps it exact.
    static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { b in split(b).map { String(decoding: UnsafeBufferPointer(rebasing: b[$0]), as: UTF8.self) } }
    }

    /// `split` as byte ranges of `b`.
    static func split(_ b: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var pieceStart = 0, words = 0
        var inWord = false
        for i in 0..<b.count {
            let space = isWhitespaceCharacter(b, at: i)
            if !space && !inWord {
                if words == target {
                    var end = i
                    while end > pieceStart && isWhitespaceCharacter(b, at: end - 1) { end -= 1 }
                    out.append(pieceStart..<end)
                    pieceStart = i; words = 0
                }
                words += 1
            }
            inWord = !space
        }
        out.append(pieceStart..<b.count)
        return out
    }

    /// Whether the byte at `i` is a whole `Character` " ", "\n" or "\t". Tab and line feed are control
    /// characters, always a cluster of their own except "\r\n". A space joins a following mark
    /// (Extend, ZWJ, SpacingMark) or a preceding Prepend character; both rules look at one neighbour
    /// only, so only a non-ASCII neighbour needs asking the standard library.
    @inline(__always)
    static func isWhitespaceCharacter(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        switch b[i] {
        case 0x09: return true
        case 0x0A: return i == 0 || b[i - 1] != 0x0D
        case 0x20:
            if i + 1 < b.count && b[i + 1] >= 0x80 && !breaks(" ", scalar(in: b, at: i + 1)) { return false }
            if i > 0 && b[i - 1] >= 0x80 {
                var start = i - 1
                while start > 0 && b[start] & 0xC0 == 0x80 { start -= 1 }
                if !breaks(scalar(in: b, at: start), " ") { return false }
            }
            return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 encoding starts at `i` (the buffer is valid UTF-8).
    static func scalar(in b: UnsafeBufferPointer<UInt8>, at i: Int) -> Unicode.Scalar {
        var end = i + 1
        while end < b.count && b[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: b[i..<end]), as: UTF8.self).unicodeScalars.first ?? " "
    }

    /// Whether two adjacent scalars fall in different `Character`s.
    static func breaks(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        var pair = String()
        pair.unicodeScalars.append(a)
        pair.unicodeScalars.append(b)
        return pair.count == 2
    }

    /// Whitespace-separated words (space, newline, tab, CR).
    public static func wordCount(_ s: String) -> Int {
        var s = s
        return s.withUTF8(wordCount)
    }

    /// Counts word starts eight bytes at a time.
    static func wordCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0, i = 0
        // 0x80 when the byte before the current one is whitespace (or there is none).
        var previous: UInt64 = 0x80
        while i + 8 <= bytes.count {
            let space = spaceLanes(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian)
            // Word starts: 0x80 in lanes that are not whitespace after one that is; the multiply sums
            // the lanes into the top byte (cheaper than a population count without POPCNT).
            let starts = ~space & (space << 8 | previous) & 0x8080_8080_8080_8080
            count += Int(((starts >> 7) &* 0x0101_0101_0101_0101) >> 56)
            previous = space >> 56 & 0x80
            i += 8
        }
        while i < bytes.count {
            let b = bytes[i]
            let space: UInt64 = b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D ? 0x80 : 0
            if space == 0 && previous != 0 { count += 1 }
            previous = space
            i += 1
        }
        return count
    }

    /// 0x80 in each byte of `w` that is a space, newline, tab or CR, 0 in the others.
    @inline(__always)
    static func spaceLanes(_ w: UInt64) -> UInt64 {
        // 0x80 in each byte of x that is zero (exact per byte: no carry crosses a byte).
        @inline(__always) func zeroLanes(_ x: UInt64) -> UInt64 {
            ~((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | x) & 0x8080_8080_8080_8080
        }
        return zeroLanes(w ^ 0x2020_2020_2020_2020) | zeroLanes(w ^ 0x0A0A_0A0A_0A0A_0A0A)
            | zeroLanes(w ^ 0x0909_0909_0909_0909) | zeroLanes(w ^ 0x0D0D_0D0D_0D0D_0D0D)
    }
}
