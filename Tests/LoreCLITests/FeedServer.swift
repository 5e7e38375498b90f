import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Tests/feed_server.py on 127.0.0.1 (a port the kernel picks), serving the files of its own
/// directory; stopped when the value goes (stdin closed, then the process killed).
final class FeedServer {
    let directory: String
    let port: Int
    private let process: Process
    private let stdin: Pipe

    let scheme: String

    /// `tls`: HTTPS with a self-signed certificate, written to `certificate`.
    init(tls: Bool = false) throws {
        scheme = tls ? "https" : "http"
        directory = CLI.tempDirectory("feed-server")
        for (name, text) in FeedFixtures.files { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        let portFile = directory + "/port.txt"
        FileManager.default.createFile(atPath: portFile, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLI.package + "/Tests/feed_server.py", directory] + (tls ? ["--tls"] : [])
        stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle(forWritingAtPath: portFile)
        try process.run()
        var found: Int?
        for _ in 0 ..< 200 {   // up to 10 s for python to start
            let text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
            if let p = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) { found = p; break }
            usleep(50_000)
        }
        guard let found else { process.terminate(); throw FeedServerError.noPort }
        port = found
    }

    deinit {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)/\(path)" }

    var certificate: String { directory + "/cert.pem" }

    /// Replaces a served file (a feed that changes between fetches).
    func serve(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }

    /// "GET /path STATUS" for every request so far.
    var requests: [String] {
        ((try? String(contentsOfFile: directory + "/requests.log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    enum FeedServerError: Error { case noPort }
}

/// Fixture feeds: an RSS feed, an Atom aggregator that carries one of its entries again, and the
/// body the server gzips.
enum FeedFixtures {
    static func rssItem(_ n: Int, _ title: String, _ body: String) -> String {
        "<item><title>\(title)</title><guid isPermaLink=\"false\">notes-\(n)</guid><link>https://notes.example/\(n)</link>"
            + "<pubDate>Mon, 02 Jun 2025 09:00:00 GMT</pubDate><description>\(body)</description></item>"
    }

    static func rss(_ items: [String], title: String = "Swift Notes") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>\(title)</title>\n"
            + items.joined(separator: "\n") + "\n</channel></rss>\n"
    }

    static let actors = rssItem(1, "Actors in practice", "Actors protect mutable state from data races by serialising access.")
    static let builders = rssItem(2, "Result builders", "Result builders turn a sequence of statements into a single value.")

    static let planet = """
    <?xml version="1.0"?>
    <feed xmlns="http://www.w3.org/2005/Atom"><title>Planet Swift</title>
    <entry><title>Actors in practice</title><id>notes-1</id><link href="https://notes.example/1"/><summary>Actors, as aggregated.</summary></entry>
    <entry><title>Macros explained</title><id>planet-9</id><link href="https://planet.example/9"/><summary>Swift macros generate code at compile time from attached attributes.</summary></entry>
    </feed>
    """

    static let compressed = rss([rssItem(7, "Sendable closures", "A Sendable closure captures only values that are safe to share across threads.")],
                                title: "Gzip Weekly")

    static let files: [String: String] = ["feed.xml": rss([actors, builders]), "planet.xml": planet, "gzip-source.xml": compressed]
}
