import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What one tool definition in Prompts/tools.json says: JSON-schema style, plus example utterances
/// that train the dispatcher and (for extract) cue phrases per kind.
public struct ToolDefinition: Sendable {
    public var tool: Tool
    public var description: String
    public var parameters: JSONValue
    public var examples: [String]
    public var kinds: [String: [String]]
}

/// A tool as an agent sees it (`lore mcp`'s tools/list): every entry of tools.json, the dispatcher's
/// four and those marked `"agent_only": true` (which have no example utterances and are never dispatched).
public struct AgentTool: Sendable {
    public var name: String
    public var description: String
    public var parameters: JSONValue
}

/// Errors reading Prompts/: one line naming the file and the line.
public struct PromptError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Behaviour as data: the assistant's voice, tool definitions and answer templates, read at start-up.
public struct PromptLibrary: Sendable {
    public var voice: [String: String]
    public var templates: [String: String]
    public var tools: [ToolDefinition]
    /// Every tool of tools.json in file order, for agents.
    public var agentTools: [AgentTool] = []
    public let directory: String
    /// The fitted answer model (answer_model.json).
    var answerModel: AnswerModel
    /// common_words_en.txt, read when first needed.
    public var commonWords: CommonWords
    /// synonyms_en.txt, read when first needed.
    var synonyms: Synonyms

    public static func load(from directory: String) throws(PromptError) -> PromptLibrary {
        let assistant = try object(read(directory, "assistant.json"), file: "assistant.json", directory)
        let templates = try object(read(directory, "templates.json"), file: "templates.json", directory)
        let toolsPath = directory + "/tools.json"
        let toolsJSON: JSONValue
        do { toolsJSON = try MiniJSON.parse(try read(directory, "tools.json")) } catch let e as JSONParseError {
            throw PromptError(description: "\(toolsPath): \(e)")
        } catch let e as PromptError { throw e } catch { throw PromptError(description: "\(toolsPath): \(error)") }
        guard let list = toolsJSON.array else { throw PromptError(description: "\(toolsPath): line 1: expected an array of tool definitions") }
        var tools: [ToolDefinition] = []
        var agentTools: [AgentTool] = []
        for (n, item) in list.enumerated() {
            if let name = item["name"]?.string {
                agentTools.append(AgentTool(name: name, description: item["description"]?.string ?? "", parameters: item["parameters"] ?? .null))
            }
            if item["agent_only"] == .bool(true) { continue }
            guard let name = item["name"]?.string, let tool = Tool(rawValue: name) else {
                throw PromptError(description: "\(toolsPath): tool #\(n + 1): \"name\" must be one of search, summarize, extract, answer (or mark it \"agent_only\": true)")
            }
            let examples = item["examples"]?.strings ?? []
            if examples.isEmpty { throw PromptError(description: "\(toolsPath): tool \(name): needs a non-empty \"examples\" list") }
            var kinds: [String: [String]] = [:]
            for (k, v) in item["kinds"]?.object ?? [:] { kinds[k] = v.strings }
            tools.append(ToolDefinition(tool: tool, description: item["description"]?.string ?? "",
                                        parameters: item["parameters"] ?? .null, examples: examples, kinds: kinds))
        }
        for t in Tool.allCases where !tools.contains(where: { $0.tool == t }) {
            throw PromptError(description: "\(toolsPath): no definition for the \(t.rawValue) tool")
        }
        let modelPath = directory + "/answer_model.json"
        let modelJSON: JSONValue
        do { modelJSON = try MiniJSON.parse(try read(directory, "answer_model.json")) } catch let e as JSONParseError {
            throw PromptError(description: "\(modelPath): \(e)")
        } catch let e as PromptError { throw e } catch { throw PromptError(description: "\(modelPath): \(error)") }
        let model = try AnswerModel.parse(modelJSON, path: modelPath)
        // The prompt files' own `**` is lore's bold (`Emphasis`), converted once here; a filled-in value's `**`
        // (a title, a word of the corpus) stays as written.
        func bold(_ d: [String: String]) -> [String: String] { d.mapValues { $0.replacing("**", with: Emphasis.marker) } }
        return PromptLibrary(voice: bold(assistant), templates: bold(templates), tools: tools, agentTools: agentTools, directory: directory, answerModel: model,
                             commonWords: CommonWords(path: directory + "/common_words_en.txt"),
                             synonyms: Synonyms(path: directory + "/synonyms_en.txt"))
    }

    static func read(_ dir: String, _ name: String) throws(PromptError) -> String {
        String(decoding: try bytes(dir + "/" + name), as: UTF8.self)
    }

    static func bytes(_ path: String) throws(PromptError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw PromptError(description: "\(path): cannot be read; pass --prompts DIR or set LORE_PROMPTS") }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buf[0..<n])
        }
        return bytes
    }

    static func object(_ text: String, file: String, _ dir: String) throws(PromptError) -> [String: String] {
        let v: JSONValue
        do { v = try MiniJSON.parse(text) } catch { throw PromptError(description: "\(dir)/\(file): \(error)") }
        guard let o = v.object else { throw PromptError(description: "\(dir)/\(file): line 1: expected an object of strings") }
        var out: [String: String] = [:]
        for (k, val) in o {
            guard let s = val.string else { throw PromptError(description: "\(dir)/\(file): \"\(k)\" must be a string") }
            out[k] = s
        }
        return out
    }

    public func voice(_ key: String, _ values: [String: String] = [:]) -> String { fill(voice[key] ?? key, values) }
    public func template(_ key: String, _ values: [String: String] = [:]) -> String { fill(templates[key] ?? key, values) }

    func fill(_ s: String, _ values: [String: String]) -> String {
        var out = s
        for (k, v) in values { out = out.replacing("{\(k)}", with: v) }
        return out
    }

    public func definition(_ tool: Tool) -> ToolDefinition? { tools.first { $0.tool == tool } }
}
