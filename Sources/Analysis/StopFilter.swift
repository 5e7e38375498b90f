/// Drops English function words that carry no topic ("the", "how", "does").
public struct StopFilter: TokenFilter {
    public let words: Set<String>
    public init(words: Set<String> = StopFilter.english) { self.words = words }

    public func apply(_ tokens: [Token]) -> [Token] { tokens.filter { !words.contains($0.term) } }

    /// A compact English list (Lucene's and Snowball's, trimmed); words that matter in code prose,
    /// such as `self`, `some`, `any`, `async` and `await`, are deliberately absent.
    public static let english: Set<String> = [
        "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "are", "as", "at",
        "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
        "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
        "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
        "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself",
        "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "ought", "our", "ours", "ourselves",
        "out", "over", "own", "same", "she", "should", "so", "such", "than", "that", "the", "their", "theirs",
        "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
        "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
        "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves",
        "s", "t", "ll", "re", "ve", "d", "m", "also", "get", "got", "let", "lets", "us", "via",
    ]
}
