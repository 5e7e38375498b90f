import CYAML

/// A Markdown file's YAML front matter, read by libyaml (the C parser Yams wraps; Yams itself links
/// Foundation, which `lore search` would pay for at every start — see ARCHITECTURE.md). Keeps each
/// top-level key (lower-cased) with its scalar values: one for `title: X`, several for a list
/// (`author: [a, b]`, a block list) or a list of mappings (`authors: [{name: A}]` gives the `name`s).
struct FrontMatter: Equatable {
    var values: [String: [String]] = [:]

    /// Front matter larger than this is not read as YAML (nobody writes 64 KiB of it; a hostile file might).
    static let maxBytes = 64 << 10
    static let maxEvents = 20_000

    /// The first non-empty scalar of the first key present.
    func first(_ keys: String...) -> String? {
        for k in keys { if let v = values[k]?.first(where: { !$0.isEmpty }) { return v } }
        return nil
    }

    /// All values of the first key present.
    func list(_ keys: String...) -> [String] {
        for k in keys { if let v = values[k], !v.isEmpty { return v.filter { !$0.isEmpty } } }
        return []
    }

    private struct Frame { var isMap: Bool; var expectKey = true; var key: String? = nil }

    /// Parses the YAML text; the parser's problem (with its line) when it is not a YAML mapping.
    static func parse(_ yaml: String) -> Result<FrontMatter, FrontMatterError> {
        let bytes = Array(yaml.utf8)
        guard bytes.count <= maxBytes else { return .failure(FrontMatterError("front matter over 64 KiB")) }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .failure(FrontMatterError("YAML parser unavailable")) }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var matter = FrontMatter(), stack: [Frame] = [], event = yaml_event_t()
            for _ in 0 ..< maxEvents {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                    return .failure(FrontMatterError("\(problem) at line \(parser.problem_mark.line + 1)"))
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                    return .success(matter)
                case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    if stack.isEmpty && event.type == YAML_SEQUENCE_START_EVENT { return .failure(FrontMatterError("not a YAML mapping")) }
                    stack.append(Frame(isMap: event.type == YAML_MAPPING_START_EVENT))
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    stack.removeLast()
                    if !stack.isEmpty { matter.valueDone(&stack) }
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
                    if stack.isEmpty { return .failure(FrontMatterError("not a YAML mapping")) }
                    matter.scalar(text, &stack)
                case YAML_ALIAS_EVENT:
                    if !stack.isEmpty { matter.valueDone(&stack) }
                default: break
                }
            }
            return .failure(FrontMatterError("front matter too complex"))
        }
    }

    /// A scalar where the stack says: a key, a top-level value, or a value inside one of them.
    private mutating func scalar(_ text: String, _ stack: inout [Frame]) {
        let depth = stack.count
        if stack[depth - 1].isMap && stack[depth - 1].expectKey {
            stack[depth - 1].key = text.lowercased(); stack[depth - 1].expectKey = false
            return
        }
        if let top = stack[0].key {
            // Top-level scalars, list items, and the `name` of a mapping in a list.
            let inner = stack[depth - 1]
            if depth == 1 || !inner.isMap || inner.key == "name" { values[top, default: []].append(TextClean.collapse(text)) }
        }
        valueDone(&stack)
    }

    /// The value of the innermost mapping is complete: expect its next key.
    private func valueDone(_ stack: inout [Frame]) {
        if stack[stack.count - 1].isMap { stack[stack.count - 1].expectKey = true }
    }
}

/// Why front matter could not be read as YAML.
struct FrontMatterError: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
