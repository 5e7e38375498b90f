// libFuzzer target for query-side parsing: Analyzer on query text, MiniJSON.parse, and
// SearchQuery + Searcher on a small index built once at start-up in a temporary directory.
//
// Input layout (so libFuzzer can reach the filters): fields separated by U+001F —
// text, author, feed, after, before; the last byte's bits set explain, newestFirst, tfidf, noAuthor
// and the limit.
import Analysis
import Assistant
import Corpus
import Retrieval
#if canImport(Glibc)
import Glibc
#endif

let analyzer = Analyzer()

let feed = """
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Fuzz Feed</title>
<item><title>Swift concurrency: Task cancellation</title><guid>a1</guid><dc:creator>Donny Wals</dc:creator>
<pubDate>Sat, 05 Apr 2025 22:57:05 +0200</pubDate><link>https://example.com/a1</link>
<description>&lt;p&gt;Calling Task.cancel() marks the task cancelled. Check Task.isCancelled in loops.&lt;/p&gt;
&lt;pre&gt;&lt;code&gt;let t = Task { try await work() }
t.cancel()&lt;/code&gt;&lt;/pre&gt;&lt;h2&gt;Structured concurrency&lt;/h2&gt;&lt;p&gt;Child tasks inherit cancellation.&lt;/p&gt;</description></item>
<item><title>Swift Testing: #expect and Issue.record</title><guid>a2</guid>
<pubDate>Mon, 10 Mar 2025 08:00:00 +0000</pubDate>
<description>&lt;p&gt;Use Issue.record(&quot;message&quot;) to fail a test on purpose. The #expect macro reports values.&lt;/p&gt;</description></item>
<item><title>SwiftUI NavigationStack</title><guid>a3</guid><dc:creator>Raphael Martin</dc:creator>
<pubDate>Tue, 01 Oct 2024 12:00:00 +0000</pubDate>
<description>&lt;p&gt;NavigationStack with a path binding lets you push views programmatically. Café naïve résumé.&lt;/p&gt;</description></item>
</channel></rss>
"""

/// Builds the index once under $TMPDIR (scripts/fuzz.sh removes it); a set-up failure is fatal.
func makeSearcher() -> Searcher {
    let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(tmp)/lore-fuzzquery-XXXXXX".utf8CString)
    guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
        fatalError("mkdtemp failed")
    }
    let corpus = dir + "/corpus"
    mkdir(corpus, 0o755)
    guard let f = fopen(corpus + "/feed.xml", "w") else { fatalError("cannot write \(corpus)/feed.xml") }
    fputs(feed, f); fclose(f)
    do {
        let index = try Index(path: dir + "/index.sqlite", corpus: corpus)
        _ = try index.update()
        let searcher = try Searcher(index: index)
        // A target searching an empty index would fuzz nothing: make sure the feed was indexed.
        guard try searcher.search(SearchQuery(text: "task cancellation")).count > 0 else {
            fatalError("FuzzQuery set-up: the index at \(dir) has no hits for a known query")
        }
        return searcher
    } catch {
        fatalError("FuzzQuery set-up failed: \(error)")
    }
}

nonisolated(unsafe) var searcher: Searcher!

@_silgen_name("__lsan_disable") func lsanDisable()
@_silgen_name("__lsan_enable") func lsanEnable()

/// Builds the index before fuzzing starts. LeakSanitizer ignores the set-up's allocations: indexing is
/// not what this target fuzzes, and IndexWriter.analyze leaks its results buffer's elements (reported
/// separately), which would otherwise be blamed on whichever input runs last.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    lsanDisable()
    searcher = makeSearcher()
    lsanEnable()
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(decoding: bytes, as: UTF8.self)

    _ = analyzer.analyze(text)
    _ = try? MiniJSON.parse(text)

    let flags = size > 0 ? bytes[size - 1] : 0
    let fields = text.split(separator: "\u{1F}", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
    var q = SearchQuery(text: fields[0], limit: 1 + Int(flags >> 4))
    if fields.count > 1, !fields[1].isEmpty { q.author = fields[1] }
    if fields.count > 2, !fields[2].isEmpty { q.feed = fields[2] }
    if fields.count > 3, !fields[3].isEmpty { q.after = fields[3] }
    if fields.count > 4, !fields[4].isEmpty { q.before = fields[4] }
    q.explain = flags & 1 != 0
    q.newestFirst = flags & 2 != 0
    q.ranking = flags & 4 != 0 ? .tfidf : .bm25
    q.noAuthor = flags & 8 != 0
    do {
        let hits = try searcher.search(q)
        if hits.count > q.limit { fatalError("\(hits.count) hits for limit \(q.limit)") }
    } catch {
        fatalError("search threw: \(error)")
    }
    return 0
}
