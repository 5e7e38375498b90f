/// GitHub's pipe tables: a header row, a delimiter row of dashes ("|---|:--:|"), then rows until a blank line or a
/// line with no "|". Each row is read as the HTML parser reads a `<tr>`: one paragraph, its cells joined by " | ".
/// Read as text, a table had been one paragraph of pipes and dashes ("| Project | Cutoff date | |---|---| | swift
/// | April 20, 2018 |").
enum MarkdownTable {
    /// The header's cells when `line` is a table's header and `next` its delimiter row, with as many cells as the
    /// header (GitHub's rule, so a sentence holding one "|" above a "---" rule is no table); nil otherwise.
    static func header(_ line: Substring, delimiter next: Substring) -> [Substring]? {
        guard line.contains("|"), let header = cells(line), let marks = cells(next.drop(while: { $0 == " " })),
              marks.count == header.count, marks.allSatisfy(isDelimiterCell) else { return nil }
        return header
    }

    /// A body row's cells, fitted to `columns` (extra cells dropped, missing ones empty, as GitHub renders them);
    /// nil for a blank line or one with no "|", which ends the table.
    static func row(_ line: Substring, columns: Int) -> [Substring]? {
        let t = line.drop(while: { $0 == " " || $0 == "\t" })
        guard t.contains("|"), var c = cells(t) else { return nil }
        if c.count > columns { c.removeLast(c.count - columns) }
        while c.count < columns { c.append("") }
        return c
    }

    /// The cells of a row: split at each "|" that no backslash escapes, without the optional pipes at either end,
    /// each cell trimmed and "\|" read as "|". Nil for a line of no cells.
    static func cells(_ line: Substring) -> [Substring]? {
        var t = line.trimmingPrefixAndSuffixSpaces[...]
        if t.first == "|" { t = t.dropFirst() }
        if t.last == "|", !t.hasSuffix("\\|") { t = t.dropLast() }
        guard !t.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        var out: [Substring] = [], cell = "", escaped = false
        for ch in t {
            if escaped { if ch != "|" { cell.append("\\") }; cell.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; continue }
            if ch == "|" { out.append(Substring(cell.trimmingPrefixAndSuffixSpaces)); cell = ""; continue }
            cell.append(ch)
        }
        if escaped { cell.append("\\") }
        out.append(Substring(cell.trimmingPrefixAndSuffixSpaces))
        return out
    }

    /// "---", ":--", "--:", ":-:": one dash at least, a colon at either end for the column's alignment.
    static func isDelimiterCell(_ cell: Substring) -> Bool {
        var c = cell
        if c.first == ":" { c = c.dropFirst() }
        if c.last == ":" { c = c.dropLast() }
        return !c.isEmpty && c.allSatisfy { $0 == "-" }
    }
}
