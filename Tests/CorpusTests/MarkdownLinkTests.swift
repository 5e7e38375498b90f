import Testing
@testable import Corpus

/// Reference links, as READMEs, proposals and blog posts write them: `[text][label]`, `[text][]` and `[label]`
/// read as their text with the link collected, and the definitions at the end are not text.
@Suite struct MarkdownLinkTests {
    static let post = """
        # Notes

        The fix landed in [the last release][rel] and is tracked as [#4211]. See [Docs][] and [the guide](https://example.org/guide).
        A bracket with no definition stays: [sic] and [1].

        ```
        [rel]: not-a-definition-inside-code
        ```

        Text that goes on
        [inline]: this line belongs to the paragraph

        [rel]: https://example.org/releases/5 "Release 5"
        [#4211]: <https://example.org/issues/4211>
          [DOCS]:   https://example.org/docs
        """

    @Test func referenceLinksReadAsTheirText() throws {
        let a = try #require(try ArticleParser.parse(Array(Self.post.utf8), source: "notes.md").articles.first)
        let text = a.blocks.map(\.text)
        #expect(text.contains("The fix landed in the last release and is tracked as #4211. See Docs and the guide. A bracket with no definition stays: [sic] and [1]."))
        #expect(text.contains("[rel]: not-a-definition-inside-code"))
        #expect(text.contains("Text that goes on [inline]: this line belongs to the paragraph"))
        #expect(!text.contains { $0.contains("example.org/releases") || $0.contains("[DOCS]") })
        #expect(Set(a.links.map(\.url)) == ["https://example.org/releases/5", "https://example.org/issues/4211",
                                            "https://example.org/docs", "https://example.org/guide"])
        #expect(a.links.first { $0.url.hasSuffix("/5") }?.text == "the last release")
    }

    /// Footnotes as GitHub, kramdown and Hugo write them: a reference to a defined note is a mark, not text, and the
    /// definition reads as the note's text; a "[^…]" with no definition (a character class) stays as written.
    @Test func footnotesReadAsNotes() throws {
        let post = """
            # Isolation

            Actors isolate their state[^1] from other tasks.[^Long-Note] The pattern [^a-z] matches no letter.

            - First item.
            - Second item.

            ```
            let s = a[^1]
            ```

            [^1]: Isolation is checked by the compiler.
            [^long-note]: A note with a longer label.
            """
        let a = try #require(try ArticleParser.parse(Array(post.utf8), source: "notes.md").articles.first)
        #expect(a.blocks.map(\.text) == ["Isolation", "Actors isolate their state from other tasks. The pattern [^a-z] matches no letter.",
                                          "First item.", "Second item.", "let s = a[^1]", "Isolation is checked by the compiler.",
                                          "A note with a longer label."])
        #expect(a.blocks.map(\.kind).suffix(2) == [.paragraph, .paragraph])
    }

    /// A README as many projects write it: a badge (an image inside a link) on top, setext headings under it.
    @Test func badgesAndSetextHeadings() throws {
        let readme = "[![Build status](https://ci.example.org/badge.svg)](https://ci.example.org/runs)\n\n"
            + "Grindstone - a fast record grinder\n==================================\n\nGrindstone reads records.\n\n"
            + "Building\n--------\n\nRun make.\n\n- item one\n---\n\nA line\nthat goes on\n\n* * *\n"
        let a = try #require(try ArticleParser.parse(Array(readme.utf8), source: "README.md").articles.first)
        #expect(a.title == "Grindstone - a fast record grinder")
        #expect(a.blocks.contains(Block(.heading(level: 1), "Grindstone - a fast record grinder")))
        #expect(a.blocks.contains(Block(.heading(level: 2), "Building")))
        #expect(a.blocks.contains(Block(.paragraph, "A line that goes on")))
        #expect(a.blocks.contains(Block(.listItem, "item one")))
        #expect(!a.blocks.contains { $0.text.contains("](") || $0.text.contains("![") })
        #expect(a.links.contains(Link(text: "Build status", url: "https://ci.example.org/runs")))
    }

    /// API references write signatures with brackets inside a link's code span, and types with escaped brackets.
    @Test func bracketsInCodeSpansAndEscapes() throws {
        let doc = """
            # Grinders

            * [`grind(stone[, grit[, speed]])`][grind-ref] makes a grinder.
            * `options` {string\\[]} The grits, as in snake\\_case; a \\*star\\* stays and `a\\[b` keeps its backslash.
            * A lone back`tick leaves [the guide](https://example.org/guide) a link.

            [grind-ref]: https://example.org/grind
            """
        let a = try #require(try ArticleParser.parse(Array(doc.utf8), source: "grind.md").articles.first)
        let items = a.blocks.filter { $0.kind == .listItem }.map(\.text)
        #expect(items.first == "grind(stone[, grit[, speed]]) makes a grinder.", "\(items)")
        #expect(items.dropFirst().first == "options {string[]} The grits, as in snake_case; a *star* stays and a\\[b keeps its backslash.", "\(items)")
        #expect(items.last?.hasSuffix("leaves the guide a link.") == true, "\(items)")
        #expect(Set(a.links.map(\.url)) == ["https://example.org/grind", "https://example.org/guide"])
    }

    @Test(arguments: [("Docs", "docs"), ("  Swift   Evolution ", "swift evolution"), ("#42", "#42")])
    func labelsFoldCaseAndSpace(_ label: String, _ key: String) {
        #expect(MarkdownParser.referenceKey(label) == key)
    }

    /// A table of contents (list items that only link to places on the page) says again what the headings say and is
    /// left out; a list that a sentence introduces stays, links or not, and so does a lone link or one to elsewhere.
    @Test func aTableOfContentsIsNoText() throws {
        let page = """
            # Sending changes

            * [Forking](#forking)
              * [Step 1: Branch](#step-1-branch)
            * [Reviews](#reviews)

            ## Forking

            Fork the repository first. It comes in three kinds:

            1. [Plain forks](#plain-forks)
            2. [Mirrors](#mirrors)

            * [Only one](#only-one)

            Text between.

            * [Elsewhere](https://example.org/a)
            * [Also elsewhere](https://example.org/b)
            * [Reviews](#reviews) and more words
            * [Reviews again](#reviews)
            """
        let a = try #require(try ArticleParser.parse(Array(page.utf8), source: "send.md").articles.first)
        #expect(a.blocks.map(\.text) == ["Sending changes", "Forking", "Fork the repository first. It comes in three kinds:", "Plain forks", "Mirrors",
                                         "Only one", "Text between.", "Elsewhere", "Also elsewhere", "Reviews and more words", "Reviews again"])
    }

    @Test(arguments: [("[Step 1](#step-1)", true), ("  [A b](#a-b)  ", true), ("[A](#a) b", false), ("[A](https://x.org/#a)", false),
                      ("[A](#a) [B](#b)", false), ("A", false)])
    func inPageLinks(markdown: String, expected: Bool) {
        #expect(MarkdownParser.isInPageLink(markdown[...]) == expected, "\(markdown)")
    }
}
