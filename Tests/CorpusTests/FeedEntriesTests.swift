import Corpus
import Testing

/// Cutting a feed into entries: keys (GUID, else link, else hash), exact bytes, wrapper.
@Suite struct FeedEntriesTests {
    static let rss = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>Fixture &amp; Co</title>
    <item><title>One</title><guid isPermaLink="false">g-1</guid><link>https://example.org/1</link><description>first</description></item>
    <item><title>Two</title><link>https://example.org/2</link></item>
    <item><title>Three</title><description>no id</description></item>
    </channel></rss>
    """

    @Test func keysFollowGuidThenLinkThenHash() throws {
        let doc = try #require(FeedEntries.split(Array(Self.rss.utf8)))
        #expect(doc.title == "Fixture & Co")
        #expect(doc.entries.map(\.title) == ["One", "Two", "Three"])
        #expect(doc.entries[0].key == "guid:g-1")
        #expect(doc.entries[1].key == "link:https://example.org/2")
        #expect(doc.entries[2].key.hasPrefix("hash:"))
        #expect(String(decoding: doc.entries[1].raw, as: UTF8.self) == "<item><title>Two</title><link>https://example.org/2</link></item>")
        #expect(String(decoding: doc.footer, as: UTF8.self) == "\n</channel></rss>")
        #expect(String(decoding: doc.header, as: UTF8.self).hasSuffix("<title>Fixture &amp; Co</title>\n"))
    }

    @Test func atomUsesIdAndAlternateLink() throws {
        let atom = """
        <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
        <entry><title>E1</title><id>urn:1</id><link rel="self" href="https://x/self"/><link href="https://x/1"/></entry>
        <entry><title>E2</title><link rel="alternate" href="https://x/2"/><author><id>nested</id></author></entry>
        </feed>
        """
        let doc = try #require(FeedEntries.split(Array(atom.utf8)))
        #expect(doc.entries.map(\.key) == ["guid:urn:1", "link:https://x/2"])
        #expect(doc.entries[0].link == "https://x/1")
    }

    @Test(arguments: ["<html><body>not a feed</body></html>", "", "{\"version\": \"https://jsonfeed.org/version/1\"}"])
    func nonFeedsAreRejected(_ text: String) {
        #expect(FeedEntries.split(Array(text.utf8)) == nil)
    }

    @Test func opmlListsFeedURLsOnce() {
        let opml = """
        <opml version="2.0"><body><outline text="g"><outline type="rss" xmlUrl="http://a/feed?x=1&amp;y=2"/>
        <outline xmlUrl="http://b/rss"/><outline xmlUrl="http://a/feed?x=1&amp;y=2"/></outline></body></opml>
        """
        #expect(FeedEntries.opmlFeeds(Array(opml.utf8)) == ["http://a/feed?x=1&y=2", "http://b/rss"])
        #expect(FeedEntries.opmlFeeds(Array("<rss></rss>".utf8)) == nil)
    }
}
