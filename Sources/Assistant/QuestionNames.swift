import Analysis
import Retrieval

/// The names a question is about — capitalised words after its first ("Kotlin", "Rust", "WWDC") and
/// code-like words ("debounce()", "viewDidLoad", "numpy.mean") — and whether a piece of text
/// mentions them. A question about "Rust crates" is not answered by a passage that says "rust on
/// the hull", and one about "debounce()" is not answered by "it debounces the input": the
/// answer tool abstains unless its best evidence names what the question names.
struct QuestionName: Equatable {
    /// As written, cleaned of quotes, possessives and trailing punctuation ("Jones'" → "Jones").
    var text: String
    /// Written like code: call parentheses, a dot or underscore inside, or inner capitals.
    var isCode: Bool
    /// Written as a call ("debounce()"): the evidence must show it called, not just the word.
    var isCall: Bool
    /// Written as an owner ("Apple's", "Jones'"): it qualifies what the question is about.
    var isPossessive = false
    /// The words right after the name up to the next punctuation ("Vulkan descriptor heap for…" →
    /// "descriptor", "heap", "for", …), as written; the caller decides where the compound ends.
    var following: [String] = []

    /// Capitalised words that name nothing a corpus could lack: the pronoun "I" and its contractions,
    /// months and days of the week.
    static let notNames: Set<String> = [
        "I", "I'm", "I’m", "I've", "I’ve", "I'd", "I’d", "I'll", "I’ll",
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ]

    static func of(_ question: String) -> [QuestionName] {
        var out: [QuestionName] = []
        let words = question.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        var afterSentenceEnd = true
        for (index, raw) in words.enumerated() {
            defer { afterSentenceEnd = raw.last.map { ".?!:".contains($0) } ?? false }
            var w = String(raw).trimmingCharacters(in: "?,;:!\"“”[]{}")
            let isPossessive = w.hasSuffix("'s") || w.hasSuffix("’s") || (w.count > 2 && (w.hasSuffix("s'") || w.hasSuffix("s’")))
            w = w.trimmingCharacters(in: "'‘’")
            if w.hasSuffix("'s") || w.hasSuffix("’s") { w = String(w.dropLast(2)) }
            if w.hasSuffix(".") { w = String(w.dropLast()) }
            let isCall = w.hasSuffix("()")
            if isCall { w = String(w.dropLast(2)) }
            guard w.count >= 2, let first = w.first, w.contains(where: \.isLetter), !Self.isPlaceholder(w) else { continue }
            let inner = w.dropFirst()
            let isCode = isCall || (w.contains(".") || w.contains("_") || w.contains("("))
                || (inner.contains(where: \.isUppercase) && w.contains(where: \.isLowercase))
            let capitalised = first.isUppercase && !afterSentenceEnd && !notNames.contains(w)
            guard isCode || capitalised else { continue }
            var name = QuestionName(text: w, isCode: isCode, isCall: isCall, isPossessive: isPossessive)
            if let last = raw.last, last.isLetter || last.isNumber {
                for next in words[(index + 1)...] {
                    let clean = String(next).trimmingCharacters(in: "?,;:!.\"'“”‘’()[]{}")
                    if !clean.isEmpty { name.following.append(clean) }
                    if let l = next.last, !(l.isLetter || l.isNumber) { break }
                }
            }
            if !out.contains(where: { $0.text == name.text }) { out.append(name) }
        }
        return out
    }

    /// Names that stand for any name in a programmer's question: the metasyntactic words ("foo()", "fooBar",
    /// "Baz") and the asker's own identifiers written in lower camel or snake case with "my" ("myHandler",
    /// "my_list"). No corpus lacks them: "If I call foo() from two tasks at once…" asks about the tasks.
    static func isPlaceholder(_ word: String) -> Bool {
        let parts = identifierParts(word)
        guard let first = parts.first else { return false }
        if parts.allSatisfy(metasyntactic.contains) { return true }
        return parts.count >= 2 && first == "my" && word.first == "m"
    }

    /// The question's words that are placeholders, cleaned of punctuation and call parentheses.
    static func placeholders(in question: String) -> [String] {
        question.split(separator: " ").map { String($0).trimmingCharacters(in: "?,;:!.\"'“”‘’()[]{}`") }.filter(isPlaceholder)
    }

    static let metasyntactic: Set<String> = ["foo", "bar", "baz", "qux", "quux", "quuz", "corge", "grault", "garply", "waldo",
                                             "plugh", "xyzzy", "thud", "foobar", "hoge", "fuga", "piyo", "hogehoge"]

    /// An identifier's words, lower-cased: split at "_", ".", "-", digits and a lower-case letter followed by a capital
    /// ("fooBar_baz2" → foo, bar, baz).
    static func identifierParts(_ word: String) -> [String] {
        var parts: [String] = [], cur = ""
        var previous: Character?
        for ch in word {
            if !ch.isLetter {
                if !cur.isEmpty { parts.append(cur) }; cur = ""
            } else {
                if ch.isUppercase, let p = previous, p.isLowercase, !cur.isEmpty { parts.append(cur); cur = "" }
                cur.append(contentsOf: ch.lowercased())
            }
            previous = ch
        }
        if !cur.isEmpty { parts.append(cur) }
        return parts
    }

    /// Written in capitals only, like most technical abbreviations ("CPU", "REST"), which articles
    /// as often spell out.
    var isAcronym: Bool { text.count <= 5 && text.allSatisfy { $0.isUppercase || $0.isNumber } }

    /// Whether `text` writes this plain name as a name: with the question's capitals (an acronym
    /// exactly as written), and a capitalised word not only where every word is capitalised, at the
    /// start of a sentence or a line. "Rust crates" is not mentioned by "Rust never sleeps." or "rust on
    /// the hull"; "Bazel" is not mentioned by "bazel" in a lowercase file name.
    /// A plural ("Ints") counts when the singular is written.
    func isNamed(in text: String) -> Bool {
        if self.text.count > 3, self.text.hasSuffix("s"),
           QuestionName(text: String(self.text.dropLast()), isCode: isCode, isCall: isCall).isNamed(in: text) { return true }
        var rest = Substring(text)
        while let r = rest.firstRange(of: self.text) {
            let before = text[..<r.lowerBound].last
            let after = rest[r.upperBound...].first
            let boundary = !(before.map { $0.isLetter || $0.isNumber } ?? false) && !(after.map { $0.isLetter || $0.isNumber } ?? false)
            if boundary && !Self.inTitleRun(text, r)
                && (!Self.startsSentence(text[..<r.lowerBound]) || Self.labelsLine(text[..<r.lowerBound], rest[r.upperBound...])) { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }

    /// Whether the word at `r` stands in a run of capitalised words, as a title or a link's text writes
    /// them ("WWDC2024 - Go Further With Swift Testing"): the two words after it are capitalised and the
    /// word before it is not a lowercase one. "the Swift Package Manager" names Swift; "Go Further With" does not name Go.
    static func inTitleRun(_ text: String, _ r: Range<String.Index>) -> Bool {
        let after = text[r.upperBound...].prefix(80).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).prefix(2)
        guard after.count == 2, after.allSatisfy({ $0.first?.isUppercase ?? false }) else { return false }
        let before = text[..<r.lowerBound].suffix(40).split(separator: " ", omittingEmptySubsequences: true).last
        return !(before?.first?.isLowercase ?? false)
    }

    /// Whether a word that opens a line is the line's label: the whole line (a heading, "### Mercurial") or before a
    /// dash or colon ("- Mercurial -- `hg+`", "Mercurial: hg+"), where a name stands as itself and not as a sentence's
    /// first word ("Go further", "Rust never sleeps."). pip's manual names Mercurial only so, and a question about
    /// it had been declined for lack of the name.
    static func labelsLine(_ prefix: Substring, _ after: Substring) -> Bool {
        for c in prefix.reversed() {
            if c == " " || c == "\t" || "\"“‘'(*#>-".contains(c) { continue }
            guard c.isNewline else { return false }
            break
        }
        let rest = after.prefix(while: { !$0.isNewline }).drop(while: { $0 == " " || $0 == "\t" })
        return rest.isEmpty || rest.hasPrefix("--") || rest.hasPrefix("—") || rest.hasPrefix("–") || rest.hasPrefix(": ") || rest == ":"
    }

    /// Whether a word right after `prefix` opens a sentence or a line: what comes before it, spaces and
    /// opening quotes aside, is nothing, a line break or a sentence's end.
    static func startsSentence(_ prefix: Substring) -> Bool {
        for c in prefix.reversed() {
            if c == " " || c == "\t" || "\"“‘'(*#>-".contains(c) { continue }
            return c.isNewline || ".!?:".contains(c)
        }
        return true
    }

    /// Whether `haystack`, lowercased, mentions this name as a whole word; a call must appear with its
    /// opening parenthesis. With `exactCase`, `haystack` is the text as written and the name must appear
    /// with the question's capitals.
    func isMentioned(in haystack: String, exactCase: Bool = false) -> Bool {
        let needle = (exactCase ? text : text.lowercased()) + (isCall ? "(" : "")
        var rest = Substring(haystack)
        while let r = rest.firstRange(of: needle) {
            let before = rest[..<r.lowerBound].last
            let after = rest[r.upperBound...].first
            let boundaryBefore = before.map { !$0.isLetter && !$0.isNumber } ?? true
            let boundaryAfter = isCall || (after.map { !$0.isLetter && !$0.isNumber } ?? true)
            if boundaryBefore && boundaryAfter { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }
}
