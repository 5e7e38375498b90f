import Testing
@testable import Corpus

/// Issue 10: feeds beyond RSS 2.0 — RSS 0.9x/1.0, Atom 0.3/1.0, `xml:base`, Dublin Core, base64, e-mail
/// authors — read as feedparser's conformance suite expects (scripts/feed_conformance.py runs the suite).
@Suite struct FeedConformanceTests {
    func first(_ xml: String) throws -> Article {
        try #require(try ArticleParser.parse(Array(xml.utf8), source: "feed.xml").articles.first)
    }
    func atom03(_ entry: String) -> String { "<feed version=\"0.3\" xmlns=\"http://purl.org/atom/ns#\"><entry>\(entry)</entry></feed>" }
    func atom10(_ entry: String, base: String = "") -> String {
        "<feed xmlns=\"http://www.w3.org/2005/Atom\"\(base)><title>F</title><entry>\(entry)</entry></feed>"
    }
    func rss(_ item: String) -> String { "<rss version=\"2.0\"><channel><title>C</title><item>\(item)</item></channel></rss>" }

    @Test func xmlBaseResolvesRelativeLinks() throws {
        let a = try first(atom10("<title>T</title><link href=\"../other/page.html\"/><content>x</content>",
                                 base: " xml:base=\"http://example.com/feed/dir/\""))
        #expect(a.url == "http://example.com/feed/other/page.html")
        let b = try first(atom10("<title>T</title><link rel=\"alternate\" href=\"/root\" xml:base=\"https://h.example/a/\"/><content>x</content>"))
        #expect(b.url == "https://h.example/root")
        let c = try first(rss("<title>T</title><link>http://abs.example/x</link><description>x</description>"))
        #expect(c.url == "http://abs.example/x")
        #expect(FeedText.resolve("p?q#f", against: "http://h/a/b?x") == "http://h/a/p?q#f")
        #expect(FeedText.resolve("//cdn/x", against: "https://h/a") == "https://cdn/x")
        #expect(FeedText.resolve("mailto:a@b", against: "https://h/a") == "mailto:a@b")
    }

    @Test func base64Content() throws {
        // "Example <b>Atom</b>" in base64, as Atom 0.3's mode and as Atom 1.0's non-text type.
        let a = try first(atom03("<title mode=\"base64\" type=\"text/html\">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title><content mode=\"base64\" type=\"text/html\">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</content>"))
        #expect(a.title == "Example Atom" && a.text == "Example Atom")
        let b = try first(atom10("<title type=\"application/octet-stream\">RXhhbXBsZSA8Yj5BdG9tPC9iPg==</title><content>x</content>"))
        #expect(b.title == "Example Atom")
        #expect(FeedText.base64("not base64!") == nil)
    }

    @Test func titlesAsText() throws {
        #expect(try first(rss("<title>&lt;b&gt;Bold&lt;/b&gt; &amp; more</title><description>x</description>")).title == "Bold & more")
        #expect(try first(rss("<title><![CDATA[Cdata <i>title</i>]]></title><description>x</description>")).title == "Cdata title")
        let x = try first(atom10("<title type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">History of the &lt;blink&gt; tag</div></title><content>x</content>"))
        #expect(x.title == "History of the <blink> tag")
    }

    @Test func dublinCoreAndFallbacks() throws {
        let a = try first("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><item rdf:about=\"http://example.org/1\"><dc:title>DC title</dc:title><dc:description>DC text</dc:description><dc:author>Ann Lee (ann@example.com)</dc:author><dcterms:issued>2003-12-31T10:14:55Z</dcterms:issued></item></rdf:RDF>")
        #expect(a.title == "DC title" && a.text == "DC text" && a.author == "Ann Lee")
        #expect(a.id == "http://example.org/1" && a.date == "2003-12-31T10:14:55Z")
        let g = try first(rss("<title>T</title><guid>http://guid.example.com/</guid><description>x</description>"))
        #expect(g.url == "http://guid.example.com/")
        let notLink = try first(rss("<title>T</title><guid isPermaLink=\"false\">http://guid.example.com/</guid><description>x</description>"))
        #expect(notLink.url == nil && notLink.id == "http://guid.example.com/")
    }

    @Test(arguments: [("Ann Lee (ann@example.com)", "Ann Lee"), ("ann@example.com (Ann Lee)", "Ann Lee"),
                      ("\"Ann Lee\" <ann@example.com>", "Ann Lee"), ("Ann Lee", "Ann Lee"), ("ann@example.com", "ann@example.com"),
                      ("Team (Berlin)", "Team (Berlin)")])
    func personNames(raw: String, name: String) {
        #expect(FeedText.personName(raw) == name)
    }

    @Test func datesPreferPublishedAndSummaryLeads() throws {
        let a = try first(atom03("<title>T</title><issued>Thu, 01 Jan 2004 19:48:21 GMT</issued><published>Sat, 01 Jan 2010 19:48:21 GMT</published><modified>2004-01-01T19:48:21Z</modified><summary>The summary.</summary><content type=\"text/html\" mode=\"escaped\">&lt;p&gt;The content.&lt;/p&gt;</content>"))
        #expect(a.date == "2010-01-01T19:48:21+00:00")
        #expect(a.blocks.map(\.text) == ["The summary.", "The content."])
        let b = try first(rss("<title>T</title><description>Same start</description><content:encoded>&lt;p&gt;Same start and more.&lt;/p&gt;</content:encoded>"))
        #expect(b.blocks.map(\.text) == ["Same start and more."])
    }

    /// A blog's automatic excerpt runs a heading into its paragraph and stops mid-sentence; the content says it all.
    @Test(arguments: [
        ("A Quiet Start One evening the build broke again, and we set out to find out why it kept… Read more", false),
        ("A Quiet Start One evening the build broke [&#8230;]", false),
        ("A quiet start: one evening, the build broke.", false),
        ("How we found and fixed a flaky build in a week, told by the people who fixed it.", true),
        ("A Quiet Start One morning the build broke again", true),
    ])
    func automaticExcerptIsNotKept(description: String, kept: Bool) throws {
        let content = "&lt;h2&gt;A Quiet Start&lt;/h2&gt;&lt;p&gt;One evening the build broke again, and we set out to find out why it kept failing.&lt;/p&gt;"
        let a = try first(rss("<title>T</title><description>\(description)</description><content:encoded>\(content)</content:encoded>"))
        #expect((a.blocks.count == 3) == kept, "\(a.blocks.map(\.text))")
        #expect(a.blocks.last?.text == "One evening the build broke again, and we set out to find out why it kept failing.")
    }

    @Test func bodyElementsAndFallbackText() throws {
        #expect(try first(rss("<title>T</title><body><blink>safe</blink> description</body>")).text == "safe description")
        let inline = try first(atom03("<title>T</title><content type=\"application/xhtml+xml\" mode=\"xml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">safe<script>location.href='x';</script> description</div></content>"))
        #expect(inline.text == "safe description")
        #expect(try first(rss("<title>T</title><description>&lt;p&gt;safe &lt;object&gt;&lt;param name=\"a\" value=\"b\"/&gt;description&lt;/object&gt;&lt;/p&gt;</description>")).text == "safe description")
    }

    @Test func cdfItemsCarryLinkAndDate() throws {
        let a = try first("<CHANNEL HREF=\"http://c.example/\"><TITLE>C</TITLE><ITEM HREF=\"http://c.example/1\" LASTMOD=\"2004-04-06T23:05:43-05:00\"><TITLE>One</TITLE><ABSTRACT>Text.</ABSTRACT></ITEM></CHANNEL>")
        #expect(a.title == "One" && a.url == "http://c.example/1" && a.date == "2004-04-06T23:05:43-05:00")
    }

    @Test func rss091() throws {
        let a = try first("<rss version=\"0.91\"><channel><title>C</title><item><title>Old</title><link>http://o.example/</link><description>Old &amp; plain</description></item></channel></rss>")
        #expect(a.title == "Old" && a.url == "http://o.example/" && a.text == "Old & plain")
    }
}
