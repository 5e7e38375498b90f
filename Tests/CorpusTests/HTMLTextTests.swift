import Testing
@testable import Corpus

/// HTML fragments → blocks and links.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("<p>It&#8217;s &amp; ok&hellip;</p>", [Block(.paragraph, "It’s & ok…")]),
        ("<p>a<br>b</p>", [Block(.paragraph, "a"), Block(.paragraph, "b")]),
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
        ("<p>&#0;&#x110000;&#150;</p>", [Block(.paragraph, "\u{FFFD}\u{FFFD}–")]),
        ("<span aria-hidden=\"true\"><pre>dup</pre></span><p>x</p>", [Block(.paragraph, "x")]),
        ("<!-- comment <p>no</p> --><p>yes</p>", [Block(.paragraph, "yes")]),
    ] as [(String, [Block])])
    func blocks(html: String, expected: [Block]) {
        #expect(HTMLText.blocks(fromHTML: html).blocks == expected)
    }

    @Test func links() {
        let r = HTMLText.blocks(fromHTML: "<p><a href=\"#top\">top</a> <a href=\"https://a.b/c?x=1&amp;y=2\">A <b>link</b></a> <a href=\"\">e</a> <a href=\"javascript:x()\">j</a></p>")
        #expect(r.links == [Link(text: "A link", url: "https://a.b/c?x=1&y=2")])
    }

    @Test func imagesAndTables() {
        let r = HTMLText.blocks(fromHTML: "<p><img src=x alt=\"Alt text\"></p><table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>")
        #expect(r.blocks == [Block(.paragraph, "Alt text"), Block(.paragraph, "1 | 2"), Block(.paragraph, "3")])
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
        ("<title>Rc&lt;T&gt;, the Reference Counted Pointer - Book</title><main><h2><code>Rc&lt;T&gt;</code>, the Reference-Counted Pointer</h2><p>T.</p></main>",
         "Rc<T>, the Reference Counted Pointer"),
    ] as [(String, String)])
    func title(html: String, expected: String) throws {
        let file = try ArticleParser.parse(Array(("<!doctype html><html><head>" + html + "</html>").utf8), source: "p.html")
        #expect(file.articles.first?.title == expected)
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
        #expect(a.blocks.contains(Block(.listItem, "Function: tiny_prep (tiny_cif *cif)")))
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
}
