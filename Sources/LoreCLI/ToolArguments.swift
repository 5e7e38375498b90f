import Assistant

/// A request `lore mcp` rejects: sent to the client as a JSON-RPC invalid-params error (-32602).
package struct ToolRequestError: Error, CustomStringConvertible {
    package let description: String
}

/// A tool call's arguments, read with the checks tools.json's schemas promise: a wrong type, an empty
/// required string or a value out of range is a JSON-RPC invalid-params error naming the argument.
struct ToolArguments {
    let tool: String
    let values: [String: JSONValue]

    static func invalid(_ message: String) -> ToolRequestError { ToolRequestError(description: message) }

    func string(_ name: String, required: Bool = false, oneOf allowed: [String]? = nil) throws -> String? {
        guard let value = values[name], value != .null else {
            if required { throw ToolArguments.invalid("\(tool) needs the string argument \"\(name)\"") }
            return nil
        }
        guard let s = value.string else { throw ToolArguments.invalid("\(tool): \"\(name)\" must be a string") }
        let text = s.trimmed
        if text.isEmpty {
            if required { throw ToolArguments.invalid("\(tool): \"\(name)\" must not be empty") }
            return nil
        }
        guard text.utf8.count <= 10_000 else { throw ToolArguments.invalid("\(tool): \"\(name)\" is over 10,000 bytes") }
        if let allowed, !allowed.contains(text) {
            throw ToolArguments.invalid("\(tool): \"\(name)\" must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let value = values[name], value != .null else { return fallback }
        let n: Int?
        switch value {
        case .number(let d) where d.rounded() == d && abs(d) < 1e15: n = Int(d)
        default: n = nil
        }
        guard let n, range.contains(n) else {
            throw ToolArguments.invalid("\(tool): \"\(name)\" must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
