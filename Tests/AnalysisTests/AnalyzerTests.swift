import Testing
@testable import Analysis

/// The whole chain: tokenize → split identifiers → fold → stop words → stem.
@Suite("Analyzer chain")
struct AnalyzerTests {
    @Test("terms of the full chain", arguments: [
        ("UITableViewCell", ["uitableviewcel", "ui", "tabl", "view", "cell"]),
        ("@MainActor", ["mainactor", "main", "actor"]),
        ("snake_case", ["snake_case", "snake", "case"]),
        ("async await", ["async", "await"]),
        ("use async/await with actors", ["use", "async", "await", "actor"]),
        ("Swift 5.5", ["swift", "5.5"]),
        ("Xcode 17.0.1", ["xcode", "17.0.1", "17.0"]),   // a patch version also gives its release
        ("Swift 6.2", ["swift", "6.2"]),
        ("iOS 18", ["io", "os", "18"]),
        ("the actor and the view", ["actor", "view"]),
        ("Café", ["cafe"]),
        ("Swift’s", ["swift"]),
        ("Swift's concurrency", ["swift", "concurr"]),
        ("How does it work?", ["work"]),
        ("What is an actor?", ["actor"]),
        // Degree words are stop words: Snowball would make "quite" the term of "--quit".
        ("quite a few merges", ["merg"]),
        ("git merge --quit", ["git", "merg", "quit"]),
        // "out" is a word of what is asked ("out of memory", "log out", "time out"), no stop word.
        ("run out of memory", ["run", "out", "memori"]),
        ("Forcing an app out of memory", ["forc", "app", "out", "memori"]),
        // A stop word written as a language keyword is kept: quoted, backticked, or before a construct noun.
        ("The \"with\" statement", ["with", "statement"]),
        ("a while loop", ["while", "loop"]),
        ("the `for`-`in` loop", ["for", "in", "loop"]),
        ("the ‘is’ operator", ["is", "oper"]),
        ("while I was away with friends", ["away", "friend"]),
        ("He said \"in a minute\"", ["said", "minut"]),
        ("!!! ??? ... ---", []),
        ("", []),
    ] as [(String, [String])])
    func chain(input: String, expected: [String]) {
        #expect(Analyzer().terms(input) == expected)
    }

    @Test("without stemming", arguments: [
        ("running actors", ["running", "actors"]),
        ("UITableViewCell", ["uitableviewcell", "ui", "table", "view", "cell"]),
        ("The Café", ["cafe"]),
    ] as [(String, [String])])
    func unstemmed(input: String, expected: [String]) {
        #expect(Analyzer(stemming: false).terms(input) == expected)
    }

    @Test func partsSharePositionOfTheirWord() {
        let tokens = Analyzer().analyze("UITableViewCell subclass")
        #expect(tokens.map(\.position) == [0, 0, 0, 0, 0, 1])
        #expect(tokens.last?.term == "subclass")
    }

    @Test func stopWordsLeaveGapsInPositions() {
        // "the" is dropped but positions still count words of the text.
        let tokens = Analyzer().analyze("actor of the main thread")
        #expect(tokens.map(\.term) == ["actor", "main", "thread"])
        #expect(tokens.map(\.position) == [0, 3, 4])
    }

    @Test func queryAndDocumentAgree() {
        // A query written differently from the text still meets it in the index.
        let a = Analyzer()
        #expect(Set(a.terms("Actors")).isSubset(of: Set(a.terms("Swift's actor isolation"))))
        #expect(Set(a.terms("CAFÉ")) == Set(a.terms("café")))
        #expect(Set(a.terms("table view cell")).isSubset(of: Set(a.terms("UITableViewCell"))))
    }

    @Test func versionIsStamped() {
        #expect(!Analyzer.version.isEmpty)
    }

    @Test func largeInputIsLinear() {
        let text = String(repeating: "Swift’s @MainActor UITableViewCell async 5.5 café ", count: 20_000)
        let terms = Analyzer().terms(text)
        #expect(terms.count == 20_000 * 12)
    }
}
