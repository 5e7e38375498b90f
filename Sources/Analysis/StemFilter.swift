import CStemmer

/// Snowball English stemming through libstemmer, British spellings stemmed as the American ones
/// (`BritishSpelling`). Words with digits, underscores or dots (versions, identifiers) are left as they are.
/// Not thread-safe: one per analyzer.
public final class Stemmer: @unchecked Sendable {
    private let stemmer: OpaquePointer?
    private var cache: [String: String] = [:]
    /// English only: an adverb keeps its "-ly" when that is all the stemmer would take off.
    private let keepsLy: Bool

    /// English only: a British word's stem → the American word's (`BritishSpelling`), "colour" → "color".
    private let american: [String: String]

    public init(language: String = "english") {
        stemmer = sb_stemmer_new(language, "UTF_8")
        keepsLy = language == "english"
        american = keepsLy ? Self.americanStems : [:]
    }

    /// Worked out once per process, by a stemmer of its own: every analyzer makes a stemmer, and ask makes several.
    private static let americanStems: [String: String] = {
        let plain = Stemmer(plain: ())
        var map: [String: String] = [:]
        for (british, us) in BritishSpelling.pairs {
            let a = plain.stemOnce(british), b = plain.stemOnce(us)
            if a != b { map[a] = b }
        }
        return map
    }()

    /// Snowball's English stemmer with no British spellings.
    private init(plain: ()) {
        stemmer = sb_stemmer_new("english", "UTF_8"); keepsLy = true; american = [:]
    }
    deinit { if let stemmer { sb_stemmer_delete(stemmer) } }

    public func stem(_ word: String) -> String { stem(word, caching: true) }

    /// `stem` without the cache, for a caller that keeps the results itself (the analyzer's word table).
    public func stemOnce(_ word: String) -> String { stem(word, caching: false) }

    private func stem(_ word: String, caching: Bool) -> String {
        guard let stemmer, word.utf8.count > 2 else { return word }
        var w = word
        return w.withUTF8 { buf in
            for b in buf where (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E { return word }
            if caching, let hit = cache[word] { return hit }
            guard let base = buf.baseAddress, let out = sb_stemmer_stem(stemmer, base, Int32(buf.count)) else { return word }
            var stemmed = String(decoding: UnsafeBufferPointer(start: out, count: Int(sb_stemmer_length(stemmer))), as: UTF8.self)
            // "swiftly" (a tool) is not "swift", nor "Calendly" "calend": a word the stemmer only strips of
            // "-ly" keeps it. Adverbs lose little by it, names keep their meaning.
            if keepsLy, buf.count > 4, buf[buf.count - 2] == 0x6C, buf[buf.count - 1] == 0x79, stemmed.utf8.count == buf.count - 2 {
                stemmed = word
            }
            if let us = american[stemmed] { stemmed = us }
            if caching && cache.count < 200_000 { cache[word] = stemmed }
            return stemmed
        }
    }
}

/// Applies the Snowball stemmer to every token.
public struct StemFilter: TokenFilter {
    let stemmer: Stemmer
    public init(stemmer: Stemmer = Stemmer()) { self.stemmer = stemmer }
    public func apply(_ tokens: [Token]) -> [Token] {
        tokens.map { var t = $0; t.term = stemmer.stem(t.term); return t }
    }
}
