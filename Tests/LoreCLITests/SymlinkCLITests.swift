import Foundation
import Testing

/// Issue 10: a symbolic link in a downloaded corpus must not carry a file from outside it into the
/// index or any output, unless the user asks for exactly that.
@Suite("CLI on a corpus with symbolic links")
struct SymlinkCLITests {
    /// In the outside file only; never part of a command line, so any output holding it came from the file.
    static let marker = "outsidesecretmarker"

    /// A corpus with one article, a link to a key file outside it, and a link to its own article.
    func corpus() throws -> (corpus: String, db: String) {
        let outside = CLI.tempDirectory("outside"), corpus = CLI.tempDirectory("linked")
        try "-----BEGIN KEY-----\nprivate keymaterial \(Self.marker)\n".write(toFile: outside + "/id_rsa", atomically: true, encoding: .utf8)
        try "Inside article\n\nThe insideword text of this corpus.\n".write(toFile: corpus + "/a.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: corpus + "/key.txt", withDestinationPath: outside + "/id_rsa")
        try FileManager.default.createSymbolicLink(atPath: corpus + "/again.txt", withDestinationPath: "a.txt")
        return (corpus, CLI.tempDirectory("linked-db") + "/i.sqlite")
    }

    static let notFollowed = "symbolic link not followed (--follow-symlinks follows links inside the corpus)"

    /// Many links: five named, the rest counted on one line.
    @Test func manyLinksAreCounted() throws {
        let c = try corpus()
        for k in 0 ..< 8 { try FileManager.default.createSymbolicLink(atPath: c.corpus + "/l\(k).txt", withDestinationPath: "a.txt") }
        let lines = try CLI.lore(["index"], corpus: c.corpus, db: c.db).errLines.filter { $0.contains("symbolic link") }
        #expect(lines.count == 6 && lines.last == "lore: skipped 5 more symbolic links: not followed (--follow-symlinks follows links inside the corpus)", "\(lines)")
    }

    func leaks(_ runs: [Run]) -> Bool { runs.contains { $0.out.contains(Self.marker) || $0.err.contains(Self.marker) } }

    func everything(_ c: (corpus: String, db: String), _ extra: [String] = []) throws -> [Run] {
        try [["index", "--json"], ["search", "keymaterial", "--json"], ["search", "private"], ["articles", "--json"],
             ["show", "key.txt:1"], ["ask", "what is the private keymaterial?"], ["extract", "metadata", "key.txt:1"]]
            .map { try CLI.lore($0 + extra, corpus: c.corpus, db: c.db) }
    }

    @Test func linksAreNotFollowedByDefault() throws {
        let c = try corpus()
        let runs = try everything(c)
        #expect(!leaks(runs), "\(runs)")
        let index = runs[0]
        #expect(index.status == 0 && index.object["articles"] as? Int == 1, "\(index)")
        let skipped = (index.object["skipped"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(skipped == ["again.txt", "key.txt"])
        // Each link reported once, on a line of its own.
        let lines = try CLI.lore(["search", "insideword"], corpus: c.corpus, db: c.db).errLines
        #expect(lines.filter { $0.contains("symbolic link") } == ["lore: skipped again.txt: \(Self.notFollowed)", "lore: skipped key.txt: \(Self.notFollowed)"],
                "\(lines)")
    }

    @Test func followSymlinksStaysInsideTheCorpus() throws {
        let c = try corpus()
        let runs = try everything(c, ["--follow-symlinks"])
        #expect(!leaks(runs), "\(runs)")
        #expect(runs[0].object["articles"] as? Int == 2, "\(runs[0])")
        let skipped = runs[0].object["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.compactMap { $0["source"] as? String } == ["key.txt"])
        #expect((skipped.first?["reason"] as? String)?.contains("outside the corpus") == true)
    }

    /// Asked explicitly, the outside file is read; and a later run without the flag removes it again.
    @Test func anywhereIsOnlyWhenAsked() throws {
        let c = try corpus()
        let found = try CLI.lore(["search", "keymaterial", "--json", "--follow-symlinks-anywhere"], corpus: c.corpus, db: c.db)
        #expect((found.object["hits"] as? [Any])?.count == 1 && found.out.contains(Self.marker), "\(found)")
        let runs = try everything(c)
        #expect(!leaks(runs), "\(runs)")
        #expect(runs[0].object["removed"] as? Int == 2, "\(runs[0])")
    }
}
