/// Greek letters inside a word of Latin letters or digits, as scientific text writes them ("αvβ8", "PPARγ", "κb" of
/// "NF-κB"), also in the two ways plain ASCII writes them: each letter by its Latin initial ("avb8", "pparg", "kb") and
/// by its name ("alphavbeta8", "ppargamma", "kappab"). A lone letter, as "TGF-β" and "IL-1β" leave one, is also
/// written by name ("beta"), except the two that are Greek words too (the articles "ο" and "η"). A Greek word
/// stays as it is. Inside a word, μ is written "u" either way, as units are typed ("um", "ug" for "μm", "μg"), never
/// "m" or "mu" ("μm" is no "mm", "μg" no "mug"). Runs after `FoldFilter`, so the letters arrive in lower case.
public struct GreekLetterFilter: TokenFilter {
    public init() {}

    public func apply(_ tokens: [Token]) -> [Token] {
        // Greek and Coptic (U+0370…U+03FF) take the lead bytes 0xCD…0xCF in UTF-8: other words are out at once.
        guard tokens.contains(where: { $0.term.utf8.contains { $0 >= 0xCD && $0 <= 0xCF } }) else { return tokens }
        var out: [Token] = []
        out.reserveCapacity(tokens.count + 2)
        for token in tokens {
            out.append(token)
            for form in GreekLetterFilter.forms(of: token.term) {
                var t = token; t.term = form; out.append(t)
            }
        }
        return out
    }

    /// The word with its Greek letters written by initial, then by name; a lone letter by name; none when the word
    /// mixes no Greek letter with ASCII letters or digits.
    public static func forms(of term: String) -> [String] {
        let scalars = term.unicodeScalars
        if scalars.count == 1, let s = scalars.first, let name = names[s], !greekWords.contains(s) { return [name] }
        var greek = false, latin = false
        for s in scalars {
            if names[s] != nil { greek = true } else if s.isASCII, s.properties.isAlphabetic || ("0"..."9").contains(s) { latin = true }
        }
        guard greek, latin else { return [] }
        var initial = String.UnicodeScalarView(), named = String.UnicodeScalarView()
        for s in scalars {
            if let (first, name) = inWord(s) {
                initial.append(first); named.append(contentsOf: name.unicodeScalars)
            } else {
                initial.append(s); named.append(s)
            }
        }
        let a = String(initial), b = String(named)
        return a == b ? [a] : [a, b]
    }

    /// How a letter is written inside a word: its initial and its name; μ as "u" both ways, as units are typed.
    static func inWord(_ s: Unicode.Scalar) -> (Unicode.Scalar, String)? {
        if s == "μ" { return ("u", "u") }
        return names[s].map { ($0.unicodeScalars.first!, $0) }
    }

    static let greekWords: Set<Unicode.Scalar> = ["ο", "η"]

    /// The lower-case letters by their English names; the initial is the name's first letter.
    static let names: [Unicode.Scalar: String] = [
        "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta", "η": "eta", "θ": "theta",
        "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi", "ο": "omicron", "π": "pi", "ρ": "rho",
        "σ": "sigma", "ς": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega",
    ]
}
