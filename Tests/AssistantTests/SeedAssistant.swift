import Foundation
@testable import Assistant
import Retrieval
import Testing

/// One assistant over the seed corpus, indexed once per test process into a temporary file.
enum SeedAssistant {
    static let package: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The index is built once per process and removed at its exit; each use gets its own connection and assistant (they are not thread-safe).
    static let db: String = {
        let db = FileManager.default.temporaryDirectory.path + "/lore-assistant-\(UUID().uuidString).sqlite"
        let index = try! Index(path: db, corpus: package + "/Corpus")
        _ = try! index.update()
        // The file goes when the test process does (it is no fixture to inspect afterwards).
        atexit { for suffix in ["", "-wal", "-shm"] { unlink(SeedAssistant.db + suffix) } }
        return db
    }()

    static var shared: Assistant {
        let index = try! Index(path: db, corpus: package + "/Corpus")
        let prompts = try! PromptLibrary.load(from: package + "/Prompts")
        return try! Assistant(index: index, prompts: prompts)
    }

    static func ask(_ message: String, context: ConversationContext = ConversationContext()) throws -> Response {
        try shared.respond(message, context: context)
    }
}
