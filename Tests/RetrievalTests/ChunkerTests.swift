import Corpus
@testable import Retrieval
import Testing

@Suite("Chunker")
struct ChunkerTests {
    /// The definition `Chunker.split` must keep: words of whole Characters, cut every `target` words.
    static func referenceSplit(_ text: String) -> [String] {
        var out: [String] = []
        var pieceStart = text.startIndex
        var words = 0
        var inWord = false
        var i = text.startIndex
        while i < text.endIndex {
            let space = text[i] == " " || text[i] == "\n" || text[i] == "\t"
            if !space && !inWord {
                if words == Chunker.target {
                    var end = i
                    while end > pieceStart, let p = text.index(end, offsetBy: -1, limitedBy: pieceStart),
                          text[p] == " " || text[p] == "\n" || text[p] == "\t" { end = p }
                    out.append(String(text[pieceStart..<end]))
                    pieceStart = i; words = 0
                }
                words += 1
            }
            inWord = !space
            i = text.index(after: i)
        }
        out.append(String(text[pieceStart...]))
        return out
    }

    @Test func splitCutsEveryTargetWordsAndDropsTheWhitespaceAtTheCut() {
        let text = (1...200).map { "w\($0)" }.joined(separator: " \n")
        let pieces = Chunker.split(text)
        #expect(pieces.count == 3)
        #expect(pieces[0].hasPrefix("w1 ") && pieces[0].hasSuffix("w90"))
        #expect(pieces[1].hasPrefix("w91 "))
        #expect(pieces == Self.referenceSplit(text))
    }

    /// Spaces next to combining marks, Prepend characters, CR LF and emoji must split exactly as
    /// Character-by-Character splitting does.
    @Test func splitMatchesCharacterSemanticsOnMixedText() {
        let parts = [" ", " ", "\n", "\t", "\r", "\r\n", "a", "word", "é", "e\u{301}", "\u{301}", "\u{200D}", "\u{0600}",
                     "\u{093F}", "क", "👍", "\u{1F3FB}", "🇫🇷", "“", "”", "日本", " \u{301}", "\u{0600} "]
        var rng = SplitMix(seed: 42)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(rng.next() % 600) { text += parts[Int(rng.next() % UInt64(parts.count))] }
            #expect(Chunker.split(text) == Self.referenceSplit(text), "\(Array(text.unicodeScalars))")
        }
    }
}

extension ChunkerTests {
    /// Cutting one passage from the stored encoding gives what cutting the decoded article gives.
    @Test func onePassageFromStoredBlocksMatchesTheWholeArticle() {
        var rng = SplitMix(seed: 7)
        let words = ["swift", "actor", "é", "“quoted”", "a\u{301}", "日本", "x", "\u{2028}", "code\tline"]
        for _ in 0..<30 {
            var blocks: [Block] = []
            for _ in 0..<Int(rng.next() % 25) {
                let n = Int(rng.next() % 400)
                let text = (0..<n).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: rng.next() % 5 == 0 ? "\n" : " ")
                switch rng.next() % 6 {
                case 0: blocks.append(Block(.heading(level: 2), text))
                case 1: blocks.append(Block(.code(language: "swift"), text))
                case 2: blocks.append(Block(.listItem, text))
                default: blocks.append(Block(.paragraph, text))
                }
            }
            let article = Article(id: "a", title: "t", source: "s", line: 1, blocks: blocks)
            let all = Chunker.passages(of: article)
            var encoded = BlockCoding.encode(blocks)
            encoded.withUTF8 { bytes in
                for (k, p) in all.enumerated() { #expect(Chunker.passage(k, ofEncoded: bytes) == p) }
                #expect(Chunker.passage(all.count, ofEncoded: bytes) == nil)
            }
        }
    }
}

/// A small deterministic generator, so the mixed-text cases are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
