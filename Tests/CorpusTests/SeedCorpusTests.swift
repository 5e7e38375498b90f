import Testing
@testable import Corpus

/// Acceptance checks against the five real seed files in `Corpus/`.
@Suite struct SeedCorpusTests {
    let parsed: [(CorpusFile, ParsedFile)]
    init() throws { parsed = try TestSupport.parseSeeds() }
    var articles: [Article] { parsed.flatMap(\.1.articles) }

    @Test func counts() {
        #expect(parsed.count == 5)
        #expect(articles.count == 64)
        #expect(articles.filter { $0.source.hasPrefix("002_") }.count == 20)
        let feeds = parsed.filter { $0.1.format == .rss }
        #expect(feeds.count == 4)
        #expect(feeds.map(\.1.articles.count) == [12, 10, 12, 10])
        #expect(parsed.first { $0.0.source.hasPrefix("002_") }?.1.format == .textDump)
    }

    @Test func titlesIdsAndDates() {
        #expect(Set(articles.map(\.id)).count == articles.count)
        for a in articles {
            #expect(!a.title.isEmpty && a.title.count <= 100, "\(a.id): \(a.title)")
            if let d = a.date {
                #expect(d.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})/) != nil, "\(d)")
            }
        }
        #expect(articles.filter { $0.source.hasPrefix("000_") }.allSatisfy { $0.date != nil && $0.author == "Raphael Martin" })
        #expect(articles.first?.date == "2025-05-16T14:30:00+00:00")
        #expect(articles.first { $0.source.hasPrefix("001_") }?.date == "2025-03-30T00:00:00+01:00")
        #expect(articles.first { $0.source.hasPrefix("001_") }?.feed == "Srđan on iOS & Swift")
    }

    @Test func noMarkupLeaks() {
        for a in articles {
            for b in a.blocks {
                if case .code = b.kind { continue }
                for bad in ["<p", "</", "&lt;", "&amp;", "&#"] { #expect(!b.text.contains(bad), "\(a.id): \(bad) in \(b.text.prefix(120))") }
            }
            #expect(!TestSupport.allText(a).contains(where: TestSupport.hasControl))
        }
    }

    /// Lines of `<item>` tags, as `grep -n '<item>'` reports them.
    @Test func itemLines() throws {
        for (file, result) in parsed where result.format == .rss {
            let bytes = try CorpusWalker.readFile(file.path)
            var lines: [Int] = []
            var line = 1
            let tag = Array("<item>".utf8)
            for i in bytes.indices {
                if bytes[i] == 0x0A { line += 1 }
                if bytes[i] == 0x3C, bytes[i...].starts(with: tag) { lines.append(line) }
            }
            #expect(result.articles.map(\.line) == lines, "\(file.source)")
        }
        #expect(articles.first?.line == 14)
    }

    @Test func swiftCodeBlocks() {
        let swift = articles.flatMap(\.code).filter { $0.kind == .code(language: "swift") }
        #expect(swift.count > 50)
        #expect(swift.contains { $0.text.contains("\n") })
    }

    @Test func dumpExcerpts() throws {
        let dump = articles.filter { $0.source.hasPrefix("002_") }
        #expect(dump.map(\.line) == [1, 5, 9, 19, 25, 29, 33, 37, 41, 45, 49, 50, 54, 55, 56, 60, 63, 67, 71, 75])
        for a in dump {
            #expect(a.title.count <= 80, "\(a.title)")
            #expect(a.id == "\(a.source):\(a.line)")
            #expect(!a.title.contains("{"), "\(a.title)")
            let body = a.title.hasSuffix("…") ? String(a.title.dropLast()) : a.title
            #expect(!(body.last.map { ",;:-".contains($0) } ?? true), "\(a.title)")
        }
        let first = try #require(dump.first)
        #expect(first.feed == "Swift by Sundell")
        #expect(!first.text.contains("background.But"))
        #expect(first.text.contains("in the background. But besides"))
        #expect(first.headings.map(\.text).contains("Bridging the gap between synchronous and asynchronous code"))
        #expect(dump.first { $0.line == 9 }?.url == "https://ift.tt/3dVR9Mj")
        #expect(dump.allSatisfy { $0.blocks.count >= 3 })
    }
}
