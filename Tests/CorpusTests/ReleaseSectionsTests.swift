import Testing
@testable import Corpus

/// A changelog is read as one article per release (`ReleaseSections`), each titled, dated and found at its heading.
@Suite struct ReleaseSectionsTests {
    @Test(arguments: [
        ("Version 1.65.0 (2022-11-03)", true), ("[1.0.0] - 2017-06-20", true), ("v2.3.1", true), ("2.0.0-beta.1", true),
        ("Release 3.1", true), ("[Unreleased]", true), ("Unreleased", true), ("Swift 5.9", true),
        ("Installation", false), ("Step 2", false), ("Python 3", false), ("What changed in the 1.2 release and why it matters to you", false),
        ("1.2x faster parsing", false), ("1.0.0 (2020-01-01)", true), ("v1.2 Highlights", true),
        // Numbered sections are no releases.
        ("Section 4.2.1", false), ("4.2 Configuration", false), ("4.2. Installing the package", false), ("Step 1.2", false),
    ])
    func versionHeadings(text: String, expected: Bool) {
        #expect(ReleaseSections.isVersionHeading(text) == expected, "\(text)")
    }

    static let keepAChangelog = """
        # Changelog

        All notable changes to this project are documented here.

        ## [Unreleased]

        ### Added
        - A `--json` flag for `list`.

        ## [1.1.0] - 2024-03-05

        ### Fixed
        - Dates before 1970 parse again.

        ## [1.0.0] - 2023-12-28

        ### Added
        - First stable release.

        [1.1.0]: https://example.org/compare/v1.0.0...v1.1.0
        """

    @Test func aChangelogIsOneArticlePerRelease() throws {
        let parsed = try ArticleParser.parse(Array(Self.keepAChangelog.utf8), source: "CHANGELOG.md")
        let a = parsed.articles
        #expect(a.map(\.title) == ["Changelog", "[Unreleased]", "1.1.0 - 2024-03-05", "[1.0.0] - 2023-12-28"])
        #expect(a.map(\.line) == [1, 5, 10, 15])
        #expect(a.map(\.id) == ["CHANGELOG.md:1", "CHANGELOG.md:5", "CHANGELOG.md:10", "CHANGELOG.md:15"])
        #expect(a.map(\.date) == [nil, nil, "2024-03-05", "2023-12-28"])
        #expect(a.dropFirst().allSatisfy { $0.feed == "Changelog" })
        // Each release holds its own items only.
        #expect(a[2].blocks.map(\.text) == ["1.1.0 - 2024-03-05", "Fixed", "Dates before 1970 parse again."])
        #expect(a[0].blocks.map(\.text) == ["Changelog", "All notable changes to this project are documented here."])
    }

    /// Rust's RELEASES.md: a pandoc title block, then setext headings per release, no preamble (Markdown by its fence).
    @Test func setextReleasesUnderAPandocTitle() throws {
        let item = "- [Stabilize the new syntax](https://example.org/pull/1):\n\n```\nlet x = 1\n```" 
        let text = "% Project Release Notes\n\nVersion 2.1.0 (2025-02-20)\n==========================\n\nLanguage\n--------\n\n" + item + "\n\n"
            + "Version 2.0.1 (2025-01-09)\n==========================\n\n- Fix a crash.\n\nVersion 2.0.0 (2024-11-28)\n==========================\n\n- Remove the old syntax.\n"
        let a = try ArticleParser.parse(Array(text.utf8), source: "RELEASES.md").articles
        #expect(a.map(\.title) == ["Version 2.1.0 (2025-02-20)", "Version 2.0.1 (2025-01-09)", "Version 2.0.0 (2024-11-28)"])
        #expect(a.map(\.line) == [3, 15, 20])
        #expect(a.allSatisfy { $0.feed == "Project Release Notes" })
        #expect(a[1].blocks.map(\.text) == ["Version 2.0.1 (2025-01-09)", "Fix a crash."])
    }

    /// Too few releases, or headings that are mostly not versions, leave the file one article, titled as before.
    @Test(arguments: [
        "# Notes\n\n## 1.0\n\nFirst.\n\n## 2.0\n\nSecond.\n",
        "# Guide\n\n## Install\n\nRun it.\n\n## Configure\n\nSet it.\n\n## 1.0\n\nA.\n\n## 2.0\n\nB.\n\n## 3.0\n\nC.\n\n## Usage\n\nUse it.\n",
    ])
    func otherFilesStayWhole(text: String) throws {
        let a = try ArticleParser.parse(Array(text.utf8), source: "doc.md").articles
        #expect(a.count == 1 && a[0].line == 1, "\(a.map(\.title))")
    }

    /// Each release's line is its id: when a heading cannot be found in the file's lines, the file stays one article.
    @Test func aHeadingNotFoundLeavesTheFileWhole() throws {
        let a = try ArticleParser.parse(Array(Self.keepAChangelog.utf8), source: "CHANGELOG.md").articles
        let lines = Self.keepAChangelog.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("1.0.0") }
        var whole = a[0]
        whole.blocks = a.flatMap(\.blocks)
        #expect(ReleaseSections.split(whole, lines: lines, collection: nil) == nil)
        #expect(ReleaseSections.split(whole, lines: Self.keepAChangelog.split(separator: "\n", omittingEmptySubsequences: false), collection: nil)?.count == 4)
    }

    @Test(arguments: [
        ("2022-11-03", "Version 1.65.0 (2022-11-03)", nil), ("2022-11-03T10:00:00Z", "Release notes", "2022-11-03"), (nil, "x", nil),
    ] as [(String?, String, String?)])
    func aDateTheTitleSaysIsNotRepeated(date: String?, title: String, shown: String?) {
        #expect(Article.shownDay(date, title: title) == shown)
    }
}
