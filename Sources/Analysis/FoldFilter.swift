/// Unicode case folding plus removal of diacritics (`Café` → `cafe`, `Straße` → `strasse`).
public struct FoldFilter: TokenFilter {
    public init() {}

    public func apply(_ tokens: [Token]) -> [Token] {
        tokens.map { var t = $0; t.term = FoldFilter.fold(t.term); return t }
    }

    public static func fold(_ s: String) -> String {
        var ascii = true
        for b in s.utf8 where b >= 0x80 || (b >= 0x41 && b <= 0x5A) { ascii = b < 0x80; if !ascii { break } }
        if ascii {
            // ASCII: lowercase without the general machinery.
            if !s.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { return s }
            return String(decoding: s.utf8.map { ($0 >= 0x41 && $0 <= 0x5A) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for scalar in s.lowercased().unicodeScalars {
            if let mapped = foldTable[scalar] { out.append(contentsOf: mapped.unicodeScalars); continue }
            // Combining marks (from decomposed input) carry only the accent.
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            out.append(scalar)
        }
        return String(out)
    }

    static let foldTable: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşšș", "s"), ("ţťŧț", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"),
            ("źżž", "z"),
        ]
        // The micro sign (U+00B5) is the Greek letter mu as units write it ("µm"): one term with "μm".
        var table: [Unicode.Scalar: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d", "\u{B5}": "\u{3BC}"]
        for (chars, base) in groups { for s in chars.unicodeScalars { table[s] = base } }
        return table
    }()
}
