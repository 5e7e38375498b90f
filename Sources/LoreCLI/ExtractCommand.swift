import ArgumentParser

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extract")
    func run() throws { throw CLIError("not built yet") }
}
