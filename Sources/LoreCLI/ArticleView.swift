import Corpus

/// Renders an article for reading in a terminal (or plain text when piped).
enum ArticleView {
    static func render(_ a: Article, width: Int) -> String {
        let w = max(40, min(width, 100))
        var out = Style.bold(sanitize(a.title, keepNewlines: false)) + "\n"
        let meta = [a.author, Article.shownDay(a.date, title: a.title), a.feed, a.url].compactMap { $0 }.map { sanitize($0, keepNewlines: false) }
        if !meta.isEmpty { out += Style.dim(meta.joined(separator: " · ")) + "\n" }
        if !a.tags.isEmpty { out += Style.dim("Tags: " + a.tags.map { sanitize($0, keepNewlines: false) }.joined(separator: ", ")) + "\n" }
        out += Style.dim(displaySourceLine(a.source, a.line)) + "\n\n"
        for b in a.blocks {
            let text = sanitize(b.text)
            switch b.kind {
            case .heading(let level):
                out += Style.bold(String(repeating: "#", count: min(level, 6)) + " " + text) + "\n\n"
            case .code(let lang):
                out += Style.dim("```" + (lang ?? "")) + "\n" + Style.cyan(text) + "\n" + Style.dim("```") + "\n\n"
            case .listItem:
                out += wrap("• " + text, width: w, indent: "  ") + "\n"
            case .quote:
                out += wrap("│ " + text, width: w, indent: "│ ") + "\n\n"
            case .paragraph:
                out += wrap(text, width: w) + "\n\n"
            }
        }
        return out
    }
}

/// Greedy word wrap; lines after the first start with `indent`.
func wrap(_ text: String, width: Int, indent: String = "") -> String {
    var lines: [String] = []
    for para in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = ""
        var lineLen = 0
        for word in para.split(separator: " ") {
            let wl = word.count
            if lineLen > 0 && lineLen + 1 + wl > width {
                lines.append(line)
                line = indent + word; lineLen = indent.count + wl
            } else {
                if lineLen > 0 { line += " "; lineLen += 1 }
                line += word; lineLen += wl
            }
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}
