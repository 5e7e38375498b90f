import Corpus

/// A table's rows as an answer can quote them: each row one list item, its first cell the item's subject and the other
/// cells labelled by the table's header ("swift-tools — Cutoff date: June 9, 2030"), or listed after it when the table has
/// no header the text shows ("EPERM: 1; Operation not permitted"). A row on its own had been a line of cells and pipes
/// that no answer could quote, though a reference page's table often holds just the value asked for.
enum TableRows {
    /// The cells of `blocks[i]` when it is a row of a table of two rows or more; nil for other text, and for a lone
    /// paragraph that holds " | " (a shell pipeline in prose, "Name | Type" above a list), which stays prose.
    static func row(_ blocks: [Block], _ i: Int) -> [Substring]? {
        guard let cells = cells(blocks[i]) else { return nil }
        let above = i > 0 && Self.cells(blocks[i - 1]) != nil, below = i + 1 < blocks.count && Self.cells(blocks[i + 1]) != nil
        return above || below ? cells : nil
    }

    /// Whether `blocks[i]` opens its table: the block above it is no row.
    static func opensTable(_ blocks: [Block], _ i: Int) -> Bool { i == 0 || row(blocks, i - 1) == nil }

    /// The cells of a paragraph that may be a table row (the parsers join a row's cells with " | ").
    static func cells(_ b: Block) -> [Substring]? {
        guard b.kind == .paragraph, ByteSearch.contains(b.text, " | ") else { return nil }
        // An empty cell between two others reads " | | " once whitespace is collapsed.
        var text = b.text
        while ByteSearch.contains(text, " | | ") { text = text.replacing(" | | ", with: " |  | ") }
        return text.split(separator: " | ", omittingEmptySubsequences: false).map { cell in
            guard let a = cell.firstIndex(where: { $0 != " " }), let z = cell.lastIndex(where: { $0 != " " }) else { return cell.prefix(0) }
            return cell[a...z]
        }
    }

    /// `cells`, a table's first row, as its header: a row of labels ("Level | Numeric value", "Request type | Behavior")
    /// over another row (`text` labels a row's cells with it when the row has as many). A first row that holds a value (a cell with no letter, such as a number; a
    /// sentence; a cell of more than `maxLabelWords` words; an empty cell) is data: an HTML table may have no header row.
    static func header(_ cells: [Substring], next: Block?) -> [Substring]? {
        guard let next, Self.cells(next) != nil else { return nil }
        let labels = cells.allSatisfy { c in
            c.split(separator: " ").count <= maxLabelWords && c.contains(where: \.isLetter) && !".!?".contains(c.last ?? " ")
        }
        return labels ? cells : nil
    }
    static let maxLabelWords = 4

    /// The row as one line: its first cell, then each other cell with its column's label, or the cells in order.
    /// Empty cells are left out.
    static func text(_ cells: [Substring], header: [Substring]?) -> String {
        let filled = cells.indices.filter { !cells[$0].isEmpty }
        guard let first = filled.first else { return "" }
        let rest = filled.dropFirst()
        guard !rest.isEmpty else { return String(cells[first]) }
        let labelled = header.map { h in h.count == cells.count } ?? false
        var out = String(cells[first]) + (labelled ? " — " : ": ")
        for (n, i) in rest.enumerated() {
            out += (labelled ? header![i] + ": " : "") + cells[i]
            // A cell that closes a sentence ("… the week containing Jan 4.") needs no ";" before the next.
            if n < rest.count - 1 { out += ".!?".contains(cells[i].last ?? " ") ? " " : "; " }
        }
        return out
    }
}
