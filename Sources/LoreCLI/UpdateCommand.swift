import ArgumentParser
import Feeds
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
        let report: UpdateReport? = try runOrFail {
            let store = try FeedStores.open(global)
            guard try !store.subscriptions().isEmpty else { return nil }
            let ca = caFile.map(Paths.absolute)
            if let ca, access(ca, R_OK) != 0 { throw CLIError("--ca-file \(sanitize(ca, keepNewlines: false)): cannot read it") }
            let fetcher: HTTPFetcher
            do { fetcher = try HTTPFetcher(limits: FetchLimits(timeoutSeconds: timeout, maxBytes: maxBytes, caFile: ca)) } catch let e as FeedError { throw CLIError(e.description) }
            let progress = FeedProgress()
            defer { progress.finish() }
            do {
                return try FeedUpdater(store: store, fetcher: fetcher, corpus: global.corpusDirectory(), jobs: jobs)
                    .update(now: SessionStore.now()) { done, total in progress.update(done, total) }
            } catch let e as FeedError { throw CLIError(e.description) }
        }
        guard let report else { Out.line("No subscriptions; add one with `lore feeds add URL`."); return }
        for m in report.moved {
            Out.err("lore: \(sanitize(m.from, keepNewlines: false)) moved permanently to \(sanitize(m.to, keepNewlines: false)); the subscription now uses the new address")
        }
        for f in report.failed { Out.err("lore: \(sanitize(f.url, keepNewlines: false)): \(sanitize(f.reason, keepNewlines: false))") }
        Out.line("\(report.feeds) feeds: \(report.fetched) fetched, \(report.notModified) not modified, \(report.failed.count) failed; "
                 + "\(report.added) new articles, \(report.edited) edited")
        let ws = try runOrFail { try Workspace(global, waitForLock: true) }
        Out.line("index: \(ws.report.articles) articles; files added \(ws.report.added), updated \(ws.report.updated), removed \(ws.report.removed)")
        if !report.failed.isEmpty { throw ExitCode.failure }
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
