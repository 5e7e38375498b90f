import Analysis

/// Requests to summarize or to find articles in the other languages lore reads, for the tool choice: the
/// classifier learned English examples only, so "Fasse den Artikel über die Katzen zusammen" looked like a
/// search and "Resume el artículo sobre el río" like a question. Only a message detected as that language
/// is read with its table, so English "such" or "resume" never count.
enum ForeignCues {
    struct Verbs { let summarize: [String]; let search: [String] }

    /// Word prefixes after folding case; for Chinese and Japanese, substrings of the message.
    static let verbs: [String: Verbs] = [
        "de": Verbs(summarize: ["zusammenfass", "fasse"], search: ["zeig", "finde", "such"]),
        "fr": Verbs(summarize: ["résum", "resum"], search: ["trouve", "cherche", "montre"]),
        "es": Verbs(summarize: ["resum"], search: ["busca", "encuentr", "muestr"]),
        "it": Verbs(summarize: ["riassum"], search: ["trova", "cerca", "mostra"]),
        "pt": Verbs(summarize: ["resum"], search: ["procur", "encontr", "mostr"]),
        "nl": Verbs(summarize: ["samenvat", "vat"], search: ["zoek", "toon", "vind"]),
        "ru": Verbs(summarize: ["перескаж", "резюм", "кратко", "суммир"], search: ["найд", "покаж", "поиск", "ищ"]),
        "ja": Verbs(summarize: ["要約", "まとめ"], search: ["検索", "探して", "見つけ"]),
        "zh": Verbs(summarize: ["总结", "總結", "概括", "摘要"], search: ["查找", "搜索", "找"]),
    ]

    /// The tool a request in another language asks for, or nil (English, an unknown language, no such verb).
    static func tool(_ cues: MessageCues) -> Tool? {
        // A short message may hold too few common words to tell its language: Cyrillic is Russian here.
        let detected = LanguageDetector.detect(cues.text)
            ?? (cues.text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } ? "ru" : nil)
        guard let code = detected, let v = verbs[code] else { return nil }
        let cjk = code == "ja" || code == "zh"
        func has(_ stems: [String]) -> Bool {
            cjk ? stems.contains { cues.lower.contains($0) } : cues.words.contains { w in stems.contains { w.hasPrefix($0) } }
        }
        if has(v.summarize) { return .summarize }
        if has(v.search) { return .search }
        return nil
    }
}
