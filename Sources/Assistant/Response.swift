import Retrieval

/// A citation `[n]`: the article and the passage the cited text comes from.
public struct Citation: Sendable, Equatable {
    public var n: Int
    public var ref: TargetRef
    public var url: String?
    public var author: String?
    public var date: String?
    public var passage: String

    public init(n: Int, ref: TargetRef, url: String? = nil, author: String? = nil, date: String? = nil, passage: String) {
        self.n = n; self.ref = ref; self.url = url; self.author = author; self.date = date; self.passage = passage
    }
}

/// The outcome of one message: the call, the answer (light Markdown), citations and hits.
/// lore's own bold (a title in a list line, a template's intro), written as a marker no corpus text holds. The CLI
/// styles it on a terminal and drops it everywhere else, so the corpus keeps its own `**` (`def f(**kwargs)`,
/// `char **argv`, `2 ** 8`), which before were read as bold and dropped from `--json` and saved sessions.
public enum Emphasis {
    public static let marker = "\u{E000}"
    public static func bold(_ s: String) -> String { marker + s + marker }
}

public struct Response: Sendable {
    public var call: ToolCall
    public var answer: String
    public var citations: [Citation] = []
    public var hits: [Hit] = []
    public var abstained = false
    /// The article this turn was about, for follow-ups.
    public var focus: TargetRef?
    /// The topic this turn was about when it is more than the call's words: a follow-up that borrowed the
    /// last topic ("why?") passes it on.
    public var topic: String?
    /// What earlier answers on this topic showed, when this one goes on from them ("go on", "tell me more").
    public var shownBefore: String?
    /// How the tool reached this answer (the answer model's evidence, each chosen sentence's
    /// features), shown with `--explain`.
    public var details: [String] = []

    /// The answer as a stream of tokens (words with their following whitespace), as a chat model emits them.
    public var tokens: AsyncStream<String> {
        let pieces = Response.tokenize(answer)
        return AsyncStream { continuation in
            for p in pieces { continuation.yield(p) }
            continuation.finish()
        }
    }

    /// Splits text into word tokens that keep their trailing spaces; newlines are tokens of their own.
    public static func tokenize(_ s: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var inSpace = false
        for ch in s {
            if ch == "\n" {
                if !cur.isEmpty { out.append(cur); cur = "" }
                out.append("\n"); inSpace = false; continue
            }
            if ch == " " { cur.append(ch); inSpace = true; continue }
            if inSpace { out.append(cur); cur = ""; inSpace = false }
            cur.append(ch)
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// The conversation state after this turn.
    public func updating(_ context: ConversationContext) -> ConversationContext {
        var c = context
        c.lastTool = call.tool
        if call.tool == .search || (!hits.isEmpty && call.target == nil && call.tool != .answer) {
            c.lastHits = hits.map(TargetRef.init)
        }
        // A question declined over the whole corpus lists the closest articles, as a search does: "summarize it" or
        // "the second one" after it means one of those.
        let listedClosest = call.tool == .answer && abstained && call.target == nil && !hits.isEmpty
        if listedClosest { c.lastHits = hits.map(TargetRef.init) }
        if let f = focus ?? call.target { c.lastArticle = f } else if call.tool == .search || listedClosest, let first = hits.first { c.lastArticle = TargetRef(first) }
        // A search's article is whichever came first (or the one its words name), unless it was picked from a list.
        c.lastArticleIsFirstHit = (call.tool == .search && !call.fromConversation) || listedClosest
        c.lastAnswer = call.tool == .answer && !abstained ? String(((shownBefore.map { $0 + "\n" } ?? "") + answer).suffix(8000)) : nil
        if let q = topic ?? call.argument("query") ?? call.argument("topic") ?? call.argument("question") { c.lastTopic = q }
        // A summary or an extract of one article is about that article: its title is the topic ("how is that
        // different from a factory?" after the singleton article's summary).
        else if call.tool == .summarize || call.tool == .extract, let f = focus ?? call.target { c.lastTopic = f.title }
        return c
    }
}
