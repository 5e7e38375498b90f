import Testing
@testable import Corpus

/// Format is decided by content, never by the file name.
@Suite struct FormatDetectionTests {
    static let longLine = String(repeating: "Long excerpt sentence here. ", count: 50)

    @Test(arguments: [
        ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel></channel></rss>", SourceFormat.rss),
        ("<rdf:RDF xmlns:rdf=\"x\"><item/></rdf:RDF>", .rss),
        ("<?xml version=\"1.0\"?>\n<!-- c -->\n<feed xmlns=\"http://www.w3.org/2005/Atom\"></feed>", .atom),
        ("<!DOCTYPE html><html><body><p>x</p></body></html>", .html),
        ("  <div><p>fragment</p></div>", .html),
        ("{\"id\":\"1\",\"title\":\"t\",\"text\":\"x\"}\n{\"id\":\"2\"}", .jsonLines),
        ("{\n  \"id\": \"1\",\n  \"title\": \"t\"\n}", .json),
        ("[{\"id\":\"1\"}]", .json),
        (" [\n  \"a\", 1]", .json),
        ("[]", .json),
        // A README that opens with a badge or a link is Markdown or text, not broken JSON.
        ("[![Build status](https://example.com/b.svg)](https://example.com)\n\nGit\n===\n\nA tool.", .markdown),
        ("![logo](logo.png)\n\nSome words.", .markdown),
        ("[Home](index.md) | [Next](next.md)\n\nSome words.", .plainText),
        ("{% include nav.html %}\n\nSome words.", .plainText),
        ("---\ntitle: x\n---\nbody", .markdown),
        ("+++\ntitle = \"x\"\n+++\nbody", .markdown),
        ("Intro\n\n## Section\n\ntext", .markdown),
        ("Just some words.\n\nAnother paragraph.", .plainText),
        ("#no-space is not a heading\n#hashtag", .plainText),
        (longLine + "\nSite\nTitle | Site\n" + longLine + "\nSite", .textDump),
        (longLine + "\n\n" + longLine, .plainText),
    ])
    func detect(text: String, expected: SourceFormat) {
        #expect(FormatDetector.detect(Array(text.utf8)) == expected)
    }

    @Test func atomFixture() throws {
        let r = try ArticleParser.parse(try CorpusWalker.readFile(TestSupport.fixtures + "/atom.xml"), source: "atom.xml")
        #expect(r.format == .atom)
        #expect(r.articles.count == 2)
        let a = r.articles[0]
        #expect(a.title == "Ranges & Slices")
        #expect(a.url == "https://example.com/ranges")
        #expect(a.id == "urn:uuid:1")
        #expect(a.author == "Ann Writer")
        #expect(a.date == "2024-01-02T03:04:05Z")
        #expect(a.feed == "Example Atom")
        #expect(a.line == 4)
        #expect(a.blocks == [Block(.paragraph, "Slices share storage."), Block(.code(language: "swift"), "let s = a[1...]")])
        #expect(r.articles[1].text == "XHTML body text.")
        #expect(r.articles[1].date == "2024-02-03")
    }

    @Test func htmlFixture() throws {
        let r = try ArticleParser.parse(try CorpusWalker.readFile(TestSupport.fixtures + "/page.html"), source: "page.html")
        #expect(r.format == .html)
        let a = try #require(r.articles.first)
        #expect(a.title == "Page – Title")
        #expect(a.author == "Page Author")
        #expect(a.date == "2023-05-06T07:08:09+02:00")
        #expect(a.blocks.first == Block(.heading(level: 1), "Heading One"))
        #expect(a.text.contains("First paragraph with inline() code & an link."))
        #expect(a.text.contains("Name | Value\na | 1"))
        #expect(a.blocks.contains(Block(.listItem, "Item two")))
        #expect(a.blocks.contains(Block(.quote, "Quoted words.")))
        #expect(a.code == [Block(.code(language: "swift"), "let x = 1 < 2\n  print(x)")])
        #expect(a.text.contains("A diagram"))
        #expect(!a.text.contains("not text") && !a.text.contains("Home") && !a.text.contains("Footer"))
        #expect(a.links == [Link(text: "link", url: "https://swift.org")])
    }

    @Test func markdownFixture() throws {
        let r = try ArticleParser.parse(try CorpusWalker.readFile(TestSupport.fixtures + "/post.md"), source: "post.md")
        #expect(r.format == .markdown)
        let a = try #require(r.articles.first)
        #expect(a.title == "Front Matter Title")
        #expect(a.author == "Md Author")
        #expect(a.date == "2022-12-01")
        #expect(a.url == "https://example.com/post")
        #expect(a.blocks == [
            Block(.heading(level: 1), "Markdown Heading"),
            Block(.paragraph, "Some bold and emphasis with code and a link in snake_case text."),
            Block(.listItem, "first item"), Block(.listItem, "second item"),
            Block(.code(language: "swift"), "let answer = 42"),
            Block(.quote, "A quote."),
        ])
        #expect(a.links == [Link(text: "link", url: "https://example.com/a")])
    }

    @Test(arguments: [
        ("Fri, 16 May 2025 14:30:00 +0000", "2025-05-16T14:30:00+00:00"),
        ("Sat, 05 Apr 2025 22:57:05 +0200", "2025-04-05T22:57:05+02:00"),
        ("5 Apr 2025 22:57 GMT", "2025-04-05T22:57:00+00:00"),
        ("Tue, 10 Jun 03 09:41:01 PDT", "2003-06-10T09:41:01-07:00"),
        ("2024-01-02T03:04:05.123Z", "2024-01-02T03:04:05Z"),
        ("2024-01-02 03:04:05+0100", "2024-01-02T03:04:05+01:00"),
        ("2024-01-02", "2024-01-02"),
        // Month first, as pages and front matter write it.
        ("June 5, 2019", "2019-06-05"), ("Wednesday, June 5, 2019 10:30", "2019-06-05T10:30:00Z"),
        // 29 February in a leap year; a time that is not one leaves the date.
        ("2024-02-29", "2024-02-29"), ("2024-01-02T25:61:00Z", "2024-01-02"),
    ])
    func dates(raw: String, iso: String) { #expect(DateText.iso8601(raw) == iso) }

    /// Not calendar dates: no month 13, no 31 April, no 29 February in 2019, no day 0.
    @Test(arguments: ["yesterday", "", "32 Foo 2020", "2016-13-01", "2016-04-31", "2019-02-29", "2020-00-10", "2020-01-00",
                      "Thu, 30 Feb 2020 10:00:00 GMT", "2016-01-299"])
    func badDates(raw: String) { #expect(DateText.iso8601(raw) == nil) }
}
