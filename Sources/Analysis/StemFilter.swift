import CStemmer

/// Snowball English stemming through libstemmer. Words with digits, underscores or dots
/// (versions, identifiers) are left as they are. Not thread-safe: one per analyzer.
public final class Stemmer: @unchecked Sendable {
    private let stemmer: OpaquePointer?
    private var cache: [String: String] = [:]

    public init(language: String = "english") {
        stemmer = sb_stemmer_new(language, "UTF_8")
    }
    deinit { if let stemmer { sb_stemmer_delete(stemmer) } }

    public func stem(_ word: String) -> String {
        guard let stemmer, word.utf8.count > 2 else { return word }
        if word.utf8.contains(where: { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2E }) { return word }
        if let hit = cache[word] { return hit }
        var w = word
        let stemmed: String = w.withUTF8 { buf in
            guard let base = buf.baseAddress,
                  let out = sb_stemmer_stem(stemmer, base, Int32(buf.count)) else { return word }
            let len = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: out, count: len), as: UTF8.self)
        }
        if cache.count < 200_000 { cache[word] = stemmed }
        return stemmed
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
