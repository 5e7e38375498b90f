import ArgumentParser
import Assistant

/// `lore sessions list / show ID / export ID / delete ID`.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sessions", abstract: "Stored conversations.",
        subcommands: [List.self, Show.self, Export.self, Delete.self], defaultSubcommand: List.self)

    static func open(_ global: GlobalOptions) throws -> SessionStore {
        let corpus = global.corpusDirectory()
        let db = try global.databasePath(corpus: corpus)
        return try SessionStore(path: global.sessionsPath(index: db))
    }

    static func id(_ s: String, _ store: SessionStore) throws -> Int64 {
        if s == "last", let l = try store.latest() { return l }
        guard let id = Int64(s), try store.exists(id) else { throw CLIError("no session \(sanitize(s, keepNewlines: false)); see `lore sessions list`") }
        return id
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List sessions, newest first.")
        @OptionGroup var global: GlobalOptions
        @Flag var json = false
        func run() throws {
            let list = try runOrFail { try SessionsCommand.open(global).list() }
            for s in list {
                if json {
                    Out.line(JSON.object([("id", .int(Int(s.id))), ("title", .string(s.title)), ("created_at", .string(s.created)),
                                          ("updated_at", .string(s.updated)), ("turns", .int(s.turns))]).text)
                } else {
                    Out.line("\(s.id)\t\(s.updated.prefix(16))\t\(s.turns) turns\t\(sanitize(s.title, keepNewlines: false))")
                }
            }
            if list.isEmpty && !json { Out.line("No saved sessions.") }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every turn of a session.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: String
        @Flag var json = false
        func run() throws {
            let (sid, turns) = try runOrFail { () -> (Int64, [StoredTurn]) in
                let store = try SessionsCommand.open(global)
                let sid = try SessionsCommand.id(id, store)
                return (sid, try store.turns(sid))
            }
            if json {
                let objs: [JSON] = turns.map { t in
                    .object([("id", .int(Int(t.id))), ("input", .string(t.input)),
                             ("tool_call", .string(t.toolCall)), ("answer", .string(t.answer)),
                             ("citations", .string(t.citations)), ("created_at", .string(t.createdAt)),
                             ("interrupted", .bool(t.interrupted)), ("index_version", .string(t.indexVersion))])
                }
                Out.line(JSON.object([("id", .int(Int(sid))), ("turns", .array(objs))]).text)
                return
            }
            for (i, t) in turns.enumerated() {
                Out.line(Style.bold("\(i + 1). \(sanitize(t.input, keepNewlines: false))") + (t.interrupted ? " [interrupted]" : "") + Style.dim("  \(t.createdAt)"))
                Out.line(sanitize(t.answer))
                Out.line()
            }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Export a session as Markdown.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: String
        @Flag(help: "Print {\"id\", \"markdown\"} as JSON.") var json = false
        func run() throws {
            let (sid, md) = try runOrFail { () -> (Int64, String) in
                let store = try SessionsCommand.open(global)
                let sid = try SessionsCommand.id(id, store)
                return (sid, SessionExport.markdown(store: store, id: sid))
            }
            if json { Out.line(JSON.object([("id", .int(Int(sid))), ("markdown", .string(md))]).text); return }
            Out.write(sanitize(md))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a session.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: String
        @Flag var json = false
        func run() throws {
            let sid = try runOrFail { () -> Int64 in
                let store = try SessionsCommand.open(global)
                let sid = try SessionsCommand.id(id, store)
                _ = try store.delete(sid)
                return sid
            }
            if json { Out.line(JSON.object([("deleted", .int(Int(sid)))]).text) } else { Out.line("Deleted session \(sid).") }
        }
    }
}
