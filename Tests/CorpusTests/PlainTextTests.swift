import Testing
@testable import Corpus

/// Plain text marks its sections the way READMEs, licences and RFCs do: short lines in capitals or title
/// case, numbered ones, underlined ones. Those become headings; sentences stay paragraphs.
@Suite struct PlainTextTests {
    @Test(arguments: [
        ("TERMS AND CONDITIONS", "TERMS AND CONDITIONS"),
        ("5. Conveying Modified Source Versions.", "5. Conveying Modified Source Versions."),
        ("2.1 Grant of Rights", "2.1 Grant of Rights"),
        ("IV. Limitation of Liability", "IV. Limitation of Liability"),
        ("How to Apply These Terms to Your New Programs", "How to Apply These Terms to Your New Programs"),
        ("Installation ============", "Installation"),
        ("Known issues ---", "Known issues"),
        ("Preamble", "Preamble"),
    ] as [(String, String)])
    func headings(line: String, heading: String) {
        #expect(PlainTextParser.heading(line) == heading)
    }

    @Test(arguments: [
        "You may charge any price or no price for each copy that you convey.",
        "Thanks for reading.",
        "1. Install the package with the usual tools.",
        "Note:",
        "Does it work on Linux?",
        "OK",
        "2024",
        "The Quick Brown Fox Jumps Over The Lazy Dog Again And Again Today",
        "-----",
        "tar -c [-f ARCHIVE] [OPTIONS] [FILE...]",
    ])
    func notHeadings(line: String) {
        #expect(PlainTextParser.heading(line) == nil)
    }

    /// Plain text's own structure in `paragraphs` (plain files, JSON Lines text, text feeds): an underlined
    /// line is a heading, a deeper-indented paragraph that reads as code keeps its lines, "* " and numbered
    /// lines are list items, and a word broken after a hyphen at a line's end is whole again.
    @Test(arguments: [
        ("Usage\n*****\n\nRun it.", [Block(.heading(level: 2), "Usage"), Block(.paragraph, "Run it.")]),
        ("The form is written:\n\n   stmt ::= \"pass\"\n\nAfter.",
         [Block(.paragraph, "The form is written:"), Block(.code(language: nil), "stmt ::= \"pass\""), Block(.paragraph, "After.")]),
        ("It is equivalent to\n\n   if ready:\n       go()\n\n   stop()\n",
         [Block(.paragraph, "It is equivalent to"), Block(.code(language: nil), "if ready:\n    go()\n\nstop()")]),
        ("   -c, --create\n          Create a new archive of the named files.\n\n          Directories are archived recursively, unless told not to.",
         [Block(.paragraph, "-c, --create Create a new archive of the named files."),
          Block(.paragraph, "Directories are archived recursively, unless told not to.")]),
        ("2. Values of n are treated as 0:\n\n      >>> [[]] * 3\n\n   What happened is that each element is the same list. You can\n   make distinct ones this way:\n\n      >>> [[] for i in range(3)]",
         [Block(.paragraph, "2. Values of n are treated as 0:"), Block(.code(language: nil), ">>> [[]] * 3"),
          Block(.paragraph, "What happened is that each element is the same list. You can make distinct ones this way:"),
          Block(.code(language: nil), ">>> [[] for i in range(3)]")]),
        ("Quoted from the notes:\n\n    We will ship it when it is ready, and not a day before.",
         [Block(.paragraph, "Quoted from the notes:"), Block(.paragraph, "We will ship it when it is ready, and not a day before.")]),
        ("Notes:\n\n* First item that\n  goes on.\n* Second item.\n\n- Alone.",
         [Block(.paragraph, "Notes:"), Block(.listItem, "First item that goes on."), Block(.listItem, "Second item."), Block(.listItem, "Alone.")]),
        ("1. Install it.\n2. Run it.", [Block(.listItem, "Install it."), Block(.listItem, "Run it.")]),
        ("5. Conveying Modified Source Versions.", [Block(.paragraph, "5. Conveying Modified Source Versions.")]),
        // Tabs count four columns but take one byte; CRLF lines end before their "\r".
        ("Set it:\r\n\r\n\t\tx = 1\r\n\t\t\ty = 2\r\n", [Block(.paragraph, "Set it:"), Block(.code(language: nil), "x = 1\n\ty = 2")]),
        ("\t* tabbed item\n\t  goes on\n\t* 1\n\t\t", [Block(.listItem, "tabbed item goes on"), Block(.listItem, "1")]),
        ("\t-\n\t1.\n\t•", [Block(.paragraph, "- 1. •")]),
        // A quote loses its markers; GitHub's alert reads as its label, also run into one line by an export.
        ("> He said it\n> would ship.\n\nAfter.", [Block(.quote, "He said it would ship."), Block(.paragraph, "After.")]),
        ("> [!Note] > Touch input is closed when forwarded.", [Block(.quote, "Note: Touch input is closed when forwarded.")]),
        ("> [!WARNING]\n> Never free it twice.", [Block(.quote, "Warning: Never free it twice.")]),
        (">>> print(1)\n1", [Block(.paragraph, ">>> print(1) 1")]),
        // Markdown's emphasis left in exported text loses its stars; code and a lone star keep theirs.
        ("With *thread local storage* (TLS), each thread has **its own** slot.",
         [Block(.paragraph, "With thread local storage (TLS), each thread has its own slot.")]),
        ("**Note:** Call it once, “*before*” the loop.", [Block(.paragraph, "Note: Call it once, “before” the loop.")]),
        ("Pass *pItem = (DSBITEM*)p; 5 * 3 is *not* 8* and * x stays.", [Block(.paragraph, "Pass *pItem = (DSBITEM*)p; 5 * 3 is not 8* and * x stays.")]),
        ("Names must not collide with pre-\nexisting bindings; see PEP-\n3104.",
         [Block(.paragraph, "Names must not collide with pre-existing bindings; see PEP- 3104.")]),
    ] as [(String, [Block])])
    func paragraphStructure(_ text: String, expected: [Block]) {
        #expect(PlainTextParser.paragraphs(text) == expected)
    }

    /// A list an export flattened into its paragraph comes apart again: the prose before it, an item per marker
    /// after a stop or a colon, and the prose the export ran into the last item. A dash between words, a range, a
    /// signature and a marker before a lowercase word stay in the text.
    @Test(arguments: [
        ("Pages can be reserved. - Commit a range of pages. - Free a range of pages. Both are done with one call.",
         [Block(.paragraph, "Pages can be reserved."), Block(.listItem, "Commit a range of pages."),
          Block(.listItem, "Free a range of pages."), Block(.paragraph, "Both are done with one call.")]),
        ("The benefits are: • Fast remapping. • 4 KB granularity.",
         [Block(.paragraph, "The benefits are:"), Block(.listItem, "Fast remapping."), Block(.listItem, "4 KB granularity.")]),
        ("It comes in two forms: - Static linking with the archive.",
         [Block(.paragraph, "It comes in two forms:"), Block(.listItem, "Static linking with the archive.")]),
        ("- Read the page. It is mapped. - Write the page.",
         [Block(.listItem, "Read the page. It is mapped."), Block(.listItem, "Write the page.")]),
        ("I agree with every word. - Ann Smith", [Block(.paragraph, "I agree with every word. - Ann Smith")]),
        ("Ranges of 1 - 5 and 6 - 9 work. Windows XP - Windows 7 too.",
         [Block(.paragraph, "Ranges of 1 - 5 and 6 - 9 work. Windows XP - Windows 7 too.")]),
        ("Set it. - then go. - and stop.", [Block(.paragraph, "Set it. - then go. - and stop.")]),
        // A text that opened with a marker: two more make items without stops before them; one is a dash in the text.
        ("- The SID of the account - SIDs of its groups - A logon SID",
         [Block(.listItem, "The SID of the account"), Block(.listItem, "SIDs of its groups"), Block(.listItem, "A logon SID")]),
        ("- Windows XP - Windows 7 support it", [Block(.listItem, "Windows XP - Windows 7 support it")]),
        // Numbered in turn, from 1: the numbers are markers. A number out of turn is text.
        ("The sample takes these steps: 1. Calls Open. 2. Calls Close. 3. Prints it.",
         [Block(.paragraph, "The sample takes these steps:"), Block(.listItem, "Calls Open."), Block(.listItem, "Calls Close."),
          Block(.listItem, "Prints it.")]),
        ("1. Registers the callback first. 2. Opens a session. Then the sample ends.",
         [Block(.listItem, "Registers the callback first."), Block(.listItem, "Opens a session."), Block(.paragraph, "Then the sample ends.")]),
        ("It shipped with Windows 8. 1. Then came more.", [Block(.paragraph, "It shipped with Windows 8. 1. Then came more.")]),
        ("Use level 2. Level 3. Is worse.", [Block(.paragraph, "Use level 2. Level 3. Is worse.")]),
    ] as [(String, [Block])])
    func flattenedLists(_ text: String, expected: [Block]) {
        #expect(PlainTextParser.paragraphs(text) == expected)
    }

    @Test func aLicenceLikeFileKeepsItsSections() {
        let text = """
            SAMPLE PUBLIC LICENCE

              Preamble

              This licence lets you share the work
            and change it.

              1. Definitions.

              "The Work" means the text under this licence.

              2. Sharing Copies.

              You may share copies for free or for a fee.
            """
        let a = PlainTextParser.parse(text, source: "licence.txt").articles[0]
        #expect(a.title == "SAMPLE PUBLIC LICENCE")
        #expect(a.blocks.filter { if case .heading = $0.kind { return true }; return false }.map(\.text)
                == ["SAMPLE PUBLIC LICENCE", "Preamble", "1. Definitions.", "2. Sharing Copies."])
        #expect(a.blocks.contains(Block(.paragraph, "This licence lets you share the work and change it.")))
    }

    /// A numbered section whose heading runs into its first sentence, as licences write them, is a heading over
    /// its body; a short numbered step with two sentences, or a numbered sentence in lower case, stays as written.
    @Test func runInSectionHeadingsAreSetApart() {
        let body = "Subject to the terms of this licence, each contributor grants you a worldwide, royalty-free and "
            + "irrevocable patent licence to make, use and sell the work."
        let text = "SAMPLE LICENCE\n\n   3. Grant of Patent Licence. " + body + "\n\n   4. Install Python. Then run the script.\n\n"
            + "   5. the rest of the text follows. It is lower case, and it is not a heading at all, whatever its length may be.\n"
        let a = PlainTextParser.parse(text, source: "licence.txt").articles[0]
        #expect(a.blocks.contains(Block(.heading(level: 2), "3. Grant of Patent Licence.")))
        #expect(a.blocks.contains(Block(.paragraph, body)))
        #expect(a.blocks.contains(Block(.paragraph, "4. Install Python. Then run the script.")))
        #expect(a.blocks.contains { $0.kind == .paragraph && $0.text.hasPrefix("5. the rest") })
        #expect(PlainTextParser.runInHeading("A. Smith wrote it. " + body) == nil)
    }

    /// A defined term on its own line, its definition indented under it: one sentence, not a heading over
    /// "means …". A heading over an indented body that is not a definition stays a heading.
    @Test func definedTermsStayWithTheirDefinitions() {
        let text = "Terms\n=====\n\n1.1. \"Contributor\"\n    means each person who adds to the work.\n\n"
            + "2. Grant of Rights\n    Each Contributor grants You a licence.\n"
        let a = PlainTextParser.parse(text, source: "terms.txt").articles[0]
        #expect(a.blocks.contains(Block(.paragraph, "1.1. \"Contributor\" means each person who adds to the work.")))
        #expect(a.blocks.contains(Block(.heading(level: 2), "2. Grant of Rights")))
    }

    /// A notice framed in a box of asterisks (or bars, or hashes) loses its frame: its heading is a heading and
    /// its sentences a paragraph, with no border characters among the words. A line that merely starts
    /// and ends with "*" in running text is no box: its stars are emphasis, and go (`withoutEmphasis`).
    @Test func boxedNoticesLoseTheirFrame() {
        let text = """
            Terms

            ****************************************
            *                                      *
            *  6. Disclaimer of Warranty           *
            *  -------------------------           *
            *                                      *
            *  The work is provided "as is",       *
            *  without warranty of any kind.       *
            *                                      *
            ****************************************

            *emphasis* is no frame, *really*
            """
        let a = PlainTextParser.parse(text, source: "notice.txt").articles[0]
        #expect(a.blocks.contains(Block(.heading(level: 2), "6. Disclaimer of Warranty")))
        #expect(a.blocks.contains(Block(.paragraph, "The work is provided \"as is\", without warranty of any kind.")))
        #expect(a.blocks.contains(Block(.paragraph, "emphasis is no frame, really")))
        #expect(!a.blocks.contains { $0.text.contains("**") || $0.text.hasPrefix("* ") })
        let crlf = PlainTextParser.parse(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"), source: "n.txt")
        #expect(crlf.articles[0].blocks == a.blocks)
    }

    /// A manual page rendered as text: titled by its NAME line, its headings set apart from their indented bodies,
    /// words the formatter hyphenated at a line's end joined, and its header and footer lines dropped.
    @Test func manualPagesReadAsTheirName() {
        let page = """
            ZIP(1)                    General Commands                    ZIP(1)

            NAME
                   zip - package and compress files

            DESCRIPTION
                   zip is a compression and file packaging utility. It reads the
                   files named and writes them to an archive under the li\u{2010}
                   cence of its authors.

            zip 3.0                       June 2008                       ZIP(1)
            """
        let a = PlainTextParser.parse(page, source: "zip.txt").articles[0]
        #expect(a.title == "zip - package and compress files")
        #expect(a.blocks == [Block(.heading(level: 2), "NAME"), Block(.paragraph, "zip - package and compress files"),
                             Block(.heading(level: 2), "DESCRIPTION"),
                             Block(.paragraph, "zip is a compression and file packaging utility. It reads the files named and writes them to an archive under the licence of its authors.")])
    }
}

/// A plain-text file that opens with `Field: value` lines (mail, RFCs, Python's PEPs) takes its title, authors
/// and date from them; each field stays as a list item. Text that only has a colon or two does not.
@Suite struct HeaderFieldsTests {
    @Test func pepHeader() {
        let text = """
            PEP: 9999
            Title: Frobnicating Widgets
            Author: Ada Example <ada@example.org>, Bo Sample <bo@example.org>,
                    Cy Person <cy@example.org>
            Status: Final
            Created: 28-Feb-2018
            Python-Version: 3.8

            Abstract
            ========

            This proposal adds the ``frob`` keyword::

                frob widget
            """
        let a = PlainTextParser.parse(text, source: "pep-9999.txt").articles[0]
        #expect(a.title == "Frobnicating Widgets")
        #expect(a.author == "Ada Example, Bo Sample, Cy Person")
        #expect(a.date == "2018-02-28")
        #expect(a.blocks.first == Block(.listItem, "PEP: 9999"))
        #expect(a.blocks.contains(Block(.listItem, "Python-Version: 3.8")))
        #expect(a.blocks.contains(Block(.heading(level: 2), "Abstract")))
        #expect(a.blocks.contains(Block(.paragraph, "This proposal adds the `frob` keyword:")), "\(a.blocks)")
    }

    @Test(arguments: [
        "Note: this is a sentence.\nIt goes on here.\n\nMore text.",
        "Apache License\nVersion 2.0, January 2004\nhttp://www.apache.org/licenses/\n\nTERMS",
        "Time: 12:30\nPlace: home\n\nText.",
        "Usage: lore ask QUESTION\nSee: the manual\nAlso: nothing\nplain line without a field\n\nText.",
    ])
    func noHeader(_ text: String) {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        #expect(HeaderFields.take(&lines) == nil)
        #expect(lines.count == text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
    }

    @Test(arguments: [("28-Feb-2018", "2018-02-28"), ("5-jul-2001", "2001-07-05"), ("2018-02-28", nil), ("32-Jan-2000", nil)])
    func dayMonthYear(_ raw: String, _ iso: String?) {
        #expect(HeaderFields.dayMonthYear(raw) == iso)
    }
}
