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

    /// Each profile word → the profiles (bit k: `profiles[k]`) that hold it: one lookup a word.
    static let wordProfiles: [String: UInt16] = {
        var out: [String: UInt16] = [:]
        for (k, p) in profiles.enumerated() { for w in p.words { out[w, default: 0] |= 1 << k } }
        return out
    }()

    /// An ISO 639-1 code, or nil when the text is too short or too mixed to tell. Works on the UTF-8 bytes
    /// (indexing runs it on every article): words are split at ASCII non-letters, only ASCII is lower-cased.
    public static func detect(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { all in
            let p = UnsafeBufferPointer(rebasing: all[0 ..< min(all.count, sampleBytes)])
            if let script = byScript(p) { return script }
            var counts = [Int](repeating: 0, count: profiles.count)
            var i = 0
            while i < p.count {
                while i < p.count, p[i] < 0x80, !isASCIILetter(p[i]) { i += 1 }
                let start = i
                while i < p.count, p[i] >= 0x80 || isASCIILetter(p[i]) { i += 1 }
                // Every profile word is at most 6 bytes: longer words need no lookup (nor a String).
                guard i - start <= 6, i > start else { continue }
                var word = String(decoding: UnsafeBufferPointer(rebasing: p[start ..< i]), as: UTF8.self)
                if p[start ..< i].contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { word = word.lowercased() }
                guard var bits = wordProfiles[word] else { continue }
                while bits != 0 { counts[bits.trailingZeroBitCount] += 1; bits &= bits - 1 }
            }
            let ranked = counts.enumerated().sorted { $0.element > $1.element }
            guard ranked[0].element >= 2, ranked[0].element > ranked[1].element else { return nil }
            return profiles[ranked[0].offset].code
        }
    }

    private static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

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
