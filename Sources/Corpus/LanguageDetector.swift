/// Guesses an article's language from its text, without a model: Chinese, Japanese and Korean by script,
/// the others by which language's most common words (stop-word profiles) occur most often.
public enum LanguageDetector {
    /// At most this much of the text is looked at.
    static let sampleBytes = 4000

    /// The most frequent short words of each language, chosen to overlap little between them.
    static let profiles: [(code: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "is", "in", "that", "it", "with", "for", "this", "are", "was", "you", "on", "be", "as", "by", "not", "or"]),
        ("de", ["der", "die", "und", "das", "ist", "nicht", "ein", "eine", "zu", "den", "mit", "sich", "auf", "für", "im", "dem", "auch", "es", "von", "wir"]),
        ("fr", ["le", "la", "les", "et", "des", "est", "une", "du", "que", "pour", "dans", "qui", "pas", "sur", "au", "avec", "ce", "il", "sont", "nous"]),
        ("es", ["el", "los", "las", "y", "es", "una", "del", "que", "para", "con", "por", "como", "pero", "su", "al", "lo", "más", "está", "se", "hasta"]),
        ("it", ["il", "di", "che", "è", "gli", "della", "per", "una", "sono", "non", "con", "del", "nel", "alla", "anche", "come", "questo", "ma", "le", "si"]),
        ("pt", ["o", "os", "as", "e", "do", "da", "não", "uma", "para", "com", "que", "em", "por", "mais", "dos", "das", "se", "ao", "é", "na"]),
        ("nl", ["de", "het", "een", "en", "van", "is", "niet", "dat", "op", "voor", "met", "zijn", "ook", "maar", "te", "er", "wordt", "bij", "naar", "hij"]),
        ("ru", ["и", "в", "не", "на", "что", "с", "по", "это", "как", "он", "к", "из", "но", "для", "то", "от", "мы", "все", "так", "его"]),
    ]

    /// An ISO 639-1 code, or nil when the text is too short or too mixed to tell.
    public static func detect(_ text: String) -> String? {
        var sample = Substring(text).utf8.prefix(sampleBytes)
        while let last = sample.last, last & 0xC0 == 0x80 { sample = sample.dropLast() }   // not mid-character
        let s = String(decoding: sample, as: UTF8.self)
        if let script = byScript(s) { return script }
        var counts = [Int](repeating: 0, count: profiles.count)
        for word in s.lowercased().split(whereSeparator: { !($0.isLetter) }) {
            let w = String(word)
            for (k, p) in profiles.enumerated() where p.words.contains(w) { counts[k] += 1 }
        }
        let ranked = counts.enumerated().sorted { $0.element > $1.element }
        guard ranked[0].element >= 2, ranked[0].element > ranked[1].element else { return nil }
        return profiles[ranked[0].offset].code
    }

    /// `ja` when kana are a good part of the letters, `zh` for Han without kana, `ko` for Hangul.
    private static func byScript(_ s: String) -> String? {
        var kana = 0, han = 0, hangul = 0, letters = 0
        for u in s.unicodeScalars where u.properties.isAlphabetic {
            letters += 1
            switch u.value {
            case 0x3040...0x30FF: kana += 1
            case 0x3400...0x4DBF, 0x4E00...0x9FFF: han += 1
            case 0xAC00...0xD7AF: hangul += 1
            default: break
            }
        }
        guard letters > 0 else { return nil }
        if kana * 10 >= letters && kana > 0 { return "ja" }
        if hangul * 3 >= letters { return "ko" }
        if han * 3 >= letters { return "zh" }
        return nil
    }
}
