import Testing
@testable import Analysis

/// Each step of the analysis chain on its own, table-driven.
@Suite("Analysis filters")
struct FilterTests {
    static func tokens(_ terms: [String]) -> [Token] {
        terms.enumerated().map { Token($1, position: $0) }
    }

    // MARK: British spellings

    /// A British spelling and the American one analyse to one term, in their inflections too.
    @Test(arguments: [
        ("colour", "color"), ("coloured", "colored"), ("organisation", "organization"), ("organised", "organizing"),
        ("analyse", "analyzed"), ("tumours", "tumors"), ("licence", "license"), ("centre", "centers"),
        ("travelled", "traveled"), ("catalogue", "catalog"), ("haemoglobin", "hemoglobin"), ("behaviour", "behavior"),
    ])
    func britishMeetsAmerican(_ british: String, _ american: String) {
        let a = Analyzer()
        #expect(a.terms(british) == a.terms(american), "\(a.terms(british)) ≠ \(a.terms(american))")
        // The fused path and the chain agree.
        #expect(a.chainAnalyze(british).map(\.term) == a.terms(british))
    }

    /// Every pair of the table meets; words outside it keep their stems ("precise" is no "-ise" verb, "hour" no "-our").
    @Test func everyPairMeetsAndOthersStay() {
        let s = Stemmer()
        for (british, american) in BritishSpelling.pairs { #expect(s.stem(british) == s.stem(american), "\(british)") }
        let kept = ["precise": "precis", "promise": "promis", "hour": "hour", "tire": "tire", "story": "stori",
                    "programmer": "programm", "metric": "metric"]
        for (w, stem) in kept { #expect(s.stem(w) == stem, "\(w)") }
        // Another language's stemmer maps nothing.
        #expect(Stemmer(language: "french").stem("colour") != "color")
    }

    // MARK: Tokenizer

    @Test("tokenizer keeps identifiers, versions and drops apostrophe tails", arguments: [
        ("UITableViewCell", ["UITableViewCell"]),
        ("@MainActor func run()", ["MainActor", "func", "run"]),
        ("snake_case names", ["snake_case", "names"]),
        ("trailing_ underscore", ["trailing", "underscore"]),
        ("Swift 5.5 and iOS 18", ["Swift", "5.5", "and", "iOS", "18"]),
        ("Xcode 17.0.1 shipped", ["Xcode", "17.0.1", "shipped"]),
        ("1,000 items", ["1000", "items"]),
        ("end of sentence. Next", ["end", "of", "sentence", "Next"]),
        ("Swift’s actors", ["Swift", "actors"]),
        ("Swift's actors", ["Swift", "actors"]),
        ("don't panic", ["don", "panic"]),
        ("Café crème", ["Café", "crème"]),
        ("async/await", ["async", "await"]),
        ("#Preview macro", ["Preview", "macro"]),
        ("", []),
        ("!!! ??? ... --- ***", []),
        ("naïve résumé", ["naïve", "résumé"]),
    ] as [(String, [String])])
    func tokenizer(input: String, expected: [String]) {
        #expect(Tokenizer().tokenize(input).map(\.term) == expected)
    }

    @Test func tokenizerPositionsAndOffsets() {
        let text = "Hello, Swift’s world 5.5"
        let t = Tokenizer().tokenize(text)
        #expect(t.map(\.position) == Array(0..<t.count))
        let bytes = Array(text.utf8)
        for token in t {
            let word = String(decoding: bytes[token.start..<token.end], as: UTF8.self)
            #expect(word == token.term, "offsets of \(token.term) point at \(word)")
        }
    }

    @Test func tokenizerSurvivesInvalidAndControlText() {
        let nasty = "a\u{0}b\u{1B}[31mred\u{1B}[0m \u{FFFD}\u{7}bell"
        let terms = Tokenizer().tokenize(nasty).map(\.term)
        #expect(terms == ["a", "b", "31mred", "0m", "bell"])
        #expect(terms.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    // MARK: CodeSplitFilter

    @Test("identifier parts", arguments: [
        ("UITableViewCell", ["UI", "Table", "View", "Cell"]),
        ("MainActor", ["Main", "Actor"]),
        ("snake_case", ["snake", "case"]),
        ("Swift6", ["Swift", "6"]),
        ("iOS", ["i", "OS"]),
        ("URLSession", ["URL", "Session"]),
        ("17.0.1", ["17.0.1"]),
        ("plain", ["plain"]),
    ] as [(String, [String])])
    func codeSplitParts(word: String, expected: [String]) {
        #expect(CodeSplitFilter.parts(of: word) == expected)
    }

    @Test("split filter keeps the whole word first and drops one-letter parts", arguments: [
        ("UITableViewCell", ["UITableViewCell", "UI", "Table", "View", "Cell"]),
        ("iOS", ["iOS", "OS"]),
        ("snake_case", ["snake_case", "snake", "case"]),
        ("word", ["word"]),
        ("5.5", ["5.5"]),
        // A patch version also gives its release: "Rust 1.85" finds "Rust 1.85.0".
        ("1.85.0", ["1.85.0", "1.85"]),
        ("5.9.2.1", ["5.9.2.1", "5.9"]),
        ("1.2.3.4.5", ["1.2.3.4.5"]),
        ("1,000.5", ["1,000.5"]),
    ] as [(String, [String])])
    func codeSplitApply(word: String, expected: [String]) {
        let out = CodeSplitFilter().apply([Token(word, position: 7, start: 3, end: 3 + word.utf8.count)])
        #expect(out.map(\.term) == expected)
        #expect(out.allSatisfy { $0.position == 7 && $0.start == 3 }, "parts share the word's position")
    }

    // MARK: GreekLetterFilter

    @Test("a Greek letter inside a Latin word is also written by its initial and by its name", arguments: [
        ("αvβ8", ["αvβ8", "avb8", "alphavbeta8"]),
        ("pparγ", ["pparγ", "pparg", "ppargamma"]),
        ("κb", ["κb", "kb", "kappab"]),
        ("1β", ["1β", "1b", "1beta"]),
        ("aβ42", ["aβ42", "ab42", "abeta42"]),
        // A unit's μ is typed "u": "μm" is "um", never "mm" (millimetres) or "mum".
        ("μm", ["μm", "um"]),
        // A lone letter is written by its name, unless it is a Greek word too; Greek words and words without Greek
        // letters stay as they are.
        ("β", ["β", "beta"]),
        ("ο", ["ο"]),
        ("λόγος", ["λόγος"]),
        ("beta", ["beta"]),
        ("café", ["café"]),
    ] as [(String, [String])])
    func greekLetters(word: String, expected: [String]) {
        let out = GreekLetterFilter().apply([Token(word, position: 4, start: 2, end: 2 + word.utf8.count)])
        #expect(out.map(\.term) == expected)
        #expect(out.allSatisfy { $0.position == 4 && $0.start == 2 }, "the forms share the word's position")
    }

    @Test func plainASCIIMeetsGreekLetters() {
        let analyzer = Analyzer()
        let indexed = Set(analyzer.terms("Integrin αvβ8 activates TGF-β; NF-κB and IL-1β rise; PPARγ agonists; 5 \u{B5}m beads"))
        #expect(!indexed.contains("mm"), "micrometres are no millimetres")
        // Each word of the query, whole (its first term; the identifier parts after it may differ: "kappa" of "kappaB").
        for query in ["avb8", "alphavbeta8", "NF-kB", "NF-kappaB", "IL-1b", "IL-1beta", "PPARg", "PPARgamma", "TGF-beta", "um", "\u{3BC}m"] {
            let words = query.split(separator: "-").compactMap { analyzer.terms(String($0)).first }
            #expect(!words.isEmpty && words.allSatisfy(indexed.contains), "\(query): \(words) in \(indexed.sorted())")
        }
    }

    // MARK: FoldFilter

    @Test("case and diacritic folding", arguments: [
        ("Café", "cafe"),
        ("Cafe\u{301}", "cafe"),   // decomposed accent
        ("Straße", "strasse"),
        ("ÉCOLE", "ecole"),
        ("naïve", "naive"),
        ("Œuvre", "oeuvre"),
        ("Srđan", "srdan"),
        ("HELLO", "hello"),
        ("hello", "hello"),
        ("UITableViewCell", "uitableviewcell"),
        ("17.0.1", "17.0.1"),
        ("5\u{B5}m", "5\u{3BC}m"),  // the micro sign is the Greek mu
    ])
    func fold(input: String, expected: String) {
        #expect(FoldFilter.fold(input) == expected)
        #expect(FoldFilter().apply([Token(input, position: 0)]).map(\.term) == [expected])
    }

    // MARK: StopFilter

    @Test("stop words dropped, code words kept", arguments: [
        (["the", "actor", "is", "on", "a", "thread"], ["actor", "thread"]),
        (["how", "does", "it", "work"], ["work"]),
        (["async", "await", "self", "some", "any"], ["async", "await", "self", "some", "any"]),
        (["s", "t", "ll", "swift"], ["swift"]),
        ([], []),
    ] as [([String], [String])])
    func stop(input: [String], expected: [String]) {
        #expect(StopFilter().apply(FilterTests.tokens(input)).map(\.term) == expected)
    }

    @Test func stopFilterIsCaseSensitiveAfterFolding() {
        // It runs after FoldFilter in the chain, so it only needs lowercase entries.
        #expect(StopFilter().apply(FilterTests.tokens(["The"])).map(\.term) == ["The"])
        #expect(StopFilter(words: ["actor"]).apply(FilterTests.tokens(["actor", "the"])).map(\.term) == ["the"])
    }

    // MARK: StemFilter (Snowball English through libstemmer)

    @Test("snowball stems", arguments: [
        ("running", "run"),
        ("actors", "actor"),
        ("navigation", "navig"),
        ("caching", "cach"),
        ("concurrency", "concurr"),
        ("uitableviewcell", "uitableviewcel"),
        ("table", "tabl"),
        ("view", "view"),
        ("mainactor", "mainactor"),
        ("async", "async"),
        ("await", "await"),
        ("ios", "io"),
        ("cafe", "cafe"),
        ("ui", "ui"),            // two letters: untouched
        ("5.5", "5.5"),          // digits: untouched
        ("17.0.1", "17.0.1"),
        ("snake_case", "snake_case"),
        ("swift6", "swift6"),
        ("swiftly", "swiftly"),  // only "-ly" would go: kept, so a tool's name is not "swift"
        ("quickly", "quickly"),
        ("really", "realli"),    // the stemmer does more than drop "-ly": its stem stands
        ("apply", "appli"),
    ])
    func stem(input: String, expected: String) {
        #expect(Stemmer().stem(input) == expected)
        #expect(StemFilter().apply([Token(input, position: 0)]).map(\.term) == [expected])
    }

    @Test func stemmerIsStableAcrossCalls() {
        let s = Stemmer()
        let first = ["connections", "connected", "connecting"].map(s.stem)
        let again = ["connections", "connected", "connecting"].map(s.stem)
        #expect(first == again)
        #expect(Set(first) == ["connect"])
    }
}
