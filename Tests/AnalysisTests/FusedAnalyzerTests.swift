import Foundation
import Testing
@testable import Analysis

/// The fused fast path of `Analyzer.analyze` must give exactly the filter chain's tokens:
/// the same terms, positions and offsets, in the same order.
@Suite("Fused analyzer agrees with the chain")
struct FusedAnalyzerTests {
    static let tricky: [String] = [
        "", " ", "_", "__", "___x", "x___", "a_", "_a", "a__b", "A_B", "A_", "_A_", "1_2", "12_34", "1_a", "a1_b2",
        "UITableViewCell", "UIView", "URLSession", "HTTPURLResponse", "iOS", "macOS13", "Swift6", "swift6x",
        "ABC", "ABc", "AbC", "aBC", "a", "A", "Ab", "I", "X1", "1X", "x1y2z3", "123", "123abc", "abc123def", "0x1F",
        "1.5", "5.5.", "17.0.1", "Rust 1.85.0 and 5.9.2.1", "2.0.0.0.0", "1,000", "1,000,000.25", "a,b", "a.b", "v1.2", "1.a", "3,x",
        "don't", "Swift's", "Swift’s", "Swift's5", "it's_ok", "O'Neil", "'quoted'", "rock'n'roll", "x'", "x'1",
        "Café", "café", "CAFÉ", "Cafe\u{301}", "Straße", "naïve", "Ærø", "İstanbul", "ǅemal", "Ⅻ", "²", "٣", "日本語テキスト",
        "Привет Мир", "αβγ ΔΕΖ", "αvβ8 NF-κB IL-1β PPARΓ Aβ42 μm", "x\u{301}_", "e\u{301}\u{301}", "\u{301}abc", "abc\u{FFFD}def", "tab\there",
        "CRLF\r\nline", "the THE The tHe", "How does it work?", "@MainActor #Preview", "snake_case_Words",
        "get_URLForKey", "NSURLRequestReturnCacheDataElseLoad", "WM_SETTEXT", "LPCWSTR", "HRESULT_FROM_WIN32",
        "D3D12_RESOURCE_STATE_COPY_DEST", "IID_IDXGIFactory4", "x64", "ARM64EC", "Win32", "UTF8String",
        "the \"with\" statement", "a While loop", "`if` `let`", "“for” ‘in’ 'as'", "the is-operator", "\"in a minute\"", "with\"",
        "running runs ran runner RUNNING", "ourselves Yourselves THEMSELVES", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        String(repeating: "Ab", count: 100), String(repeating: "_a", count: 50),
    ]

    static func compare(_ text: String, _ analyzer: Analyzer) -> Bool {
        let fast = analyzer.analyze(text)
        let chain = analyzer.chainAnalyze(text)
        guard fast == chain else { return false }
        return analyzer.terms(text) == chain.map(\.term)
    }

    @Test("tricky strings, alone and together")
    func tricky() {
        for stemming in [true, false] {
            let a = Analyzer(stemming: stemming)
            for s in Self.tricky {
                #expect(Self.compare(s, a), "\(s.debugDescription) stemming \(stemming)")
                // Again, now that the caches hold the words.
                #expect(Self.compare(s, a), "\(s.debugDescription) cached, stemming \(stemming)")
            }
            #expect(Self.compare(Self.tricky.joined(separator: " "), a))
            #expect(Self.compare(Self.tricky.joined(), a))
        }
    }

    @Test("every pair of tricky strings run together")
    func pairs() {
        let a = Analyzer()
        for x in Self.tricky.prefix(70) {
            for y in Self.tricky.prefix(70) {
                #expect(Self.compare(x + y, a), "\((x + y).debugDescription)")
            }
        }
    }

    @Test("random byte soup")
    func soup() {
        let alphabet = Array("aZ_09.,'’ é\u{301}ßΣ日-\n".unicodeScalars)
        var rng = SystemRandomNumberGenerator()
        let a = Analyzer()
        for _ in 0..<3000 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0..<24, using: &rng) { s.append(alphabet.randomElement(using: &rng)!) }
            let text = String(s)
            #expect(Self.compare(text, a), "\(text.debugDescription)")
        }
    }

    @Test("the seed corpus")
    func seedCorpus() throws {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let dir = parts.joined(separator: "/") + "/Corpus"
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(!files.isEmpty)
        for stemming in [true, false] {
            let a = Analyzer(stemming: stemming)
            for f in files {
                let text = try String(contentsOfFile: dir + "/" + f, encoding: .utf8)
                #expect(Self.compare(text, a), "\(f)")
                for line in text.split(separator: "\n").prefix(2000) {
                    let l = String(line)
                    if !Self.compare(l, a) { Issue.record("\(f): \(l.prefix(200))"); break }
                }
            }
        }
    }
}
