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
        symlink(dir + "/a.txt", dir + "/z-link.txt")    // link to a file inside is followed
        symlink(dir + "/missing", dir + "/broken")

        let start = TestSupport.now()
        let walk = try CorpusWalker.walk(dir, symlinks: .inside)
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

    /// A corpus linking to a file and a directory outside it, and to a file inside it, under each policy.
    @Test func symlinkPolicies() throws {
        let outside = TestSupport.tempDirectory(), dir = TestSupport.tempDirectory()
        TestSupport.write(outside + "/id_rsa", "PRIVATE KEY secretmarker")
        mkdir(dir + "/sub", 0o755)
        TestSupport.write(dir + "/a.txt", "Ay\n\nText.")
        symlink(outside + "/id_rsa", dir + "/key.txt")
        symlink(outside, dir + "/sub/home")
        symlink("../a.txt", dir + "/sub/inside.txt")
        symlink("../sub/../../" + String(outside.split(separator: "/").last!) + "/id_rsa", dir + "/sub/dots.txt")

        let skip = try CorpusWalker.walk(dir)
        #expect(skip.files.map(\.source) == ["a.txt"])
        #expect(skip.skipped.map(\.source) == ["key.txt", "sub/dots.txt", "sub/home", "sub/inside.txt"])
        #expect(skip.skipped.allSatisfy { $0.reason == CorpusWalker.linkNotFollowed })

        let inside = try CorpusWalker.walk(dir, symlinks: .inside)
        #expect(inside.files.map(\.source) == ["a.txt", "sub/inside.txt"])
        #expect(inside.files.allSatisfy { $0.path == dir + "/a.txt" || !$0.path.contains("inside") })
        #expect(inside.skipped.map(\.source) == ["key.txt", "sub/dots.txt", "sub/home"])
        #expect(inside.skipped.allSatisfy { $0.reason == CorpusWalker.linkOutside })

        let anywhere = try CorpusWalker.walk(dir, symlinks: .anywhere)
        #expect(anywhere.files.map(\.source) == ["a.txt", "key.txt", "sub/dots.txt", "sub/home/id_rsa", "sub/inside.txt"])
        #expect(anywhere.skipped.isEmpty)
    }

    /// The walker lists resolved paths; a link put in their place afterwards is not read through.
    @Test func readFileRefusesALinkSwappedIn() throws {
        let dir = TestSupport.tempDirectory()
        TestSupport.write(dir + "/secret", "secret")
        symlink(dir + "/secret", dir + "/a.txt")
        #expect(throws: CorpusError.self) { try CorpusWalker.readFile(dir + "/a.txt") }
        #expect(try CorpusWalker.readFile(dir + "/secret") == Array("secret".utf8))
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
