import Testing
@testable import Corpus

/// Issue 10: Markdown from blogs and proposals nobody here wrote — YAML front matter, metadata lists,
/// Windows line endings, redirect stubs.
@Suite struct MarkdownMetadataTests {
    func article(_ text: String, source: String = "post.md") throws -> Article {
        let parsed = try ArticleParser.parse(Array(text.utf8), source: source)
        #expect(parsed.format == .markdown)
        return try #require(parsed.articles.first)
    }

    @Test func jekyllPost() throws {
        let a = try article("---\nlayout: post\ndate: 2016-1-29\ntitle: \"It's: a title\"\nauthor: [ann_lee, bo]\ncategory: \"Language\"\n---\n\nBody text here.\n")
        #expect(a.title == "It's: a title")
        #expect(a.date == "2016-01-29")
        #expect(a.author == "ann_lee, bo")
        #expect(a.blocks == [Block(.paragraph, "Body text here.")])
        #expect(a.line == 1)
    }

    @Test func hugoPostWithBlockListsAndSummary() throws {
        let a = try article("""
            ---
            title: Über Listen
            date: 2021-03-04T05:06:07+01:00
            by:
              - Alice Smith
              - "Bob Jones"
            tags: [swift, yaml]
            summary: A short summary.
            ---
            # Heading

            Text.
            """)
        #expect(a.title == "Über Listen")
        #expect(a.date == "2021-03-04T05:06:07+01:00")
        #expect(a.author == "Alice Smith, Bob Jones")
        #expect(a.blocks.first == Block(.paragraph, "A short summary."))
    }

    @Test func authorsAsMappings() throws {
        let a = try article("---\ntitle: T\nauthors:\n  - name: Ann\n    url: https://a.example\n  - {name: Bo, twitter: bo}\ndate: 2015-12-03 12:01:01\n---\nText.\n")
        #expect(a.author == "Ann, Bo")
        #expect(a.date == "2015-12-03T12:01:01")
    }

    @Test(arguments: [
        ("---\nredirect: /blog/other\n---\n", "no body text (a redirect to /blog/other)"),
        ("---\nredirect_to: https://example.com/x\nlayout: redirect\n---\n\n\n", "no body text (a redirect to https://example.com/x)"),
        ("---\ntitle: Draft\ndraft: true\n---\n", "no body text"),
    ])
    func stubsAreSkippedWithAReason(text: String, reason: String) {
        #expect(throws: CorpusError.unparseable(reason)) { try ArticleParser.parse(Array(text.utf8), source: "stub.md") }
    }

    @Test func titleFromHeadingThenFileName() throws {
        #expect(try article("---\nauthor: x\n---\nIntro.\n\n## Second level\n\nText.\n").title == "Second level")
        #expect(try article("---\nauthor: x\n---\nJust text.\n", source: "dir/my-first_post.md").title == "my first post")
    }

    @Test func windowsLineEndings() throws {
        let a = try article("---\r\ntitle: CRLF\r\nauthor: Ann\r\n---\r\n# Top\r\n\r\nFirst para\r\nsame para.\r\n\r\n## Next\r\n\r\n```swift\r\nlet x = 1\r\nlet y = 2\r\n```\r\n")
        #expect(a.title == "CRLF" && a.author == "Ann")
        #expect(a.blocks == [Block(.heading(level: 1), "Top"), Block(.paragraph, "First para same para."),
                             Block(.heading(level: 2), "Next"), Block(.code(language: "swift"), "let x = 1\nlet y = 2")])
    }

    @Test func metadataListAtTheTop() throws {
        let a = try article("""
            # Async things

            * Proposal: [SE-9999](9999-async.md)
            * Authors: [Ann Lee](https://github.com/ann), [Bo Kim](https://github.com/bo) and Cy
            * Status: **Implemented (Swift 5.5)**
            * Date: 2021-6-7

            ## Introduction

            Text.
            """)
        #expect(a.title == "Async things")
        #expect(a.author == "Ann Lee, Bo Kim, Cy")
        #expect(a.date == "2021-06-07")
        #expect(a.blocks.contains(Block(.listItem, "Status: Implemented (Swift 5.5)")))
        // A list further down is body text, not metadata.
        let b = try article("# T\n\nSome text.\n\n* Author: not metadata\n")
        #expect(b.author == nil)
    }

    /// A block indented by a tab or four spaces is code, with its line breaks and inner indentation; an indented
    /// line that continues a paragraph, and a list item's own indented paragraph, are not.
    @Test func indentedCodeBlocks() throws {
        let a = try article("---\ntitle: Cover\n---\n\nThis display is invoked by the flag:\n\n\t$ go tool cover -html=c.out\n\n\tfunc f() {\n\t\treturn\n\t}\n\nA paragraph\n    that goes on.\n\n- An item\n\n    Its second paragraph.\n\n        four deep\n")
        #expect(a.blocks == [
            Block(.paragraph, "This display is invoked by the flag:"),
            Block(.code(language: nil), "$ go tool cover -html=c.out\n\nfunc f() {\n\treturn\n}"),
            Block(.paragraph, "A paragraph that goes on."),
            Block(.listItem, "An item"),
            Block(.paragraph, "Its second paragraph."),
            Block(.code(language: nil), "    four deep"),
        ])
    }

    /// A site generator's template tags are no text: Liquid tags and comment blocks (Jekyll), outputs and Go
    /// template calls, Hugo shortcodes; in code spans and fenced code they stay as written.
    @Test func templateTagsAreNoText() throws {
        let a = try article("""
            ---
            title: Release
            ---

            {% comment %}
            This table has spaces to keep the site's CSS happy.
            {% endcomment %}
            The release ships {{ site.count }} packages. {% comment %}hidden{% endcomment %}Really.

            {% for r in repositories %}{% assign url = "https://example.org/" | append: r.name %}

            Write it as {{raw "`1<<2`"}} or use `{{ page.title }}` in a layout.

            {{< figure src="a.png" >}}

            ```
            {% raw %}{{ kept }}{% endraw %}
            ```
            """)
        #expect(a.blocks == [
            Block(.paragraph, "The release ships packages. Really."),
            Block(.paragraph, "Write it as 1<<2 or use {{ page.title }} in a layout."),
            Block(.code(language: nil), "{% raw %}{{ kept }}{% endraw %}"),
        ])
    }

    /// A Go template function that outputs its argument shows it; any other call, or one of two arguments, shows nothing.
    @Test(arguments: [
        ("The shift {{raw \"`x<<2`\"}} doubles it twice.", "The shift x<<2 doubles it twice."),
        ("Say {{raw \"a \\\"quoted\\\" word\"}} here.", "Say a \"quoted\" word here."),
        ("Then {{ safeHTML `<em>` }} ends.", "Then <em> ends."),
        ("Trimmed {{- raw \"x\" -}} too.", "Trimmed x too."),
        ("Listing {{code \"hello.go\"}} runs.", "Listing runs."),
        ("Both {{print \"a\" \"b\"}} go.", "Both go."),
        ("A broken {{raw \"x}} call.", "A broken call."),
    ])
    func goTemplateOutput(markdown: String, text: String) throws {
        let a = try article("---\ntitle: T\n---\n\n" + markdown)
        #expect(a.blocks == [Block(.paragraph, text)])
    }

    /// A macro call shows the text it renders: its argument, or the second one when it names the link text.
    @Test(arguments: [
        ("If a response has the {{HTTPHeader(\"Accept-Ranges\")}} header, ranges work.", "If a response has the Accept-Ranges header, ranges work."),
        ("Through {{Glossary(\"Proxy server\", \"proxies\")}} and caches.", "Through proxies and caches."),
        ("It answers {{HTTPStatus(\"416\", \"416 Range Not Satisfiable\")}}.", "It answers 416 Range Not Satisfiable."),
        ("See {{RFC(\"9110\", \"\", 5)}} and {{ htmlelement('img') }}.", "See RFC 9110 and img."),
        ("See {{rfc(7617)}}, base64-encoded.", "See RFC 7617, base64-encoded."),
        ("Defined in {{RFC(9110, \"HTTP Semantics\", \"15.5\")}}.", "Defined in RFC 9110."),
        ("Sidebar {{HTTPSidebar}} and {{ page.title }} and {{call(x)}} go.", "Sidebar and and go."),
    ])
    func macroCallsShowTheirText(markdown: String, text: String) throws {
        #expect(try article("---\ntitle: T\n---\n\n" + markdown + "\n").blocks == [Block(.paragraph, text)])
    }

    @Test func githubAlertsReadAsLabels() throws {
        let a = try article("---\ntitle: T\n---\n\n> [!NOTE]\n> Cookies expire.\n\n> [!warning] Mind the gap.\n\n> [!FOO] stays\n")
        #expect(a.blocks == [Block(.quote, "Note: Cookies expire."), Block(.quote, "Warning: Mind the gap."), Block(.quote, "[!FOO] stays")])
    }

    @Test func definitionItemsLoseTheirColon() throws {
        let a = try article("---\ntitle: T\n---\n\n- `video/mp4`\n  - : Video files, such as MP4 movies.\n")
        #expect(a.blocks == [Block(.listItem, "video/mp4"), Block(.listItem, "Video files, such as MP4 movies.")])
    }

    /// Markdown's own image syntax drops a placeholder alt the same way.
    @Test func placeholderImageAltIsNoText() throws {
        let a = try article("---\ntitle: Quotes\n---\n\n![avatar](https://example.org/a.png) I fumbled it. ![a bar chart](c.png) shows why.\n")
        #expect(a.blocks == [Block(.paragraph, "I fumbled it. a bar chart shows why.")])
    }

    @Test func rawHTMLIsReadAsABrowserShowsIt() throws {
        let a = try article("""
            ---
            title: Figures
            ---

            Text with <em>markup</em>, `Array<Int>` in code, a<br>break and <img src="c.png" alt="a chart"> inline.

            <div style="margin: 2em">
              <img src="/logo.png" alt="Logo">
              <p>Under the figure.</p>
            </div>

            <!-- a comment
            over two lines -->
            After the comment.

            <table><tr><td>left</td><td>right</td></tr></table>

            <script>
            var hidden = 1;

            hidden = 2;
            </script>

            Prose keeps Set<String>, 1 < 2 and <https://example.org>.
            """)
        #expect(a.blocks == [
            Block(.paragraph, "Text with markup, Array<Int> in code, a break and a chart inline."),
            Block(.paragraph, "Under the figure."),   // "Logo" names the image's role, not what it shows
            Block(.paragraph, "After the comment."),
            Block(.paragraph, "left | right"),
            Block(.paragraph, "Prose keeps Set<String>, 1 < 2 and <https://example.org>."),
        ])
    }

    @Test func malformedYAMLFallsBackWithAWarning() throws {
        let parsed = try ArticleParser.parse(Array("---\ntitle: [unclosed\nauthor: Ann\n---\nText.\n".utf8), source: "bad.md")
        #expect(parsed.articles.first?.author == "Ann")
        #expect(parsed.warnings.count == 1 && parsed.warnings[0].hasPrefix("front matter is not valid YAML ("))
    }

    @Test func frontMatterValues() {
        let m = try? FrontMatter.parse("a: 1\nlist: [x, y]\nnested: {k: v}\nanchor: &A z\nalias: *A\nb: two").get()
        #expect(m?.values == ["a": ["1"], "list": ["x", "y"], "anchor": ["z"], "b": ["two"]])
        #expect(throws: FrontMatterError.self) { try FrontMatter.parse("- just\n- a list").get() }
        #expect(throws: FrontMatterError.self) { try FrontMatter.parse(String(repeating: "[", count: 70_000)).get() }
    }

    @Test(arguments: [("_posts/2015-04-10-fearless-concurrency.md", "2015-04-10"), ("2016-1-29-x.md", nil), ("2015-13-40-bad.md", nil),
                      ("notes-2015-04-10.md", nil), ("2015-04-10.md", nil)] as [(String, String?)])
    func jekyllFileNameDates(source: String, date: String?) throws {
        #expect(try article("---\ntitle: T\n---\nBody.\n", source: source).date == date)
        #expect(try article("---\ntitle: T\ndate: 2020-02-02\n---\nBody.\n", source: source).date == "2020-02-02")
    }

    @Test func zolaAndHugoTOMLFrontMatter() throws {
        let a = try article("""
            +++
            title = "Announcing \\"Widgets\\" 1.0" # a comment
            authors = [
              "Ann Lee",   # one per line
              'Bo Chen',
            ]
            date = 2024-07-25
            aliases = ["releases/1.0"]

            [taxonomies]
            tags = ["release", "widgets"]

            [extra]
            title = "not the title"
            +++

            Body text here.
            """)
        #expect(a.title == "Announcing \"Widgets\" 1.0")
        #expect(a.author == "Ann Lee, Bo Chen")
        #expect(a.date == "2024-07-25")
        #expect(a.tags == ["release", "widgets"])
        #expect(a.blocks == [Block(.paragraph, "Body text here.")])
    }

    @Test(arguments: [
        ("title = 'lit\\eral'", ["title": ["lit\\eral"]]),
        ("t = \"\"\"\nmulti\nline\"\"\"", ["t": ["multi line"]]),
        ("t = \"caf\\u00e9\"", ["t": ["café"]]),
        ("site.title = \"dotted\"", ["title": ["dotted"]]),
        ("authors = [{ name = \"Ann\", email = \"a@x\" }, { name = \"Bo\" }]", ["authors": ["Ann", "Bo"]]),
        ("draft = true\nweight = 10", ["draft": ["true"], "weight": ["10"]]),
        ("[params]\nauthor = \"Ann\"\n[[more]]\nauthor = \"Bo\"", ["author": ["Ann"]]),
    ])
    func tomlValues(text: String, values: [String: [String]]) throws {
        #expect(try TOMLFrontMatter.parse(text).get().values == values)
    }

    @Test(arguments: ["title = \"unclosed", "title \"no equals\"", "tags = [\"a\" \"b\"]", "t = { name = \"A\"", "x = ",
                      String(repeating: "a = [", count: 40), String(repeating: "x", count: 70_000)])
    func malformedTOMLIsRefused(text: String) {
        #expect(throws: FrontMatterError.self) { try TOMLFrontMatter.parse(text).get() }
    }

    @Test func malformedTOMLFallsBackWithAWarning() throws {
        let parsed = try ArticleParser.parse(Array("+++\ntitle = \"unclosed\nauthor = \"Ann\"\n+++\nText.\n".utf8), source: "bad.md")
        #expect(parsed.articles.first?.author == "Ann")
        #expect(parsed.warnings.count == 1 && parsed.warnings[0].hasPrefix("front matter is not valid TOML ("))
    }

    /// A front matter date that is not one is none, with a warning; a Jekyll file name's date stands in for it.
    @Test func unreadableFrontMatterDateIsNone() throws {
        let text = Array("---\ntitle: Post\ndate: 2016-13-45\n---\nBody text.\n".utf8)
        let plain = try ArticleParser.parse(text, source: "post.md")
        #expect(plain.articles.first?.date == nil)
        #expect(plain.warnings == ["front matter date \"2016-13-45\" is not a date (write it as 2024-05-31); the article has none"])
        let jekyll = try ArticleParser.parse(text, source: "_posts/2016-02-03-post.md")
        #expect(jekyll.articles.first?.date == "2016-02-03")
        #expect(jekyll.warnings.first?.hasSuffix("it takes the one its file name opens with") == true)
        #expect(MarkdownParser.fileNameDate("_posts/2019-02-29-post.md") == nil)
    }

    @Test(arguments: [("2016-1-29", "2016-01-29"), ("2016-01-9 8:05", "2016-01-09"), ("2016-11-29 08:05:01 -0800", "2016-11-29T08:05:01-08:00"),
                      ("2016-123-4", "2016-123-4")])
    func unpaddedDates(raw: String, iso: String) {
        #expect((DateText.iso8601(raw) ?? raw) == iso)
    }
}
