/// The one analysis chain for documents and queries:
/// tokenize → split identifiers → fold case and diacritics → drop stop words → stem.
public final class Analyzer: @unchecked Sendable {
    /// Stored in the index; a change here makes the index rebuild itself.
    public static let version = "lore-analyzer-2"

    let tokenizer = Tokenizer()
    let filters: [any TokenFilter]

    public init(stemming: Bool = true) {
        var filters: [any TokenFilter] = [CodeSplitFilter(), FoldFilter(), StopFilter()]
        if stemming { filters.append(StemFilter()) }
        self.filters = filters
    }

    public func analyze(_ text: String) -> [Token] {
        var tokens = tokenizer.tokenize(text)
        for f in filters { tokens = f.apply(tokens) }
        return tokens.filter { !$0.term.isEmpty }
    }

    /// Just the terms, for callers that do not need positions.
    public func terms(_ text: String) -> [String] { analyze(text).map(\.term) }
}
