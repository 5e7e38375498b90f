/// A plain-text file that opens with a block of `Field: value` lines, as mail, RFCs and Python's PEPs do
/// ("PEP: 572", "Title: Assignment Expressions", "Author: …", "Created: 28-Feb-2018"), continuation lines
/// indented: the title, authors and date come from it, and each field stays as a list item of the text
/// ("Python-Version: 3.8" answers "which version?"). Before, the file was titled "PEP: 572".
struct HeaderFields {
    var title: String?
    var authors: String?
    var date: String?
    var items: [Block]

    /// The fewest fields that make a header: two could be a sentence with a colon and a line after it.
    static let minimumFields = 3

    /// Reads and removes the header at the top of `lines` (blank lines before it allowed); nil, with `lines`
    /// unchanged, when the text does not open with one.
    static func take(_ lines: inout [Substring]) -> HeaderFields? {
        var i = 0
        while i < lines.count, lines[i].allSatisfy(\.isWhitespace) { i += 1 }
        var fields: [(key: String, value: String)] = []
        while i < lines.count, !lines[i].allSatisfy(\.isWhitespace) {
            let line = lines[i]
            if line.first == " " || line.first == "\t" {
                guard !fields.isEmpty else { return nil }
                fields[fields.count - 1].value += " " + line.trimmingPrefixAndSuffixSpaces
            } else {
                guard let (key, value) = field(line) else { return nil }
                fields.append((key, value))
            }
            i += 1
        }
        guard fields.count >= minimumFields else { return nil }
        lines.removeSubrange(0 ..< i)
        var h = HeaderFields(items: fields.map { Block(.listItem, TextClean.collapse($0.key + ": " + $0.value)) })
        for (key, value) in fields {
            switch key.lowercased() {
            case "title", "subject": if h.title == nil { h.title = TextClean.collapse(value) }
            case "author", "authors", "from": if h.authors == nil { h.authors = names(value) }
            case "date", "created", "published": if h.date == nil { h.date = DateText.iso8601(value) ?? dayMonthYear(value) }
            default: break
            }
        }
        return h
    }

    /// `Key: value` with a key of letters, digits and hyphens, up to three words and 30 characters, that starts
    /// the line with a letter; the value may be empty.
    static func field(_ line: Substring) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isLetter else { return nil }
        let key = line[..<colon]
        guard key.count <= 30, key.split(separator: " ").count <= 3,
              key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " || $0 == "_" }) else { return nil }
        let rest = line[line.index(after: colon)...]
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }   // "http://…", "12:30"
        return (String(key), String(rest.trimmingPrefixAndSuffixSpaces))
    }

    /// "Chris Angelico <rosuav@gmail.com>, Tim Peters <…>" → "Chris Angelico, Tim Peters".
    static func names(_ value: String) -> String? {
        var out = "", depth = 0
        for c in value {
            if c == "<" { depth += 1; continue }
            if c == ">" { depth = max(0, depth - 1); continue }
            if depth == 0 { out.append(c) }
        }
        let parts = out.split(separator: ",").map { TextClean.collapse(String($0)) }.filter { !$0.isEmpty && !$0.contains("@") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "28-Feb-2018" (PEPs) → "2018-02-28": RFC 822's day, month and year with hyphens between them.
    static func dayMonthYear(_ value: String) -> String? {
        let parts = value.split(separator: "-")
        return parts.count == 3 ? DateText.iso8601(parts.joined(separator: " ")) : nil
    }

    /// reStructuredText's literal marks as plain text writes them: ``NAME := expr`` as `NAME := expr` (a code span,
    /// which the analyzer reads as such), and the "::"
    /// that ends a paragraph before a literal block as ":" ("It can have more than one ``case``::").
    static func withoutLiteralMarks(_ block: Block) -> Block {
        if case .code = block.kind { return block }
        guard block.text.contains(":") || block.text.contains("``") else { return block }
        var text = block.text
        if text.contains("``") { text = text.split(separator: "``", omittingEmptySubsequences: false).joined(separator: "`") }
        if text.hasSuffix("::") { text.removeLast() }
        if text.isEmpty || text == ":" { return Block(block.kind, "") }
        return Block(block.kind, text)
    }
}
