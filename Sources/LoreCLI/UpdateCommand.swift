import ArgumentParser
import Feeds
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// `lore update`: fetch every subscription, store new and edited articles, bring the index up to date.
struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update",
        abstract: "Fetch every subscribed feed and index what is new.",
        discussion: "Exits 1 when any feed could not be fetched; each failure is one line on stderr.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "Seconds allowed per feed, redirects included.") var timeout = 30
    @Option(name: .customLong("max-bytes"), help: "Largest feed body accepted, in bytes.") var maxBytes = 20_000_000
    @Option(help: "Feeds fetched at once.") var jobs = 4
    @Option(name: .customLong("ca-file"), help: "A PEM file of certificate authorities to trust for HTTPS, besides the system's.") var caFile: String?

    mutating func validate() throws {
        guard timeout >= 1 && timeout <= 3600 else { throw ValidationError("--timeout must be between 1 and 3600 seconds") }
        guard maxBytes >= 1024 else { throw ValidationError("--max-bytes must be at least 1024") }
        guard jobs >= 1 && jobs <= 32 else { throw ValidationError("--jobs must be between 1 and 32") }
    }

    func run() throws {
        let refresh = FeedRefresh(timeout: timeout, maxBytes: maxBytes, jobs: jobs, caFile: caFile)
        let progress = FeedProgress()
        let done = try runOrFail {
            try refresh.run(global.location, progress: { progress.update($0, $1) }, fetched: { progress.finish() })
        }
        guard let done else { Out.line("No subscriptions; add one with `lore feeds add URL`."); return }
        for line in done.problems { Out.err("lore: " + line) }
        for line in done.summary { Out.line(line) }
        if !done.feeds.failed.isEmpty { throw ExitCode.failure }
    }
}

/// One `lore update`, as the command and `lore mcp --allow-update`'s update tool both run it: fetch every
/// subscription, store new and edited articles in the corpus, then bring the index up to date.
struct FeedRefresh {
    var timeout = 30, maxBytes = 20_000_000, jobs = 4
    var caFile: String?

    /// What an update did: the feeds' side and the index's.
    struct Outcome {
        let feeds: UpdateReport
        let index: IndexReport
        /// "lore update"'s stdout: the feeds line and the index line.
        var summary: [String] {
            ["\(feeds.feeds) feeds: \(feeds.fetched) fetched, \(feeds.notModified) not modified, \(feeds.failed.count) failed; "
                + "\(feeds.added) new articles, \(feeds.edited) edited",
             "index: \(index.articles) articles; files added \(index.added), updated \(index.updated), removed \(index.removed)"]
        }
        /// One line per moved or failed feed (sanitised, without the "lore: " prefix).
        var problems: [String] {
            feeds.moved.map { "\(sanitize($0.from, keepNewlines: false)) moved permanently to \(sanitize($0.to, keepNewlines: false)); the subscription now uses the new address" }
                + feeds.failed.map { "\(sanitize($0.url, keepNewlines: false)): \(sanitize($0.reason, keepNewlines: false))" }
        }
    }

    /// Nil when there are no subscriptions (nothing fetched, the index untouched). `progress(done, total)`
    /// comes from worker threads as feeds finish; `fetched` once every feed is done, before indexing.
    func run(_ location: IndexLocation, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
             fetched: () -> Void = {}) throws -> Outcome? {
        let store = try FeedStores.open(location)
        guard try !store.subscriptions().isEmpty else { return nil }
        let ca = caFile.map(Paths.absolute)
        if let ca, access(ca, R_OK) != 0 { throw CLIError("--ca-file \(sanitize(ca, keepNewlines: false)): cannot read it") }
        let report: UpdateReport
        do {
            let fetcher = try HTTPFetcher(limits: FetchLimits(timeoutSeconds: timeout, maxBytes: maxBytes, caFile: ca))
            defer { fetched() }
            report = try FeedUpdater(store: store, fetcher: fetcher, corpus: location.corpusDirectory(), jobs: jobs)
                .update(now: SessionStore.now(), progress: progress)
        } catch let e as FeedError { throw CLIError(e.description) }
        let ws = try Workspace(location, waitForLock: true)
        return Outcome(feeds: report, index: ws.report)
    }
}

/// "updating 3/10 feeds" on stderr, only on a terminal.
final class FeedProgress: @unchecked Sendable {
    private let bar = ProgressBar()
    func update(_ done: Int, _ total: Int) {
        guard Terminal.stderrIsTTY else { return }
        pthread_mutex_lock(&bar.lock); defer { pthread_mutex_unlock(&bar.lock) }
        bar.shown = true
        Out.write("\rupdating \(done)/\(total) feeds", fd: 2)
    }
    func finish() { bar.finish() }
}
