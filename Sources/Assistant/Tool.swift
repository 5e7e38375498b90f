/// The tools the dispatcher can call.
public enum Tool: String, Sendable, CaseIterable, Codable {
    case search, summarize, extract, answer
}
