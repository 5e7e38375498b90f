import Assistant
/// Light Markdown for answers: lore's bold (`Emphasis`) and ``` fences. On a terminal they become ANSI styles as
/// tokens stream; piped, the bold markers are dropped (fences stay, as plain text). The corpus's own `**` is text.
enum Markdown {
    static func plain(_ s: String) -> String { s.replacing(Emphasis.marker, with: "") }
}

/// Writes tokens as they come: styles Markdown incrementally, wraps to the window (a wrapped list item or
/// indented line goes on under its own text, not at the margin), paces on a TTY.
final class TokenWriter {
    let colour: Bool
    let width: Int
    let paceMicros: UInt32
    var column = 0
    var bold = false
    var inFence = false
    var atLineStart = true
    var written = ""
    /// The current output line as written so far (plain text), for the indent of its wrapped rest.
    var line = ""

    init(colour: Bool, width: Int, paceMilliseconds: Int) {
        self.colour = colour
        self.width = max(30, width)
        paceMicros = UInt32(paceMilliseconds * 1000)
    }

    func write(_ token: String) {
        written += token
        if token == "\n" {
            Out.write(colour && inFence ? "\u{1B}[0m\n" : "\n")
            column = 0; atLineStart = true; line = ""
            return
        }
        var t = sanitize(token, keepNewlines: false)
        if atLineStart && t.hasPrefix("```") {
            inFence.toggle()
            Out.write(colour ? "\u{1B}[2m" + t + "\u{1B}[0m" : t)
            atLineStart = false
            return
        }
        atLineStart = false
        if !inFence && column > 0 && column + t.count > width && t.trimmed.count < width {
            let hang = String(repeating: " ", count: min(Self.hangingIndent(line), width / 2))
            Out.write("\n" + hang); column = hang.count; line = hang
            while t.hasPrefix(" ") { t.removeFirst() }
        }
        var out = ""
        if inFence {
            out = colour ? "\u{1B}[36m" + t + "\u{1B}[0m" : t
        } else if t.contains(Emphasis.marker) {
            let parts = t.split(separator: Emphasis.marker, omittingEmptySubsequences: false)
            for (i, p) in parts.enumerated() {
                if i > 0 { bold.toggle(); if colour { out += bold ? "\u{1B}[1m" : "\u{1B}[22m" } }
                out += p
            }
        } else {
            out = t
        }
        column += t.replacing(Emphasis.marker, with: "").count
        if line.count < 16 { line += t.replacing(Emphasis.marker, with: "") }
        Out.write(out)
        if paceMicros > 0 { usleep(paceMicros) }
    }

    /// Where a wrapped line's text goes on: under the text after a list marker (`1. `, `- `, `* `, `• `)
    /// or after the line's own leading spaces.
    static func hangingIndent(_ line: String) -> Int {
        let spaces = line.prefix(while: { $0 == " " }).count
        let rest = line.dropFirst(spaces)
        let digits = rest.prefix(while: { $0.isASCII && $0.isNumber }).count
        if digits > 0, digits < 4, rest.dropFirst(digits).hasPrefix(". ") { return spaces + digits + 2 }
        if rest.hasPrefix("- ") || rest.hasPrefix("* ") || rest.hasPrefix("• ") { return spaces + 2 }
        return spaces
    }

    func finish() {
        if colour && (bold || inFence) { Out.write("\u{1B}[0m") }
        if column > 0 || !written.hasSuffix("\n") { Out.write("\n") }
    }
}
#if canImport(Glibc)
import Glibc
#endif
