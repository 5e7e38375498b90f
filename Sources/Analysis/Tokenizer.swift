/// Splits text into words the way code-heavy English prose wants: letters and digits, keeping
/// `snake_case`, `@MainActor`, `#Preview` and version numbers such as `5.5` or `17.0.1` whole.
/// Works on UTF-8 bytes; a possessive `'s` and other apostrophe tails are dropped.
public struct Tokenizer: Sendable {
    public init() {}

    public func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var text = text
        text.withUTF8 { bytes in
            tokens.reserveCapacity(bytes.count / 6)
            var i = 0
            let n = bytes.count
            var position = 0
            while i < n {
                let (scalar, width) = Tokenizer.decode(bytes, at: i)
                guard Tokenizer.isWordStart(scalar) else { i += width; continue }
                let start = i
                var end = i
                var j = i
                while j < n {
                    let (s, w) = Tokenizer.decode(bytes, at: j)
                    if Tokenizer.isWordChar(s) { j += w; end = j; continue }
                    // 5.5 / 17.0.1 / 1,000: a separator between digits stays inside the word.
                    if (s == "." || s == ","), j > start, j + 1 < n,
                       Tokenizer.isDigit(bytes[j - 1]), Tokenizer.isDigit(bytes[j + 1]) {
                        j += 1; continue
                    }
                    // don't / Swift's / Swift’s: keep the head, drop the tail.
                    if s == "'" || s == "\u{2019}" {
                        var k = j + w
                        while k < n, Tokenizer.isASCIILetter(bytes[k]) { k += 1 }
                        if k > j + w { j = k; continue }
                    }
                    break
                }
                var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                if word.utf8.contains(0x2C) { word = word.replacing(",", with: "") }  // 1,000 → 1000
                while word.hasSuffix("_") { word.removeLast() }
                if !word.isEmpty {
                    tokens.append(Token(word, position: position, start: start, end: end,
                                        isKeyword: Tokenizer.isKeyword(bytes, start, end)))
                    position += 1
                }
                i = max(j, i + width)
            }
        }
        return tokens
    }

    /// Whether the word at `start..<end` is a stop word written as a language keyword: one of
    /// `StopFilter.keywords` (any case) in quotes or backticks ("the "with" statement", `` `if` ``, “for”), or
    /// followed by a construct noun ("a while loop", "the in operator"). Byte comparisons only: it runs for every
    /// stop word of the corpus.
    static func isKeyword(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 2, end - start <= 5 else { return false }
        func opens(_ i: Int) -> Bool {
            if i >= 0, b[i] == 0x22 || b[i] == 0x27 || b[i] == 0x60 { return true }
            return i >= 2 && b[i - 2] == 0xE2 && b[i - 1] == 0x80 && (b[i] == 0x9C || b[i] == 0x98)  // “ ‘
        }
        func closes(_ i: Int) -> Bool {
            if i < b.count, b[i] == 0x22 || b[i] == 0x27 || b[i] == 0x60 { return true }
            return i + 2 < b.count && b[i] == 0xE2 && b[i + 1] == 0x80 && (b[i + 2] == 0x9D || b[i + 2] == 0x99)  // ” ’
        }
        var context = opens(start - 1) && closes(end)
        if !context {
            var k = end
            while k < b.count, b[k] == 0x20 || b[k] == 0x2D { k += 1 }
            var e = k
            while e < b.count, isASCIILetter(b[e]) { e += 1 }
            context = e - k >= 4 && e - k <= 10 && constructBytes.contains { matches(b, k, e, $0) }
        }
        return context && keywordBytes.contains { matches(b, start, end, $0) }
    }

    /// The bytes at `start..<end`, case folded, are `word`.
    @inline(__always) static func matches(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: [UInt8]) -> Bool {
        guard end - start == word.count else { return false }
        for k in 0..<word.count where b[start + k] | 0x20 != word[k] { return false }
        return true
    }

    static let keywordBytes = StopFilter.keywords.map { Array($0.utf8) }
    static let constructBytes = StopFilter.constructs.map { Array($0.utf8) }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    @inline(__always) static func isWordStart(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { let b = UInt8(s.value); return isDigit(b) || isASCIILetter(b) }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    @inline(__always) static func isWordChar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { let b = UInt8(s.value); return isDigit(b) || isASCIILetter(b) || b == 0x5F }
        return s.properties.isAlphabetic || s.properties.numericType != nil
            || s.properties.generalCategory == .nonspacingMark
    }

    /// Decodes one scalar; invalid bytes decode as U+FFFD of width 1.
    @inline(__always) static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let c = b[i]
        if c < 0x80 { return (Unicode.Scalar(c), 1) }
        var width = 0, value: UInt32 = 0
        if c & 0xE0 == 0xC0 { width = 2; value = UInt32(c & 0x1F) }
        else if c & 0xF0 == 0xE0 { width = 3; value = UInt32(c & 0x0F) }
        else if c & 0xF8 == 0xF0 { width = 4; value = UInt32(c & 0x07) }
        else { return ("\u{FFFD}", 1) }
        guard i + width <= b.count else { return ("\u{FFFD}", 1) }
        for k in 1..<width {
            let cc = b[i + k]
            guard cc & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(cc & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }
}
