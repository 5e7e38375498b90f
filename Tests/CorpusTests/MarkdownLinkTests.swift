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

    @Test(arguments: [("Docs", "docs"), ("  Swift   Evolution ", "swift evolution"), ("#42", "#42")])
    func labelsFoldCaseAndSpace(_ label: String, _ key: String) {
        #expect(MarkdownParser.referenceKey(label) == key)
    }
}
