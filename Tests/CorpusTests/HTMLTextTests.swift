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
