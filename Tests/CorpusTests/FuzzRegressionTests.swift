import Testing
@testable import Corpus

/// Inputs found by the libFuzzer targets (Fuzz/, `make fuzz`): each reproduces one failure.
@Suite struct FuzzRegressionTests {
    static func hasControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
    }

    /// FuzzParse, 2025: ArticleParser promises that no control character survives in any field, but
    /// JSON Lines records skip `sanitized` and a record without "id" gets `"\(source):\(line)"` — so a
    /// corpus file named with a terminal escape puts that escape into the article id.
    @Test func jsonLinesIdFromSourceNameIsSanitized() throws {
        let source = "bad\u{1B}[31mname\n.txt"
        let r = try ArticleParser.parse(Array("{\"title\":\"One\",\"text\":\"First record.\"}\n".utf8), source: source)
        #expect(r.format == .jsonLines)
        for a in r.articles {
            #expect(!Self.hasControl(a.id), "id \(a.id.debugDescription)")
            #expect(!Self.hasControl(a.title), "title \(a.title.debugDescription)")
        }
    }

    /// FuzzParse, input `P\n## .` (Markdown, no H1) with an empty or blank source name: the title falls
    /// back to `PlainTextParser.fileTitle(source)`, which is "" for a name such as "   "; then
    /// `ArticleParser.sanitized` asks `Titles.fromBlocks`, whose only heading "." is cut to "" — and
    /// `fromBlocks(...) ?? "Untitled (source:line)"` only catches nil, so the article keeps an empty title.
    @Test(arguments: ["", "   "])
    func headingMadeOfAPeriodStillGivesATitle(source: String) throws {
        let r = try ArticleParser.parse(Array("P\n## .".utf8), source: source)
        for a in r.articles { #expect(!a.title.isEmpty, "format \(r.format), blocks \(a.blocks)") }
    }
}
