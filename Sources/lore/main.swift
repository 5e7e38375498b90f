import LoreCLI

LoreCommand.run(Array(CommandLine.arguments.dropFirst()))
