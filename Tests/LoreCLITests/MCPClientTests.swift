import Foundation
import Testing

/// `lore mcp` driven by a client nobody here wrote: the official Python MCP SDK (`mcp` from PyPI),
/// installed into its own virtual environment under .build/. scripts/mcp_client_test.py holds the
/// checks (every tool on the seed corpus, bad requests, a writer beside the server, an older
/// protocol revision, and update with --allow-update against feeds on Tests/feed_server.py); this
/// test builds the environment and runs it against the built binary.
@Suite("lore mcp with the Python MCP client")
struct MCPClientTests {
    /// The client version the checks were written against (its API moved between 1.x and 2.x).
    static let clientPackage = "mcp==2.3.0"
    static let venv = CLI.package + "/.build/mcp-venv"

    @Test func pythonClientCallsEveryTool() throws {
        let python = try Self.clientPython()
        let run = try Self.process(python, [CLI.package + "/scripts/mcp_client_test.py", CLI.binary, CLI.package], timeout: 600)
        #expect(run.status == 0, "mcp_client_test.py failed:\n\(run.err.suffix(4000))\n\(run.out.suffix(1000))")
        #expect(run.out.contains("every tool checked") && run.out.contains("2024-11-05 client answered") && run.out.contains("update with --allow-update"), "\(run.out)")
    }

    /// The virtual environment's python with the pinned client installed (made once, then reused).
    static func clientPython() throws -> String {
        let python = venv + "/bin/python"
        let probe = "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '\(clientPackage.dropFirst(5))')"
        if FileManager.default.isExecutableFile(atPath: python), try process(python, ["-c", probe], timeout: 60).status == 0 {
            return python
        }
        let created = try process("/usr/bin/env", ["python3", "-m", "venv", "--clear", venv], timeout: 300)
        try #require(created.status == 0, "python3 -m venv failed (Debian needs python3-venv): \(created.err)")
        let installed = try process(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", clientPackage], timeout: 600)
        try #require(installed.status == 0, "pip install \(clientPackage) failed: \(installed.err.suffix(2000))")
        return python
    }

    /// Runs a program to completion with its output in files, killing it after `timeout` seconds.
    static func process(_ executable: String, _ args: [String], timeout: Double) throws -> Run {
        let tag = CLI.tempDirectory("mcp") + "/run"
        for ext in [".out", ".err"] { FileManager.default.createFile(atPath: tag + ext, contents: nil) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle(forWritingAtPath: tag + ".out")
        p.standardError = FileHandle(forWritingAtPath: tag + ".err")
        let started = Date()
        try p.run()
        return CLI.finish(p, tag, args: [executable] + args, started: started, timeout: timeout)
    }
}
