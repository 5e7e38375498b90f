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

    /// The article's passages in order; with `last`, only those up to that ordinal (fewer when the
    /// article has fewer).
    static func passages(of article: Article, through last: Int = .max) -> [Passage] {
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
          let wholeWords = wordCount(whole.text)
          let pieces = wholeWords > maximum ? split(whole.text) : [whole.text]
          for (k, piece) in pieces.enumerated() {
            let block = Block(whole.kind, piece)
            let len = piece.utf8.count
            let w = pieces.count == 1 ? wholeWords : wordCount(piece)
            var isHeading = false
            if case .heading = block.kind { isHeading = true }
            if isHeading || (words > 0 && words + w > maximum) || (words >= target) {
                flush(at: offset > 0 ? offset - 1 : 0)
                if out.count > last { return out }
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
    /// the article text); the whitespace at each cut is dropped. A word is a run of characters other
    /// than " ", "\n" and "\t" (whole `Character`s: "\r\n", or a space carrying a combining mark, is
    /// not whitespace). Works on the UTF-8 bytes; `isWhitespaceCharacter` keeps it exact.
    static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { b in
            var out: [String] = []
            var pieceStart = 0, words = 0
            var inWord = false
            for i in 0..<b.count {
                let space = isWhitespaceCharacter(b, at: i)
                if !space && !inWord {
                    if words == target {
                        var end = i
                        while end > pieceStart && isWhitespaceCharacter(b, at: end - 1) { end -= 1 }
                        out.append(String(decoding: UnsafeBufferPointer(rebasing: b[pieceStart..<end]), as: UTF8.self))
                        pieceStart = i; words = 0
                    }
                    words += 1
                }
                inWord = !space
            }
            out.append(String(decoding: UnsafeBufferPointer(rebasing: b[pieceStart...]), as: UTF8.self))
            return out
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
    public static func wordCount(_ s: String) -> Int {
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
