import Testing
import Corpus
@testable import Assistant

/// A table's rows as units an answer can quote: one list item a row, labelled by the header when the table has one.
@Suite struct TableRowsTests {
    static func p(_ text: String) -> Block { Block(.paragraph, text) }

    @Test(arguments: [
        // A header of labels: it labels each row's later cells and is no unit itself.
        (["Level | Numeric value", "CRITICAL | 50", "WARNING | 30"], ["CRITICAL — Numeric value: 50", "WARNING — Numeric value: 30"]),
        (["Request | Behavior | Features", "Open | Opens a document. | Highlighting, folding", "Close | | Nothing"],
         ["Open — Behavior: Opens a document. Features: Highlighting, folding", "Close — Features: Nothing"]),
        // A first row that holds a value is data: the cells follow the first one in order.
        (["EPERM | 1 | Not permitted", "ENOENT | 2 | No such file"], ["EPERM: 1; Not permitted", "ENOENT: 2; No such file"]),
        // A header wider than its rows labels nothing, and is still no unit.
        (["Name | Type | Default", "depth | int"], ["depth: int"]),
        // A date is no sentence: such a row is a table's, not a glossary's line.
        (["Project | Cutoff date", "tools | June 9, 2030"], ["tools — Cutoff date: June 9, 2030"]),
    ])
    func rowsAsItems(_ rows: [String], _ expected: [String]) {
        let units = AnswerFixtures.units([Self.p("Values.")] + rows.map(Self.p), title: "Table")
        #expect(units.dropFirst().map(\.text) == expected)
        #expect(units.dropFirst().allSatisfy { $0.isListItem && $0.isTableRow })
    }

    /// One paragraph that holds " | " is prose (a pipeline), not a table of one row; a glossary row stays a sentence,
    /// and its table's header is no unit.
    @Test func proseAndGlossaryRowsStay() {
        let units = AnswerFixtures.units([Self.p("Pipe it through ls | sort to see the names in order."), Self.p("Errors."),
                                          Self.p("Code | Meaning"),
                                          Self.p("EAGAIN | Indicates that there is no data available right now.")], title: "Pipes")
        #expect(units.map(\.text) == ["Pipe it through ls | sort to see the names in order.", "Errors.",
                                      "EAGAIN: Indicates that there is no data available right now."])
        #expect(!units.contains { $0.isTableRow })
    }

    @Test(arguments: [
        (["Level", "Numeric value"], true), (["Project", "Cutoff date"], true), (["Time", "Thread 1 (T1)"], true),
        (["CRITICAL", "50"], false), (["2024", "Total"], false), (["Term", "A whole sentence."], false), (["Name", ""], false),
        (["One two three four five", "Value"], false),
    ])
    func headers(_ cells: [String], _ isHeader: Bool) {
        let next = Self.p(cells.map { _ in "x" }.joined(separator: " | "))
        #expect((TableRows.header(cells.map { $0[...] }, next: next) != nil) == isHeader)
    }
}
