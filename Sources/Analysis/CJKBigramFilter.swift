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
            for run in Self.runs(token.term) {
                guard run.cjk else { var t = token; t.term = String(String.UnicodeScalarView(run.scalars)); out.append(t); continue }
                if run.scalars.count == 1 { var t = token; t.term = String(run.scalars[0]); out.append(t); continue }
                for k in 0 ..< run.scalars.count - 1 {
                    var t = token
                    t.term = String(String.UnicodeScalarView(run.scalars[k ... k + 1]))
                    out.append(t)
                }
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
