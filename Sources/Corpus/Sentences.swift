/// Splits prose into sentences, tolerating abbreviations, decimals, ellipses, quotes and sentences
/// glued together by lost line breaks ("in the background.But besides").
public enum Sentences {
    /// Words whose trailing period does not end a sentence (compared lowercased, inner dots kept).
    static let abbreviations: Set<String> = [
        "e.g", "i.e", "eg", "ie", "vs", "mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "inc", "ltd", "co", "fig", "cf",
        "al", "approx", "ca", "vol", "pp", "ed", "eds", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "u.s", "u.k", "ph.d", "p.s", "a.m", "p.m", "resp", "viz", "est", "dept",
    ]
    static let closers: Set<Unicode.Scalar> = ["\"", "'", "”", "’", ")", "]", "»", "›"]
    static let openers: Set<Unicode.Scalar> = ["\"", "'", "“", "‘", "(", "[", "«", "‹", "¿", "¡"]

    /// Works on Unicode scalars, not Characters: every boundary it looks for is a single scalar, and
    /// grapheme breaking made this the largest cost of answering a question.
    /// With `lowercaseStarts`, a sentence may also open with a lowercase word ("… environments. swiftly is
    /// an open source project"), as tool and product names do, when the word before the full stop is a plain
    /// word of three letters or more and no abbreviation ("e.g. swift", "etc. and" stay whole). Off for
    /// titles and passages; on for the sentences answers are made of.
    public static func split(_ text: String, lowercaseStarts: Bool = false) -> [String] {
        let c = Array(text.unicodeScalars)
        let at = Array(text.unicodeScalars.indices) + [text.unicodeScalars.endIndex]
        let n = c.count
        var out: [String] = []
        var start = 0
        func cut(_ end: Int, next: Int) {
            let s = TextClean.collapse(String(Substring(text.unicodeScalars[at[start] ..< at[end]])))
            if !s.isEmpty { out.append(s) }
            start = next
        }
        var i = 0
        while i < n {
            let ch = c[i]
            if ch == "\n" { cut(i, next: i + 1); i += 1; continue }
            // Chinese and Japanese full stops end a sentence with no space after them.
            if ch == "。" || ch == "！" || ch == "？" {
                var k = i + 1
                while k < n, c[k] == "」" || c[k] == "』" || c[k] == "）" || closers.contains(c[k]) { k += 1 }
                var m = k
                while m < n, c[m].isWhitespace, c[m] != "\n" { m += 1 }
                cut(k, next: m); i = m; continue
            }
            guard ch == "." || ch == "!" || ch == "?" || ch == "…" else { i += 1; continue }
            var j = i + 1
            while j < n, c[j] == "." || c[j] == "!" || c[j] == "?" || c[j] == "…" { j += 1 }
            var k = j
            while k < n, closers.contains(c[k]) { k += 1 }
            if k < n, c[k].isWhitespace, c[k] != "\n" {
                var m = k
                while m < n, c[m].isWhitespace, c[m] != "\n" { m += 1 }
                if m < n, startsSentence(c, m), !(j == i + 1 && ch == "." && isAbbreviation(c, before: i)) {
                    cut(k, next: m); i = m; continue
                }
                if lowercaseStarts, ch == ".", m < n, j == i + 1, k == j, endsPlainWord(c, before: i),
                   startsLowercaseSentence(c, m, letters: c[i - 1] == " " ? 1 : 2) {
                    cut(k, next: m); i = m; continue
                }
            } else if k == j, j == i + 1, ch != "…", glued(c, at: i) {
                cut(j, next: j); i = j; continue
            }
            i = j
        }
        cut(n, next: n)
        return out
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private static func startsSentence(_ c: [Unicode.Scalar], _ m: Int) -> Bool {
        if c[m].isUppercase { return true }
        if openers.contains(c[m]), m + 1 < c.count { return c[m + 1].isUppercase || c[m + 1].isNumber }
        return false
    }

    /// A word of two letters or more that opens in lowercase, then a space or a comma and a space: "swiftly is",
    /// "finally, some…", and names written with inner capitals ("gRPC is", "iOS has", "macOS runs"); not "x." or
    /// "a.b". After a stop set apart from its word ("… boundary layer . a brief review"), a one-letter word opens a
    /// sentence too (`letters` 1).
    private static func startsLowercaseSentence(_ c: [Unicode.Scalar], _ m: Int, letters: Int = 2) -> Bool {
        guard m < c.count, c[m].isLowercase else { return false }
        var e = m
        while e < c.count, c[e].isLowercase || c[e].isUppercase { e += 1 }
        guard e - m >= letters, e < c.count else { return false }
        return c[e] == " " || (c[e] == "," && e + 1 < c.count && c[e + 1] == " ")
    }

    /// Three letters or more before the stop, after a space, none of them an abbreviation's ("etc", "approx").
    /// Tokenised text sets its stops apart ("… at mach 2 . an experimental study"): after a word or a number
    /// and a space, a stop is no abbreviation's.
    private static func endsPlainWord(_ c: [Unicode.Scalar], before i: Int) -> Bool {
        if i > 1, c[i - 1] == " " { return c[i - 2].isLetter || c[i - 2].isNumber }
        var s = i
        while s > 0, c[s - 1].isLetter { s -= 1 }
        guard i - s >= 3, s == 0 || c[s - 1] == " " else { return false }
        let word = string(c[s ..< i]).lowercased()
        return word != "etc" && !abbreviations.contains(word)
    }

    /// The word before a period, e.g. "e.g", "vs", or a single capital initial ("J").
    private static func isAbbreviation(_ c: [Unicode.Scalar], before i: Int) -> Bool {
        var s = i
        while s > 0, c[s - 1].isLetter || c[s - 1] == "." { s -= 1 }
        if i - s == 1, c[s].isUppercase { return true }
        let word = string(c[s ..< i])
        return abbreviations.contains(word.lowercased())
    }

    /// "background.But besides": a lowercase word, a period, then a capitalised word and more text.
    /// "Foundation.URL", "self.Type" or "example.com" do not qualify.
    /// A word shorter than this before a glued full stop may be a package's name (`strings.Builder`, `filepath.Join`).
    static let qualifierLength = 9
    /// Words that open sentences, which a full stop glued to a short word still ends a sentence before.
    public static let sentenceOpeners: Set<String> = [
        "The", "This", "That", "These", "Those", "There", "Then", "They", "It", "Its", "It’s", "It's", "In", "If", "I", "We",
        "You", "Your", "So", "But", "And", "Or", "Now", "Also", "When", "While", "For", "A", "An", "As", "At", "To", "On",
        "Here", "What", "Why", "How", "However", "Let", "Let’s", "Let's", "Another", "Perhaps", "Finally", "First", "Next",
        "After", "Before", "With", "Without", "Since", "Because", "Although", "Instead", "Otherwise", "Of", "By", "Once",
        "Note", "Still", "Yet", "Thus", "Therefore", "Moreover", "Besides", "Unlike", "Like", "All", "Each", "Every",
        "Some", "Many", "Most", "One", "No", "Not", "Our", "My", "He", "She", "Please", "Just", "Even", "Only",
    ]

    /// Whether the word at `start` is one of `sentenceOpeners`, followed by a space or a comma.
    private static func opensSentence(_ c: [Unicode.Scalar], at start: Int) -> Bool {
        guard start < c.count, c[start].isUppercase else { return false }
        var e = start + 1
        while e < c.count, c[e].isLowercase { e += 1 }
        return e < c.count && (c[e] == " " || c[e] == ",") && sentenceOpeners.contains(string(c[start ..< e]))
    }

    private static func glued(_ c: [Unicode.Scalar], at i: Int) -> Bool {
        let n = c.count
        guard i > 0 else { return false }
        if !(closers.contains(c[i - 1]) && i > 1 && (c[i - 2].isLetter || c[i - 2].isPunctuation)) {
            var s = i
            while s > 0, c[s - 1].isLetter { s -= 1 }
            // "Neat!Another" may follow a capitalised word; a period needs a lowercase one ("Foundation.Data"),
            // or a word that opens sentences after it ("…using tools like closures or Combine.So how…").
            let lowerFrom = c[i] == "." && !opensSentence(c, at: i + 1) ? s : s + 1
            guard i - s >= 2, (s == 0 || c[s - 1].isWhitespace || c[s - 1] == "(" || c[s - 1] == "“"),
                  c[lowerFrom ..< i].allSatisfy({ $0.isLowercase }),
                  !["self", "super", "this"].contains(string(c[s ..< i])) else { return false }   // self.View
        }
        var e = i + 1
        guard e < n, c[e].isUppercase else { return false }
        let isI = c[e] == "I"
        e += 1
        let wordStart = e
        while e < n, c[e].isLowercase { e += 1 }
        guard e - wordStart >= 1 || isI, e < n, c[e] == " " || c[e] == "," || c[e] == "’" || c[e] == "'" else { return false }
        // A short lowercase word, a full stop and a capitalised one is a qualified name ("rand.Seed has not been
        // called", "time.Second"), unless the capitalised word is one that opens sentences ("it.The", "done.Let’s").
        if c[i] == ".", !closers.contains(c[i - 1]) {
            var s = i
            while s > 0, c[s - 1].isLetter { s -= 1 }
            if i - s < qualifierLength, !sentenceOpeners.contains(string(c[(i + 1) ..< e])) { return false }
        }
        if c[e] != " " { return true }   // "done.Let’s", "fashion.However,"
        return e + 1 < n && (c[e + 1].isLetter || c[e + 1].isNumber)
    }
}

/// The Character tests the splitter needs, asked of a single scalar.
fileprivate extension Unicode.Scalar {
    var isUppercase: Bool { properties.isUppercase }
    var isLowercase: Bool { properties.isLowercase }
    var isLetter: Bool { properties.isAlphabetic }
    var isNumber: Bool { properties.numericType != nil }
    var isWhitespace: Bool { properties.isWhitespace }
    var isPunctuation: Bool {
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }
}
