import ArgumentParser

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sessions")
    func run() throws { throw CLIError("not built yet") }
}
