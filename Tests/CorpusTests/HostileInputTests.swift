import Testing
@testable import Corpus

/// Malicious or broken files: each must finish quickly, never crash, and keep what is salvageable.
@Suite struct HostileInputTests {
    func parse(_ bytes: [UInt8], _ name: String = "f.txt") -> Result<ParsedFile, CorpusError> {
        do throws(CorpusError) { return .success(try ArticleParser.parse(bytes, source: name)) } catch { return .failure(error) }
    }
    func parse(_ text: String) -> Result<ParsedFile, CorpusError> { parse(Array(text.utf8)) }

    static let item = "<item><title>Good</title><guid>g1</guid><description>&lt;p&gt;Fine text.&lt;/p&gt;</description></item>"

    @Test func truncatedFeedKeepsCompleteItems() throws {
        let xml = "<?xml version=\"1.0\"?>\n<rss><channel><title>T</title>\n\(Self.item)\n<item><title>Half</title><description>&lt;p&gt;cut"
        let r = try parse(xml).get()
        #expect(r.articles.map(\.title) == ["Good"])
        #expect(r.articles[0].line == 3)
        #expect(!r.warnings.isEmpty)
    }

    @Test func truncatedFeedWithNothingIsAnError() {
        guard case .failure(let e) = parse("<?xml version=\"1.0\"?><rss><channel><item><title>x") else { Issue.record(); return }
        #expect(e.description.contains("truncated"))
    }

    @Test func billionLaughsIsNotExpanded() throws {
        var dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY lol \"lol\">\n"
        for k in 1...9 { dtd += "<!ENTITY lol\(k) \"" + String(repeating: "&lol\(k - 1 == 0 ? "" : String(k - 1));", count: 10) + "\">\n" }
        let xml = dtd + "]>\n<rss><channel><item><title>&lol9;</title><description>x &lol9; y</description></item></channel></rss>"
        let start = TestSupport.now()
        let r = try parse(xml).get()
        #expect(TestSupport.now() - start < 1)
        #expect(r.articles.count == 1)
        #expect(r.articles[0].text.count < 100)
        #expect(!r.articles[0].text.contains("lollol"))
    }

    @Test func externalEntityIsNeverRead() throws {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <rss><channel><title>&xxe;</title><item><title>A &xxe; B</title><description>&xxe;</description></item></channel></rss>
        """
        let r = try parse(xml).get()
        for a in r.articles { #expect(!TestSupport.allText(a).contains { $0.contains("root:") }) }
        let plain = parse("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>")
        if case .success(let p) = plain { #expect(!p.articles.contains { $0.text.contains("root:") }) }
    }

    @Test func latin1AndUTF16() throws {
        let latin1: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(" au lait\n\nNa".utf8) + [0xEF] + Array("ve text.".utf8)
        let r = try parse(latin1).get()
        #expect(r.articles[0].title == "Café au lait")
        #expect(r.articles[0].text.contains("Naïve"))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for u in "Über title\n\nBody “quoted”.".utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        let u = try parse(utf16).get()
        #expect(u.articles[0].title == "Über title")
        #expect(u.articles[0].text.contains("“quoted”"))
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "PNG"),
        (Array("%PDF-1.7\n".utf8), "PDF"),
        (Array("text".utf8) + [0, 0, 1, 2] + Array("more".utf8), "NUL"),
    ] as [([UInt8], String)])
    func binaryFilesAreRefused(bytes: [UInt8], kind: String) {
        guard case .failure(.binary(let k)) = parse(bytes) else { Issue.record("not refused"); return }
        #expect(k.contains(kind))
    }

    @Test(arguments: ["", "   \n\t\n  "])
    func emptyFiles(text: String) { #expect(parse(text) == .failure(.empty)) }

    @Test func deepNestingIsFlattened() throws {
        let depth = 200_000
        let html = "<html><body>" + String(repeating: "<div>", count: depth) + "<p>Deep text here.</p>"
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let start = TestSupport.now()
        let r = try parse(html).get()
        #expect(TestSupport.now() - start < 10)
        #expect(r.articles[0].text.contains("Deep text here."))
        #expect(r.warnings.contains { $0.contains("flattened") })
    }

    /// A single huge line, of letters or of "<", is parsed in time linear in its size. Measured as the ratio of
    /// eight times the input to the input, not against a wall-clock bound, which a slow machine or a loaded one
    /// missed (a debug build took 21–24 s against 20): linear work gives about 8, quadratic 64.
    @Test(arguments: [(Array("".utf8), UInt8(0x61), 3 << 20), (Array("<p>".utf8), UInt8(0x3C), 1 << 20)])
    func hugeSingleLine(prefix: [UInt8], byte: UInt8, size: Int) throws {
        func seconds(_ n: Int) -> Double {
            let input = prefix + [UInt8](repeating: byte, count: n)
            let start = TestSupport.now()
            _ = parse(input)
            return TestSupport.now() - start
        }
        let small = max(seconds(size), 0.01), large = seconds(8 * size)
        #expect(large / small < 24, "\(large) s for 8× the input against \(small) s")
    }

    @Test func escapeSequencesAreStripped() throws {
        let evil = "\u{1B}]52;c;ZXZpbA==\u{07}Evil\u{1B}[2J title\u{1B}[31m"
        let feed = "<rss><channel><title>\(evil)</title><item><title>\(evil)</title><dc:creator>\(evil)</dc:creator>"
            + "<link>http://x/\u{1B}[0m</link><description><![CDATA[<p>\(evil)</p><pre><code>let a = 1\u{1B}[31m\u{9B}2J</code></pre><a href=\"http://y\">\(evil)</a>]]></description></item></channel></rss>"
        let jsonl = "{\"id\":\"1\",\"title\":\"a\\u001b[31m\\u0007b\",\"text\":\"x\\u009b2Jy\"}\n"
        let bytesC1: [UInt8] = Array("Title ".utf8) + [0x9B] + Array("2J\n\nbody".utf8)
        for result in [parse(feed), parse(jsonl), parse(bytesC1), parse("# \(evil)\n\ntext \(evil)")] {
            let r = try result.get()
            for a in r.articles {
                for s in TestSupport.allText(a) {
                    #expect(!s.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" }, "\(s.debugDescription)")
                }
            }
        }
    }

    @Test func itemsWithoutTitlesGetOne() throws {
        let feed = "<rss><channel><item><description>&lt;p&gt;The body says something useful. More.&lt;/p&gt;</description></item></channel></rss>"
        let r = try parse(feed).get()
        #expect(r.articles[0].title == "The body says something useful")
        #expect(r.articles[0].id == "f.txt:1")
    }

    @Test func truncatedJSON() {
        guard case .failure(let e) = parse("[{\"id\": \"1\", \"title\": \"A\", \"text\": \"tr") else { Issue.record(); return }
        #expect(e.description.contains("JSON"))
    }

    @Test func jsonLinesWithABrokenLine() throws {
        let text = "{\"_id\":\"a\",\"title\":\"One\",\"text\":\"First.\"}\n{\"_id\":\"b\",\"title\":\"Two\",\"te\n{\"id\":7,\"title\":\"Three\",\"body\":\"Third.\",\"meta\":{\"x\":[1,{\"y\":2}]}}\n"
        let r = try parse(text).get()
        #expect(r.format == .jsonLines)
        #expect(r.articles.map(\.id) == ["a", "7"])
        #expect(r.articles.map(\.line) == [1, 3])
        #expect(r.warnings.contains { $0.contains("line 2") })
    }
}
