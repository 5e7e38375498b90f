import Testing
@testable import Corpus

/// Sphinx documentation as people write it: reStructuredText files and MyST Markdown, read as a reader sees
/// the built pages — titles, prose, code, tabs and notes — never as markup.
@Suite struct RestructuredTextTests {
    static func parse(_ text: String, source: String = "doc.rst") throws -> Article {
        let file = try ArticleParser.parse(Array(text.utf8), source: source)
        #expect(file.format == .restructuredText)
        return file.articles[0]
    }

    static func kinds(_ a: Article) -> [String] {
        a.blocks.map { b in
            switch b.kind {
            case .heading(let l): "h\(l) \(b.text)"
            case .code(let lang): "code\(lang.map { "(\($0))" } ?? "") \(b.text)"
            case .listItem: "- \(b.text)"
            case .quote: "> \(b.text)"
            case .paragraph: b.text
            }
        }
    }

    /// Titles over- and underlined, then underlined: levels in the order their styles appear; the title is the
    /// first heading, not the ":orphan:" setting or the line of "=" above it.
    @Test func titlesAndLevels() throws {
        let a = try Self.parse("""
        :orphan:

        .. _install-guide:

        =============
        Install guide
        =============

        Read this first.

        Requirements
        ============

        You need a compiler.

        On Linux
        --------

        Use the package manager.

        Upgrading
        =========

        Run it again.
        """)
        #expect(a.title == "Install guide")
        #expect(Self.kinds(a) == ["h1 Install guide", "Read this first.", "h2 Requirements", "You need a compiler.",
                                  "h3 On Linux", "Use the package manager.", "h2 Upgrading", "Run it again."])
    }

    /// A short title's adornment may be shorter than four marks when it reaches as far as the title ("===" over
    /// "pip"); shorter than the title, or standing alone, it is no adornment.
    @Test func shortAdornments() throws {
        let a = try Self.parse("""
        ===
        pip
        ===

        Usage
        *****

        .. code-block:: shell

            pip <command>

        Go
        ==

        Then run it::

            go

        Options
        ==
        Kept as text.
        """)
        #expect(a.title == "pip")
        #expect(Self.kinds(a) == ["h1 pip", "h2 Usage", "code(shell) pip <command>", "h3 Go", "Then run it:", "code go",
                                  "Options == Kept as text."])
    }

    /// Inline markup reads as text: literals, roles with and without a target, links (collected), emphasis,
    /// footnote references.
    @Test(arguments: [
        ("Run ``make check`` first.", "Run make check first."),
        ("See :ref:`the options <install-options>` and :doc:`usage`.", "See the options and usage."),
        ("Call :func:`~archive.tools.unpack` to read it.", "Call unpack to read it."),
        ("Read the `manual <https://example.org/manual>`_ before.", "Read the manual before."),
        ("It is **fast** and *small*.", "It is fast and small."),
        ("Proven in trials [1]_ and reviews [#note]_.", "Proven in trials and reviews."),
        ("Multiply 2 * 3 here.", "Multiply 2 * 3 here."),
        ("Escaped\\ word and \\*star.", "Escapedword and *star."),
    ])
    func inlineMarkup(_ source: String, _ expected: String) {
        var links: [Link] = []
        #expect(RestructuredTextInline.text(source, links: &links) == expected)
    }

    /// Directives: a note's text is prose (its first words on the directive's line too), code-block is code in
    /// its language, a tab's label leads into its body, version directives say when, a toctree or an image is
    /// nothing, a function's signature is code before its description, comments and targets are no text.
    @Test func directives() throws {
        let a = try Self.parse("""
        Setup
        =====

        .. note:: Back up your data
           before you start.

        .. code-block:: python
           :caption: example

           import archive
           archive.open("x")

        .. tab:: Unix/macOS

           .. code-block:: shell

              make install

        .. versionadded:: 2.1

           The --fast flag.

        .. toctree::
           :maxdepth: 2

           usage
           api

        .. image:: logo.png
           :alt: Logo

        .. function:: unpack(path, *, strict=False)

           Reads the archive at path.

        .. this is a comment
           over two lines

        .. _hidden-target: https://example.org
        """)
        #expect(Self.kinds(a) == [
            "h1 Setup", "Back up your data before you start.",
            "code(python) import archive\narchive.open(\"x\")",
            "Unix/macOS:", "code(shell) make install",
            "Added in version 2.1.", "The --fast flag.",
            "code unpack(path, *, strict=False)", "Reads the archive at path.",
        ])
    }

    /// A paragraph ending in "::" introduces a literal block, kept with its line breaks and inner indentation;
    /// "Example::" reads "Example:", "Run: ::" reads "Run:", "::" alone is nothing.
    @Test func literalBlocks() throws {
        let a = try Self.parse("""
        Usage
        =====

        Run this example::

            for x in items:
                print(x)

        Or this: ::

            make

        ::

            raw text

        .. note:: And a note.
        """)
        #expect(Self.kinds(a) == ["h1 Usage", "Run this example:", "code for x in items:\n    print(x)",
                                  "Or this:", "code make", "code raw text", "And a note."])
    }

    /// Lists, nested blocks in items, definition lists (read "term: definition"), field lists after the top,
    /// bibliographic fields at the top (author, date), tables left out.
    @Test func listsFieldsAndTables() throws {
        let a = try Self.parse("""
        :Author: Ada Lovelace
        :Date: 2023-04-05

        Notes
        =====

        - first item
          goes on here
        - second item

        • a round bullet

        #. numbered one
        #. numbered two

        --upgrade
            Upgrade what is installed.

        +------+------+
        | a    | b    |
        +------+------+

        =====  =====
        col    col
        =====  =====

        .. meta::
           :keywords: notes

        :Version: 3
        """)
        #expect(a.author == "Ada Lovelace")
        #expect(a.date == "2023-04-05")
        #expect(Self.kinds(a) == ["h1 Notes", "- first item goes on here", "- second item", "- a round bullet", "- numbered one", "- numbered two",
                                  "- --upgrade: Upgrade what is installed.", "Version: 3"])
    }

    /// A PEP in reStructuredText keeps what its "Field: value" header says: title, authors, date, and the fields as items.
    @Test func pepHeader() throws {
        let a = try Self.parse("""
        PEP: 9999
        Title: Lazy Widgets
        Author: Ada Lovelace <ada@example.org>
        Status: Draft
        Created: 05-Apr-2023

        Abstract
        ========

        Widgets are made on first use. See `the tracker <https://example.org/t>`_ and :pep:`8`.

        .. [1] A footnote.
        """, source: "pep-9999.rst")
        #expect(a.title == "Lazy Widgets")
        #expect(a.author == "Ada Lovelace")
        #expect(a.date == "2023-04-05")
        #expect(Self.kinds(a).suffix(2) == ["h1 Abstract", "Widgets are made on first use. See the tracker and 8."])
        #expect(Self.kinds(a).contains("- Status: Draft"))
    }

    /// A page that only redirects (Sphinx's "meta" refresh) and a file that only includes another are no articles.
    @Test func redirectsAndEmptyPagesAreSkipped() {
        let redirect = ":orphan:\n\n.. meta::\n\n  :http-equiv=refresh: 3; url=../other/\n\nThis page has moved\n===================\n"
        #expect(throws: CorpusError.unparseable("no body text (a redirect to ../other/)")) {
            try ArticleParser.parse(Array(redirect.utf8), source: "old.rst")
        }
        #expect(throws: CorpusError.unparseable("no body text")) {
            try ArticleParser.parse(Array(".. include:: ../README.rst\n".utf8), source: "readme.rst")
        }
    }

    /// reStructuredText is told by content; plain text with an underlined heading, or one stray ".. " line, stays plain.
    @Test(arguments: [
        (":orphan:\n\nTitle\n=====\n\nText.", SourceFormat.restructuredText),
        (".. _top:\n\nTitle\n=====\n\nText.", .restructuredText),
        ("=====\nTitle\n=====\n\nSee `this <https://x.org>`_.", .restructuredText),
        ("Title\n=====\n\nText with :ref:`a role` and .. note:: here\n\n.. note:: x\n", .restructuredText),
        ("Title\n=====\n\nJust text.\n", .plainText),
        ("Release notes\n\n.. and then some dots\n", .plainText),
        ("Title\n=====\n\nA *star* and a `quote`.\n", .plainText),
    ])
    func detection(_ text: String, _ expected: SourceFormat) {
        #expect(FormatDetector.detect(Array(text.utf8)) == expected)
    }

    /// Hostile input: deep indentation, unclosed markup, a directive with nothing after it, control characters.
    @Test(arguments: [
        ":orphan:\n\nText.\n\n" + String(repeating: "  ", count: 400) + "deep\n",
        ":orphan:\n\nText ``unclosed and :ref:`open and `link <x\n\n.. \n\n..\n",
        ".. note::\n\n.. code-block::\n\n.. tab::\n\nLast words.\n",
        ":orphan:\n\nBell \u{07} and escape \u{1B}[31m here.\n",
    ])
    func hostileInputParses(_ text: String) throws {
        try Self.parseWithin(text)
    }

    /// Nesting far deeper than any page: a block quote in each of 2,000 lines, and MyST fences 500 deep.
    @Test func deepNestingParses() throws {
        let quotes = ":orphan:\n\n" + (0 ..< 2_000).map { String(repeating: " ", count: $0) + "level \($0)\n" }.joined(separator: "\n")
        try Self.parseWithin(quotes)
        let fences = (0 ..< 500).map { String(repeating: ":", count: 503 - $0) + "{note}\n" }.joined()
            + "inside\n" + (0 ..< 500).map { String(repeating: ":", count: 4 + $0) + "\n" }.joined()
        let file = try ArticleParser.parse(Array(fences.utf8), source: "deep.md")
        #expect(file.articles[0].blocks.count >= 1)
    }

    static func parseWithin(_ text: String) throws {
        let file = try ArticleParser.parse(Array(text.utf8), source: "h.rst")
        for b in file.articles[0].blocks { #expect(!b.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }) }
    }
}

@Suite struct MySTMarkdownTests {
    static func blocks(_ text: String) throws -> [String] {
        let file = try ArticleParser.parse(Array(text.utf8), source: "page.md")
        #expect(file.format == .markdown)
        return RestructuredTextTests.kinds(file.articles[0])
    }

    /// Roles read as their text; "(label)=" targets are no text.
    @Test func rolesAndTargets() throws {
        #expect(try Self.blocks("""
        (caching)=
        # Caching

        Use {ref}`pip freeze` and {doc}`the guide <topics/guide>` with {file}`setup.py`.
        """) == ["h1 Caching", "Use pip freeze and the guide with setup.py."])
    }

    /// Directive fences: admonitions and tabs hold Markdown (a listing inside a longer fence stays a listing), a
    /// version directive says when, code-block is code, a toctree is nothing, an unknown directive that opens with a
    /// prompt is code, ":::" fences hold Markdown too, and options are no text.
    @Test func directiveFences() throws {
        #expect(try Self.blocks("""
        # Setup

        ```{note}
        Back up **first**.
        ```

        ````{tab} Linux
        ```
        ~/.cache/tool
        ```

        The tool also reads `XDG_CACHE_HOME`.
        ````

        ```{versionadded} 20.1
        ```

        ```{code-block} python
        :caption: demo
        print("hi")
        ```

        ```{toctree}
        :hidden:
        usage
        ```

        ```{tool-cli}
        $ tool install thing
        ```

        :::{warning}
        Do not run it as root.
        :::
        """) == ["h1 Setup", "Back up first.", "Linux:", "code ~/.cache/tool", "The tool also reads XDG_CACHE_HOME.",
                 "Added in version 20.1.", "code(python) print(\"hi\")", "code $ tool install thing", "Do not run it as root."])
    }

    /// A fence closes only on a line of its character, at least as long, with nothing after it (CommonMark):
    /// "```python" inside a listing is a line of the listing.
    @Test func fencesCloseOnBareLines() throws {
        #expect(try Self.blocks("# T\n\n````\n```python\nx = 1\n```\n````\n\nAfter.") == ["h1 T", "code ```python\nx = 1\n```", "After."])
        #expect(try Self.blocks("# T\n\n```\nline\n```python\nmore\n```\n\nAfter.") == ["h1 T", "code line\n```python\nmore", "After."])
    }
}
