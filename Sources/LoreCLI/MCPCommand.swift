import ArgumentParser
import Dispatch
import MCP

/// `lore mcp`: lore's tools for agents, over the Model Context Protocol on stdin/stdout.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve lore's tools to an agent over the Model Context Protocol (stdio).",
        discussion: "Tools: search, answer, summarize, extract, get, articles, status; read-only. Messages are JSON-RPC on stdin/stdout; logs go to stderr."
    )
    @OptionGroup var global: GlobalOptions
    @Option(help: "Prompts directory (default ./Prompts, else the package's; env LORE_PROMPTS).") var prompts: String?

    func run() throws {
        let toolbox = try runOrFail { try MCPToolbox(location: global.location, talk: Talk(prompts: prompts)) }
        let finished = DispatchSemaphore(value: 0)
        let failure = ErrorBox()
        Task {
            do { try await MCPService(toolbox: toolbox).serve() } catch { failure.error = error }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error { try runOrFail { throw CLIError("mcp: \(error)") } }
    }
}

/// Carries the server's error out of its task (written once, before the semaphore is signalled).
final class ErrorBox: @unchecked Sendable {
    var error: Error?
}

/// The MCP server over stdio: tools/list and tools/call answered from an `MCPToolbox`. The SDK
/// answers `initialize` (negotiating an older protocol revision when the client asks for one),
/// `ping`, and JSON-RPC errors for malformed messages and unknown methods.
struct MCPService {
    let toolbox: MCPToolbox

    func serve() async throws {
        let server = Server(
            name: "lore", version: LoreCommand.configuration.version,
            instructions: "Search and answer from a local folder of articles. Cite results by SOURCE:LINE; get reads an article in full.",
            capabilities: .init(tools: .init(listChanged: false)))
        let toolbox = self.toolbox
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: toolbox.tools) }
        await server.withMethodHandler(CallTool.self) { params in
            let output = try toolbox.call(params.name, params.arguments ?? [:])
            return CallTool.Result(content: [.text(output.text)], structuredContent: MCPValue.from(output.json) as Value?,
                                   isError: output.isError ? true : nil)
        }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }
}
