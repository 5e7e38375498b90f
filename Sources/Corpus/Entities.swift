/// Decodes character references: the five XML entities, numeric references and a table of HTML
/// named entities. Never consults a DTD, so no entity expansion attack or external entity is possible.
enum Entities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "copy": "©", "reg": "®", "trade": "™",
        "bull": "•", "middot": "·", "times": "×", "divide": "÷", "laquo": "«", "raquo": "»",
        "lsaquo": "‹", "rsaquo": "›", "deg": "°", "plusmn": "±", "para": "¶", "sect": "§",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "curren": "¤", "iexcl": "¡", "iquest": "¿",
        "shy": "", "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": "\u{2009}", "ensp": "\u{2002}",
        "emsp": "\u{2003}", "prime": "′", "Prime": "″", "larr": "←", "rarr": "→", "uarr": "↑",
        "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐", "hArr": "⇔", "le": "≤", "ge": "≥",
        "ne": "≠", "asymp": "≈", "infin": "∞", "minus": "−", "micro": "µ", "half": "½", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²", "sup3": "³", "dagger": "†", "Dagger": "‡",
        "permil": "‰", "check": "✓", "star": "☆", "hearts": "♥", "alpha": "α", "beta": "β",
        "gamma": "γ", "delta": "δ", "lambda": "λ", "mu": "μ", "pi": "π", "sigma": "σ", "omega": "ω",
        "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω", "szlig": "ß", "ordf": "ª", "ordm": "º", "not": "¬",
        "acute": "´", "uml": "¨", "cedil": "¸", "macr": "¯", "brvbar": "¦", "circ": "ˆ", "tilde": "˜",
        "grave": "`", "lowast": "∗", "sum": "∑", "prod": "∏", "radic": "√", "and": "∧", "or": "∨",
        "cap": "∩", "cup": "∪", "isin": "∈", "forall": "∀", "exist": "∃", "empty": "∅", "nabla": "∇",
        "oline": "‾", "frasl": "⁄", "loz": "◊", "spades": "♠", "clubs": "♣", "diams": "♦", "quest": "?",
        "excl": "!", "num": "#", "dollar": "$", "percnt": "%", "lpar": "(", "rpar": ")", "ast": "*",
        "plus": "+", "comma": ",", "period": ".", "sol": "/", "colon": ":", "semi": ";", "equals": "=",
        "commat": "@", "lsqb": "[", "rsqb": "]", "bsol": "\\", "lowbar": "_", "lcub": "{", "rcub": "}",
        "verbar": "|", "vert": "|", "Hat": "^", "ThinSpace": "\u{2009}", "NewLine": "\n", "Tab": "\t",
    ].merging(accented, uniquingKeysWith: { a, _ in a })

    /// Latin-1 letters (`eacute`, `Auml`, `ccedil`, …) generated rather than listed.
    static let accented: [String: String] = {
        var t: [String: String] = [:]
        let marks: [(String, [(Character, String)])] = [
            ("grave", [("a", "à"), ("e", "è"), ("i", "ì"), ("o", "ò"), ("u", "ù"), ("A", "À"), ("E", "È"), ("I", "Ì"), ("O", "Ò"), ("U", "Ù")]),
            ("acute", [("a", "á"), ("e", "é"), ("i", "í"), ("o", "ó"), ("u", "ú"), ("y", "ý"), ("A", "Á"), ("E", "É"), ("I", "Í"), ("O", "Ó"), ("U", "Ú"), ("Y", "Ý")]),
            ("circ", [("a", "â"), ("e", "ê"), ("i", "î"), ("o", "ô"), ("u", "û"), ("A", "Â"), ("E", "Ê"), ("I", "Î"), ("O", "Ô"), ("U", "Û")]),
            ("uml", [("a", "ä"), ("e", "ë"), ("i", "ï"), ("o", "ö"), ("u", "ü"), ("y", "ÿ"), ("A", "Ä"), ("E", "Ë"), ("I", "Ï"), ("O", "Ö"), ("U", "Ü")]),
            ("tilde", [("a", "ã"), ("n", "ñ"), ("o", "õ"), ("A", "Ã"), ("N", "Ñ"), ("O", "Õ")]),
            ("cedil", [("c", "ç"), ("C", "Ç")]), ("ring", [("a", "å"), ("A", "Å")]), ("slash", [("o", "ø"), ("O", "Ø")]),
        ]
        for (mark, letters) in marks { for (l, v) in letters { t[String(l) + mark] = v } }
        t["aelig"] = "æ"; t["AElig"] = "Æ"; t["oelig"] = "œ"; t["OElig"] = "Œ"; t["eth"] = "ð"; t["thorn"] = "þ"
        return t
    }()

    /// Windows-1252 meanings of 0x80–0x9F, which HTML applies to `&#146;` and friends.
    static let cp1252: [UInt32] = [0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030,
                                   0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C,
                                   0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD,
                                   0x017E, 0x0178]

    /// Appends `bytes[range]` to `out`, decoding references; unknown `&name;` stays literal.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [UInt8]) {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let b = bytes[i]
            if b != 0x26 { out.append(b); i += 1; continue }
            // Find the terminating ';' within a short window; otherwise '&' is literal.
            var j = i + 1
            let limit = min(end, i + 34)
            while j < limit, bytes[j] != 0x3B, bytes[j] != 0x26, bytes[j] > 0x20, bytes[j] != 0x3C { j += 1 }
            guard j < limit, bytes[j] == 0x3B, j > i + 1 else { out.append(b); i += 1; continue }
            if let scalar = reference(bytes, i + 1 ..< j) {
                out.append(contentsOf: scalar.utf8)
            } else {
                out.append(contentsOf: bytes[i ... j])
            }
            i = j + 1
        }
    }

    /// Convenience for short strings (attribute values, titles).
    static func decode(_ s: String) -> String {
        guard s.utf8.contains(0x26) else { return s }
        var out = [UInt8]()
        var s = s
        s.withUTF8 { decode($0, 0 ..< $0.count, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func reference(_ p: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String? {
        if p[r.lowerBound] == 0x23 {   // '#'
            var i = r.lowerBound + 1
            var radix: UInt32 = 10
            if i < r.upperBound, p[i] | 0x20 == 0x78 { radix = 16; i += 1 }
            guard i < r.upperBound else { return nil }
            var v: UInt32 = 0
            while i < r.upperBound {
                let c = p[i]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x61...0x66 where radix == 16: d = UInt32(c - 0x61 + 10)
                case 0x41...0x46 where radix == 16: d = UInt32(c - 0x41 + 10)
                default: return nil
                }
                v = v &* radix &+ d
                if v > 0x10FFFF { v = 0xFFFD; break }
                i += 1
            }
            if v >= 0x80 && v <= 0x9F { v = cp1252[Int(v - 0x80)] }
            let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
            return v == 0 ? "\u{FFFD}" : String(Character(scalar))
        }
        return named[String(decoding: UnsafeBufferPointer(rebasing: p[r]), as: UTF8.self)]
    }
}
