import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One finished `lore` process.
struct Run: CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: [UInt8]
    let stderr: [UInt8]
    let seconds: Double

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    var errLines: [String] { err.split(separator: "\n").map(String.init) }
    var outLines: [String] { out.split(separator: "\n").map(String.init) }
    /// stdout as JSON Lines (a line that does not parse becomes an empty object and is recorded).
    var objects: [[String: Any]] { outLines.map { CLI.object($0) } }
    var object: [String: Any] { objects.first ?? [:] }
    var description: String { "lore \(arguments.prefix(4).joined(separator: " ")) → \(status)\nstderr: \(err.prefix(600))" }
}

/// Runs the built `lore` binary the way a user would, in a sandboxed environment.
enum CLI {
    /// The package root, from this file's path (Tests/LoreCLITests/CLISupport.swift).
    static let package: String = {
        URL(fileURLWithPath: "\(#filePath)").resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// `.build/release/lore` when present (the suite runs after `swift build -c release`), else debug.
    static let binary: String = {
        let release = package + "/.build/release/lore", debug = package + "/.build/debug/lore"
        return FileManager.default.isExecutableFile(atPath: release) ? release : debug
    }()

    static let seedCorpus = package + "/Corpus"

    /// State and data homes for every run, so nothing touches the user's files.
    static let home = tempDirectory("home")

    /// Every scratch directory of this test process lives here; removed when the process exits.
    static let scratch: String = {
        let path = FileManager.default.temporaryDirectory.path + "/lore-cli-tests-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CLI.scratch) }
        return path
    }()

    static func tempDirectory(_ label: String) -> String {
        let path = scratch + "/\(label)-" + UUID().uuidString.prefix(8)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LORE_") && $0.key != "NO_COLOR" }
        env["NO_COLOR"] = "1"; env["LORE_PACE_MS"] = "0"; env["LORE_NO_HISTORY"] = "1"
        env["XDG_STATE_HOME"] = home; env["XDG_DATA_HOME"] = home; env["TERM"] = "dumb"
        env["no_proxy"] = "127.0.0.1"; env["NO_PROXY"] = "127.0.0.1"   // the feed tests' server is local
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Starts `lore ARGS` with stdout/stderr going to files in `dir`.
    static func start(_ args: [String], stdin: String? = nil, in dir: String = home) throws -> (Process, String) {
        let tag = dir + "/run-" + UUID().uuidString.prefix(8)
        FileManager.default.createFile(atPath: tag + ".out", contents: nil)
        FileManager.default.createFile(atPath: tag + ".err", contents: nil)
        FileManager.default.createFile(atPath: tag + ".in", contents: Data((stdin ?? "").utf8))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
        p.environment = environment([:])
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.standardInput = FileHandle(forReadingAtPath: tag + ".in")
        p.standardOutput = FileHandle(forWritingAtPath: tag + ".out")
        p.standardError = FileHandle(forWritingAtPath: tag + ".err")
        try p.run()
        return (p, tag)
    }

    /// Waits for a started process (killing it after `timeout` seconds) and collects its output.
    static func finish(_ p: Process, _ tag: String, args: [String], started: Date, timeout: Double) -> Run {
        while p.isRunning {
            if Date().timeIntervalSince(started) > timeout {
                kill(p.processIdentifier, SIGKILL)
                Issue.record("lore \(args.prefix(3)) did not finish within \(timeout) s")
                break
            }
            usleep(5_000)
        }
        p.waitUntilExit()
        let out = FileManager.default.contents(atPath: tag + ".out") ?? Data()
        let err = FileManager.default.contents(atPath: tag + ".err") ?? Data()
        for ext in [".out", ".err", ".in"] { try? FileManager.default.removeItem(atPath: tag + ext) }
        return Run(arguments: args, status: p.terminationStatus, stdout: Array(out), stderr: Array(err),
                   seconds: Date().timeIntervalSince(started))
    }

    /// Runs `lore ARGS` to completion.
    static func run(_ args: [String], stdin: String? = nil, timeout: Double = 60) throws -> Run {
        let started = Date()
        let (p, tag) = try start(args, stdin: stdin)
        return finish(p, tag, args: args, started: started, timeout: timeout)
    }

    /// Runs against a corpus and db: `lore CMD ... --corpus C --db D`.
    static func lore(_ args: [String], corpus: String, db: String, stdin: String? = nil, timeout: Double = 60) throws -> Run {
        try run(args + ["--corpus", corpus, "--db", db], stdin: stdin, timeout: timeout)
    }

    static func object(_ line: String) -> [String: Any] {
        guard let data = line.data(using: .utf8),
              let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            Issue.record("not a JSON object line: \(line.prefix(300))")
            return [:]
        }
        return o
    }

    /// The seed corpus indexed once for the whole test process.
    static let seedDB: String = {
        let db = tempDirectory("seed") + "/seed.sqlite"
        _ = try? lore(["index"], corpus: seedCorpus, db: db, timeout: 120)
        return db
    }()

    /// Copies the seed corpus into a fresh writable directory.
    static func copySeeds(to dir: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: seedCorpus) where !name.hasPrefix(".") {
            let data = try Data(contentsOf: URL(fileURLWithPath: seedCorpus + "/" + name))
            try data.write(to: URL(fileURLWithPath: dir + "/" + name))
        }
    }

    /// Lines of a file counted at LF only (CLI.md), 1-based access.
    static func lines(ofFile path: String) -> [String] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Terminal-driving bytes: ESC, BEL and the C1 CSI (as a raw byte or as U+009B).
    static func terminalControls(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        if bytes.contains(0x1B) { found.append("ESC") }
        if bytes.contains(0x07) { found.append("BEL") }
        if let s = String(validating: bytes, as: UTF8.self) {
            if s.unicodeScalars.contains("\u{9B}") { found.append("U+009B") }
        } else if bytes.contains(0x9B) {
            found.append("raw 0x9B in invalid UTF-8")
        }
        return found
    }

    static let hitKeys: Set<String> = ["id", "title", "url", "author", "date", "source", "line", "score", "snippet"]
    static let articleKeys: Set<String> = ["id", "title", "url", "author", "date", "source", "line", "language", "tags"]
    static let turnKeys: Set<String> = ["input", "tool_call", "answer", "citations", "abstained", "hits"]
    static let citationKeys: Set<String> = ["n", "id", "title", "url", "source", "line", "passage"]
}
