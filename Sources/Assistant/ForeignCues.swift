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

    /// "Article" in each language, as word prefixes: a request's own words, not its topic.
    static let articleWords: [String: [String]] = [
        "de": ["artikel", "beitr"], "fr": ["article", "l'article"], "es": ["artícul", "articul"], "it": ["articol", "l'articol"],
        "pt": ["artig"], "nl": ["artikel"], "ru": ["стат"],
    ]

    /// The language of a request other than English, or nil. A short message may hold too few common
    /// words for the detector: Cyrillic is Russian here, and otherwise the one language whose request verbs
    /// the message uses beside at least one of that language's common words ("Vat het artikel … samen").
    /// `words` are the message's (`Classifier.words`); `MessageCues` keeps the result.
    static func language(text: String, words: [String]) -> String? {
        if let code = LanguageDetector.detect(text) { return code == "en" ? nil : code }
        if text.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) { return "ru" }
        let scored = verbs.keys.sorted().compactMap { code -> (code: String, common: Int)? in
            guard let v = verbs[code], code != "ja", code != "zh" else { return nil }
            let stems = v.summarize + v.search
            guard words.contains(where: { w in stems.contains { w.hasPrefix($0) } }) else { return nil }
            let common = words.filter { isCommon($0, code) }.count
            return common > 0 ? (code, common) : nil
        }.sorted { $0.common > $1.common }
        guard let best = scored.first, scored.dropFirst().first?.common != best.common else { return nil }
        return best.code
    }

    /// Words a request in that language is made of besides its verbs: its most common words, its stop
    /// words, and a few prepositions and particles ("über", "over", "про") and separable verb parts ("samen").
    static let requestExtras: [String: Set<String>] = [
        "de": ["über", "ueber", "zusammen", "bitte", "alle"], "fr": ["sur", "l'article", "les", "tous"],
        "es": ["sobre", "todos"], "it": ["sull'", "su", "tutti"], "pt": ["sobre", "todos"],
        "nl": ["over", "samen", "geef", "alle", "mij"], "ru": ["про", "о", "об", "все", "мне"],
    ]

    static func isCommon(_ word: String, _ code: String) -> Bool {
        (LanguageDetector.profiles.first { $0.code == code }?.words.contains(word) ?? false)
            || (StopFilter.others[code]?.contains(word) ?? false) || (requestExtras[code]?.contains(word) ?? false)
    }

    /// The words of a request in another language that make the request rather than name its topic:
    /// the language's common words, its request verbs and its word for "article". Empty for English.
    static func requestWords(_ words: [String], language: String?) -> Set<String> {
        guard let code = language, let v = verbs[code], code != "ja", code != "zh" else { return [] }
        let stems = v.summarize + v.search + (articleWords[code] ?? [])
        return Set(words.filter { w in isCommon(w, code) || stems.contains { w.hasPrefix($0) } })
    }

    /// The tool a request in another language asks for, or nil (English, an unknown language, no such verb).
    static func tool(_ cues: MessageCues) -> Tool? {
        guard let code = cues.language, let v = verbs[code] else { return nil }
        let cjk = code == "ja" || code == "zh"
        func has(_ stems: [String]) -> Bool {
            cjk ? stems.contains { cues.lower.contains($0) } : cues.words.contains { w in stems.contains { w.hasPrefix($0) } }
        }
        if has(v.summarize) { return .summarize }
        if has(v.search) { return .search }
        return nil
    }
}
