import Foundation
@testable import Retrieval
import SQLite
import Testing

/// A search reads in one transaction of its own and leaves the connection as it found it.
@Suite("Search transactions")
struct SearchTransactionTests {
    @Test func searchesLeaveTheConnectionFreeToWrite() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let searcher = try Searcher(index: index)
        let first = try searcher.search(SearchQuery(text: "zeppelin"))
        #expect(!first.isEmpty)
        // Also with another statement of the same connection still being stepped.
        let pending = try index.db.prepare("SELECT doc FROM articles")
        #expect(try pending.step())
        #expect(try searcher.search(SearchQuery(text: "zeppelin")) == first)
        pending.reset()
        try s.write("more.md", "# Zeppelin hangars\n\nA zeppelin needs a hangar longer than the ship.\n")
        #expect(try index.update().added == 1)
        #expect(try Searcher(index: index).search(SearchQuery(text: "hangar")).count == 1)
    }

    @Test func searchInsideAnOpenTransactionUsesIt() throws {
        let s = try Scratch(); defer { s.cleanup() }
        let index = try s.open()
        _ = try index.update()
        let searcher = try Searcher(index: index)
        let hits = try index.db.transaction(immediate: false) { try searcher.search(SearchQuery(text: "zeppelin")) }
        #expect(!hits.isEmpty)
        try index.db.execute("BEGIN IMMEDIATE; COMMIT")
    }
}
