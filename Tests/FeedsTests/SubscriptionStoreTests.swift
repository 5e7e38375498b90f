import Corpus
@testable import Feeds
import Foundation
import Testing

/// Merging fetched documents: one row per article, edits only from the feed that changed it, and
/// feed files composed from those rows with the lines the index will cite.
@Suite struct SubscriptionStoreTests {
    static func item(_ guid: String?, link: String?, _ body: String) -> String {
        "<item><title>T \(body)</title>" + (guid.map { "<guid>\($0)</guid>" } ?? "") + (link.map { "<link>\($0)</link>" } ?? "")
            + "<description>\(body)</description></item>"
    }

    static func doc(_ items: [String]) throws -> FeedDocument {
        try #require(FeedEntries.split(Array(("<rss><channel><title>F</title>\n" + items.joined(separator: "\n") + "\n</channel></rss>").utf8)))
    }

    /// Every store of this test process lives here; removed when the process exits.
    static let scratch: String = {
        let path = FileManager.default.temporaryDirectory.path + "/lore-feeds-store-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: SubscriptionStoreTests.scratch) }
        return path
    }()

    let store: SubscriptionStore
    let a: Subscription, b: Subscription

    init() throws {
        let dir = Self.scratch + "/store-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        store = try SubscriptionStore(path: dir + "/feeds.sqlite")
        #expect(try store.add("http://a.test/feed", now: "2025-01-01T00:00:00Z"))
        #expect(try !store.add("http://a.test/feed", now: "2025-01-01T00:00:00Z"))
        #expect(try store.add("http://b.test/feed", now: "2025-01-01T00:00:00Z"))
        let subs = try store.subscriptions()
        (a, b) = (subs[0], subs[1])
    }

    func merge(_ items: [String], _ feed: Subscription, at now: String = "2025-01-02T00:00:00Z") throws -> MergeCount {
        try store.transaction { try store.merge(try Self.doc(items), feed: feed, now: now) }
    }

    @Test func theSameEntryAgainOrFromAnotherFeedIsOneArticle() throws {
        #expect(try merge([Self.item("g1", link: "http://a.test/1", "one"), Self.item(nil, link: "http://a.test/2", "two")], a).added == 2)
        #expect(try merge([Self.item("g1", link: "http://a.test/1", "one")], a).added == 0)
        // Another feed: same GUID; and a cross-post of post 2 under a GUID of its own, same link.
        let fromB = try merge([Self.item("g1", link: "http://b.test/x", "one, aggregated"), Self.item("b-7", link: "http://a.test/2", "two")], b)
        #expect(fromB.added == 0 && fromB.edited == 0)
        #expect(try store.newArticles(since: "").count == 2)
    }

    @Test func anEditReplacesTheTextButAnOlderCopyElsewhereDoesNot() throws {
        _ = try merge([Self.item("g1", link: nil, "first text")], a)
        _ = try merge([Self.item("g1", link: nil, "first text, aggregated")], b)
        let edit = try merge([Self.item("g1", link: nil, "second text")], a)
        #expect(edit.edited == 1 && edit.dirty == [a.file])
        #expect(try merge([Self.item("g1", link: nil, "first text, aggregated")], b).edited == 0)   // unchanged in b
        let text = String(decoding: try #require(try store.compose(file: a.file)), as: UTF8.self)
        #expect(text.contains("second text") && !text.contains("first text"))
    }

    @Test func composedFilesRecordTheLineOfEachEntryNewestFirst() throws {
        _ = try merge([Self.item("old", link: nil, "old")], a, at: "2025-01-02T00:00:00Z")
        _ = try merge([Self.item("new", link: nil, "new"), Self.item("old", link: nil, "old")], a, at: "2025-01-03T00:00:00Z")
        let bytes = try #require(try store.compose(file: a.file))
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let listed = try store.newArticles(since: "")
        #expect(listed.map(\.id) == ["new", "old"])
        for n in listed { #expect(lines[n.line - 1].contains("<guid>\(n.id)</guid>")) }
        #expect(try store.newArticles(since: "2025-01-02T00:00:00Z").map(\.id) == ["new"])
        #expect(try store.compose(file: b.file) == nil)   // b never brought anything
    }

    @Test func opmlEscapesAttributesAndDropsControls() {
        let sub = Subscription(url: "http://a.test/?x=1&y=\"2\"", title: "A <b> \u{1B}[31m", file: "f", added: "now")
        let doc = OPML.document([sub], created: "now")
        #expect(doc.contains("xmlUrl=\"http://a.test/?x=1&amp;y=&quot;2&quot;\""))
        #expect(doc.contains("text=\"A &lt;b&gt; [31m\""))
        #expect(FeedEntries.opmlFeeds(Array(doc.utf8)) == [sub.url])
    }
}
