import ArgumentParser

struct ChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "chat")
    func run() throws { throw CLIError("not built yet") }
}
