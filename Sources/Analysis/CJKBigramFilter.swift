/// Chinese, Japanese and Korean text has no spaces between words, so the tokenizer sees a whole clause as
/// one word. As Lucene's CJKBigramFilter does, each run of CJK characters becomes its overlapping
/// bigrams (`東京タワー` → `東京`, `京タ`, `タワ`, `ワー`; a lone character stays a unigram), so a query
/// in those scripts meets its article; the other letters of the token stay a token of their own.
public struct CJKBigramFilter: TokenFilter {
    public init() {}

    public func apply(_ tokens: [Token]) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        for token in tokens {
            guard token.term.unicodeScalars.contains(where: Self.isCJK) else { out.append(token); continue }
            // When the token is its source text, each piece gets its own place in it (a snippet
            // centres on the bigram, a highlight marks it); otherwise the pieces keep the token's.
            let exact = token.end - token.start == token.term.utf8.count
            var offset = token.start
            func piece(_ scalars: ArraySlice<Unicode.Scalar>) -> Token {
                var t = token
                t.term = String(String.UnicodeScalarView(scalars))
                if exact { t.start = offset; t.end = offset + t.term.utf8.count }
                return t
            }
            for run in Self.runs(token.term) {
                let widths = run.scalars.map { UTF8.width($0) }
                defer { offset += widths.reduce(0, +) }
                guard run.cjk, run.scalars.count > 1 else { out.append(piece(run.scalars[...])); continue }
                let base = offset
                for k in 0 ..< run.scalars.count - 1 {
                    out.append(piece(run.scalars[k ... k + 1]))
                    offset += widths[k]
                }
                offset = base
            }
        }
        return out
    }

    /// Maximal runs of CJK and of other scalars.
    static func runs(_ s: String) -> [(cjk: Bool, scalars: [Unicode.Scalar])] {
        var out: [(cjk: Bool, scalars: [Unicode.Scalar])] = []
        for u in s.unicodeScalars {
            let c = isCJK(u)
            if let last = out.last, last.cjk == c { out[out.count - 1].scalars.append(u) } else { out.append((c, [u])) }
        }
        return out
    }

    /// Han ideographs, Hiragana, Katakana (with the prolonged sound mark and half-width forms) and Hangul.
    public static func isCJK(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true          // kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true  // Han
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true          // Hangul
        default: return false
        }
    }
}
