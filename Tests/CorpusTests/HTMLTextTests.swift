import Testing
@testable import Corpus

/// HTML fragments → blocks and links.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("<p>It&#8217;s &amp; ok&hellip;</p>", [Block(.paragraph, "It’s & ok…")]),
        // A break mid-sentence is a line's end; after a stop, or before a capital, a block's.
        ("<p>a<br>b</p>", [Block(.paragraph, "a b")]),
        ("<p>It ends.<br>then more</p>", [Block(.paragraph, "It ends."), Block(.paragraph, "then more")]),
        ("<p>Name<br>Street</p>", [Block(.paragraph, "Name"), Block(.paragraph, "Street")]),
        ("<h3>Title</h3><p>Body  \n  text</p>", [Block(.heading(level: 3), "Title"), Block(.paragraph, "Body text")]),
        ("<ul><li><p>Nested</p></li></ul>", [Block(.listItem, "Nested")]),
        ("<script>alert(1)</script><style>x{}</style><svg><title>t</title><g>g</g></svg><p>kept</p>", [Block(.paragraph, "kept")]),
        ("<div class=\"language-swift\"><pre class=\"highlight\"><code><span>let</span> a = 1\n\nprint(a)</code></pre></div>",
         [Block(.code(language: "swift"), "let a = 1\n\nprint(a)")]),
        ("<pre class=\"highlight shell\"><code>ls -la</code></pre>", [Block(.code(language: "shell"), "ls -la")]),
        ("<pre lang=\"x\" class=\"lang-rust\">fn main() {}</pre>", [Block(.code(language: "rust"), "fn main() {}")]),
        ("<p>Use <code>map(_:)</code> here</p>", [Block(.paragraph, "Use map(_:) here")]),
        ("<p>unknown &bogus; stays &amp;amp;</p>", [Block(.paragraph, "unknown &bogus; stays &amp;")]),
        ("<p>a < b and c > d</p>", [Block(.paragraph, "a < b and c > d")]),
        // Code that lost its `&lt;`: a name with a dot is no element, so `<` is text and the `</pre>` still closes.
        ("<pre>for i in 0..<names.count { print(i) }</pre><p>After.</p>",
         [Block(.code(language: nil), "for i in 0..<names.count { print(i) }"), Block(.paragraph, "After.")]),
        // Nor is a name no markup language has, or a capitalised type: generics stay whole.
        ("<pre>for _ in 0..<maxCount { try Task<Never, Never>.checkCancellation() }</pre><p>Next.</p>",
         [Block(.code(language: nil), "for _ in 0..<maxCount { try Task<Never, Never>.checkCancellation() }"), Block(.paragraph, "Next.")]),
        ("<p>An Array<String> or a Result<T, E> holds values.</p>", [Block(.paragraph, "An Array<String> or a Result<T, E> holds values.")]),
        ("<pre>let x: Optional<Data> = nil</pre>", [Block(.code(language: nil), "let x: Optional<Data> = nil")]),
        // Elements written in capitals, custom and namespaced ones, and a tag cut short stay markup.
        ("<P>Some <B>bold</B>, <my-widget>custom</my-widget> and <o:p>Office</o:p> text.</P>",
         [Block(.paragraph, "Some bold, custom and Office text.")]),
        ("<p>Cut short<span…</p>", [Block(.paragraph, "Cut short")]),
        ("<p>&#0;&#x110000;&#150;</p>", [Block(.paragraph, "\u{FFFD}\u{FFFD}–")]),
        ("<span aria-hidden=\"true\"><pre>dup</pre></span><p>x</p>", [Block(.paragraph, "x")]),
        ("<!-- comment <p>no</p> --><p>yes</p>", [Block(.paragraph, "yes")]),
        // `</head>` left out, as HTML allows: the body still counts.
        ("<html><head><title>T</title><meta charset=\"utf-8\"><style>p{}</style><body><p>Body text.</p></body></html>", [Block(.paragraph, "Body text.")]),
        ("<head><title>T</title><h1>Heading</h1><p>Text.</p>", [Block(.heading(level: 1), "Heading"), Block(.paragraph, "Text.")]),
        // Tool links at a heading's end are not its words.
        ("<h2>Stream<a href=\"https://example.com/lib/stream.js\">[src]</a></h2><h2>History <span>[<a href=\"/edit\">edit</a>]</span></h2><h3>Arrays [1]</h3>",
         [Block(.heading(level: 2), "Stream"), Block(.heading(level: 2), "History"), Block(.heading(level: 3), "Arrays [1]")]),
        // Two listings in one `<pre>` (a module and a CommonJS variant) stay on lines of their own.
        ("<pre><code class=\"language-js mjs\">import a from 'a';</code><code class=\"language-js cjs\">const a = require('a');</code></pre>",
         [Block(.code(language: "js"), "import a from 'a';\nconst a = require('a');")]),
        // Navigation bars marked by class or summary (DocBook's "Prev | Up | Next", breadcrumbs) are not text.
        ("<div class=\"NAVHEADER\"><table><tr><td><a href=\"a.html\">Prev</a></td></tr></table></div><p>Body.</p>"
            + "<table class=\"nav\" summary=\"Navigation footer\"><tr><td>Next</td></tr></table>"
            + "<table summary=\"Navigation header\"><tr><td>Up</td></tr></table><ol class=\"breadcrumb\"><li>Home</li></ol>"
            + "<p class=\"navigator-note\">Kept.</p>",
         [Block(.paragraph, "Body."), Block(.paragraph, "Kept.")]),
        // Publican's "Prev | Up | Home | Next" list (the Debian handbook), and a blog's pager.
        ("<ul class=\"docnav top\"><li class=\"previous\"><a href=\"a.html\"><strong>Prev</strong>9.8. Anacron</a></li>"
            + "<li class=\"home\">The Handbook</li></ul><p>Quotas limit disk use.</p><nav class=\"pagination\"><a href=\"2\">Older posts</a></nav>"
            + "<div class=\"pager\"><a href=\"3\">Next page</a></div>",
         [Block(.paragraph, "Quotas limit disk use.")]),
        // A list of links into the page (a FAQ's questions, a table of contents) is navigation; a list of links
        // elsewhere, or of text with a link in it, is text.
        ("<dl><dt>4. <a href=\"faq.html#unexpected\">Valgrind behaves unexpectedly</a></dt><dd>4.1. <a href=\"#reports\">My program "
            + "reports leaks.</a></dd></dl><ul><li>1. <a href=\"#bg\">Background</a></li><li><a href=\"#a\">Install</a></li><li>See <a href=\"#b\">b</a> for the whole story.</li>"
            + "<li><a href=\"https://example.org/x#y\">Elsewhere</a></li></ul>",
         [Block(.listItem, "See b for the whole story."), Block(.listItem, "Elsewhere")]),
        // A site's logo, slogan and menus over every page, marked by their class.
        ("<div class=nosearch><a href=\"index.html\"><img class=\"logo\" src=\"b.gif\" alt=\"SQLite\"></a><div class=\"tagline desktoponly\">"
            + "Small. Fast.<br>Choose.</div><div class=\"menu mainmenu\"><ul><li><a href=\"index.html\">Home</a><li><a href=\"about.html\">About</a></ul></div></div>"
            + "<div class=\"menu submenu\"><ul><li><a href=\"d.html\">Download</a></ul></div><p>A table row has a rowid.</p>",
         [Block(.paragraph, "A table row has a rowid.")]),
        // A page's footer, by element, id or class, is chrome; a quotation's footer gives its source and stays.
        ("<p>Rebase replays commits.</p><div id=\"footer\"><div id=\"footer-text\">Last updated 2024-05-31 00:35:55 UTC</div></div>"
            + "<div class=\"footer\">Last updated on Oct 07, 2026.</div><footer><p>Copyright 2024 Example</p></footer>",
         [Block(.paragraph, "Rebase replays commits.")]),
        ("<blockquote><p>Keep it simple.</p><footer>Ada</footer></blockquote><div class=\"footer-note\">A note stays.</div>",
         [Block(.quote, "Keep it simple."), Block(.quote, "Ada"), Block(.paragraph, "A note stays.")]),
        // A note's title leads its text (Sphinx, Python-Markdown), or its listing; a long title stays a paragraph.
        ("<dl><dt>has_header(sample)</dt><dd><p>Guess.</p><div class=\"admonition note\"><p class=\"admonition-title\">Note</p>"
            + "<p>This is a rough heuristic.</p></div></dd></dl><div class=\"admonition warning\"><p class=\"admonition-title\">Warning</p>"
            + "<pre>rm -rf /</pre></div><div class=\"admonition\"><p class=\"admonition-title\">Why the cache is kept per thread here</p><p>Speed.</p></div>",
         [Block(.listItem, "has_header(sample): Guess."), Block(.listItem, "Note: This is a rough heuristic."), Block(.paragraph, "Warning:"),
          Block(.code(language: nil), "rm -rf /"), Block(.paragraph, "Why the cache is kept per thread here"), Block(.paragraph, "Speed.")]),
        // A cell's paragraphs and line breaks are text of its row (Sphinx's `<td><p>…</p></td>`).
        ("<table><thead><tr><th><p>SQLite threading\nmode</p></th><th><p>level</p></th></tr></thead><tbody><tr><td><p>serialized</p>"
            + "<p>(default)</p></td><td>3<br>three</td></tr><tr><td><p>single</td><td><p>0</p></td></tr></tbody></table><p>After.</p>",
         [Block(.paragraph, "SQLite threading mode | level"), Block(.paragraph, "serialized (default) | 3 three"),
          Block(.paragraph, "single | 0"), Block(.paragraph, "After.")]),
        // A table without headers lays the page out: its paragraphs stay blocks, with no cell mark between them.
        ("<table summary=\"Q and A Div\"><tr><td><p><b>5.3.</b></p></td><td><p>What is lost?</p></td></tr><tr><td></td><td><p>Memory.</p>"
            + "<p>More.</p></td></tr></table>",
         [Block(.paragraph, "5.3."), Block(.paragraph, "What is lost?"), Block(.paragraph, "Memory."), Block(.paragraph, "More.")]),
        // Inline, a menu is the program's own, named in the text (Asciidoctor's menu macro).
        ("<p>Choose <span class=\"menuseq\"><b class=\"menu\">File</b> › <b class=\"menuitem\">Save</b></span> to keep it.</p>",
         [Block(.paragraph, "Choose File › Save to keep it.")]),
        // A definition list's term reads with the first text of its definition; later paragraphs stay items.
        ("<dl><dt>--nonet</dt>\n<dd>Do not use the network.</dd><dt>--noout</dt><dd><p>Print nothing.</p><p>Useful in scripts.</p></dd></dl>",
         [Block(.listItem, "--nonet: Do not use the network."), Block(.listItem, "--noout: Print nothing."), Block(.listItem, "Useful in scripts.")]),
        ("<dl><dt>Function: <b>int</b> f (int x)</dt><dd><p>Frees x.</p></dd><dt>Is it free?</dt><dd>Yes.</dd><dt>a</dt><dt>b</dt><dd>c</dd></dl>",
         [Block(.listItem, "Function: int f (int x) — Frees x."), Block(.listItem, "Is it free? Yes."), Block(.listItem, "a"), Block(.listItem, "b: c")]),
        // A term over a listing introduces it, as a colon would (a manual's EXAMPLES); one that ends as a sentence
        // does, or a listing that is not the term's definition, leaves the term as it is.
        ("<dl><dt>Term</dt><dd><pre>code</pre><p>After code.</p></dd></dl>",
         [Block(.listItem, "Term:"), Block(.code(language: nil), "code"), Block(.listItem, "After code.")]),
        ("<dl><dt class=\"hdlist1\">\nUndo a commit, making it a topic branch\n</dt>\n<dd>\n<div class=\"listingblock\"><div class=\"content\">"
            + "<pre><code>$ git branch topic/wip\n$ git reset --hard HEAD~3</code></pre></div></div></dd>"
            + "<dt>Is it safe?</dt><dd><pre>yes</pre></dd><dt>Usage (short)</dt><dd><pre>u</pre></dd><dt>Said:</dt><dd><pre>s</pre></dd></dl>"
            + "<dl><dt>Alone</dt></dl><pre>other</pre>",
         [Block(.listItem, "Undo a commit, making it a topic branch:"), Block(.code(language: nil), "$ git branch topic/wip\n$ git reset --hard HEAD~3"),
          Block(.listItem, "Is it safe?"), Block(.code(language: nil), "yes"), Block(.listItem, "Usage (short):"), Block(.code(language: nil), "u"),
          Block(.listItem, "Said:"), Block(.code(language: nil), "s"), Block(.listItem, "Alone"), Block(.code(language: nil), "other")]),
        // A file's name set as code over a listing is its caption, no listing; a one-line snippet over a listing stays.
        ("<p>The basic implementation:</p><p><code>MySingletonObject.swift file</code><br></p><pre><code>class A {}</code></pre>"
            + "<p><code>Package.swift</code></p><pre>let p = 1</pre><p><code>let q = 2</code></p><pre>let r = 3</pre>"
            + "<p><code>notes.txt</code></p><p>Then prose.</p>",
         [Block(.paragraph, "The basic implementation:"), Block(.code(language: nil), "class A {}"), Block(.code(language: nil), "let p = 1"),
          Block(.code(language: nil), "let q = 2"), Block(.code(language: nil), "let r = 3"), Block(.code(language: nil), "notes.txt"),
          Block(.paragraph, "Then prose.")]),
        // A paragraph that is one `<code>` element is a listing (a blog's one-line snippet); code among words is not.
        ("<p>Use this:</p><p>\n <code class=\"language-swift\">let q = DispatchQueue(label: \"q\", qos: .background)</code> </p>"
            + "<p><code>a</code> and <code>b</code></p><p><code>x</code>, then y.</p><li><code>--flag</code></li>",
         [Block(.paragraph, "Use this:"), Block(.code(language: "swift"), "let q = DispatchQueue(label: \"q\", qos: .background)"),
          Block(.paragraph, "a and b"), Block(.paragraph, "x, then y."), Block(.listItem, "--flag")]),
        // Footnotes are paragraphs, not more items of the list above them, and lose their link back ("↩").
        ("<ul><li>Interior mutability is required.</li></ul><hr><ol class=\"footnote-definition\"><li id=\"fn-a\"><p>Only within"
            + " <code>extern</code> blocks. <a href=\"#fr-a-1\">↩</a></p></li></ol>",
         [Block(.listItem, "Interior mutability is required."), Block(.paragraph, "Only within extern blocks.")]),
        ("<section class=\"footnotes footnotes-end-of-document\" role=\"doc-endnotes\"><hr /><ol><li id=\"fn1\"><p>A note."
            + "<a href=\"#fnref1\" class=\"footnote-back\" role=\"doc-backlink\">↩︎</a></p></li></ol></section><ul><li>Then a list.</li></ul>",
         [Block(.paragraph, "A note."), Block(.listItem, "Then a list.")]),
        ("<div class=\"footnote\"><ol><li id=\"fn:1\"><p>Second note.&#160;<a class=\"footnote-backref\" href=\"#fnref:1\">&#8617;</a></p></li>"
            + "</ol></div><ol><li>Steps stay items.</li></ol><p>See <a href=\"#top\">↑</a></p>",
         [Block(.paragraph, "Second note."), Block(.listItem, "Steps stay items."), Block(.paragraph, "See")]),
    ] as [(String, [Block])])
    func blocks(html: String, expected: [Block]) {
        #expect(HTMLText.blocks(fromHTML: html).blocks == expected)
    }

    @Test func links() {
        let r = HTMLText.blocks(fromHTML: "<p><a href=\"#top\">top</a> <a href=\"https://a.b/c?x=1&amp;y=2\">A <b>link</b></a> <a href=\"\">e</a> <a href=\"javascript:x()\">j</a></p>")
        #expect(r.links == [Link(text: "A link", url: "https://a.b/c?x=1&y=2")])
    }

    @Test func imagesAndTables() {
        let r = HTMLText.blocks(fromHTML: "<p><img src=x alt=\"Flow diagram\"></p><table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>")
        #expect(r.blocks == [Block(.paragraph, "Flow diagram"), Block(.paragraph, "1 | 2"), Block(.paragraph, "3")])
    }

    /// Alt text that names the image's role ("avatar", "logo", a file name) is no word of the text around it;
    /// alt text that says what the image shows stays.
    @Test func placeholderAltIsNoText() {
        let quote = HTMLText.blocks(fromHTML: "<aside><img src=\"a.png\" class=\"pquote-avatar\" alt=\"avatar\"> I fumbled it.</aside>")
        #expect(quote.blocks == [Block(.paragraph, "I fumbled it.")])
        let shown = HTMLText.blocks(fromHTML: "<p>See <img src=\"c.png\" alt=\"a chart of build times\"> here.</p>")
        #expect(shown.blocks == [Block(.paragraph, "See a chart of build times here.")])
        for alt in ["avatar", "Logo", " image ", "IMG_2041.JPG", "screenshot"] { #expect(HTMLText.isPlaceholderAlt(alt), "\(alt)") }
        for alt in ["Build status", "a chart", "Swift logo on a bird"] { #expect(!HTMLText.isPlaceholderAlt(alt), "\(alt)") }
    }
}

/// A page's `<title>` loses the site's name only when the page's own heading or `og:site_name` shows which
/// side it is; a dash that belongs to the title stays.
@Suite struct HTMLPageTitleTests {
    @Test(arguments: [
        ("<title>Closures - A Field Guide</title><h1>A Field Guide</h1><main><h2>Closures</h2><p>Text here.</p></main>",
         "Closures"),
        ("<title>Gardening Notes | Watering Ferns</title><main><h1>Watering Ferns</h1><p>Text.</p></main>", "Watering Ferns"),
        ("<meta property=\"og:site_name\" content=\"Tide Log\"><title>Spring tides — Tide Log</title><p>Text.</p>",
         "Spring tides"),
        ("<title>Pre-war - post-war housing</title><main><h1>Housing</h1><p>Text.</p></main>", "Pre-war - post-war housing"),
        ("<title>A - B - C</title><main><h2>A - B</h2><p>Text.</p></main>", "A - B"),
        ("<title>Only a title</title><p>Text.</p>", "Only a title"),
        // A site banner heading above the page's own: the later heading is the page's.
        ("<title>Fern care | Garden Handbook</title><body><h1>Garden Handbook</h1><h2>Fern care</h2><p>Text.</p>", "Fern care"),
        ("<title>Garden Handbook | Fern care</title><body><h1>Garden Handbook</h1><h2>Fern care</h2><p>Text.</p>", "Fern care"),
        ("<title>Rc&lt;T&gt;, the Reference Counted Pointer - Book</title><main><h2><code>Rc&lt;T&gt;</code>, the Reference-Counted Pointer</h2><p>T.</p></main>",
         "Rc<T>, the Reference Counted Pointer"),
        // A book's banner (mdBook's menu title) names the book over every page, whatever the page's own heading says.
        ("<title>tide table - The Tide Book</title><body><h1 class=\"menu-title\">The Tide Book</h1><main><h1>tide-table(1)</h1><p>T.</p></main>",
         "tide table"),
        ("<title>FAQ | Tide Site</title><body><h1 class=\"site-title\">Tide Site</h1><main><h1>Frequently Asked Questions</h1><p>T.</p></main>",
         "FAQ"),
        // Only the end says the site: a banner at the front, or a plain heading above the text, leaves the title whole.
        ("<title>Tide Site - Spring tides</title><body><h1 class=\"logo\">Tide Site</h1><main><h2>Moon</h2><p>T.</p></main>",
         "Tide Site - Spring tides"),
        ("<title>Spring tides - Tide Site</title><body><header><h1>Tide Site</h1></header><main><h2>Moon</h2><p>T.</p></main>",
         "Spring tides - Tide Site"),
        // A banner alone is no page title.
        ("<body><h1 class=\"menu-title\">The Tide Book</h1><main><h2>Neap tides</h2><p>T.</p></main>", "Neap tides"),
    ] as [(String, String)])
    func title(html: String, expected: String) throws {
        let file = try ArticleParser.parse(Array(("<!doctype html><html><head>" + html + "</html>").utf8), source: "p.html")
        #expect(file.articles.first?.title == expected)
    }
}

/// A page that only sends its reader on (a refresh to another address and a line saying so) is no article; a page
/// that refreshes and has text of its own, or only reloads itself, is one.
@Suite struct HTMLRedirectTests {
    static func page(_ head: String, _ body: String) -> [UInt8] {
        Array("<!doctype html><html><head>\(head)</head><body>\(body)</body></html>".utf8)
    }

    @Test func aRedirectStubIsSkipped() {
        let stub = Self.page("<title>Redirecting...</title><meta http-equiv=\"refresh\" content=\"0; URL=./moved.html\">",
                             "<p>Redirecting to... <a href=\"./moved.html\">./moved.html</a>.</p><script>go()</script>")
        #expect(throws: CorpusError.unparseable("no body text (a redirect to ./moved.html)")) {
            try ArticleParser.parse(stub, source: "old.html")
        }
    }

    @Test(arguments: [
        ("<meta http-equiv=\"Refresh\" content=\"300\">", "<p>Scores refresh every five minutes.</p>"),
        ("<meta http-equiv=\"refresh\" content=\"10; url='next.html'\">",
         "<p>Tides rise and fall twice a day as the moon pulls the sea. Spring tides come at new and full moon, neap tides between them, and a tide table gives the times for each harbour along the coast.</p>"),
    ] as [(String, String)])
    func aPageThatRefreshesWithTextIsKept(head: String, body: String) throws {
        let file = try ArticleParser.parse(Self.page("<title>Tides</title>" + head, body), source: "p.html")
        #expect(file.articles.count == 1)
    }

    @Test(arguments: [("0; URL=./a.html", "./a.html"), ("5;url='b.html'", "b.html"), ("0; Url = c", nil), ("300", nil), ("0; URL=", nil)]
          as [(String, String?)])
    func redirectTarget(content: String, target: String?) {
        #expect(HTMLPageParser.redirectTarget(content) == target)
    }
}

/// A page with no `<main>` or `<article>` whose text sits in an element marked `role="main"` (Node.js's
/// API pages): the skip link, tables of contents and footer around it are not the article.
@Suite struct RoleMainTests {
    @Test func onlyTheMainElementIsText() throws {
        let html = """
            <!doctype html><html><head><title>Fern care | Garden Handbook</title><body>
            <a href="#c" class="skip">Skip to content</a><h1>Garden Handbook</h1>
            <div class="toc"><ul><li><a href="#care">Fern care</a></li><li><a href="#soil">Soil</a></li></ul></div>
            <div role="main" id="c"><h2 id="care">Fern care</h2><div><p>Water ferns weekly.</p></div><p>Shade helps them.</p></div>
            <div class="footer"><p>Copyright the handbook.</p></div></body></html>
            """
        let a = try #require(try ArticleParser.parse(Array(html.utf8), source: "ferns.html").articles.first)
        #expect(a.title == "Fern care")
        #expect(a.blocks == [Block(.heading(level: 2), "Fern care"), Block(.paragraph, "Water ferns weekly."), Block(.paragraph, "Shade helps them.")])
    }

    @Test func anEmptyMainElementFallsBackToTheBody() throws {
        let html = "<html><body><div role=\"main\"></div><p>The whole page.</p></body></html>"
        let a = try #require(try ArticleParser.parse(Array(html.utf8), source: "p.html").articles.first)
        #expect(a.blocks == [Block(.paragraph, "The whole page.")])
    }
}

/// Manuals made by texinfo (GNU's manuals) and Sphinx: a page titled "Node (Manual)", a navigation line at its
/// top, "¶" permalinks after headings and definitions, navigation bars marked `role="navigation"`.
@Suite struct ManualPageTests {
    static let page = """
        <!DOCTYPE html><html><head><title>Arrays Unions (tinylib: a small library)</title>
        <meta name="keywords" content="Arrays Unions (tinylib: a small library)">
        <meta name="Generator" content="makeinfo"></head><body>
        <div class="header"><p>Next: <a href="Types.html">Types</a>, Previous: <a href="Intro.html">Intro</a>, Up: <a href="Top.html">Top</a> [<a href="Index.html">Index</a>]</p></div>
        <h4 class="subsection">2.3 Arrays, Unions<a class="copiable-anchor" href="#Arrays"> &para;</a></h4>
        <dl><dt>Function: <strong>tiny_prep</strong> (tiny_cif *cif)<a class="copiable-anchor" href="#index-tiny_prep"> &para;</a></dt>
        <dd><p>Prepares a call interface.</p></dd></dl>
        <div role="navigation"><a href="next.html">next</a> | <a href="prev.html">previous</a></div>
        <p>Unions are emulated with structures; see <a href="#sec">section 2</a>.</p>
        </body></html>
        """

    @Test func texinfoPageReadsAsItsNode() throws {
        let a = try #require(try ArticleParser.parse(Array(Self.page.utf8), source: "Arrays-Unions.html").articles.first)
        #expect(a.title == "Arrays Unions")
        #expect(a.tags.isEmpty)
        #expect(a.blocks.first == Block(.heading(level: 4), "2.3 Arrays, Unions"))
        #expect(a.blocks.contains(Block(.listItem, "Function: tiny_prep (tiny_cif *cif) — Prepares a call interface.")))
        #expect(a.blocks.contains(Block(.paragraph, "Unions are emulated with structures; see section 2.")))
        #expect(!a.blocks.contains { $0.text.contains("¶") || $0.text.contains("Next:") || $0.text.contains("previous") })
    }

    @Test(arguments: [
        ("Arrays Unions Enums (libffi: the portable foreign function interface library)", "Arrays Unions Enums"),
        ("Invoking make (GNU make (version 4))", "Invoking make"),
        ("Plain title", "Plain title"),
        ("(Only parentheses)", "(Only parentheses)"),
        ("Tuples (a, b) and more", "Tuples (a, b) and more"),
    ])
    func parenthesisedEnd(_ title: String, _ expected: String) {
        #expect(Titles.withoutParenthesisedEnd(title) == expected)
    }

    @Test(arguments: [
        ("Next: Types, Previous: Introduction, Up: Top [Contents][Index]", true),
        ("Up: Top, Next: Types", true),
        ("Next: we prepare the call interface, then call it.", false),
        ("Previous: the old API. It was slower.", false),
    ])
    func nodeNavigation(_ text: String, _ expected: Bool) {
        #expect(Titles.isNodeNavigation(text) == expected)
    }

    /// A title ends in no stop, and a tokenized one ("… in a slipstream .") in no space either.
    @Test(arguments: [
        ("experimental investigation of a wing in a slipstream .", 200, "experimental investigation of a wing in a slipstream"),
        ("Getting started.", 200, "Getting started"),
        ("Wait for it..", 200, "Wait for it.."),
        ("a rather long title that goes on , and on", 30, "a rather long title that…"),
    ] as [(String, Int, String)])
    func cut(_ raw: String, _ limit: Int, _ expected: String) {
        #expect(Titles.cut(raw, limit: limit) == expected)
    }
}

/// Text set line by line with `<br>` (DocBook's literallayout around a NEWS file, a mail in HTML): a line broken
/// mid-sentence goes on in the next, a bulleted line is a list item, and entries one to a line stay apart.
@Suite struct LineBreakTests {
    @Test func linesSetWithBreaks() throws {
        let html = """
            <html><head><title>News</title></head><body><h1>News</h1><div class="literallayout"><p>
            Release 2.1 (4 May)<br>~~~~~~~~~~~~~<br><br>
            This release grinds basalt, granite,<br>slate and marble. It also mills<br>quartz.<br><br>
            * ====== CORE CHANGES ======<br><br>
            * Fix the grit counter.<br>* Add a wrapper for the mill, which needs<br>  lubrication now.<br><br>
            4121 Crash on empty stones<br>4122 Wrong grit reported<br></p></div></body></html>
            """
        let a = try #require(try ArticleParser.parse(Array(html.utf8), source: "news.html").articles.first)
        #expect(a.blocks.contains(Block(.paragraph, "This release grinds basalt, granite, slate and marble. It also mills quartz.")), "\(a.blocks)")
        #expect(a.blocks.contains(Block(.listItem, "Fix the grit counter.")), "\(a.blocks)")
        #expect(a.blocks.contains(Block(.listItem, "Add a wrapper for the mill, which needs lubrication now.")), "\(a.blocks)")
        #expect(a.blocks.contains(Block(.paragraph, "4121 Crash on empty stones")) && a.blocks.contains(Block(.paragraph, "4122 Wrong grit reported")), "\(a.blocks)")
        #expect(a.blocks.contains(Block(.paragraph, "Release 2.1 (4 May)")), "\(a.blocks)")
        #expect(!a.blocks.contains { $0.kind == .listItem && $0.text.contains("=") }, "\(a.blocks)")
    }

    @Test(arguments: [
        ("support for granite,", "Slate and marble.", true), ("only the coarse", "grit. Then more.", true),
        ("It ends here.", "and more", false), ("Crash on empty", "Wrong grit", false), ("4121 Crash", "n-i-bz Fix", false),
        ("~~~~~", "text", false),
    ] as [(String, String, Bool)])
    func aBrokenLineGoesOn(line: String, next: String, expected: Bool) {
        #expect(HTMLBlockBuilder.goesOn(line, with: next) == expected)
    }
}
