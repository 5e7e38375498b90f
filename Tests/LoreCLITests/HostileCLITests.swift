import Foundation
import Testing

/// Issue "Hardening": a corpus of hostile files must index, stay searchable, leak nothing and never
/// let corpus text drive the terminal.
@Suite("CLI on a hostile corpus")
struct HostileCLITests {
    func shared() throws -> (corpus: HostileCorpus, index: Run) { try #require(HostileCorpus.shared) }

    func noControls(_ run: Run, _ what: String) {
        #expect(CLI.terminalControls(run.stdout).isEmpty, "stdout of \(what): \(CLI.terminalControls(run.stdout))")
        #expect(CLI.terminalControls(run.stderr).isEmpty, "stderr of \(what): \(CLI.terminalControls(run.stderr))")
    }

    func noSecret(_ run: Run, _ marker: String, _ what: String) {
        #expect(!run.out.contains(marker) && !run.err.contains(marker), "\(what) leaked the external entity's file")
    }

    @Test func indexFinishesAndReportsEachBadFileOnce() throws {
        let (c, run) = try shared()
        #expect(run.status == 0, "\(run)")
        #expect(run.seconds < 120)
        noSecret(run, c.marker, "index")
        #expect(CLI.terminalControls(run.stderr).isEmpty)
        let lines = run.errLines
        for name in HostileCorpus.unusable {
            let mentions = lines.filter { $0.contains(" \(name):") }
            #expect(mentions.count == 1, "\(name) is named \(mentions.count) times on stderr:\n\(run.err)")
        }
        for name in ["truncated.xml", "bomb.xml", "xxe.xml", "deep.html", "oneline.txt", "records.jsonl", "latin1.txt", "utf16.txt"] {
            #expect(lines.filter { $0.contains(name) }.count <= 1, "\(name) is named more than once:\n\(run.err)")
        }
        #expect(lines.allSatisfy { $0.hasPrefix("lore: ") }, "\(run.err)")
        let report = run.object
        #expect((report["articles"] as? Int ?? 0) >= 3)
        let skipped = (report["skipped"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(Set(HostileCorpus.unusable).isSubset(of: Set(skipped)), "skipped: \(skipped)")
        // Nothing is reported twice, and a second run has nothing new to say about unchanged files.
        let again = try CLI.lore(["index", "--json"], corpus: c.corpus, db: c.db, timeout: 120)
        #expect(again.status == 0 && again.object["added"] as? Int == 0 && again.object["updated"] as? Int == 0, "\(again)")
    }

    @Test("good and salvageable articles are found", arguments: HostileCorpus.goodWords + [
        "jsonlword", "latinword", "utfsixteenword", "untitledword", "newlinenameword",
    ])
    func found(word: String) throws {
        let (c, _) = try shared()
        let run = try CLI.lore(["search", word, "--json"], corpus: c.corpus, db: c.db, timeout: 60)
        #expect(run.status == 0, "\(run)")
        let hits = run.object["hits"] as? [[String: Any]] ?? []
        #expect(!hits.isEmpty, "no hit for \(word)")
        if HostileCorpus.goodWords.contains(word) { #expect(hits.first?["source"] as? String == "good.xml") }
        if word == "jsonlword" { #expect(Set(hits.compactMap { $0["id"] as? String }) == ["j1", "j3"]) }
        if word == "untitledword" {
            let title = hits.first?["title"] as? String ?? ""
            #expect(!title.isEmpty)
        }
        noSecret(run, c.marker, "search")
        noControls(run, "search --json \(word)")
    }

    @Test("no terminal control bytes and no secret in any output", arguments: [
        "escapeword", "xxeword", "bombword", "deepword", "truncword", "longlineword", "nulword", "untitledword",
    ])
    func outputsAreClean(word: String) throws {
        let (c, _) = try shared()
        let human = try CLI.lore(["search", word], corpus: c.corpus, db: c.db)
        #expect(human.status == 0, "\(human)")
        noControls(human, "search \(word)"); noSecret(human, c.marker, "search")
        let hits = try CLI.lore(["search", word, "--json", "--limit", "20"], corpus: c.corpus, db: c.db).object["hits"] as? [[String: Any]] ?? []
        for h in hits.prefix(6) {
            let ref = "\(h["source"] as? String ?? ""):\(h["line"] as? Int ?? 0)"
            for args in [["show", ref], ["show", ref, "--json"]] {
                let run = try CLI.lore(args, corpus: c.corpus, db: c.db)
                #expect(run.status == 0, "\(run)")
                noControls(run, args.joined(separator: " ")); noSecret(run, c.marker, "show")
            }
        }
        // The 24 MB line has its own time-bounded test below.
        let asks = word == "longlineword" ? [] : [["ask", "what does \(word) mean?"], ["ask", "summarize the \(word) article", "--json"],
                                                  ["ask", "tell me about \(word)", "--jsonl"]]
        for args in asks {
            let run = try CLI.lore(args, corpus: c.corpus, db: c.db)
            #expect(run.status == 0, "\(run)")
            noControls(run, args.joined(separator: " ")); noSecret(run, c.marker, "ask")
        }
    }

    @Test func articlesAndChatAreClean() throws {
        let (c, _) = try shared()
        for args in [["articles"], ["articles", "--json"]] {
            let run = try CLI.lore(args, corpus: c.corpus, db: c.db)
            #expect(run.status == 0, "\(run)")
            noControls(run, args.joined(separator: " ")); noSecret(run, c.marker, "articles")
            #expect(!run.out.contains("\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"), "no runs of replacement characters")
        }
        let chat = "escapeword\nsummarize it\nxxeword\nshow me the deepword article\nextract links from it\n"
        for args in [["chat", "--no-save"], ["chat", "--no-save", "--json"], ["ask", "-"]] {
            let run = try CLI.lore(args, corpus: c.corpus, db: c.db, stdin: chat)
            #expect(run.status == 0, "\(run)")
            noControls(run, args.joined(separator: " ")); noSecret(run, c.marker, "chat")
        }
    }

    @Test("asking about the 24 MB single line stays quick and bounded", arguments: [
        ["ask", "what does longlineword mean?"], ["ask", "summarize the longlineword article", "--json"],
    ])
    func hugeLineAsk(args: [String]) throws {
        let (c, _) = try shared()
        let run = try CLI.lore(args, corpus: c.corpus, db: c.db, timeout: 30)
        #expect(run.status == 0, "\(run)")
        #expect(run.seconds < 10, "\(args.joined(separator: " ")) took \(Int(run.seconds)) s")
        #expect(run.stdout.count < 1 << 20, "\(args.joined(separator: " ")) printed \(run.stdout.count) bytes")
        noControls(run, args.joined(separator: " ")); noSecret(run, c.marker, "ask")
    }

    @Test func entitiesAreNeverExpandedOrResolved() throws {
        let (c, _) = try shared()
        let run = try CLI.lore(["articles", "--json"], corpus: c.corpus, db: c.db)
        let titles = run.objects.compactMap { $0["title"] as? String }
        #expect(titles.allSatisfy { $0.count < 1_000 }, "an entity bomb did not blow up a title")
        #expect(!run.out.contains("lollollol"))
        for o in run.objects where (o["source"] as? String) == "bomb.xml" || (o["source"] as? String) == "xxe.xml" {
            let shown = try CLI.lore(["show", "\(o["source"] as? String ?? ""):\(o["line"] as? Int ?? 0)", "--json"], corpus: c.corpus, db: c.db)
            #expect(shown.stdout.count < 100_000)
            #expect(!shown.out.contains("lollollol"))
            noSecret(shown, c.marker, "show")
        }
    }
}
