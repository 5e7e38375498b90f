import Foundation
import Testing

/// End-to-end over the seed corpus: index, search, show, articles, usage and runtime errors.
@Suite("CLI on the seed corpus")
struct SeedCLITests {
    let corpus = CLI.seedCorpus
    var db: String { CLI.seedDB }

    @Test func indexReportsSeedCorpus() throws {
        let db = CLI.tempDirectory("index") + "/fresh.sqlite"
        let first = try CLI.lore(["index", "--json"], corpus: corpus, db: db)
        #expect(first.status == 0, "\(first)")
        #expect(first.outLines.count == 1)
        let r = first.object
        #expect(Set(r.keys) == ["files", "articles", "passages", "terms", "added", "updated", "unchanged", "removed", "skipped", "seconds"])
        #expect(r["articles"] as? Int == 64)
        #expect(r["files"] as? Int == 5)
        #expect(r["added"] as? Int == 5)
        #expect((r["skipped"] as? [Any])?.isEmpty == true)
        #expect((r["passages"] as? Int ?? 0) > 64 && (r["terms"] as? Int ?? 0) > 1000)
        let again = try CLI.lore(["index", "--json"], corpus: corpus, db: db).object
        #expect(again["unchanged"] as? Int == 5 && again["added"] as? Int == 0 && again["updated"] as? Int == 0)
        #expect(again["articles"] as? Int == 64)
        let human = try CLI.lore(["index"], corpus: corpus, db: db)
        #expect(human.status == 0 && human.out.contains("64 articles"))
    }

    @Test("search hits carry every field and point at the article's line", arguments: [
        "subclass UITableViewCell", "data races actors", "memory leaks retain cycles", "swiftui view lifecycle onAppear",
        "combine AnyCancellable", "network layer URLSession",
    ])
    func search(query: String) throws {
        let run = try CLI.lore(["search", query, "--json", "--limit", "5"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        #expect(run.outLines.count == 1)
        let o = run.object
        #expect(o["query"] as? String == query)
        let hits = try #require(o["hits"] as? [[String: Any]])
        #expect(!hits.isEmpty && hits.count <= 5)
        var feedHits = 0
        for h in hits {
            #expect(Set(h.keys) == CLI.hitKeys, "keys \(h.keys.sorted())")
            let source = try #require(h["source"] as? String), line = try #require(h["line"] as? Int)
            #expect(!(h["title"] as? String ?? "").isEmpty && !(h["id"] as? String ?? "").isEmpty)
            #expect((h["score"] as? Double ?? 0) > 0)
            let lines = CLI.lines(ofFile: corpus + "/" + source)
            try #require(line >= 1 && line <= lines.count, "\(source):\(line) out of range")
            if lines.first?.hasPrefix("<?xml") == true {
                feedHits += 1
                #expect(lines[line - 1].contains("<item"), "\(source):\(line) is `\(lines[line - 1].prefix(80))`")
            } else {
                #expect(!lines[line - 1].trimmingCharacters(in: .whitespaces).isEmpty, "\(source):\(line) is blank")
            }
        }
        #expect(feedHits > 0, "every query here has a feed article among its hits")
        let scores = hits.compactMap { $0["score"] as? Double }
        #expect(scores == scores.sorted(by: >))
    }

    @Test func showCleanArticleBySourceLineAndById() throws {
        let hits = try CLI.lore(["search", "subclass UITableViewCell", "--json"], corpus: corpus, db: db).object["hits"] as? [[String: Any]]
        let top = try #require(hits?.first)
        let source = try #require(top["source"] as? String), line = try #require(top["line"] as? Int)
        let run = try CLI.lore(["show", "\(source):\(line)", "--json"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        let a = run.object
        #expect(Set(a.keys) == CLI.articleKeys.union(["text", "code", "links", "headings"]))
        #expect(a["id"] as? String == top["id"] as? String)
        let text = try #require(a["text"] as? String)
        #expect(text.count > 200)
        #expect(!text.contains("<p") && !text.contains("&amp;") && !text.contains("</"))
        let byID = try CLI.lore(["show", try #require(top["id"] as? String), "--json"], corpus: corpus, db: db)
        #expect(byID.status == 0 && byID.object["text"] as? String == text)
        let human = try CLI.lore(["show", "\(source):\(line)"], corpus: corpus, db: db)
        #expect(human.status == 0 && human.out.contains("UITableViewCell"))
    }

    @Test func showEveryFeedArticleIsClean() throws {
        let all = try CLI.lore(["articles", "--json"], corpus: corpus, db: db).objects
        // One feed file keeps this quick.
        for a in all where (a["source"] as? String)?.hasPrefix("001") == true {
            let ref = "\(a["source"] as? String ?? ""):\(a["line"] as? Int ?? 0)"
            let text = try CLI.lore(["show", ref, "--json"], corpus: corpus, db: db).object["text"] as? String ?? ""
            #expect(!text.isEmpty && !text.contains("<p>") && !text.contains("&amp;") && !text.contains("&lt;"), "\(ref)")
        }
    }

    @Test func articlesListsEverything() throws {
        let run = try CLI.lore(["articles", "--json"], corpus: corpus, db: db)
        #expect(run.status == 0, "\(run)")
        #expect(run.outLines.count == 64)
        let objects = run.objects
        #expect(objects.allSatisfy { Set($0.keys) == CLI.articleKeys })
        #expect(Set(objects.compactMap { $0["source"] as? String }).count == 5)
        #expect(Set(objects.compactMap { o in (o["source"] as? String).map { "\($0):\(o["line"] as? Int ?? 0)" } }).count == 64)
        let human = try CLI.lore(["articles"], corpus: corpus, db: db)
        #expect(human.status == 0 && human.outLines.count == 64)
    }

    @Test func explainAndTfidfFromTheCommandLine() throws {
        let e = try CLI.lore(["search", "actors data races", "--json", "--explain"], corpus: corpus, db: db)
        let hits = e.object["hits"] as? [[String: Any]] ?? []
        #expect(!hits.isEmpty && hits.allSatisfy { ($0["explain"] as? [String])?.isEmpty == false })
        let t = try CLI.lore(["search", "actors data races", "--json", "--ranking", "tfidf"], corpus: corpus, db: db)
        #expect(t.status == 0 && !(t.object["hits"] as? [Any] ?? []).isEmpty)
        let f = try CLI.lore(["search", "swift", "--json", "--author", "donny", "--after", "2021"], corpus: corpus, db: db)
        let fh = f.object["hits"] as? [[String: Any]] ?? []
        #expect(!fh.isEmpty && fh.allSatisfy { ($0["author"] as? String) == "Donny Wals" && ($0["date"] as? String ?? "") >= "2021" })
    }

    /// Issue 10: the feeds' categories are each article's tags, listed by `articles --json` and shown by `show`;
    /// `search --tag` keeps the articles that carry the tag, whole and in any case.
    @Test func tagsFromTheFeedsFilterASearch() throws {
        let list = try CLI.lore(["articles", "--json"], corpus: corpus, db: db)
        let objects = list.outLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let tagged = objects.filter { ($0["tags"] as? [String])?.contains { $0.lowercased() == "swiftui" } == true }
        #expect(!tagged.isEmpty && tagged.count < objects.count)
        let run = try CLI.lore(["search", "views", "--json", "--limit", "100", "--tag", "SwiftUI"], corpus: corpus, db: db)
        let hits = Set((run.object["hits"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        #expect(!hits.isEmpty && hits.isSubset(of: Set(tagged.compactMap { $0["id"] as? String })))
        #expect(try CLI.lore(["search", "views", "--json", "--tag", "swift"], corpus: corpus, db: db).object["hits"] as? [Any] != nil)
        let none = try CLI.lore(["search", "views", "--tag", "swiftu"], corpus: corpus, db: db)
        #expect(none.status == 0 && none.outLines.first?.hasPrefix("No articles match") == true)
        let id = try #require(tagged.first?["id"] as? String)
        let shown = try CLI.lore(["show", id], corpus: corpus, db: db)
        #expect(shown.outLines.contains { $0.hasPrefix("Tags: ") && $0.lowercased().contains("swiftui") })
    }

    @Test("usage errors exit 64", arguments: [
        ["search"], ["search", "swift", "--limit", "0"], ["search", "swift", "--ranking", "nope"],
        ["search", "swift", "--bogus-flag"], ["show"], ["index", "--rebuild", "extra-argument"], ["ask"],
        ["frobnicate-the-corpus"],
    ])
    func usageError(args: [String]) throws {
        let run = try CLI.lore(args, corpus: corpus, db: db)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(!run.stderr.isEmpty)
    }

    @Test("runtime errors exit 1 with one line", arguments: [
        ["search", "swift"], ["index"], ["articles"], ["show", "x:1"], ["ask", "what is an actor?"],
    ])
    func missingCorpus(args: [String]) throws {
        let run = try CLI.lore(args, corpus: "/nonexistent/lore-corpus-\(UUID().uuidString)", db: CLI.home + "/missing.sqlite")
        #expect(run.status == 1, "\(run)")
        #expect(run.errLines.count == 1 && run.err.hasPrefix("lore: "), "\(run.err)")
        #expect(run.stdout.isEmpty)
    }

    @Test func unknownArticleIsARuntimeError() throws {
        let run = try CLI.lore(["show", "no-such-article-id"], corpus: corpus, db: db)
        #expect(run.status == 1 && run.errLines.count == 1 && run.err.hasPrefix("lore: "), "\(run)")
    }
}
