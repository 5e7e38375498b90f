/// Public entry point: HTML fragment → clean blocks and links.
public enum HTMLText {
    /// Alt text that names an image's role, not what it shows ("avatar", "logo", "image", "photo.png"): read as
    /// text it puts a stray word before the pull quote or paragraph the image sits in ("avatar I fumbled it.").
    public static func isPlaceholderAlt(_ alt: String) -> Bool {
        let a = alt.lowercased().split(separator: " ").joined(separator: " ")
        if placeholderAlts.contains(a) { return true }
        return [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"].contains { a.hasSuffix($0) } && !a.contains(" ")
    }

    static let placeholderAlts: Set<String> = ["avatar", "user avatar", "profile picture", "image", "img", "picture", "photo",
                                               "icon", "logo", "screenshot", "banner", "thumbnail", "spacer", "alt", "alt text"]

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
