import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Several processes on one index, kill -9 in the middle of a rebuild, and input limits.
@Suite("CLI robustness")
struct RobustnessCLITests {
    @Test func concurrentAsksDuringRebuild() throws {
        let root = CLI.tempDirectory("concurrency")
        let corpus = root + "/corpus", db = root + "/index.sqlite"
        try CLI.copySeeds(to: corpus)
        #expect(try CLI.lore(["index"], corpus: corpus, db: db).status == 0)
        let jobs: [[String]] = [
            ["ask", "How do actors prevent data races?", "--json"],
            ["index", "--rebuild", "--json"],
            ["ask", "What is a retain cycle?", "--json"],
            ["ask", "summarize the article about UITableViewCell", "--json"],
        ].map { $0 + ["--corpus", corpus, "--db", db] }
        let started = Date()
        let processes = try jobs.map { try CLI.start($0) }
        let runs = zip(processes, jobs).map { CLI.finish($0.0, $0.1, args: $1, started: started, timeout: 90) }
        for r in runs {
            #expect(r.status == 0, "\(r)")
            #expect(!r.err.lowercased().contains("database is locked"), "\(r)")
            #expect(!r.err.lowercased().contains("busy"), "\(r)")
            #expect(r.outLines.count == 1, "\(r)")
        }
        #expect(runs[1].object["articles"] as? Int == 64)
        for r in runs where r.arguments[0] == "ask" { #expect(!(r.object["answer"] as? String ?? "").isEmpty) }
    }

    @Test func killDuringRebuildLeavesAUsableIndex() throws {
        let root = CLI.tempDirectory("crash")
        let corpus = root + "/corpus", db = root + "/index.sqlite"
        try CLI.copySeeds(to: corpus)
        // About 20 MB of JSON Lines records.
        var big = ""
        big.reserveCapacity(21 << 20)
        let filler = String(repeating: "harbour pilots read tide tables and chart soundings before dawn; ", count: 30)
        var records = 0
        while big.utf8.count < 20 << 20 {
            big += "{\"id\": \"gen-\(records)\", \"title\": \"Generated record \(records)\", \"text\": \"\(filler) \(records % 97 == 42 ? "quinquagesimal" : "ordinary")\"}\n"
            records += 1
        }
        try big.write(toFile: corpus + "/generated.jsonl", atomically: false, encoding: .utf8)
        // The kill lands a third of the way through a rebuild, timed by a full index of the same corpus on the same
        // machine: a fixed delay (300 ms) came after the whole rebuild once indexing got fast.
        let first = Date()
        #expect(try CLI.lore(["index"], corpus: corpus, db: db, timeout: 120).status == 0)
        let full = Date().timeIntervalSince(first)
        let args = ["index", "--rebuild", "--corpus", corpus, "--db", db]
        let started = Date()
        let (p, tag) = try CLI.start(args)
        usleep(useconds_t(max(0.01, full / 3) * 1_000_000))
        let wasRunning = p.isRunning
        kill(p.processIdentifier, SIGKILL)
        let killed = CLI.finish(p, tag, args: args, started: started, timeout: 30)
        #expect(wasRunning, "the rebuild finished before the kill; the test corpus is too small")
        #expect(killed.status != 0 || !wasRunning)

        let search = try CLI.lore(["search", "actors data races", "--json"], corpus: corpus, db: db, timeout: 120)
        #expect(search.status == 0, "\(search)")
        #expect(!(search.object["hits"] as? [Any] ?? []).isEmpty)
        let index = try CLI.lore(["index", "--json"], corpus: corpus, db: db, timeout: 120)
        #expect(index.status == 0, "\(index)")
        #expect(index.object["articles"] as? Int == 64 + records)
        let rebuilt = try CLI.lore(["index", "--rebuild", "--json"], corpus: corpus, db: db, timeout: 120)
        #expect(rebuilt.object["articles"] as? Int == 64 + records)
        let check = try CLI.lore(["search", "quinquagesimal", "--json", "--limit", "1000"], corpus: corpus, db: db)
        #expect((check.object["hits"] as? [Any])?.count == (0..<records).filter { $0 % 97 == 42 }.count)
    }

    @Test("over-long input is refused with one line", arguments: ["search", "ask"])
    func hugeQuery(command: String) throws {
        let query = String(repeating: "swift actors ", count: 100_000 / 13 + 1)
        let run = try CLI.lore([command, query], corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(run.status == 1, "\(run)")
        #expect(run.errLines.count == 1 && run.err.hasPrefix("lore: "), "\(run.err.prefix(300))")
        #expect(run.err.utf8.count < 400, "the message does not echo the query")
    }

    @Test("pure punctuation is answered politely", arguments: ["?!?!", "...", "¿¡—…", "#$%^&*()"])
    func punctuation(message: String) throws {
        let run = try CLI.lore(["ask", message, "--json"], corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(run.status == 0, "\(run)")
        let o = run.object
        let answer = o["answer"] as? String ?? ""
        #expect(o["abstained"] as? Bool == true || !answer.isEmpty)
        #expect(!answer.isEmpty)
        let search = try CLI.lore(["search", message, "--json"], corpus: CLI.seedCorpus, db: CLI.seedDB)
        #expect(search.status == 0 && (search.object["hits"] as? [Any])?.isEmpty == true, "\(search)")
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
    func readOnlyDatabaseDirectory() throws {
        let dir = CLI.tempDirectory("readonly")
        chmod(dir, 0o555)
        defer { chmod(dir, 0o755) }
        for args in [["index"], ["search", "swift"], ["ask", "what is an actor?"]] {
            let run = try CLI.lore(args, corpus: CLI.seedCorpus, db: dir + "/index.sqlite")
            #expect(run.status == 1, "\(run)")
            #expect(run.errLines.count == 1 && run.err.hasPrefix("lore: "), "\(run.err)")
        }
    }

    @Test func readOnlyDatabaseFile() throws {
        // As root too: an index file that cannot be opened for writing, in a directory that is not a directory.
        let dir = CLI.tempDirectory("notadir")
        FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8))
        let run = try CLI.lore(["search", "swift"], corpus: CLI.seedCorpus, db: dir + "/file/index.sqlite")
        #expect(run.status == 1, "\(run)")
        #expect(run.errLines.count == 1 && run.err.hasPrefix("lore: "), "\(run.err)")
    }
}
