import Assistant
import MCP

/// A tool call's arguments, read with the checks tools.json's schemas promise: a wrong type, an empty
/// required string or a value out of range is a JSON-RPC invalid-params error naming the argument.
struct ToolArguments {
    let tool: String
    let values: [String: Value]

    /// The JSON-RPC invalid-params error (-32602), for files that do not import the SDK.
    static func invalid(_ message: String) -> Error { MCPError.invalidParams(message) }

    func string(_ name: String, required: Bool = false, oneOf allowed: [String]? = nil) throws -> String? {
        guard let value = values[name], value != .null else {
            if required { throw MCPError.invalidParams("\(tool) needs the string argument \"\(name)\"") }
            return nil
        }
        guard let s = value.stringValue else { throw MCPError.invalidParams("\(tool): \"\(name)\" must be a string") }
        let text = s.trimmed
        if text.isEmpty {
            if required { throw MCPError.invalidParams("\(tool): \"\(name)\" must not be empty") }
            return nil
        }
        guard text.utf8.count <= 10_000 else { throw MCPError.invalidParams("\(tool): \"\(name)\" is over 10,000 bytes") }
        if let allowed, !allowed.contains(text) {
            throw MCPError.invalidParams("\(tool): \"\(name)\" must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let value = values[name], value != .null else { return fallback }
        let n: Int?
        switch value {
        case .int(let i): n = i
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: n = Int(d)
        default: n = nil
        }
        guard let n, range.contains(n) else {
            throw MCPError.invalidParams("\(tool): \"\(name)\" must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}

/// Conversions into the SDK's `Value`: tools.json's schemas and lore's JSON results.
enum MCPValue {
    static func from(_ v: JSONValue) -> Value {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let d): return d.rounded() == d && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(from))
        case .object(let o): return .object(o.mapValues(from))
        }
    }

    static func from(_ v: JSON) -> Value {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return d.isFinite ? .double((d * 10000).rounded() / 10000) : .null
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(from))
        case .object(let o): return .object(Dictionary(o.map { ($0.0, from($0.1)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}
