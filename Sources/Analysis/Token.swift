/// One term produced by the analyzer, with where it came from in the text.
public struct Token: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var term: String
    /// Ordinal position among the words of the text; parts split from one word share its position.
    public var position: Int
    /// UTF-8 offsets of the source word in the analysed text.
    public var start: Int
    public var end: Int
    /// A stop word written as a language keyword ("the "with" statement", "a while loop"): the stop list keeps it.
    public var isKeyword = false

    public init(_ term: String, position: Int, start: Int = 0, end: Int = 0, isKeyword: Bool = false) {
        self.term = term; self.position = position; self.start = start; self.end = end; self.isKeyword = isKeyword
    }
    public var description: String { term }

    /// Two tokens are the same term at the same place; `isKeyword` only tells the stop list what to keep.
    public static func == (a: Token, b: Token) -> Bool {
        a.term == b.term && a.position == b.position && a.start == b.start && a.end == b.end
    }

    public func hash(into h: inout Hasher) { h.combine(term); h.combine(position); h.combine(start); h.combine(end) }
}

/// One step of the analysis chain.
public protocol TokenFilter: Sendable {
    func apply(_ tokens: [Token]) -> [Token]
}
