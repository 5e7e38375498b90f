/// Public entry point: HTML fragment → clean blocks and links.
public enum HTMLText {
    public static func blocks(fromHTML html: String) -> (blocks: [Block], links: [Link]) {
        let r = parse(Array(html.utf8))
        return (r.blocks, r.links)
    }

    /// Same, with warnings (deep nesting flattened), optionally limited to `scope` elements or the element with ARIA `role`.
    static func parse(_ bytes: [UInt8], scope: Set<String> = [], role: String? = nil) -> (blocks: [Block], links: [Link], warnings: [String]) {
        var builder = HTMLBlockBuilder()
        builder.scope = scope
        builder.scopeRole = role
        bytes.withUnsafeBufferPointer { p in
            var tokenizer = MarkupTokenizer(p, html: true)
            while let t = tokenizer.next() { builder.feed(t, p) }
        }
        builder.finish()
        return (builder.blocks, builder.links, builder.warnings)
    }
}
