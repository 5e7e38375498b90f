import Testing
@testable import Corpus

/// GitHub's pipe tables read as the HTML parser reads `<table>`: one paragraph a row, cells joined by " | ", no
/// delimiter row; and text that only looks like one stays text.
@Suite struct MarkdownTableTests {
    /// The blocks' text of `markdown` under a heading (which makes the file read as Markdown), the heading left out.
    static func texts(_ markdown: String) throws -> [String] {
        let a = try #require(try ArticleParser.parse(Array(("# T\n\n" + markdown).utf8), source: "t.md").articles.first)
        return a.blocks.dropFirst().map(\.text)
    }

    @Test func rowsAreParagraphsOfCells() throws {
        let md = """
            The dates by which changes must land:
            | Project  | Cutoff  |
            |---|:---:|
            |  [core][c] |  May 2, 2030 |
            | tools | **June 9**, 2030 |
            tests | July 1 | an extra cell
            After the table.

            [c]: https://example.org/core
            """
        #expect(try Self.texts(md) == ["The dates by which changes must land:", "Project | Cutoff",
                                       "core | May 2, 2030", "tools | June 9, 2030", "tests | July 1", "After the table."])
    }

    @Test(arguments: [
        // The delimiter row has fewer cells than the header: no table (GitHub's rule).
        ("a | b | c\n|---|---|\n", ["a | b | c |---|---|"]),
        // A sentence with a pipe above a thematic break is a sentence and a break.
        ("Use a | b here.\n\n---\n", ["Use a | b here."]),
        // No dash in a delimiter cell.
        ("| a | b |\n| : | :: |\n", ["| a | b | | : | :: |"]),
        // An escaped pipe is a cell's text; empty cells before the first text are left out; a blank line ends it.
        ("| x | y |\n| - | - |\n| `a\\|b` | or |\n|  | only |\n\nmore | text", ["x | y", "a|b | or", "only", "more | text"]),
        // In fenced code a table is code.
        ("```\n| a | b |\n|---|---|\n```\n", ["| a | b |\n|---|---|"]),
    ])
    func onlyRealTablesAreTables(_ md: String, _ expected: [String]) throws {
        #expect(try Self.texts(md) == expected)
    }

    @Test(arguments: [("---", true), (":--", true), ("--:", true), (":-:", true), ("-", true), (":", false), ("::", false),
                      ("-x-", false), ("", false)])
    func delimiterCells(_ cell: String, _ expected: Bool) {
        #expect(MarkdownTable.isDelimiterCell(cell[...]) == expected)
    }
}
