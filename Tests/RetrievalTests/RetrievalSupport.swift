import Foundation
@testable import Retrieval
import Testing

/// A scratch corpus of three small files (RSS, Markdown, JSON Lines) and an index beside it.
struct Scratch {
    let root: String
    var corpus: String { root + "/corpus" }
    var db: String { root + "/index.sqlite" }

    init() throws {
        root = FileManager.default.temporaryDirectory.path + "/lore-retrieval-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/corpus", withIntermediateDirectories: true)
        try write("feed.xml", Scratch.feed)
        try write("notes.md", Scratch.markdown)
        try write("records.jsonl", Scratch.records)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: corpus + "/" + name, atomically: false, encoding: .utf8)
    }

    func remove(_ name: String) throws { try FileManager.default.removeItem(atPath: corpus + "/" + name) }

    func open() throws -> Index { try Index(path: db, corpus: corpus) }

    func cleanup() { try? FileManager.default.removeItem(atPath: root) }

    func search(_ index: Index, _ text: String, _ configure: (inout SearchQuery) -> Void = { _ in }) throws -> [Hit] {
        var q = SearchQuery(text: text, limit: 10)
        configure(&q)
        return try Searcher(index: index).search(q)
    }

    static let feed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel>
        <title>Harbour Notes</title>
        <item>
          <title>Mooring a zeppelin in a crosswind</title>
          <link>https://example.com/zeppelin</link>
          <guid>zeppelin-1</guid>
          <dc:creator>Ada Quill</dc:creator>
          <pubDate>Mon, 03 Mar 2025 10:00:00 +0000</pubDate>
          <description>&lt;p&gt;Ground crews tie the airship to a mast and let it weathervane around the ropes.&lt;/p&gt;</description>
        </item>
        <item>
          <title>Lighthouse lenses and their keepers</title>
          <link>https://example.com/lenses</link>
          <guid>lenses-1</guid>
          <dc:creator>Bram Stoker</dc:creator>
          <pubDate>Tue, 10 Jun 2024 10:00:00 +0000</pubDate>
          <description>&lt;p&gt;Fresnel lenses bend the beam of a lamp; a zeppelin pilot once used one to navigate at night. Keepers polish the glass every morning, trim the wick, wind the clockwork and log the weather.&lt;/p&gt;</description>
        </item>
      </channel>
    </rss>
    """

    static let markdown = """
    ---
    title: Knot tying for sailors
    author: Cleo Rigg
    date: 2023-05-01
    ---
    # Knot tying for sailors

    The bowline makes a fixed loop at the end of a rope. The clove hitch fastens a line to a post.
    """

    static let records = """
    {"id": "rec-1", "title": "Tide tables explained", "text": "Spring tides follow the new and full moon.", "author": "Dana Moss", "date": "2022-01-15"}
    {"id": "rec-2", "title": "Anchors and chain", "text": "Scope of chain matters more than the weight of the anchor.", "author": "Ada Quill", "date": "2025-07-20"}
    """
}
