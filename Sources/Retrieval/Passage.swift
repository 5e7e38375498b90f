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

    /// The article's passages in order.
    static func passages(of article: Article) -> [Passage] {
        cut(article.blocks.map { block in
            if case .heading = block.kind { return (true, Substring(block.text)) }
            return (false, Substring(block.text))
        })
    }

    /// Passage `ordinal` of an article whose blocks are stored as `BlockCoding` text, or nil when it
    /// has fewer. The blocks are sliced out of `blocks`, not copied, and the passages before the
    /// wanted one are only measured.
    static func passage(_ ordinal: Int, ofEncoded blocks: String) -> Passage? {
        let passages = cut(BlockCoding.slices(blocks), through: ordinal) { $0 == ordinal }
        return ordinal < passages.count ? passages[ordinal] : nil
    }

    /// Groups blocks into passages, in order, up to ordinal `last`. The text of a passage is joined
    /// only when `withText(ordinal)`; the others get "" (their offsets and heading are kept).
    static func cut(_ blocks: [(isHeading: Bool, text: Substring)], through last: Int = .max,
                    withText: (Int) -> Bool = { _ in true }) -> [Passage] {
        var out: [Passage] = []
        var offset = 0
        var current: [Substring] = []
        var currentStart = 0, words = 0
        var heading: Substring?
        var currentHeading: Substring?

        func flush(at end: Int) {
            guard !current.isEmpty else { return }
            let ordinal = out.count
            out.append(Passage(ordinal: ordinal, start: currentStart, end: end,
                               text: withText(ordinal) ? current.joined(separator: "\n") : "",
                               heading: currentHeading.map(String.init)))
            current.removeAll(keepingCapacity: true); words = 0
        }

        for (i, block) in blocks.enumerated() {
          // A block far longer than a passage (a scraped page on one line) is cut at word boundaries.
          let blockWords = wordCount(block.text)
          let pieces = blockWords > maximum ? split(block.text) : [block.text]
          for (k, piece) in pieces.enumerated() {
            let w = pieces.count == 1 ? blockWords : wordCount(piece)
            if block.isHeading || (words > 0 && words + w > maximum) || (words >= target) {
                flush(at: offset > 0 ? offset - 1 : 0)
                if out.count > last { return out }
            }
            if block.isHeading { heading = piece }
            if current.isEmpty { currentStart = offset; currentHeading = heading }
            current.append(piece)
            words += w
            offset += piece.utf8.count + ((i < blocks.count - 1 || k < pieces.count - 1) ? 1 : 0)
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
    static func split(_ text: Substring) -> [Substring] {
        var bytes = text
        let cuts: [(Int, Int)] = bytes.withUTF8 { b in
            var out: [(Int, Int)] = []
            var pieceStart = 0, words = 0
            var inWord = false
            for i in 0..<b.count {
                let space = isWhitespaceCharacter(b, at: i)
                if !space && !inWord {
                    if words == target {
                        var end = i
                        while end > pieceStart && isWhitespaceCharacter(b, at: end - 1) { end -= 1 }
                        out.append((pieceStart, end))
                        pieceStart = i; words = 0
                    }
                    words += 1
                }
                inWord = !space
            }
            out.append((pieceStart, b.count))
            return out
        }
        let utf8 = text.utf8
        return cuts.map { start, end in
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        }
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
    public static func wordCount(_ s: String) -> Int { wordCount(Substring(s)) }

    static func wordCount(_ s: Substring) -> Int {
        var s = s
        return s.withUTF8 { bytes in
            var n = 0, inWord = false
            for b in bytes {
                let space = b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
                if !space && !inWord { n += 1 }
                inWord = !space
            }
            return n
        }
    }
}
