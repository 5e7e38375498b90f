#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import Corpus

/// Paths and scratch directories shared by the Corpus tests.
enum TestSupport {
    /// `/work/main/Corpus`, found relative to this file so the tests run from any checkout.
    static let seedDirectory: String = {
        var parts = realPath("\(#filePath)").split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)   // Tests/CorpusTests/TestSupport.swift
        return parts.joined(separator: "/") + "/Corpus"
    }()

    static let fixtures: String = {
        var parts = realPath("\(#filePath)").split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Fixtures"
    }()

    /// Resolves symlinks (the dev package links to the sources).
    static func realPath(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(decoding: UnsafeRawBufferPointer(start: r, count: strlen(r)), as: UTF8.self)
    }

    /// Every scratch directory of this test process lives here; removed when the process exits.
    static let scratch: String = {
        var template = Array("/tmp/corpus-tests-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil)
        atexit { try? FileManager.default.removeItem(atPath: TestSupport.scratch) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// A fresh empty directory in `scratch`.
    static func tempDirectory() -> String {
        var template = Array((scratch + "/t-XXXXXX").utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(path)")
        bytes.withUnsafeBytes { var off = 0; while off < $0.count { off += Glibc.write(fd, $0.baseAddress! + off, $0.count - off) } }
        close(fd)
    }

    static func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    static func parseSeeds() throws -> [(CorpusFile, ParsedFile)] {
        let walk = try CorpusWalker.walk(seedDirectory)
        return try walk.files.map { f in (f, try ArticleParser.parse(try CorpusWalker.readFile(f.path), source: f.source)) }
    }

    /// Monotonic seconds, for time bounds.
    static func now() -> Double {
        var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func hasControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
    }

    static func allText(_ a: Article) -> [String] {
        [a.id, a.title, a.url ?? "", a.author ?? "", a.date ?? "", a.feed ?? "", a.source]
            + a.blocks.map(\.text) + a.links.flatMap { [$0.text, $0.url] }
    }
}
