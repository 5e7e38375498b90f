// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "lore",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lore", targets: ["lore"]),
        .executable(name: "lore-mcp", targets: ["lore-mcp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),   // the SDK's; lore-mcp names its Logger
    ],
    targets: [
        // C libraries: each wrapped by exactly one Swift target.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CStemmer", providers: [.apt(["libstemmer-dev"])]),
        .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),

        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "Corpus", dependencies: ["CYAML"]),
        .target(name: "Analysis", dependencies: ["CStemmer"]),
        .target(name: "Retrieval", dependencies: ["Analysis", "Corpus", "SQLite"]),
        .target(name: "Assistant", dependencies: ["Retrieval", "Analysis", "Corpus"]),
        .target(name: "Feeds", dependencies: ["Corpus", "SQLite"]),
        .target(name: "LoreCLI", dependencies: [
            "Assistant", "Retrieval", "Corpus", "SQLite", "CReadline", "Feeds",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "lore", dependencies: ["LoreCLI"]),
        // `lore mcp` execs this: the MCP SDK (and Foundation) stay out of every other command's start-up.
        .executableTarget(name: "lore-mcp", dependencies: ["LoreCLI", "Assistant", .product(name: "MCP", package: "swift-sdk"),
                                                   .product(name: "Logging", package: "swift-log")]),

        .testTarget(name: "CorpusTests", dependencies: ["Corpus"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis"]),
        .testTarget(name: "RetrievalTests", dependencies: ["Retrieval", "Corpus", "Analysis", "SQLite"]),
        .testTarget(name: "AssistantTests", dependencies: ["Assistant", "Retrieval", "Corpus"]),
        .testTarget(name: "LoreCLITests", dependencies: ["LoreCLI"]),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "Corpus"]),
    ]
)

// libFuzzer targets (no `main`): only with LORE_FUZZ=1, built by scripts/fuzz.sh into .build-fuzz.
if Context.environment["LORE_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "FuzzParse", dependencies: ["Corpus"], path: "Fuzz/FuzzParse"),
        .executableTarget(name: "FuzzHTML", dependencies: ["Corpus"], path: "Fuzz/FuzzHTML"),
        .executableTarget(name: "FuzzAnalyzer", dependencies: ["Analysis"], path: "Fuzz/FuzzAnalyzer"),
        .executableTarget(name: "FuzzQuery", dependencies: ["Analysis", "Assistant", "Retrieval", "Corpus"], path: "Fuzz/FuzzQuery"),
    ]
}
