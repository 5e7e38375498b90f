import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `lore feeds`, `lore update` and `lore new` as processes, against Tests/feed_server.py on 127.0.0.1.
@Suite("Feeds CLI", .serialized)
struct FeedsCLITests {
    /// A fresh corpus and index for one test.
    struct Place {
        let corpus: String, db: String
        init(_ label: String) throws {
            let root = CLI.tempDirectory(label)
            corpus = root + "/corpus"; db = root + "/index.sqlite"
            try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        }
        func lore(_ args: [String], stdin: String? = nil) throws -> Run { try CLI.lore(args, corpus: corpus, db: db, stdin: stdin, timeout: 60) }
        var feedFiles: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: corpus + "/feeds")) ?? []).filter { !$0.hasPrefix(".") }.sorted() }
        func feedText() -> String {
            feedFiles.map { (try? String(contentsOfFile: corpus + "/feeds/" + $0, encoding: .utf8)) ?? "" }.joined()
        }
    }

    @Test func updateStoresFilesIndexesThemAndAsksOnlyForChanges() throws {
        let server = try FeedServer(), place = try Place("update")
        #expect(try place.lore(["feeds", "add", server.url("feed.xml"), server.url("gzip.xml")]).status == 0)
        let first = try place.lore(["update"])
        #expect(first.status == 0, "\(first)")
        #expect(first.out.contains("2 feeds: 2 fetched, 0 not modified, 0 failed; 3 new articles"), "\(first.out)")
        #expect(first.err.isEmpty, "\(first)")   // no progress line when stderr is not a terminal
        #expect(place.feedFiles.count == 2)
        let hit = try place.lore(["search", "sendable closure", "--json"]).object["hits"] as? [[String: Any]] ?? []
        #expect(hit.first?["title"] as? String == "Sendable closures")   // the gzip body, decoded
        let source = try #require(hit.first?["source"] as? String), line = try #require(hit.first?["line"] as? Int)
        #expect(source.hasPrefix("feeds/"))
        #expect(try place.lore(["show", "\(source):\(line)"]).out.contains("safe to share across threads"))

        let second = try place.lore(["update"])
        #expect(second.status == 0, "\(second)")
        #expect(server.requests.filter { $0.hasPrefix("GET /feed.xml") } == ["GET /feed.xml 200", "GET /feed.xml 304"])
        #expect(second.out.contains("0 new articles, 0 edited"))
    }

    @Test func eachFailedFeedIsOneLineAndTheOthersStillLand() throws {
        let server = try FeedServer(), place = try Place("failures")
        let bad = ["missing", "error", "slow", "loop", "huge.xml", "to-file"].map(server.url) + ["http://127.0.0.1:1/closed"]
        #expect(try place.lore(["feeds", "add", server.url("feed.xml")] + bad).status == 0)
        let r = try place.lore(["update", "--timeout", "2", "--max-bytes", "100000", "--jobs", "8"])
        #expect(r.status == 1, "\(r)")
        #expect(r.errLines.count == bad.count, "\(r)")
        let reasons = ["missing: HTTP 404", "error: HTTP 500", "slow: timed out after 2 s", "loop: more than 5 redirects",
                       "huge.xml: larger than the size limit of 100000 bytes", "to-file: redirected to a non-HTTP address", "closed: "]
        for reason in reasons { #expect(r.errLines.contains { $0.hasPrefix("lore: http://127.0.0.1:") && $0.contains(reason) }, "\(reason)\n\(r)") }
        #expect(r.out.contains("8 feeds: 1 fetched, 0 not modified, 7 failed; 2 new articles"), "\(r.out)")
        #expect(server.requests.filter { $0.hasPrefix("GET /loop") }.count == 6)   // first try + 5 redirects, no more
        #expect(try place.lore(["articles"]).outLines.count == 2)
    }

    @Test func permanentRedirectMovesTheSubscriptionTemporaryDoesNot() throws {
        let server = try FeedServer(), place = try Place("redirects")
        #expect(try place.lore(["feeds", "add", server.url("moved"), server.url("elsewhere")]).status == 0)
        let r = try place.lore(["update"])
        #expect(r.status == 0, "\(r)")
        #expect(r.err.contains("moved permanently to \(server.url("feed.xml"))"))
        let urls = try place.lore(["feeds", "list", "--json"]).objects.compactMap { $0["url"] as? String }
        #expect(Set(urls) == [server.url("feed.xml"), server.url("elsewhere")])
        #expect(try place.lore(["articles"]).outLines.count == 2)   // both served the same two entries
    }

    @Test func oneArticleOnceAcrossFeedsAndFetchesAndEditsReplace() throws {
        let server = try FeedServer(), place = try Place("dedupe")
        #expect(try place.lore(["feeds", "add", server.url("feed.xml"), server.url("planet.xml")]).status == 0)
        #expect(try place.lore(["update"]).out.contains("3 new articles, 0 edited"))
        #expect(try place.lore(["articles"]).outLines.count == 3)   // notes-1 is in both feeds
        #expect(place.feedText().components(separatedBy: "notes-1<").count - 1 == 1)

        let edited = FeedFixtures.rssItem(1, "Actors in practice", "Actors isolate their state; callers hop onto the actor with await.")
        try server.serve("feed.xml", FeedFixtures.rss([FeedFixtures.rssItem(3, "Typed throws", "Typed throws name the error type."), edited, FeedFixtures.builders]))
        let r = try place.lore(["update"])
        #expect(r.out.contains("1 new articles, 1 edited"), "\(r)")
        #expect(try place.lore(["articles"]).outLines.count == 4)
        let text = place.feedText()
        #expect(text.contains("hop onto the actor") && !text.contains("serialising access"))
        #expect(text.components(separatedBy: "notes-1<").count - 1 == 1)
        // The aggregator, fetched again, still serves its old copy: that is not an edit; the new text stays.
        try server.serve("planet.xml", FeedFixtures.planet.replacing("</feed>", with: "<entry><title>Extra</title><id>planet-10</id><summary>More.</summary></entry></feed>"))
        #expect(try place.lore(["update"]).out.contains("1 fetched, 1 not modified, 0 failed; 1 new articles, 0 edited"))
        #expect(place.feedText().contains("hop onto the actor"))
    }

    @Test func newListsArticlesSinceTheLastSessionAndTheChatAnswersWhatsNew() throws {
        let server = try FeedServer(), place = try Place("new")
        #expect(try place.lore(["feeds", "add", server.url("feed.xml")]).status == 0)
        #expect(try place.lore(["update"]).status == 0)
        let all = try place.lore(["new", "--json"]).objects
        #expect(all.compactMap { $0["title"] as? String }.sorted() == ["Actors in practice", "Result builders"])
        #expect(all.first?["id"] as? String != nil && all.first?["first_seen"] as? String != nil)
        let chat = try place.lore(["chat"], stdin: "what's new?\n")
        #expect(chat.out.contains("2 new articles") && chat.out.contains("Result builders"), "\(chat)")

        sleep(1)   // first-seen times have one-second resolution
        try server.serve("feed.xml", FeedFixtures.rss([FeedFixtures.rssItem(4, "Noncopyable types", "A ~Copyable type has one owner."),
                                                       FeedFixtures.actors, FeedFixtures.builders]))
        #expect(try place.lore(["update"]).out.contains("1 new articles"))
        let since = try place.lore(["new"])
        #expect(since.outLines.first?.hasPrefix("1 new article since") == true, "\(since)")
        #expect(since.out.contains("Noncopyable types") && !since.out.contains("Result builders"))
        let ask = try place.lore(["chat", "--no-save"], stdin: "What's new since my last session?\n/new-articles\n")
        #expect(ask.out.components(separatedBy: "Noncopyable types").count - 1 == 2, "\(ask)")
        #expect(try place.lore(["new", "--since", "2000-01-01"]).out.contains("3 new articles"))
        // "What's new in Swift 6?" is a question about the articles, not this listing.
        #expect(!(try place.lore(["ask", "What's new in Swift 6?"]).out.contains("new article")))
    }

    @Test func opmlImportAndExportRoundTrip() throws {
        let place = try Place("opml")
        let opml = CLI.tempDirectory("opml") + "/subs.opml"
        try Data("""
        <?xml version="1.0"?><opml version="2.0"><body><outline text="Swift">
        <outline type="rss" text="A" xmlUrl="http://127.0.0.1:9/a.xml?x=1&amp;y=2"/><outline type="rss" xmlUrl="ftp://nope"/>
        <outline type="rss" text="B" xmlUrl="https://127.0.0.1:9/b.xml"/></outline></body></opml>
        """.utf8).write(to: URL(fileURLWithPath: opml))
        let r = try place.lore(["feeds", "import", opml])
        #expect(r.status == 0 && r.out.contains("imported 2 feeds"), "\(r)")
        #expect(r.errLines.count == 1 && r.err.contains("ftp://nope"))
        let out = try place.lore(["feeds", "export"]).out
        #expect(out.hasPrefix("<?xml") && out.contains("<opml version=\"2.0\">"))
        #expect(out.contains("xmlUrl=\"http://127.0.0.1:9/a.xml?x=1&amp;y=2\"") && out.contains("xmlUrl=\"https://127.0.0.1:9/b.xml\""))
        let again = CLI.tempDirectory("opml2") + "/export.opml"
        try Data(out.utf8).write(to: URL(fileURLWithPath: again))
        #expect(try place.lore(["feeds", "import", again]).out.contains("imported 0 feeds from") )
        #expect(try place.lore(["feeds", "remove", "http://127.0.0.1:9/a.xml?x=1&y=2"]).status == 0)
        #expect(try place.lore(["feeds", "list", "--json"]).objects.count == 1)
    }

    @Test(arguments: [
        (["feeds", "add", "ftp://example.org/feed"], "URL \"ftp://example.org/feed\" is not a feed URL"),
        (["feeds", "add", "http://"], "URL \"http://\" is not a feed URL"),
        (["feeds", "add", "http://a b"], "is not a feed URL"),
        (["feeds", "remove", "http://127.0.0.1:9/none"], "not subscribed to http://127.0.0.1:9/none"),
        (["feeds", "import", "/nonexistent/subs.opml"], "cannot read /nonexistent/subs.opml"),
        (["feeds", "import", CLI.seedCorpus + "/000_9ed6a84ce2ac574c.txt"], "is not an OPML file"),
    ])
    func badInputIsOneLineNamingTheArgument(_ args: [String], _ message: String) throws {
        let place = try Place("bad")
        let r = try place.lore(args)
        #expect(r.status == 1, "\(r)")
        #expect(r.errLines.count == 1 && r.err.contains(message), "\(r)")
        #expect(try place.lore(["feeds", "list", "--json"]).out.isEmpty)
    }

    @Test func updateWithoutSubscriptionsSaysHowToAddOne() throws {
        let r = try Place("empty").lore(["update"])
        #expect(r.status == 0 && r.out == "No subscriptions; add one with `lore feeds add URL`.\n", "\(r)")
    }

    @Test func badSinceIsAUsageError() throws {
        let r = try Place("since").lore(["new", "--since", "yesterday"])
        #expect(r.status == 64 && r.err.contains("--since"), "\(r)")
    }

    @Test func feedTextNeverReachesTheTerminalAsControls() throws {
        let server = try FeedServer(), place = try Place("controls")
        let evil = FeedFixtures.rss([FeedFixtures.rssItem(5, "Red \u{1B}[31malert\u{07}", "Body \u{1B}]52;c;aGk=\u{07} text about actors.")],
                                    title: "Feed \u{1B}[2J")
        try server.serve("evil.xml", evil)
        #expect(try place.lore(["feeds", "add", server.url("evil.xml")]).status == 0)
        let runs = [try place.lore(["update"]), try place.lore(["new"]), try place.lore(["feeds", "list"]),
                    try place.lore(["chat", "--no-save"], stdin: "what's new?\n")]
        for r in runs {
            #expect(CLI.terminalControls(r.stdout).isEmpty && CLI.terminalControls(r.stderr).isEmpty, "\(r)")
        }
        #expect(runs[1].out.contains("Red"))
    }

    @Test("the chat greeting counts new articles; /new-articles lists them", .timeLimit(.minutes(2)))
    func greetingCountsNewArticles() throws {
        let server = try FeedServer(), place = try Place("greeting")
        #expect(try place.lore(["feeds", "add", server.url("feed.xml")]).status == 0)
        #expect(try place.lore(["update"]).status == 0)
        let dir = CLI.tempDirectory("greeting-tmux")
        let tmux = try TmuxSession([CLI.binary, "chat", "--corpus", place.corpus, "--db", place.db],
                                   environment: REPLTerminalTests.env(dir, pace: 0, history: false))
        defer { tmux.kill() }
        let greeting = try tmux.wait(for: "the first prompt", timeout: 60) { REPLTerminalTests.atPrompt($0) }
        #expect(greeting.contains("2 new articles since your last session"), "\(greeting)")
        try tmux.type("/new-articles"); try tmux.keys("Enter")
        let listed = try tmux.wait(for: "the listing") { $0.contains("2. ") && REPLTerminalTests.atPrompt($0) }
        #expect(listed.contains("Actors in practice") && listed.contains("Result builders"), "\(listed)")
    }

    @Test func httpsChecksTheCertificateAndTrustsAGivenAuthority() throws {
        let server = try FeedServer(tls: true), place = try Place("https")
        #expect(try place.lore(["feeds", "add", server.url("gzip.xml")]).status == 0)
        let untrusted = try place.lore(["update"])
        #expect(untrusted.status == 1 && untrusted.errLines.count == 1, "\(untrusted)")
        #expect(untrusted.err.lowercased().contains("certificate"), "\(untrusted)")
        let trusted = try place.lore(["update", "--ca-file", server.certificate])
        #expect(trusted.status == 0 && trusted.out.contains("1 fetched"), "\(trusted)")
        #expect(try place.lore(["search", "sendable closure", "--json"]).object["hits"].map { "\($0)" }?.contains("Sendable closures") == true)
        let missing = try place.lore(["update", "--ca-file", "/nonexistent/ca.pem"])
        #expect(missing.status == 1 && missing.errLines.count == 1 && missing.err.contains("--ca-file /nonexistent/ca.pem"), "\(missing)")
    }

    @Test("on a terminal, update shows a progress line and clears it", .timeLimit(.minutes(2)))
    func progressLineOnATerminal() throws {
        let server = try FeedServer(), place = try Place("progress")
        #expect(try place.lore(["feeds", "add", server.url("feed.xml"), server.url("slow")]).status == 0)
        let dir = CLI.tempDirectory("progress-tmux")
        var env = REPLTerminalTests.env(dir, pace: 0, history: false)
        env["no_proxy"] = "127.0.0.1"
        let tmux = try TmuxSession([CLI.binary, "update", "--corpus", place.corpus, "--db", place.db], environment: env)
        defer { tmux.kill() }
        // The fast feed is done while the slow one (4 s) is still being served.
        try tmux.wait(for: "the progress line", timeout: 30) { $0.contains("updating 1/2 feeds") }
        #expect(try tmux.waitForExit(timeout: 30) == 0)
        let screen = tmux.capture()
        #expect(screen.contains("2 feeds: 2 fetched") && !screen.contains("updating"), "\(screen)")
    }
}
