import Assistant
import LoreCLI
import MCP

/// The MCP server over stdio: tools/list and tools/call answered from an `MCPToolbox`. The SDK
/// answers `initialize` (in an older protocol revision when the client asks for one), `ping`, and
/// JSON-RPC errors for malformed messages and unknown methods.
struct MCPService {
    let toolbox: MCPToolbox

    func serve() async throws {
        let server = Server(
            name: "lore", version: LoreCommand.configuration.version,
            instructions: "Search and answer from a local folder of articles. Cite results by SOURCE:LINE; get reads an article in full.",
            capabilities: .init(tools: .init(listChanged: false)))
        let tools = toolbox.tools.map { t in
            Tool(name: t.name, description: t.description, inputSchema: MCPValue.value(t.parameters),
                 annotations: t.name == "update" ? .init(readOnlyHint: false, destructiveHint: false, openWorldHint: true)
                                                 : .init(readOnlyHint: true, openWorldHint: false))
        }
        let toolbox = self.toolbox
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: tools) }
        await server.withMethodHandler(CallTool.self) { params in
            let output: ToolOutput
            do {
                output = try toolbox.call(params.name, (params.arguments ?? [:]).mapValues(MCPValue.json))
            } catch let e as ToolRequestError {
                throw MCPError.invalidParams(e.description)
            }
            let structured = (try? MiniJSON.parse(output.jsonText)).map(MCPValue.value)
            return CallTool.Result(content: [.text(text: output.text, annotations: nil, _meta: nil)], structuredContent: structured, isError: output.isError ? true : nil)
        }
        try await server.start(transport: DrainingTransport())
        await server.waitUntilCompleted()
    }
}

/// Between the SDK's `Value` and lore's `JSONValue` (tools.json's schemas, tool arguments and results).
enum MCPValue {
    static func value(_ v: JSONValue) -> Value {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let d): return d.rounded() == d && abs(d) < 1e15 ? .int(Int(d)) : .double(d)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(value))
        case .object(let o): return .object(o.mapValues(value))
        }
    }

    static func json(_ v: Value) -> JSONValue {
        switch v {
        case .null, .data: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .number(Double(i))
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(json))
        case .object(let o): return .object(o.mapValues(json))
        }
    }
}
