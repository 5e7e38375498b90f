import ArgumentParser

struct SummarizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "summarize")
    func run() throws { throw CLIError("not built yet") }
}
