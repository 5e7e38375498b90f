import Corpus
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// The opened index for one command: brings it up to date first (with a progress bar on a terminal
/// when that takes a while) and reports skipped files once, on stderr.
final class Workspace {
    let corpus: String
    let dbPath: String
    let index: Index
    let report: IndexReport

    convenience init(_ options: GlobalOptions, rebuild: Bool = false, quiet: Bool = false, waitForLock: Bool = false) throws {
        try self.init(options.location, rebuild: rebuild, quiet: quiet, waitForLock: waitForLock)
    }

    init(_ options: IndexLocation, rebuild: Bool = false, quiet: Bool = false, waitForLock: Bool = false) throws {
        corpus = options.corpusDirectory()
        guard Paths.isDirectory(corpus) else {
            throw CLIError("corpus directory \(sanitize(corpus, keepNewlines: false)) not found; pass --corpus DIR or set LORE_CORPUS")
        }
        dbPath = try options.databasePath(corpus: corpus)
        do {
            index = try Index(path: dbPath, corpus: corpus) { Out.err(sanitize($0, keepNewlines: false)) }
            if !quiet, let before = index.recordedCorpus, before != corpus {
                Out.err(sanitize("lore: \(dbPath) held the index of \(before); it now indexes \(corpus)", keepNewlines: false))
            }
            let bar = ProgressBar()
            report = try index.update(rebuild: rebuild, waitForLock: waitForLock || rebuild, symlinks: options.symlinks) { done, total in
                bar.update(done, total)
            }
            bar.finish()
        } catch let e as RetrievalError {
            throw CLIError(e.description)
        } catch let e as CLIError {
            throw e
        } catch {
            throw CLIError("index \(dbPath): \(error)")
        }
        if !quiet {
            Self.reportSkipped(report.skipped)
            for w in report.warnings { Out.err("lore: warning: \(sanitize(w, keepNewlines: false))") }
        }
    }
}

extension Workspace {
    /// One line per skipped file; of the symbolic links not followed, the first five of each reason, then
    /// one line for the rest (a downloaded tree may hold hundreds).
    static func reportSkipped(_ skipped: [SkippedFile]) {
        var links: [String: Int] = [:]
        for s in skipped {
            if CorpusWalker.isLinkPolicy(s.reason) {
                links[s.reason, default: 0] += 1
                if links[s.reason]! > 5 { continue }
            }
            Out.err("lore: skipped \(displaySource(s.source)): \(sanitize(s.reason, keepNewlines: false))")
        }
        for (reason, count) in links.sorted(by: { $0.key < $1.key }) where count > 5 {
            Out.err("lore: skipped \(count - 5) more symbolic links: " + reason.dropFirst("symbolic link ".count))
        }
    }
}

/// A one-line progress bar on stderr, shown only on a terminal and only after half a second.
final class ProgressBar: @unchecked Sendable {
    let start = ContinuousClock.now
    var shown = false
    var lock = pthread_mutex_t()
    init() { pthread_mutex_init(&lock, nil) }

    func update(_ done: Int, _ total: Int) {
        guard Terminal.stderrIsTTY, total > 0 else { return }
        pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }
        guard ContinuousClock.now - start > .milliseconds(500) else { return }
        shown = true
        let width = 30
        let filled = done * width / total
        Out.write("\rindexing [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                  + "] \(done)/\(total) articles", fd: 2)
    }

    func finish() {
        if shown { Out.write("\r\u{1B}[K", fd: 2) }
    }
}
