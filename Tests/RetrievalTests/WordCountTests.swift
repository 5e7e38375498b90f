@testable import Retrieval
import Testing

@Suite("Chunker.wordCount")
struct WordCountTests {
    /// The definition: runs of bytes other than space, newline, tab and CR.
    static func reference(_ s: String) -> Int {
        var n = 0, inWord = false
        for b in s.utf8 {
            let space = b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
            if !space && !inWord { n += 1 }
            inWord = !space
        }
        return n
    }

    @Test func agreesWithTheDefinition() {
        let fixed = ["", " ", "a", " a ", "a b", "  \n\t\r ", "one two  three\nfour\tfive\r\nsix",
                     "exactly8", "exactly8 ", " exactly8", "twelve chars", String(repeating: "ab ", count: 40),
                     "café naïve 日本語 \u{301}x", "\u{0}\u{1F}\u{7F}x\u{A0}y", String(repeating: " ", count: 17) + "z"]
        for s in fixed { #expect(Chunker.wordCount(s) == Self.reference(s), "\(s.debugDescription)") }
        let alphabet = Array("ab \n\t\r\u{0}\u{8}\u{B}\u{C}\u{E}\u{1F}!é日".unicodeScalars)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<40, using: &rng) { s.append(alphabet.randomElement(using: &rng)!) }
            let text = String(s)
            #expect(Chunker.wordCount(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
