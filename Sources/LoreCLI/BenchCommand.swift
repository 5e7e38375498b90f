import ArgumentParser
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

/// `lore bench-queries FILE`: in-process query latency, for scripts/bench.py (hidden).
/// Opens (and updates) the index once, runs every query of FILE (one a line) once to warm up,
/// then `--runs` more times, timing each search with ContinuousClock; prints one JSON line
/// `{"queries","runs","p50_ms","p99_ms","mean_ms","min_ms","max_ms","hits"}`.
struct BenchQueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-queries",
        abstract: "Time searches in process (for the benchmark).",
        shouldDisplay: false
    )
    @OptionGroup var global: GlobalOptions
    @Argument(help: "A file of queries, one a line.") var file: String
    @Option(help: "Timed runs over all queries (after one warm-up run).") var runs = 3
    @Option(name: .shortAndLong, help: "Hits per query.") var limit = 10

    func validate() throws {
        guard runs > 0 && runs <= 1000 else { throw ValidationError("--runs must be between 1 and 1000") }
        guard limit > 0 && limit <= 1000 else { throw ValidationError("--limit must be between 1 and 1000") }
    }

    func run() throws {
        let queries: [String] = try runOrFail {
            guard let text = Self.readFile(Paths.absolute(file)) else {
                throw CLIError("cannot read the query file \(sanitize(file, keepNewlines: false))")
            }
            return text.split(separator: "\n").map { line in
                String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            }.filter { !$0.isEmpty }
        }
        guard !queries.isEmpty else {
            Out.err("lore: the query file \(sanitize(file, keepNewlines: false)) has no queries")
            throw ExitCode.failure
        }
        let (times, hits): ([Double], Int) = try runOrFail {
            let ws = try Workspace(global, quiet: true)
            let searcher = try Searcher(index: ws.index)
            // As `lore search` asks: a question's everyday words weigh less (`SearchQuery.everyday`).
            let words = SearchRequest.commonWords()
            func query(_ q: String) -> SearchQuery {
                var query = SearchQuery(text: q, limit: limit)
                query.everyday = words.everyday(for: q, searcher: searcher, parameters: query.parameters)
                return query
            }
            var hits = 0
            for q in queries { hits += try searcher.search(query(q)).count }  // warm-up
            let clock = ContinuousClock()
            var times: [Double] = []
            times.reserveCapacity(queries.count * runs)
            for _ in 0..<runs {
                for q in queries {
                    let start = clock.now
                    let found = try searcher.search(query(q))
                    let elapsed = clock.now - start
                    if found.count > limit { throw CLIError("more hits than the limit") }  // keeps the result alive
                    times.append(Self.milliseconds(elapsed))
                }
            }
            return (times, hits)
        }
        let sorted = times.sorted()
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        Out.line(JSON.object([
            ("queries", .int(queries.count)), ("runs", .int(runs)),
            ("p50_ms", .double(Self.percentile(sorted, 0.50))), ("p99_ms", .double(Self.percentile(sorted, 0.99))),
            ("mean_ms", .double(mean)), ("min_ms", .double(sorted.first ?? 0)), ("max_ms", .double(sorted.last ?? 0)),
            ("hits", .int(hits)),
        ]).text)
    }

    /// The whole file as UTF-8 (invalid bytes repaired), or nil when it cannot be read.
    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func milliseconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) * 1000 + Double(atto) / 1e15
    }

    /// Linear interpolation between closest ranks (numpy's default), on sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let pos = p * Double(sorted.count - 1)
        let lo = Int(pos.rounded(.down)), hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - Double(lo))
    }
}
