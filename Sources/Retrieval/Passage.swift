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

/// Groups an article's blocks into passages of roughly 40–160 words; a heading starts a new one.
public enum Chunker {
    static let target = 90, maximum = 160

    static func passages(of article: Article) -> [Passage] {
        var out: [Passage] = []
        var offset = 0
        var current: [String] = []
        var currentStart = 0, words = 0
        var heading: String?
        var currentHeading: String?

        func flush(at end: Int) {
            guard !current.isEmpty else { return }
            out.append(Passage(ordinal: out.count, start: currentStart, end: end,
                               text: current.joined(separator: "\n"), heading: currentHeading))
            current = []; words = 0
        }

        for (i, whole) in article.blocks.enumerated() {
          // A block far longer than a passage (a scraped page on one line) is cut at word boundaries.
          let pieces = wordCount(whole.text) > maximum ? split(whole.text) : [whole.text]
          for (k, piece) in pieces.enumerated() {
            let block = Block(whole.kind, piece)
            let len = piece.utf8.count
            let w = wordCount(piece)
            var isHeading = false
            if case .heading = block.kind { isHeading = true }
            if isHeading || (words > 0 && words + w > maximum) || (words >= target) {
                flush(at: offset > 0 ? offset - 1 : 0)
            }
            if isHeading { heading = block.text }
            if current.isEmpty { currentStart = offset; currentHeading = heading }
            current.append(block.text)
            words += w
            offset += len + ((i < article.blocks.count - 1 || k < pieces.count - 1) ? 1 : 0)
          }
        }
        flush(at: offset)
        if out.isEmpty {
            out.append(Passage(ordinal: 0, start: 0, end: 0, text: "", heading: nil))
        }
        return out
    }

    /// Cuts text into runs of `target` words, as exact substrings (so passages stay quotable from
    /// the article text); the whitespace at each cut is dropped.
    static func split(_ text: String) -> [String] {
        var out: [String] = []
        var pieceStart = text.startIndex
        var words = 0
        var inWord = false
        var i = text.startIndex
        while i < text.endIndex {
            let space = text[i] == " " || text[i] == "\n" || text[i] == "\t"
            if !space && !inWord {
                if words == target {
                    var end = i
                    while end > pieceStart, let p = text.index(end, offsetBy: -1, limitedBy: pieceStart),
                          text[p] == " " || text[p] == "\n" || text[p] == "\t" { end = p }
                    out.append(String(text[pieceStart..<end]))
                    pieceStart = i; words = 0
                }
                words += 1
            }
            inWord = !space
            i = text.index(after: i)
        }
        out.append(String(text[pieceStart...]))
        return out
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
