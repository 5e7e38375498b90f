import Retrieval

/// What `extract` can pull out of an article.
public enum ExtractKind: String, Sendable, CaseIterable {
    case code, links, headings, terms, metadata
}

/// An article a call acts on, as CLI.md's `target` object.
public struct TargetRef: Sendable, Equatable, Hashable {
    public var doc: Int
    public var id: String
    public var title: String
    public var source: String
    public var line: Int
    public init(doc: Int, id: String, title: String, source: String, line: Int) {
        self.doc = doc; self.id = id; self.title = title; self.source = source; self.line = line
    }
    public init(_ h: Hit) { self.init(doc: h.doc, id: h.id, title: h.title, source: h.source, line: h.line) }
    public init(_ s: StoredArticle) {
        self.init(doc: s.doc, id: s.article.id, title: s.article.title, source: s.article.source, line: s.article.line)
    }
}

/// One tool call chosen by the dispatcher: `{"name", "arguments", "target"}`.
public struct ToolCall: Sendable, Equatable {
    public var tool: Tool
    /// Ordered name/value pairs, shown in the call line and in JSON.
    public var arguments: [Argument]
    public var target: TargetRef?
    /// The target is the article the conversation points at ("it", "the second result"), not a
    /// match for the message's words: an answer then reads that article alone.
    public var fromConversation = false
    /// The message asks what the target says ("What does the singleton post say about thread safety?"): an
    /// answer reads that article alone, too.
    public var targetOnly = false
    /// Why this tool and this article, for `--explain`.
    public var reasons: [String] = []

    public struct Argument: Sendable, Equatable {
        public var name: String
        public var value: String
        public var isNumber = false
    }

    public init(tool: Tool, arguments: [Argument] = [], target: TargetRef? = nil) {
        self.tool = tool; self.arguments = arguments; self.target = target
    }

    public func argument(_ name: String) -> String? { arguments.first { $0.name == name }?.value }

    public mutating func set(_ name: String, _ value: String?, number: Bool = false) {
        arguments.removeAll { $0.name == name }
        if let value { arguments.append(Argument(name: name, value: value, isNumber: number)) }
    }

    /// `→ summarize(article: "Design Patterns in Swift: Singleton")`
    public var display: String {
        let args = arguments.map { $0.isNumber ? "\($0.name): \($0.value)" : "\($0.name): \"\($0.value)\"" }
        return "→ \(tool.rawValue)(\(args.joined(separator: ", ")))"
    }
}

/// What the conversation so far makes "it", "that one" and "the second result" mean.
public struct ConversationContext: Sendable, Equatable {
    public var lastHits: [TargetRef] = []
    public var lastArticle: TargetRef?
    public var lastTopic: String?
    public var lastTool: Tool?
    /// `lastArticle` is only the first result of a search, not an article anyone chose or named.
    public var lastArticleIsFirstHit = false
    /// The last answer's text, so that "go on" adds to it instead of repeating it.
    public var lastAnswer: String?
    public init() {}
}
