import Feeds
import Retrieval

/// The update tool (served only with `lore mcp --allow-update`).
extension MCPToolbox {
    /// What `lore update` does, on the served corpus and index: fetch every subscription, store new and
    /// edited articles, re-index through a write connection of its own. The read-only connection then
    /// sees the new generation, so the assistant is rebuilt over the new articles before this returns.
    func update() throws -> ToolOutput {
        let outcome: FeedRefresh.Outcome?
        do {
            outcome = try FeedRefresh().run(IndexLocation(corpus: corpus, db: dbPath))
        } catch {
            let message = "update failed: " + sanitize((error as? CLIError)?.description ?? "\(error)", keepNewlines: false)
            return ToolOutput(text: message, json: .object([("error", .string(message))]), isError: true)
        }
        try refreshIfWritten()
        let json = updateJSON(outcome)
        guard let outcome else {
            return ToolOutput(text: "No subscriptions; add one with `lore feeds add URL`.", json: json)
        }
        let text = (outcome.summary + outcome.problems + ["index generation \(generation)"]).joined(separator: "\n")
        return ToolOutput(text: text, json: json)
    }

    /// The update's result: feeds fetched, not modified (304) and failed (with reasons), articles added
    /// and edited, what indexing did, and the index generation now served. Nil: no subscriptions.
    func updateJSON(_ outcome: FeedRefresh.Outcome?) -> JSON {
        let feeds = outcome?.feeds ?? UpdateReport()
        var fields: [(String, JSON)] = [
            ("feeds", .int(feeds.feeds)), ("fetched", .int(feeds.fetched)), ("not_modified", .int(feeds.notModified)),
            ("failed", .array(feeds.failed.map { JSON.object([("url", .string($0.url)), ("reason", .string($0.reason))]) })),
            ("moved", .array(feeds.moved.map { JSON.object([("from", .string($0.from)), ("to", .string($0.to))]) })),
            ("articles_added", .int(feeds.added)), ("articles_edited", .int(feeds.edited)),
        ]
        if let index = outcome?.index {
            fields.append(("index", .object([("articles", .int(index.articles)), ("files_added", .int(index.added)),
                                             ("files_updated", .int(index.updated)), ("files_removed", .int(index.removed))])))
        } else {
            fields.append(("note", .string("no subscriptions; add one with `lore feeds add URL`")))
        }
        fields.append(("generation", .int(Int(generation))))
        return .object(fields)
    }
}
