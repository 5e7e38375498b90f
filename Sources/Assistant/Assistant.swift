import Analysis
import Retrieval

/// The chatbot: dispatches a message to a tool and runs it against the index.
public final class Assistant {
    public let prompts: PromptLibrary
    let index: Index
    let searcher: Searcher
    let store: ArticleStore
    let analyzer: Analyzer
    let dispatcher: Dispatcher
    let spelling: Spelling

    public init(index: Index, prompts: PromptLibrary) throws {
        self.index = index
        self.prompts = prompts
        analyzer = Analyzer()
        searcher = try Searcher(index: index, analyzer: analyzer)
        store = ArticleStore(index: index)
        spelling = Spelling(db: index.db, analyzer: analyzer, english: prompts.commonWords)
        let (searcher, analyzer) = (searcher, analyzer)
        let directory = CorpusDirectory(db: index.db, documents: searcher.stats.documents) { word in
            analyzer.terms(word).first.map(searcher.documentFrequency) ?? 0
        }
        let resolver = TargetResolver(searcher: searcher, store: store, analyzer: analyzer, directory: directory)
        dispatcher = Dispatcher(prompts: prompts, resolver: resolver)
    }

    /// Chooses the tool for a message (shown to the user before the answer).
    public func dispatch(_ message: String, context: ConversationContext) -> ToolCall {
        if smallTalk(message.trimmed) != nil {
            var call = ToolCall(tool: .answer)
            call.set("question", message.trimmed)
            call.reasons = ["small talk: a short reply, no tool needed"]
            return call
        }
        return dispatcher.dispatch(message, context: context)
    }

    /// Runs a call and composes the reply.
    public func run(_ call: ToolCall, message: String, context: ConversationContext) throws -> Response {
        let text = message.trimmed
        if text.isEmpty || !text.contains(where: { $0.isLetter || $0.isNumber }) {
            return Response(call: call, answer: prompts.voice("empty_message"), abstained: true)
        }
        if let reply = smallTalk(text), !text.hasPrefix("/") {
            return Response(call: call, answer: reply, abstained: false)
        }
        switch call.tool {
        case .search:
            // "which feeds do you have?" asks what the corpus is made of, not for articles about feeds.
            if let r = try CorpusFacts(assistant: self).answer(call, message: text) { return r }
            return try SearchTool(assistant: self).run(call)
        case .summarize: return try Summarizer(assistant: self).run(call)
        case .extract: return try Extractor(assistant: self).run(call)
        case .answer:
            if let r = try CorpusFacts(assistant: self).answer(call, message: text) { return r }
            return try AnswerComposer(assistant: self).run(call, context: context)
        }
    }

    /// Dispatch and run in one step.
    public func respond(_ message: String, context: ConversationContext) throws -> Response {
        try run(dispatch(message, context: context), message: message, context: context)
    }

    /// Two example questions drawn from the corpus, for the greeting.
    public func exampleQuestions() -> [String] {
        guard let all = try? store.all(bodies: false), !all.isEmpty else { return [] }
        let picks = [all[all.count / 3], all[(2 * all.count) / 3]]
        return picks.map { "summarize \(Self.shortTitle($0.article.title))" }
    }

    /// A title of at most 60 characters, cut at a word boundary (never mid-word), without trailing punctuation.
    static func shortTitle(_ title: String) -> String {
        guard title.count > 60 else { return title }
        var head = String(title.prefix(61))
        if let space = head.lastIndex(of: " ") { head = String(head[..<space]) } else { head = String(title.prefix(60)) }
        while let last = head.last, ",;:-–—(/&".contains(last) || last == " " { head.removeLast() }
        return head
    }

    /// Greetings and thanks get a short reply in the assistant's voice instead of a search.
    func smallTalk(_ text: String) -> String? {
        let words = Classifier.words(text)
        guard !words.isEmpty, words.count <= 4 else { return nil }
        let hello: Set<String> = ["hi", "hello", "hey", "hiya", "howdy", "morning", "evening", "there", "lore", "good", "yo"]
        let thanks: Set<String> = ["thanks", "thank", "you", "thx", "ty", "cheers", "great", "awesome", "perfect", "nice", "ok", "okay", "cool", "much", "a", "lot"]
        if words.allSatisfy(hello.contains) && !words.allSatisfy({ ["good", "there", "lore"].contains($0) }) { return prompts.voice("hello") }
        if words.allSatisfy(thanks.contains) && words.contains(where: { ["thanks", "thank", "thx", "ty", "cheers"].contains($0) }) { return prompts.voice("thanks") }
        return nil
    }

    func corrected(_ text: String) -> String { spelling.correct(text).text }
}
