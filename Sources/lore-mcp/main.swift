import LoreCLI

// `lore-mcp` (started by `lore mcp`): the MCP server over stdio. It is its own executable so that the
// SDK and Foundation load only here, never in `lore search` or `lore ask`.
let command: MCPCommand
let toolbox: MCPToolbox
do {
    command = try MCPCommand.parse(Array(CommandLine.arguments.dropFirst()))
    toolbox = try command.openToolbox()
} catch {
    MCPCommand.exit(withError: error)
}
do {
    try await MCPService(toolbox: toolbox).serve()
} catch {
    MCPCommand.exit(withError: error)
}
