/// Guesses an article's language from its text, without a model: Chinese, Japanese and Korean by script,
/// the others by which language's most common words (stop-word profiles) occur most often.
public enum LanguageDetector {
    /// At most this much of the text is looked at (indexing runs this on every article).
    public static let sampleBytes = 600

    /// The most frequent short words of each language, chosen to overlap little between them.
    public static let profiles: [(code: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "is", "in", "that", "it", "with", "for", "this", "are", "was", "you", "on", "be", "as", "by", "not", "or"]),
        ("de", ["der", "die", "und", "das", "ist", "nicht", "ein", "eine", "zu", "den", "mit", "sich", "auf", "für", "im", "dem", "auch", "es", "von", "wir"]),
        ("fr", ["le", "la", "les", "et", "des", "est", "une", "du", "que", "pour", "dans", "qui", "pas", "sur", "au", "avec", "ce", "il", "sont", "nous"]),
        ("es", ["el", "los", "las", "y", "es", "una", "del", "que", "para", "con", "por", "como", "pero", "su", "al", "lo", "más", "está", "se", "hasta"]),
        ("it", ["il", "di", "che", "è", "gli", "della", "per", "una", "sono", "non", "con", "del", "nel", "alla", "anche", "come", "questo", "ma", "le", "si"]),
        ("pt", ["o", "os", "as", "e", "do", "da", "não", "uma", "para", "com", "que", "em", "por", "mais", "dos", "das", "se", "ao", "é", "na"]),
        ("nl", ["de", "het", "een", "en", "van", "is", "niet", "dat", "op", "voor", "met", "zijn", "ook", "maar", "te", "er", "wordt", "bij", "naar", "hij"]),
        ("ru", ["и", "в", "не", "на", "что", "с", "по", "это", "как", "он", "к", "из", "но", "для", "то", "от", "мы", "все", "так", "его"]),
    ]

    /// Each profile word, packed into an integer (`key`), → the profiles (bit k: `profiles[k]`) that hold
    /// it, in a small open-addressing table: one multiply and a probe or two a word, no String, no hashing.
    static let table: (keys: [UInt64], bits: [UInt16]) = {
        var keys = [UInt64](repeating: 0, count: tableSize), bits = [UInt16](repeating: 0, count: tableSize)
        for (k, p) in profiles.enumerated() {
            for w in p.words {
                let key = Array(w.utf8).withUnsafeBufferPointer { Self.key($0[...]) }
                var slot = Self.slot(key)
                while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (tableSize - 1) }
                keys[slot] = key; bits[slot] |= 1 << k
            }
        }
        return (keys, bits)
    }()

    static let tableSize = 1024

    static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 54) }

    /// The profiles that hold the word with this key (0: none).
    static func profileBits(_ key: UInt64, in t: (keys: [UInt64], bits: [UInt16])) -> UInt16 {
        var slot = slot(key)
        while t.keys[slot] != 0 {
            if t.keys[slot] == key { return t.bits[slot] }
            slot = (slot + 1) & (tableSize - 1)
        }
        return 0
    }

    /// A word of at most 6 bytes as one integer: its bytes, lower-cased (ASCII, Latin-1 letters and
    /// Cyrillic, the capitals a sentence may open with), and its length.
    static func key(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64 {
        var k = UInt64(word.count) << 56
        var i = word.startIndex, shift: UInt64 = 0
        while i < word.endIndex {
            var b = word[i]
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            var next: UInt8? = i + 1 < word.endIndex ? word[i + 1] : nil
            if let n = next {
                if b == 0xC3, n >= 0x80, n <= 0x9E, n != 0x97 { next = n + 0x20 }            // À…Þ → à…þ
                else if b == 0xD0, n >= 0x90, n <= 0x9F { next = n + 0x20 }              // А…П → а…п
                else if b == 0xD0, n >= 0xA0, n <= 0xAF { b = 0xD1; next = n - 0x20 }    // Р…Я → р…я
            }
            k |= UInt64(b) << shift
            shift += 8; i += 1
            if b >= 0xC0, let n = next, i < word.endIndex { k |= UInt64(n) << shift; shift += 8; i += 1 }
        }
        return k
    }

    /// An ISO 639-1 code, or nil when the text is too short or too mixed to tell. Works on the UTF-8 bytes
    /// (indexing runs it on every article): words are split at ASCII non-letters, only ASCII is lower-cased.
    public static func detect(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all in
            let p = UnsafeBufferPointer(rebasing: all[0 ..< min(all.count, sampleBytes)])
            if let script = byScript(p) { return script }
            var counts = [Int](repeating: 0, count: profiles.count)
            let t = table
            var i = 0
            while i < p.count {
                while i < p.count, isSpace(p[i]) { i += 1 }
                let start = i
                while i < p.count, !isSpace(p[i]) { i += 1 }
                let word = trimmed(p, start, i)
                // Every profile word is at most 6 bytes: longer words need no lookup. A word joined to
                // others by a dot, bracket or underscore is code ("os.EOL", "os.cpus()"), not prose.
                guard word.count <= 6, !word.isEmpty, !p[word].contains(where: { $0 < 0x80 && !isASCIILetter($0) }) else { continue }
                // A word in capitals is an acronym ("COM", "DO"), a letter of an index ("A \ B \ … O") or a table's
                // "Y"/"N", not the everyday word it spells; prose writes those in lower case but at a sentence's start.
                if p[word].allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { continue }
                var bits = profileBits(key(p[word]), in: t)
                while bits != 0 { counts[bits.trailingZeroBitCount] += 1; bits &= bits - 1 }
            }
            let ranked = counts.enumerated().sorted { $0.element > $1.element }
            guard ranked[0].element >= 2, ranked[0].element > ranked[1].element else { return nil }
            return profiles[ranked[0].offset].code
        }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

    /// The word in `start..<end` without the punctuation around it: ASCII marks, quotation marks and
    /// dashes (U+2010–U+201F), guillemets and inverted marks (« » ¿ ¡).
    static func trimmed(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var s = start, e = end
        func mark(_ k: Int, _ n: Int) -> Bool {
            n == 3 ? p[k] == 0xE2 && p[k + 1] == 0x80 && (0x90...0x9F).contains(p[k + 2])
                : p[k] == 0xC2 && [0xAB, 0xBB, 0xBF, 0xA1].contains(p[k + 1])
        }
        while s < e {
            if p[s] < 0x80, !isASCIILetter(p[s]) { s += 1 } else if e - s >= 3, mark(s, 3) { s += 3 }
            else if e - s >= 2, mark(s, 2) { s += 2 } else { break }
        }
        while e > s {
            if p[e - 1] < 0x80, !isASCIILetter(p[e - 1]) { e -= 1 } else if e - s >= 3, mark(e - 3, 3) { e -= 3 }
            else if e - s >= 2, mark(e - 2, 2) { e -= 2 } else { break }
        }
        return s ..< e
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    /// `ja`, `zh` or `ko` when the text's script says so (`byScript`, on the same sample `detect` reads); nil otherwise.
    public static func scriptLanguage(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all in byScript(UnsafeBufferPointer(rebasing: all[0 ..< min(all.count, sampleBytes)])) }
    }

    /// `ja` when kana are a tenth of the letters, `zh` for Han, `ko` for Hangul, by UTF-8 lead bytes:
    /// kana U+3040–30FF are E3 81–83, Han U+4E00–9FFF E4–E9, Hangul syllables U+AC00–D7AF EA–ED.
    private static func byScript(_ p: UnsafeBufferPointer<UInt8>) -> String? {
        var kana = 0, han = 0, hangul = 0, letters = 0
        for (k, b) in p.enumerated() {
            if b < 0x80 { if isASCIILetter(b) { letters += 1 }; continue }
            guard b >= 0xC0 else { continue }           // continuation byte
            letters += 1
            switch b {
            case 0xE3 where k + 1 < p.count && (0x81...0x83).contains(p[k + 1]): kana += 1
            case 0xE4...0xE9: han += 1
            case 0xEA...0xED: hangul += 1
            default: break
            }
        }
        guard letters > 0 else { return nil }
        if kana > 0 && kana * 10 >= letters { return "ja" }
        if hangul * 3 >= letters { return "ko" }
        if han * 3 >= letters { return "zh" }
        return nil
    }
}
