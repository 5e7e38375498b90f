import Testing
@testable import Corpus

/// Issue 10: tags and categories, whichever format and key holds them, cleaned and each kept once.
@Suite struct TagTests {
    @Test(arguments: [
        ("markdown list", "post.md", "---\ntitle: T\ntags: [Swift, ' concurrency ', swift]\n---\nBody.\n", ["Swift", "concurrency"]),
        ("markdown scalar with commas", "post.md", "---\ntitle: T\ncategories: tools, *Linux*\n---\nBody.\n", ["tools", "Linux"]),
        ("markdown category", "post.md", "---\ntitle: T\ncategory: \"Developer Tools\"\n---\nBody.\n", ["Developer Tools"]),
        ("rss category and dc:subject", "feed.xml",
         "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>C</title><category>not the item's</category>"
         + "<item><title>T</title><category>ios</category><category><![CDATA[Swift &amp; C]]></category><dc:subject>ios</dc:subject>"
         + "<description>x</description></item></channel></rss>", ["ios", "Swift & C"]),
        ("atom term and label", "feed.xml",
         "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>F</title><entry><title>T</title><category term=\"swift\"/>"
         + "<category term=\"x-io\" label=\"Input &amp; Output\"/><content>x</content></entry></feed>", ["swift", "Input & Output"]),
        ("json array", "a.jsonl", "{\"title\": \"T\", \"text\": \"Body.\", \"tags\": [\"a\", 3, \"b\", {\"c\": 1}]}\n", ["a", "b"]),
        ("json string", "a.jsonl", "{\"title\": \"T\", \"text\": \"Body.\", \"keywords\": \"x, y\"}\n", ["x", "y"]),
        ("html meta", "page.html",
         "<html><head><title>T</title><meta name=\"keywords\" content=\"one, two\"><meta property=\"article:tag\" content=\"Two\">"
         + "</head><body><p>Body.</p></body></html>", ["one", "two"]),
        ("none", "post.md", "# T\n\nBody.\n", []),
    ] as [(String, String, String, [String])])
    func tags(_ kind: String, source: String, text: String, expected: [String]) throws {
        let a = try #require(try ArticleParser.parse(Array(text.utf8), source: source).articles.first, "\(kind)")
        #expect(a.tags == expected, "\(kind)")
    }
}
