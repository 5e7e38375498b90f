import ArgumentParser
import Corpus
import Retrieval

/// `lore index`: bring the index up to date and report what changed.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "index", abstract: "Bring the index up to date and report what changed.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Rebuild the index from scratch.") var rebuild = false
    @Flag(help: "Print the report as JSON.") var json = false

    func run() throws {
        let ws = try runOrFail { try Workspace(global, rebuild: rebuild, waitForLock: true) }
        let r = ws.report
        if json { Out.line(Shapes.report(r).text); return }
        let secs = String(Double(Int(r.seconds * 1000)) / 1000)
        Out.line("\(r.articles) articles, \(r.passages) passages, \(r.terms) terms from \(r.files) files in \(secs) s")
        Out.line("added \(r.added), updated \(r.updated), unchanged \(r.unchanged), removed \(r.removed), skipped \(r.skipped.count)")
        Out.line("index: \(sanitize(ws.dbPath, keepNewlines: false))")
    }
}

/// Runs `body`, turning a failure into one clear line on stderr and exit code 1.
func runOrFail<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let e as CLIError {
        Out.err("lore: \(e.description)")
        throw ExitCode.failure
    } catch let e as ExitCode {
        throw e
    } catch {
        Out.err("lore: \(sanitize("\(error)", keepNewlines: false))")
        throw ExitCode.failure
    }
}
