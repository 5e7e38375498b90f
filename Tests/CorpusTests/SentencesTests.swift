import Testing
@testable import Corpus

/// Sentence splitting and title derivation.
@Suite struct SentencesTests {
    @Test(arguments: [
        ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
        ("Use e.g. maps, i.e. dictionaries. Next one.", ["Use e.g. maps, i.e. dictionaries.", "Next one."]),
        ("SwiftUI vs. UIKit is old. Really.", ["SwiftUI vs. UIKit is old.", "Really."]),
        ("Swift 5.5 added async. It is 2.0x faster.", ["Swift 5.5 added async.", "It is 2.0x faster."]),
        ("Wait... what? Hmm… Then it broke.", ["Wait... what?", "Hmm…", "Then it broke."]),
        ("It ships in iOS 17. Apps adopt it.", ["It ships in iOS 17.", "Apps adopt it."]),
        ("He said “Stop.” Then he left.", ["He said “Stop.”", "Then he left."]),
        ("Is it \"done?\" she asked.", ["Is it \"done?\" she asked."]),
        ("work in the background.But besides enabling us", ["work in the background.", "But besides enabling us"]),
        ("Neat!Another thing to see.", ["Neat!", "Another thing to see."]),
        ("was cancelled.Bridging the gap", ["was cancelled.", "Bridging the gap"]),
        ("Use Foundation.URL here. And self.View too.", ["Use Foundation.URL here.", "And self.View too."]),
        // After a capitalised word, a period glues a sentence only before a word that opens sentences.
        ("tools like closures or Combine.So how exactly", ["tools like closures or Combine.", "So how exactly"]),
        ("Read Calendar.Current first, then Combine.Publishers too.", ["Read Calendar.Current first, then Combine.Publishers too."]),
        // A package's exported name is no glued sentence; a word that opens sentences after a short one is.
        ("Functions such as rand.Intn, use it when rand.Seed has not been called.", ["Functions such as rand.Intn, use it when rand.Seed has not been called."]),
        ("Call runtime.AddCleanup instead, or wait for time.Second to pass.", ["Call runtime.AddCleanup instead, or wait for time.Second to pass."]),
        ("I tried it.The result was slow.", ["I tried it.", "The result was slow."]),
        ("Visit example.com today.", ["Visit example.com today."]),
        ("Written by J. Smith in 2020. Done.", ["Written by J. Smith in 2020.", "Done."]),
        ("First line\nSecond line", ["First line", "Second line"]),
        ("東京タワーは電波塔です。高さは三百三十三メートルです！本当？", ["東京タワーは電波塔です。", "高さは三百三十三メートルです！", "本当？"]),
        ("彼は「行く。」と言った。次へ", ["彼は「行く。」", "と言った。", "次へ"]),
        ("", [String]()),
    ] as [(String, [String])])
    func split(text: String, expected: [String]) {
        #expect(Sentences.split(text) == expected)
    }

    /// For answers, a sentence may open with a lowercase name ("swiftly", "npm", "count"), but not after an
    /// abbreviation, a "?" or "!" after code ("Int? would"), or a one-letter word.
    @Test(arguments: [
        ("Read the documentation. swiftly is an open source project.", ["Read the documentation.", "swiftly is an open source project."]),
        ("Lists, maps, etc. and sets are values.", ["Lists, maps, etc. and sets are values."]),
        ("Use e.g. maps or vs. sets today.", ["Use e.g. maps or vs. sets today."]),
        ("It reads the format (ie. Grinder writes a subset). It is old.", ["It reads the format (ie. Grinder writes a subset).", "It is old."]),
        ("Declare var a: Int? would make it optional.", ["Declare var a: Int? would make it optional."]),
        ("Try it with a try! call. npm is not needed.", ["Try it with a try! call.", "npm is not needed."]),
        ("Plan B. b is a variable.", ["Plan B. b is a variable."]),
        ("Services need contracts. gRPC is a framework for them.", ["Services need contracts.", "gRPC is a framework for them."]),
        ("It ships for phones. iOS has it built in.", ["It ships for phones.", "iOS has it built in."]),
        ("Read the file named config. myValue holds it.", ["Read the file named config.", "myValue holds it."]),
        // Tokenised, lowercased text sets its stops apart.
        ("the drag was measured at mach 2 . the results agree with theory . more tests followed .",
         ["the drag was measured at mach 2 .", "the results agree with theory .", "more tests followed ."]),
        ("a wing in a slipstream .. an experimental study", ["a wing in a slipstream .. an experimental study"]),
        // Set apart, a stop ends its sentence before a one-letter word too; glued to its word, "a" may be a list's.
        ("waves and boundary layer . a brief review is made .", ["waves and boundary layer .", "a brief review is made ."]),
        ("Choose option a. b is the default.", ["Choose option a. b is the default."]),
        // A connective with its comma opens a lowercase sentence as a word does.
        ("methods of attack are summarized . finally, some avenues are suggested .",
         ["methods of attack are summarized .", "finally, some avenues are suggested ."]),
        ("It needs a lockfile. npm, yarn and pnpm all write one.", ["It needs a lockfile.", "npm, yarn and pnpm all write one."]),
        ("Lists, maps, etc. and, at times, sets.", ["Lists, maps, etc. and, at times, sets."]),
    ] as [(String, [String])])
    func lowercaseStarts(text: String, expected: [String]) {
        #expect(Sentences.split(text, lowercaseStarts: true) == expected)
        #expect(Sentences.split(text).count <= expected.count)
    }

    @Test(arguments: [
        ("Short sentence. Second.", "Short sentence"),
        ("An extremely long first sentence that keeps going and going well beyond the limit of eighty characters for sure.",
         "An extremely long first sentence that keeps going and going well beyond the…"),
        ("What is this? More.", "What is this?"),
    ])
    func titles(text: String, title: String) {
        let t = Titles.fromText(text)
        #expect(t == title)
        #expect((t?.count ?? 0) <= 80)
    }

    @Test func gluedHeadingsInDumps() {
        let parts = TextDumpParser.splitGluedHeading("Bridging the gap between synchronous and asynchronous codePerhaps the most common way")
        #expect(parts.map(\.0) == ["Bridging the gap between synchronous and asynchronous code", "Perhaps the most common way"])
        #expect(parts.map(\.1) == [true, false])
        #expect(TextDumpParser.splitGluedHeading("Call viewWillAppear and loadUser Then.").count == 1)
        // A camel-case name whose first part is a function word ("forEach") is no heading glued to a sentence.
        #expect(TextDumpParser.splitGluedHeading("One key difference between a for loop and forEach, though, is that").count == 1)
        #expect(TextDumpParser.splitGluedHeading("Results are copied toEach, then merged.").count == 1)
    }
}
