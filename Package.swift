// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "lore",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "lore", targets: ["lore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .target(name: "LoreCLI", dependencies: [
            "Assistant", "Retrieval", "Corpus", "SQLite", "CReadline",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "lore", dependencies: ["LoreCLI"]),

        .testTarget(name: "CorpusTests", dependencies: ["Corpus"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis"]),
        .testTarget(name: "RetrievalTests", dependencies: ["Retrieval", "Corpus", "Analysis", "SQLite"]),
        .testTarget(name: "AssistantTests", dependencies: ["Assistant", "Retrieval", "Corpus"]),
        .testTarget(name: "LoreCLITests", dependencies: ["LoreCLI"]),
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
