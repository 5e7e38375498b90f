import ArgumentParser

struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ask")
    func run() throws { throw CLIError("not built yet") }
}
