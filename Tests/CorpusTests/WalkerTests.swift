#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Corpus

/// Directory walking: ordering, hidden files, symlinks and loops, unreadable entries, odd names.
@Suite struct WalkerTests {
    @Test func walkHostileTree() throws {
        let dir = TestSupport.tempDirectory()
        mkdir(dir + "/sub", 0o755)
        mkdir(dir + "/.hidden", 0o755)
        TestSupport.write(dir + "/b.txt", "Bee\n\nText.")
        TestSupport.write(dir + "/a.txt", "Ay\n\nText.")
        TestSupport.write(dir + "/sub/c.md", "# See\n\nText.")
        TestSupport.write(dir + "/.hidden/x.txt", "hidden")
        TestSupport.write(dir + "/.dotfile", "hidden")
        TestSupport.write(dir + "/new\nline.txt", "Newline name\n\nText.")
        TestSupport.write(dir + "/locked.txt", "secret")
        chmod(dir + "/locked.txt", 0o000)
        symlink(dir, dir + "/sub/loop")                 // directory loop back to the root
        symlink(dir + "/self1", dir + "/self1")         // a link pointing at itself
        symlink(dir + "/a.txt", dir + "/z-link.txt")    // link to a file is followed
        symlink(dir + "/missing", dir + "/broken")

        let start = TestSupport.now()
        let walk = try CorpusWalker.walk(dir)
        #expect(TestSupport.now() - start < 5)
        let sources = walk.files.map(\.source)
        let expected = geteuid() == 0 ? ["a.txt", "b.txt", "locked.txt", "new\nline.txt", "sub/c.md", "z-link.txt"]
                                      : ["a.txt", "b.txt", "new\nline.txt", "sub/c.md", "z-link.txt"]
        #expect(sources == expected)
        #expect(walk.files.allSatisfy { $0.path.hasPrefix("/") && $0.size > 0 && $0.mtime > 1_000_000_000_000_000_000 })
        let reasons = Dictionary(walk.skipped.map { ($0.source, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["sub/loop"] == "symbolic link loop")
        #expect(reasons["self1"] == "symbolic link loop")
        #expect(reasons["broken"] == "broken symbolic link")
        if geteuid() != 0 { #expect(reasons["locked.txt"] == "permission denied") }
        #expect(displaySource("new\nline.txt") == "new\\nline.txt")
        #expect(displaySource("a\u{1B}[2Jb\t") == "a\\u{1B}[2Jb\\t")

        // Every listed file parses (or is refused with a reason); nothing crashes.
        for f in walk.files {
            do throws(CorpusError) {
                let parsed = try ArticleParser.parse(try CorpusWalker.readFile(f.path), source: f.source)
                #expect(!parsed.articles.isEmpty)
            } catch { #expect(!error.description.isEmpty) }
        }
    }

    @Test func unusableDirectories() throws {
        #expect(throws: CorpusError.missing("/nonexistent/corpus")) { try CorpusWalker.walk("/nonexistent/corpus") }
        let dir = TestSupport.tempDirectory()
        TestSupport.write(dir + "/file", "x")
        #expect(throws: CorpusError.notADirectory(dir + "/file")) { try CorpusWalker.walk(dir + "/file") }
    }

    @Test func hashIsStable() {
        #expect(contentHash([]) == 0xcbf2_9ce4_8422_2325)
        #expect(contentHash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(contentHash(Array("ab".utf8)) != contentHash(Array("ba".utf8)))
    }
}
