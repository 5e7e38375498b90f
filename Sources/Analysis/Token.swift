/// One term produced by the analyzer, with where it came from in the text.
public struct Token: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var term: String
    /// Ordinal position among the words of the text; parts split from one word share its position.
    public var position: Int
    /// UTF-8 offsets of the source word in the analysed text.
    public var start: Int
    public var end: Int

    public init(_ term: String, position: Int, start: Int = 0, end: Int = 0) {
        self.term = term; self.position = position; self.start = start; self.end = end
    }
    public var description: String { term }
}

/// One step of the analysis chain.
public protocol TokenFilter: Sendable {
    func apply(_ tokens: [Token]) -> [Token]
}
