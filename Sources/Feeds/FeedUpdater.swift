import Corpus
#if canImport(Glibc)
import Glibc
#endif

/// What one `lore update` did.
public struct UpdateReport: Sendable {
    public var feeds = 0, fetched = 0, notModified = 0, added = 0, edited = 0
    /// (URL, reason) for every feed that could not be fetched or read.
    public var failed: [(url: String, reason: String)] = []
    /// (old URL, new URL) for every permanent redirect followed.
    public var moved: [(from: String, to: String)] = []
    public init() {}
}

/// Fetches every subscription (several at once), merges the entries (one article, once), and writes
/// the changed feed files into the corpus, all in one transaction of the feeds database.
public struct FeedUpdater {
    let store: SubscriptionStore
    let fetcher: HTTPFetcher
    let corpus: String
    let jobs: Int

    public init(store: SubscriptionStore, fetcher: HTTPFetcher, corpus: String, jobs: Int) {
        self.store = store; self.fetcher = fetcher; self.corpus = corpus; self.jobs = max(1, jobs)
    }

    /// `progress(done, total)` is called from worker threads as feeds finish.
    public func update(now: String, progress: @escaping @Sendable (Int, Int) -> Void) throws -> UpdateReport {
        let subs = try store.subscriptions()
        var report = UpdateReport()
        report.feeds = subs.count
        let results = fetchAll(subs, progress: progress)
        try store.transaction {
            var dirty = Set<String>()
            for (sub, result) in zip(subs, results) {
                dirty.formUnion(try apply(result, to: sub, now: now, &report))
            }
            for file in dirty.sorted() {
                if let bytes = try store.compose(file: file) { try FeedFile.write(bytes, to: file, corpus: corpus) }
            }
        }
        return report
    }

    /// Merges one feed's result; returns the files it changed.
    private func apply(_ result: FetchResult, to sub: Subscription, now: String, _ report: inout UpdateReport) throws -> Set<String> {
        if let to = result.movedTo { report.moved.append((sub.url, to)) }
        switch result.outcome {
        case .failed(let reason):
            report.failed.append((sub.url, reason))
            try store.recordFetch(sub, FetchResult(outcome: .notModified), title: nil, status: reason, now: now)
            return []
        case .notModified:
            report.notModified += 1
            try store.recordFetch(sub, result, title: nil, status: "not modified", now: now)
            return []
        case .fetched(let body):
            guard let doc = FeedEntries.split(body) else {
                let reason = "not an RSS or Atom feed"
                report.failed.append((sub.url, reason))
                // Keep the old validators: the next update fetches it again in full.
                try store.recordFetch(sub, FetchResult(outcome: .notModified), title: nil, status: reason, now: now)
                return []
            }
            report.fetched += 1
            let merged = try store.merge(doc, feed: sub, now: now)
            report.added += merged.added; report.edited += merged.edited
            try store.recordFetch(sub, result, title: doc.title, status: "ok", now: now)
            return merged.dirty
        }
    }

    /// Fetches on up to `jobs` threads; results in the order of `subs`.
    private func fetchAll(_ subs: [Subscription], progress: @escaping @Sendable (Int, Int) -> Void) -> [FetchResult] {
        let pool = FetchPool(subs.map { FetchRequest(url: $0.url, etag: $0.etag, lastModified: $0.lastModified) },
                             fetcher: fetcher, progress: progress)
        pool.run(threads: min(jobs, subs.count))
        return pool.results.map { $0 ?? FetchResult(outcome: .failed("not fetched")) }
    }
}

/// A fixed set of threads taking the next request until none is left (threads, not a dispatch queue:
/// a fetch blocks in libcurl for as long as the server takes).
final class FetchPool: @unchecked Sendable {
    let requests: [FetchRequest]
    let fetcher: HTTPFetcher
    let progress: @Sendable (Int, Int) -> Void
    var results: [FetchResult?]
    private var next = 0, done = 0
    private var lock = pthread_mutex_t()

    init(_ requests: [FetchRequest], fetcher: HTTPFetcher, progress: @escaping @Sendable (Int, Int) -> Void) {
        self.requests = requests; self.fetcher = fetcher; self.progress = progress
        results = Array(repeating: nil, count: requests.count)
        pthread_mutex_init(&lock, nil)
    }
    deinit { pthread_mutex_destroy(&lock) }

    func run(threads: Int) {
        var ids: [pthread_t] = []
        for _ in 0 ..< threads {
            var t = pthread_t()
            let ctx = Unmanaged.passRetained(self).toOpaque()
            if pthread_create(&t, nil, { ctx in
                let pool = Unmanaged<FetchPool>.fromOpaque(ctx!).takeRetainedValue()
                pool.work()
                return nil
            }, ctx) == 0 { ids.append(t) } else { Unmanaged<FetchPool>.fromOpaque(ctx).release() }
        }
        if ids.isEmpty { work() }
        for t in ids { pthread_join(t, nil) }
    }

    private func work() {
        while let i = take() {
            let r = fetcher.fetch(requests[i])
            pthread_mutex_lock(&lock)
            results[i] = r; done += 1
            let d = done
            pthread_mutex_unlock(&lock)
            progress(d, requests.count)
        }
    }

    private func take() -> Int? {
        pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }
        guard next < requests.count else { return nil }
        next += 1
        return next - 1
    }
}
