import Foundation
@testable import Retrieval
import Testing

/// BM25F and TF-IDF ranking, explanations and metadata filters on a scratch corpus.
@Suite("Ranking and filters")
struct RankingTests {
    @Test func titleMatchOutranksSingleBodyMention() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let hits = try s.search(index, "zeppelin")
        #expect(hits.map(\.title) == ["Mooring a zeppelin in a crosswind", "Lighthouse lenses and their keepers"])
        #expect(hits[0].score > hits[1].score)
        #expect(hits.allSatisfy { $0.score > 0 })
    }

    @Test func tiesBreakDeterministicallyInCorpusOrder() throws {
        let s = try Scratch(); defer { s.cleanup() }
        // Two records alike but for their ids and a word the query does not ask: equal scores. (Records the same in
        // title and text too are copies, one hit: `copiesAreOneHitTheFirstInCorpusOrder`.)
        try s.write("twins.jsonl", """
        {"id": "twin-a", "title": "Barnacle scraping", "text": "Scrape barnacles off the hull at low tide."}
        {"id": "twin-b", "title": "Barnacle scraping", "text": "Scrape barnacles off the keel at low tide."}
        """)
        let index = try s.open()
        _ = try index.update()
        let hits = try s.search(index, "barnacle")
        #expect(hits.map(\.id) == ["twin-a", "twin-b"])
        #expect(hits[0].score == hits[1].score)
        for _ in 0..<3 { #expect(try s.search(index, "barnacle").map(\.id) == ["twin-a", "twin-b"]) }
        // A separately built index of the same corpus ranks identically.
        let other = try Index(path: s.root + "/other.sqlite", corpus: s.corpus)
        _ = try other.update()
        #expect(try s.search(other, "barnacle").map(\.id) == ["twin-a", "twin-b"])
    }

    /// An article whose title the query holds whole ("Harbour cranes" for "harbour cranes at night")
    /// is the one the query names: it gains the title terms' IDF (`namedWeight`) and outranks an article that repeats
    /// the query's words in its text; with `namedWeight` 0 it does not. The explanation says what the title added.
    @Test func anArticleTheQueryNamesByItsTitleWins() throws {
        let s = try Scratch(); defer { s.cleanup() }
        try s.write("cranes.jsonl", """
        {"id": "cranes", "title": "Harbour cranes", "text": "Harbour cranes lift containers onto ships, by day and at night."}
        {"id": "shifts", "title": "Night shifts at the docks", "text": "At night the harbour cranes run; harbour cranes at night are loud."}
        {"id": "x1", "title": "Tugboats", "text": "Tugboats push ships."}
        {"id": "x2", "title": "Buoys", "text": "Buoys mark channels."}
        """)
        let index = try s.open()
        _ = try index.update()
        let question = "harbour cranes at night"
        var plain = RankingParameters()
        plain.namedWeight = 0
        #expect(try s.search(index, question) { $0.parameters = plain }.first?.id == "shifts")
        let hits = try s.search(index, question) { $0.explain = true }
        #expect(hits.first?.id == "cranes")
        let named = try #require(hits.first?.explanation)
        #expect(named.named > 0 && named.lines[0].contains("title the query holds whole"), "\(named.lines)")
        #expect(hits.dropFirst().allSatisfy { $0.explanation?.named == 0 }, "\(hits.map { $0.explanation?.lines ?? [] })")
    }

    /// A question's everyday words (`SearchQuery.everyday`, filled in by the caller) keep `everydayWeight` of their
    /// weight: "keep taking longer" is how the asker puts it, "build" and "cache" what they ask about. With the words'
    /// full weight, the article that repeats the everyday words wins; with half, the one about the build.
    @Test func aQuestionsEverydayWordsWeighLess() throws {
        let s = try Scratch(); defer { s.cleanup() }
        try s.write("queues.jsonl", """
        {"id": "bakery", "title": "The bakery", "text": "The queue at the bakery keeps taking longer, and we keep taking turns to wait."}
        {"id": "cache", "title": "Saturday notes", "text": "A cache option stops the build from redoing its work."}
        {"id": "x1", "title": "Tugboats", "text": "Tugboats push ships."}
        {"id": "x2", "title": "Buoys", "text": "Buoys mark channels."}
        """)
        let index = try s.open()
        _ = try index.update()
        let question = "Why does my build keep taking longer? Is there a cache option?"
        let terms = try Searcher(index: index).queryTerms(question).map(\.term)
        #expect(terms.contains("keep") && terms.contains("take") && terms.contains("cach"), "\(terms)")
        let everyday = ["keep": 1.0, "take": 1.0, "longer": 0.5]
        var full = RankingParameters()
        full.everydayWeight = 1
        #expect(try s.search(index, question) { $0.everyday = everyday; $0.parameters = full }.first?.id == "bakery")
        #expect(try s.search(index, question).first?.id == "bakery")   // no table: every word weighs in full
        let hits = try s.search(index, question) { $0.everyday = everyday; $0.explain = true }
        #expect(hits.first?.id == "cache")
        // The explanation shows each term's contribution at its weight in the query.
        let weighed = try #require(hits.first { $0.id == "bakery" }?.explanation)
        let plain = try #require(try s.search(index, question) { $0.explain = true }.first { $0.id == "bakery" }?.explanation)
        #expect(weighed.terms.first { $0.term == "keep" }!.contribution * 2 == plain.terms.first { $0.term == "keep" }!.contribution)
    }

    @Test func copiesAreOneHitTheFirstInCorpusOrder() throws {
        let s = try Scratch(); defer { s.cleanup() }
        try s.write("twins.jsonl", """
        {"id": "twin-a", "title": "Barnacle scraping", "text": "Scrape barnacles off the hull at low tide."}
        {"id": "twin-b", "title": "Barnacle scraping", "text": "Scrape barnacles off the hull at low tide."}
        {"id": "twin-c", "title": "Barnacle scraping", "text": "Scrape barnacles off the keel at low tide."}
        """)
        let index = try s.open()
        _ = try index.update()
        #expect(try s.search(index, "barnacle").map(\.id) == ["twin-a", "twin-c"])
    }

    @Test func hitsCarrySourceLineAndSnippet() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let hit = try #require(try s.search(index, "Fresnel").first)
        #expect(hit.source == "feed.xml")
        let lines = try String(contentsOfFile: s.corpus + "/feed.xml", encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[hit.line - 1].contains("<item"))
        #expect(hit.snippet.lowercased().contains("fresnel"))
        #expect(hit.author == "Bram Stoker")
        let rec = try #require(try s.search(index, "anchor chain scope").first)
        #expect(rec.source == "records.jsonl" && rec.line == 2 && rec.id == "rec-2")
    }

    @Test("tf-idf ranking returns results", arguments: ["zeppelin", "knot bowline", "tides moon"])
    func tfidf(query: String) throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let hits = try s.search(index, query) { $0.ranking = .tfidf }
        #expect(!hits.isEmpty)
        #expect(hits.allSatisfy { $0.score > 0 && $0.score.isFinite })
        #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func explanationOnlyWhenAsked() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        #expect(try s.search(index, "zeppelin").allSatisfy { $0.explanation == nil })
        let hits = try s.search(index, "zeppelin mast") { $0.explain = true }
        let e = try #require(hits.first?.explanation)
        #expect(e.ranking == .bm25)
        let z = try #require(e.terms.first { $0.term == "zeppelin" })
        #expect(z.titleTF == 1 && z.contribution > 0 && z.df == 2)
        #expect(!e.lines.isEmpty && e.lines[0].contains("bm25"))
        let t = try s.search(index, "zeppelin") { $0.explain = true; $0.ranking = .tfidf }
        #expect(t.first?.explanation?.ranking == .tfidf)
    }

    @Test("metadata filters", arguments: [
        ("author:quill", ["zeppelin-1", "rec-2"]),
        ("author:STOKER", ["lenses-1"]),
        ("after:2025", ["zeppelin-1", "rec-2"]),
        ("before:2024", ["notes.md:1", "rec-1"]),
        ("after:2024-01|before:2025-04", ["zeppelin-1", "lenses-1"]),
        ("feed:records", ["rec-1", "rec-2"]),
    ] as [(String, [String])])
    func filters(filter: String, expected: [String]) throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        func apply(_ q: inout SearchQuery) {
            for part in filter.split(separator: "|") {
                let kv = part.split(separator: ":", maxSplits: 1).map(String.init)
                switch kv[0] {
                case "author": q.author = kv[1]
                case "after": q.after = kv[1]
                case "before": q.before = kv[1]
                case "feed": q.feed = kv[1]
                default: Issue.record("bad filter \(kv[0])")
                }
            }
        }
        // With a query covering every article, and with filters alone (listing by date).
        let broad = "zeppelin lenses knot tide anchor"
        let ranked = try s.search(index, broad, apply)
        #expect(Set(ranked.map(\.id)) == Set(expected), "ranked \(filter)")
        let listed = try s.search(index, "", apply)
        #expect(Set(listed.map(\.id)) == Set(expected), "listed \(filter)")
    }

    @Test func limitAndEmptyQueries() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        #expect(try s.search(index, "zeppelin lenses knot tide anchor") { $0.limit = 2 }.count == 2)
        #expect(try s.search(index, "").isEmpty)
        #expect(try s.search(index, "the of and").isEmpty)
        #expect(try s.search(index, "?!…").isEmpty)
        #expect(try s.search(index, "xylophonequartz").isEmpty)
    }
}
