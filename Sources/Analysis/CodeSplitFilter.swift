/// Splits identifiers into their words while keeping the whole: `UITableViewCell` → `UITableViewCell`,
/// `UI`, `Table`, `View`, `Cell`; `snake_case` → `snake_case`, `snake`, `case`; `Swift6` → `Swift6`, `Swift`, `6`.
/// Parts of one character are dropped (`iOS` gives `iOS`, `OS`), version numbers are left alone.
public struct CodeSplitFilter: TokenFilter {
    public init() {}

    public func apply(_ tokens: [Token]) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(tokens.count + tokens.count / 4)
        for token in tokens {
            out.append(token)
            let parts = CodeSplitFilter.parts(of: token.term)
            if parts.count > 1 {
                for p in parts where p.count > 1 {
                    var t = token; t.term = p; out.append(t)
                }
            }
        }
        return out
    }

    enum Class { case lower, upper, digit, other }

    static func classify(_ c: Character) -> Class {
        if c.isNumber { return .digit }
        if c.isUppercase { return .upper }
        if c.isLowercase { return .lower }
        return .other
    }

    /// The words inside an identifier; a single element when there is nothing to split.
    public static func parts(of word: String) -> [String] {
        // Fast path: plain lowercase ASCII words, the vast majority of prose.
        if word.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) }) { return [word] }
        if word.first?.isNumber == true, !word.contains(where: \.isLetter) { return [word] }
        let chars = Array(word)
        var parts: [String] = []
        var current = ""
        for (i, c) in chars.enumerated() {
            if c == "_" { if !current.isEmpty { parts.append(current); current = "" }; continue }
            if c == "." || c == "," { current.append(c); continue }
            if !current.isEmpty, let prev = current.last {
                let a = classify(prev), b = classify(c)
                var boundary = false
                if a == .lower && b == .upper { boundary = true }
                if (a == .digit) != (b == .digit), prev != ".", a != .other, b != .other { boundary = true }
                // "UITable": the last capital of a run starts the next word.
                if a == .upper && b == .upper, i + 1 < chars.count, classify(chars[i + 1]) == .lower { boundary = true }
                if boundary { parts.append(current); current = "" }
            }
            current.append(c)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
