import Foundation
@testable import Retrieval
import SQLite
import Testing

/// A db path holding garbage or a foreign file: moved aside, rebuilt, never fatal.
@Suite("Damaged index files")
struct DamagedIndexTests {
    func asideFiles(_ s: Scratch) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: s.root).filter { $0.hasPrefix("index.sqlite.damaged-") }
    }

    static func garbageBytes(_ kind: String) -> [UInt8] {
        switch kind {
        case "text": return Array("this is definitely not an SQLite database, just text\n".utf8)
        case "noise": return (0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        default: return Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0xFF, count: 4080)
        }
    }

    @Test("garbage at the db path is moved aside and rebuilt", arguments: ["text", "noise", "bad-header"])
    func garbage(kind: String) throws {
        let bytes = DamagedIndexTests.garbageBytes(kind)
        let s = try Scratch(); defer { s.cleanup() }
        try Data(bytes).write(to: URL(fileURLWithPath: s.db))
        var notices: [String] = []
        let index = try Index(path: s.db, corpus: s.corpus) { notices.append($0) }
        let aside = try asideFiles(s)
        #expect(aside.count == 1)
        #expect(notices.count == 1 && notices[0].contains("damaged-"))
        let moved = try Data(contentsOf: URL(fileURLWithPath: s.root + "/" + aside[0]))
        #expect(Array(moved) == bytes, "the damaged file is kept as it was")
        let r = try index.update()
        #expect(r.added == 3 && r.articles == 5)
        #expect(try s.search(index, "zeppelin").count == 2)
    }

    @Test func sqliteFileThatIsNotALoreIndex() throws {
        let s = try Scratch(); defer { s.cleanup() }
        do {
            // An SQLite file with a table named `terms` but none of lore's metadata.
            let foreign = try Database(path: s.db)
            try foreign.execute("CREATE TABLE terms (x TEXT); INSERT INTO terms VALUES ('mine');")
        }
        let index = try Index(path: s.db, corpus: s.corpus)
        #expect(try asideFiles(s).count == 1)
        #expect(try index.update().articles == 5)
    }

    @Test func healthyIndexIsNotMoved() throws {
        let s = try Scratch(); defer { s.cleanup() }
        _ = try s.open().update()
        var notices: [String] = []
        let index = try Index(path: s.db, corpus: s.corpus) { notices.append($0) }
        #expect(notices.isEmpty)
        #expect(try asideFiles(s).isEmpty)
        #expect(try index.update().upToDate)
    }

    @Test func emptyFileAtDbPathBecomesAnIndex() throws {
        let s = try Scratch(); defer { s.cleanup() }
        FileManager.default.createFile(atPath: s.db, contents: Data())
        let index = try s.open()
        #expect(try index.update().articles == 5)
    }
}
