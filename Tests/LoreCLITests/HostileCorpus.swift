import Foundation

/// The "Hardening" corpus: every kind of bad input beside three good RSS items.
struct HostileCorpus {
    let root: String
    var corpus: String { root + "/corpus" }
    var db: String { root + "/index.sqlite" }
    let marker = "SECRET-MARKER-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    /// Words found only in the good items.
    static let goodWords = ["quokkaflux", "zarnithium", "blorptastic"]
    /// Files that hold nothing usable: each must be reported (by name) exactly once when indexed.
    static let unusable = ["image.png", "empty.txt", "truncated.json", "loop", "nul.txt"]

    init() throws {
        root = CLI.tempDirectory("hostile")
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/corpus/sub", withIntermediateDirectories: true)
        try Data((marker + "\n").utf8).write(to: URL(fileURLWithPath: root + "/secret.txt"))

        try put("good.xml", Self.rss(Self.goodWords.enumerated().map { i, w in
            item("Good article \(i + 1) about \(w)", "The \(w) technique is explained here in plain words, with \(w) examples.", guid: "good-\(i + 1)")
        }))
        try put("truncated.xml", "<?xml version=\"1.0\"?><rss><channel><item><title>Cut short truncword</title><description>half a bo")
        let lol = (1...9).map { i in "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">" }.joined(separator: "\n")
        try put("bomb.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY lol0 \"lol\">\n\(lol)\n]>\n"
                + Self.rss([item("Laughs &lol9;", "bombword &lol9; &lol8;")]))
        try put("xxe.xml", "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"file://\(root)/secret.txt\">"
                + "<!ENTITY % pe SYSTEM \"file://\(root)/secret.txt\"> %pe;]>\n"
                + Self.rss([item("External xxeword &xxe;", "xxeword body &xxe; end")]))
        try put("latin1.txt", Array("Caf\u{E9} latinword na\u{EF}ve text about espresso.\n".unicodeScalars.map { UInt8($0.value) }))
        try put("utf16.txt", [0xFF, 0xFE] + "UTF sixteen utfsixteenword text.\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        try put("image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52] + [UInt8](repeating: 0, count: 64))
        try put("empty.txt", [UInt8]())
        try put("nul.txt", Array("nulword".utf8) + [UInt8](repeating: 0, count: 4096) + Array("more".utf8))
        try put("deep.html", "<!DOCTYPE html><html><head><title>Deep deepword</title></head><body>"
                + String(repeating: "<div>", count: 200_000) + "deepword inside" + String(repeating: "</div>", count: 200_000) + "</body></html>")
        var big = [UInt8](); big.reserveCapacity(24 << 20)
        let phrase = Array("longlineword spans a single enormous line of text ".utf8)
        while big.count < 24 << 20 { big += phrase }
        try put("oneline.txt", big)
        let esc = "\u{1B}]52;c;SGVsbG8=\u{07}", clear = "\u{1B}[2J", red = "\u{1B}[31m", csi = "\u{9B}31m"
        try put("escapes.xml", Self.rss([
            item("Escapeword \(esc)\(clear)\(red)title", "escapeword body \(esc) \(clear) \(red) red \(csi) csi", guid: "esc-1"),
            item("Numeric &#27;]52;c;SGVsbG8=&#7; &#x1B;[2J &#155;31m escapeword", "escapeword &#27;[31m refs &#x9B;2J", guid: "esc-2"),
        ]))
        try put("escapes.md", "---\ntitle: \"Markdown \(red)escapeword\(clear)\"\n---\n# Heading \(esc)\n\nescapeword paragraph \(clear)\n\n```\ncode \(red) block\n```\n")
        try put("escapes.jsonl", "{\"title\": \"JSON \\u001b[2J escapeword\", \"text\": \"escapeword \\u001b]52;c;SGVsbG8=\\u0007 \\u009b31m\"}\n")
        try put("untitled.xml", Self.rss([item(nil, "untitledword body of an item that has no title at all.", guid: "untitled-1")]))
        try put("truncated.json", "[{\"title\": \"Trunc\", \"text\": \"abc")
        try put("records.jsonl", "{\"id\": \"j1\", \"title\": \"Jsonl one\", \"text\": \"jsonlword first\"}\n{\"id\": \"j2\", \"title\": broken\n"
                + "{\"id\": \"j3\", \"title\": \"Jsonl three\", \"text\": \"jsonlword third\"}\n")
        try fm.createSymbolicLink(atPath: root + "/corpus/sub/loop", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: root + "/corpus/loop", withDestinationPath: ".")
        try put("new\nline.md", "---\ntitle: Newline name\n---\nnewlinenameword inside a file whose name holds a newline.\n")
    }

    func put(_ name: String, _ text: String) throws { try put(name, Array(text.utf8)) }
    func put(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: corpus + "/" + name)) }

    func item(_ title: String?, _ body: String, guid: String? = nil) -> String {
        "<item>" + (title.map { "<title>\($0)</title>" } ?? "") + (guid.map { "<guid>\($0)</guid>" } ?? "")
            + "<description>\(body)</description></item>\n"
    }

    static func rss(_ items: [String]) -> String {
        "<rss version=\"2.0\"><channel><title>Hostile</title>\n" + items.joined() + "</channel></rss>\n"
    }

    /// Built and indexed once per test process.
    static let shared: (corpus: HostileCorpus, index: Run)? = {
        guard let c = try? HostileCorpus() else { return nil }
        guard let run = try? CLI.lore(["index", "--json"], corpus: c.corpus, db: c.db, timeout: 120) else { return nil }
        return (c, run)
    }()
}
