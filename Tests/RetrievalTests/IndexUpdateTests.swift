import Foundation
@testable import Retrieval
import Analysis
import Corpus
import SQLite
import Testing

/// Incremental indexing against a scratch corpus: build, add, change, delete, nothing, analyzer change.
@Suite("Index updates")
struct IndexUpdateTests {
    @Test func buildsFromScratch() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let r = try s.open().update()
        #expect(r.files == 3)
        #expect(r.articles == 5)
        #expect(r.added == 3 && r.updated == 0 && r.removed == 0 && r.unchanged == 0)
        #expect(r.passages >= 5)
        #expect(r.terms > 20)
        #expect(r.skipped.isEmpty)
    }

    @Test func addingAFile() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        try s.write("extra.md", "---\ntitle: Semaphore flags\n---\nSignal flags spell words with a quixotic alphabet.\n")
        let r = try index.update()
        #expect(r.added == 1 && r.updated == 0 && r.removed == 0 && r.unchanged == 3)
        #expect(r.articles == 6)
        #expect(try s.search(index, "quixotic").map(\.title) == ["Semaphore flags"])
    }

    @Test func changingAFile() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        #expect(try s.search(index, "bowline").count == 1)
        try s.write("notes.md", "---\ntitle: Knot tying for sailors\n---\nThe sheet bend joins two ropes of unequal thickness.\n")
        let r = try index.update()
        #expect(r.updated == 1 && r.added == 0 && r.removed == 0 && r.unchanged == 2)
        #expect(r.articles == 5)
        #expect(try s.search(index, "bowline").isEmpty, "old content is gone")
        #expect(try s.search(index, "unequal thickness").first?.source == "notes.md")
    }

    @Test func deletingAFile() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        try s.remove("records.jsonl")
        let r = try index.update()
        #expect(r.removed == 1 && r.added == 0 && r.updated == 0 && r.unchanged == 2)
        #expect(r.articles == 3)
        #expect(try s.search(index, "tides moon").isEmpty)
        #expect(try ArticleStore(index: index).resolve("rec-1") == nil)
    }

    @Test func nothingChangedWritesNothing() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        let first = try index.update()
        let generation = index.generation
        let r = try index.update()
        #expect(r.upToDate)
        #expect(r.added == 0 && r.updated == 0 && r.removed == 0)
        #expect(r.unchanged == 3)
        #expect(r.articles == first.articles && r.terms == first.terms && r.passages == first.passages)
        #expect(index.generation == generation, "no write transaction for an unchanged corpus")
        // A fresh process (a new Index on the same file) sees the same.
        let again = try s.open().update()
        #expect(again.upToDate && again.unchanged == 3)
    }

    @Test func touchedButIdenticalFileIsUnchanged() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let later = Date().addingTimeInterval(120)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: s.corpus + "/feed.xml")
        let r = try index.update()
        #expect(r.upToDate && r.unchanged == 3)
    }

    /// An index written by another analyzer, schema or parser version is rebuilt: the same files would
    /// give other terms, tables or articles.
    @Test(arguments: [("analyzer", Analyzer.version), ("schema", Schema.version), ("parser", ArticleParser.version)])
    func versionMismatchRebuilds(key: String, current: String) throws {
        let s = try Scratch(); defer { s.cleanup() }
        do {
            let index = try s.open()
            _ = try index.update()
            try index.db.execute("UPDATE meta SET value = 'some-older-version' WHERE key = '\(key)'")
        }
        let reopened = try s.open()
        let r = try reopened.update()
        #expect(r.added == 3, "every file is re-added")
        #expect(r.updated == 0 && r.unchanged == 0 && r.removed == 0)
        #expect(r.articles == 5)
        #expect(reopened.meta(key) == current)
        #expect(try s.search(reopened, "zeppelin").count == 2)
        #expect(try reopened.update().upToDate)
    }

    @Test func explicitRebuildReaddsEverything() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let r = try index.update(rebuild: true)
        #expect(r.added == 3 && r.articles == 5)
        #expect(try ArticleStore(index: index).count() == 5)
    }

    @Test func unparseableFileIsSkippedOnceAndRemembered() throws {
        let s = try Scratch(); defer { s.cleanup() }
        try s.write("broken.jsonl", "{\"title\": \"half a rec\n")
        let index = try s.open()
        let r = try index.update()
        #expect(r.skipped.map(\.source) == ["broken.jsonl"])
        #expect(r.articles == 5)
        let again = try index.update()
        #expect(again.skipped.isEmpty, "an unchanged bad file is not reported again")
        #expect(again.upToDate)
    }

    @Test func missingCorpusIsAnError() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try Index(path: s.db, corpus: s.root + "/nope")
        #expect(throws: RetrievalError.self) { try index.update() }
    }
}

/// A documentation site's pages end their titles with the site's name ("Vec in std::vec - Rust"): the index finds
/// it from all titles and every title read leaves it off; a corpus whose titles do not mostly end alike keeps them.
@Suite struct SiteTitleTests {
    @Test(arguments: [
        (["Grit in mill::grit - Grindbook", "Stone in mill - Grindbook", "Wheels - Grindbook", "Oil - Grindbook", "Dust: a note"], " - Grindbook"),
        (["a — Mill 2 documentation", "b — Mill 2 documentation", "c — Mill 2 documentation", "d — Mill 2 documentation", "e — Mill 2 documentation"], " — Mill 2 documentation"),
        (["Part one - Intro", "Part two - Setup", "Stones", "Grit", "Oil"], nil),
        (["A - Site", "B - Site", "C - Site", "D - Site"], nil),
        (["A - Site", "B - Site", "C - Site", "Other", "More", "Most", "Last"], nil),
    ] as [([String], String?)])
    func commonSuffix(_ titles: [String], _ expected: String?) {
        #expect(SiteTitles.commonSuffix(titles) == expected)
    }

    @Test func withoutLeavesAName() {
        #expect(SiteTitles.without(" - Grindbook", "Oil - Grindbook") == "Oil")
        #expect(SiteTitles.without(" - Grindbook", " - Grindbook") == " - Grindbook")
        #expect(SiteTitles.without(" - Grindbook", "Oil") == "Oil")
        #expect(SiteTitles.without(nil, "Oil - Grindbook") == "Oil - Grindbook")
    }

    @Test func titlesReadWithoutTheSiteName() throws {
        let s = try Scratch(); defer { s.cleanup() }
        for (i, topic) in ["Grit", "Stones", "Wheels", "Oil", "Dust", "Belts", "Gears", "Sieves"].enumerated() {
            try s.write("page\(i).html", "<html><head><title>\(topic) in mill - Grindbook</title></head><body><h1>About \(topic.lowercased())</h1><p>The \(topic.lowercased()) page of the quernstone guide.</p></body></html>")
        }
        let index = try s.open()
        _ = try index.update()
        #expect(try s.search(index, "quernstone").map(\.title).sorted() == ["Belts in mill", "Dust in mill", "Gears in mill", "Grit in mill", "Oil in mill", "Sieves in mill", "Stones in mill", "Wheels in mill"])
        #expect(try ArticleStore(index: index).resolve("page3.html")?.article.title == "Oil in mill")
        // The scratch corpus's other articles keep their titles.
        #expect(try ArticleStore(index: index).all(bodies: false).contains { $0.article.title == "Knot tying for sailors" })
        // Once most titles no longer end alike, none is cut.
        for i in 0..<8 { try s.remove("page\(i).html") }
        _ = try index.update()
        #expect(ArticleStore.siteSuffix(index.db) == nil)
    }
}
