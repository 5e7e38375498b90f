import LoreCLI

LoreCommand.main()
