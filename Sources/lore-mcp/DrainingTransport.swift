import Foundation
import Logging
import MCP

/// Stdio, but the end of input waits for the replies to the requests already read: the SDK runs each
/// request in a task of its own and stops when its input ends, so `printf '…' | lore mcp` (or a client
/// that closes its end after the last request) would otherwise lose the last replies. The wait is
/// bounded (`drainLimit`), so a reply that never comes cannot keep the process alive.
actor DrainingTransport: Transport {
    let inner = StdioTransport()
    nonisolated var logger: Logger { inner.logger }
    /// Ids (as JSON text) of requests read and not yet answered.
    var open: Set<String> = []
    var drained: [CheckedContinuation<Void, Never>] = []
    static let drainLimit: Duration = .seconds(30)

    func connect() async throws { try await inner.connect() }

    func disconnect() async { await inner.disconnect() }

    func send(_ data: Data) async throws {
        try await inner.send(data)
        if let id = DrainingTransport.id(of: data, reply: true) { open.remove(id) }
        if open.isEmpty { resumeDrained() }
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        AsyncThrowingStream { continuation in
            Task {
                do {
                    for try await data in await inner.receive() {
                        if let id = DrainingTransport.id(of: data, reply: false) { open.insert(id) }
                        continuation.yield(data)
                    }
                    await waitForReplies()
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    /// Returns when every open request is answered, or after `drainLimit`.
    func waitForReplies() async {
        guard !open.isEmpty else { return }
        let limit = Task { [weak self] in
            try? await Task.sleep(for: DrainingTransport.drainLimit)
            await self?.resumeDrained()
        }
        await withCheckedContinuation { drained.append($0) }
        limit.cancel()
    }

    func resumeDrained() {
        for c in drained { c.resume() }
        drained = []
    }

    /// The id of a request (a message with a method) or of a reply (one with a result or an error).
    static func id(of data: Data, reply: Bool) -> String? {
        guard let message = try? JSONDecoder().decode([String: Value].self, from: data), let id = message["id"] else { return nil }
        let isReply = message["result"] != nil || message["error"] != nil
        guard reply ? isReply : message["method"] != nil else { return nil }
        return (try? JSONEncoder().encode(id)).map { String(decoding: $0, as: UTF8.self) }
    }
}
