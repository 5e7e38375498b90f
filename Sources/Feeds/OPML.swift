import Corpus

/// OPML 2.0 for subscription lists: read with `FeedEntries.opmlFeeds`, written here.
public enum OPML {
    /// An OPML 2.0 document with one `<outline type="rss">` per subscription.
    public static func document(_ subs: [Subscription], created: String) -> String {
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head>
            <title>lore subscriptions</title>
            <dateCreated>\(escape(created))</dateCreated>
          </head>
          <body>

        """
        for s in subs {
            let title = escape(s.title ?? s.url)
            out += "    <outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escape(s.url))\"/>\n"
        }
        out += "  </body>\n</opml>\n"
        return out
    }

    /// XML attribute escaping; control characters (never valid in XML 1.0) are dropped.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: if u.value >= 0x20 && !(0x7F ... 0x9F).contains(u.value) { out.unicodeScalars.append(u) }
            }
        }
        return out
    }
}
