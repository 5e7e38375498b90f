/// A Sphinx directive, as reStructuredText writes it (".. note::") and MyST Markdown does ("```{note}",
/// ":::{note}"): what its name makes of it for a reader. Sphinx documentation (Python's, most Python
/// projects', Jupyter Book) is written in one or the other.
struct Directive: Equatable {
    /// What a reader sees of a directive.
    enum Role: Equatable {
        /// Its body is text of the document: admonitions ("note", "warning", "seealso"), containers, anything unknown.
        case prose
        /// Its body is verbatim code, in the language its argument names ("code-block", "sourcecode").
        case code
        /// Nothing: navigation, includes, images, tables, math, settings ("toctree", "figure", "list-table").
        case hidden
        /// Its argument labels its body: a tab ("Unix/macOS", then the commands for it).
        case label
        /// A sentence on when the body's change came: "Added in version 22.2." ("versionadded").
        case version(String)
        /// Its argument is a signature, shown as code, and its body describes it ("function", "py:method").
        case signature
        /// Its body is reStructuredText inside a Markdown file (MyST's "eval-rst").
        case restructuredText
    }

    var name: String
    var argument: String
    /// Directives nest (a code block in a tab in a note); deeper than this, no page goes.
    static let maxDepth = 20

    var role: Role { Self.role(of: name) }

    /// A MyST fence's info string, "{name} argument"; nil for any other ("python", "{.class}").
    init?(mystInfo info: Substring) {
        guard info.first == "{", let close = info.firstIndex(of: "}") else { return nil }
        let name = info[info.index(after: info.startIndex) ..< close]
        guard Self.isName(name) else { return nil }
        self.name = name.lowercased()
        argument = String(info[info.index(after: close)...]).trimmingPrefixAndSuffixSpaces
    }

    /// A reStructuredText directive line after its ".. ", "name:: argument"; nil for a comment or a target.
    init?(restructuredText body: Substring) {
        guard let colons = body.firstRange(of: "::") else { return nil }
        let name = body[..<colons.lowerBound]
        guard Self.isName(name) else { return nil }
        self.name = name.lowercased()
        argument = String(body[colons.upperBound...]).trimmingPrefixAndSuffixSpaces
    }

    init(name: String, argument: String) { self.name = name; self.argument = argument }

    /// Letters, digits and "-_:+." (domains write "py:function"), opening with a letter.
    static func isName(_ s: Substring) -> Bool {
        guard let f = s.first, f.isASCII, f.isLetter else { return false }
        return s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_:+.".contains($0)) }
    }

    static let codeNames: Set<String> = ["code-block", "code", "sourcecode", "code-cell", "parsed-literal", "doctest",
                                         "testcode", "testoutput", "testsetup", "prompt", "code-tab", "literal"]
    static let hiddenNames: Set<String> = [
        "toctree", "contents", "include", "literalinclude", "image", "figure", "raw", "index", "highlight", "math",
        "tabularcolumns", "csv-table", "list-table", "table", "autosummary", "currentmodule", "module", "program",
        "sectionauthor", "moduleauthor", "codeauthor", "meta", "title", "default-role", "role", "rst-class", "class",
        "only", "ifconfig", "graphviz", "digraph", "graph", "mermaid", "plantuml", "inheritance-diagram", "rubric",
        "tags", "footbibliography", "bibliography", "sidebar", "margin", "glue", "plot", "jupyter-execute",
    ]
    /// Admonitions take no argument: text after their name is the first of their body.
    static let admonitions: Set<String> = ["note", "warning", "tip", "hint", "important", "caution", "attention",
                                           "danger", "error", "seealso", "todo"]
    static let labelNames: Set<String> = ["tab", "tab-item", "group-tab"]
    static let signatureNames: Set<String> = ["function", "class", "method", "attribute", "data", "exception",
                                              "decorator", "describe", "object", "option", "cmdoption", "envvar",
                                              "staticmethod", "classmethod", "property", "type", "macro", "member"]
    static let versionWords: [String: String] = ["versionadded": "Added in version", "versionchanged": "Changed in version",
                                                 "deprecated": "Deprecated since version", "versionremoved": "Removed in version"]

    static func role(of name: String) -> Role {
        if let words = versionWords[name] { return .version(words) }
        if codeNames.contains(name) { return .code }
        if name == "eval-rst" { return .restructuredText }
        if labelNames.contains(name) { return .label }
        if signatureNames.contains(name) { return .signature }
        // Domain directives ("py:function", "c:macro", "rst:directive") describe an object; auto* ones import it.
        if name.hasPrefix("auto") { return .hidden }
        if name.contains(":") { return .signature }
        return hiddenNames.contains(name) ? .hidden : .prose
    }

    /// The sentence a version directive opens with: "Added in version 22.2." — a version number only.
    var versionSentence: String? {
        guard case .version(let words) = role else { return nil }
        let v = argument.prefix(while: { $0 != " " })
        guard let f = v.first, f.isNumber else { return nil }
        return "\(words) \(v)."
    }

    /// The body without its options: lines ":caption: x", ":linenos:" at its start, or MyST's block of them
    /// between "---" lines.
    static func withoutOptions(_ lines: [Substring]) -> ArraySlice<Substring> {
        var rest = lines[...]
        func trimmed(_ l: Substring) -> Substring { l.drop(while: { $0 == " " || $0 == "\t" }) }
        if let first = rest.first, trimmed(first).hasPrefix("---"),
           let close = rest.dropFirst().firstIndex(where: { trimmed($0).hasPrefix("---") }) {
            return rest[rest.index(after: close)...]
        }
        while let first = rest.first, isOption(trimmed(first)) { rest = rest.dropFirst() }
        return rest
    }

    /// ":name:" or ":name: value".
    static func isOption(_ t: Substring) -> Bool {
        guard t.first == ":", let close = t.dropFirst().firstIndex(of: ":") else { return false }
        let name = t[t.index(after: t.startIndex) ..< close]
        let after = t[t.index(after: close)...]
        return !name.isEmpty && !name.contains(" ") && (after.isEmpty || after.first == " ")
    }

    /// Whether a body of unknown kind reads as commands: its first line opens with a prompt ("$ ", ">>> ").
    static func opensWithPrompt(_ lines: [Substring]) -> Bool {
        guard let first = lines.first(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" } }) else { return false }
        let t = first.drop(while: { $0 == " " || $0 == "\t" })
        return t.hasPrefix("$ ") || t.hasPrefix(">>> ") || t.hasPrefix("> ") || t.hasPrefix("C:\\>")
    }

    /// A tab's label as the sentence that leads into its body: "Unix/macOS:".
    static func labelSentence(_ label: String) -> String {
        guard let last = label.last, !".:?!".contains(last) else { return label }
        return label + ":"
    }

    /// What a role shows (":ref:`text <target>`", "{doc}`~pkg.mod.name`", ":func:`!name`"): its text when it
    /// names a target after it, the last part of a path after "~", the name without "!".
    static func roleText(_ s: Substring) -> String {
        var t = s
        if t.hasSuffix(">"), let open = t.lastIndex(of: "<"), open > t.startIndex, t[t.index(before: open)] == " " {
            let text = t[..<open].trimmingPrefixAndSuffixSpaces
            if !text.isEmpty { return text }
            t = t[t.index(after: open) ..< t.index(before: t.endIndex)]
        }
        if t.first == "!" { t = t.dropFirst() }
        if t.first == "~" {
            t = t.dropFirst()
            if let dot = t.lastIndex(of: "."), t.index(after: dot) < t.endIndex { t = t[t.index(after: dot)...] }
        }
        return String(t)
    }
}
