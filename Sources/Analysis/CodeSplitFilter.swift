/// Splits identifiers into their words while keeping the whole: `UITableViewCell` → `UITableViewCell`,
/// `UI`, `Table`, `View`, `Cell`; `snake_case` → `snake_case`, `snake`, `case`; `Swift6` → `Swift6`, `Swift`, `6`.
/// Parts of one character are dropped (`iOS` gives `iOS`, `OS`); a patch version also gives its release
/// (`1.85.0` → `1.85.0`, `1.85`).
public struct CodeSplitFilter: TokenFilter {
    public init() {}

    public func apply(_ tokens: [Token]) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(tokens.count + tokens.count / 4)
        for token in tokens {
            out.append(token)
            if let release = CodeSplitFilter.release(of: token.term) {
                var t = token; t.term = release; out.append(t)
                continue
            }
            let parts = CodeSplitFilter.parts(of: token.term)
            if parts.count > 1 {
                for p in parts where p.count > 1 {
                    var t = token; t.term = p; out.append(t)
                }
            }
        }
        return out
    }

    /// The release a patch version belongs to ("1.85.0" → "1.85", "5.9.2" → "5.9"), so that "Rust 1.85" finds
    /// "Announcing Rust 1.85.0"; nil for anything else (two-part numbers, dates, letters, commas).
    static func release(of term: String) -> String? {
        // Most terms start with a letter: one byte read and they are out.
        guard let first = term.utf8.first, first >= 0x30, first <= 0x39 else { return nil }
        var dots = 0, secondDot = -1, count = 0, last: UInt8 = 0
        for b in term.utf8 {
            if b == 0x2E {
                dots += 1
                if dots == 2 { secondDot = count }
            } else if b < 0x30 || b > 0x39 { return nil }
            count += 1; last = b
            if count > 16 { return nil }
        }
        guard dots >= 2, dots <= 3, last != 0x2E else { return nil }
        return String(decoding: term.utf8.prefix(secondDot), as: UTF8.self)
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
