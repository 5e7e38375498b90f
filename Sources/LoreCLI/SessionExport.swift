import Assistant
#if canImport(Glibc)
import Glibc
#endif

/// A conversation as Markdown.
enum SessionExport {
    static func markdown(store: SessionStore, id: Int64) -> String {
        let turns = (try? store.turns(id)) ?? []
        var out = "# lore session \(id)\n\n"
        for t in turns {
            out += "## You\n\n\(t.input)\n\n"
            var call = ""
            if let v = try? MiniJSON.parse(t.toolCall), let name = v["name"]?.string { call = name }
            out += "## lore" + (call.isEmpty ? "" : " (\(call))") + (t.interrupted ? " — interrupted" : "") + "\n\n\(t.answer)\n\n"
        }
        return out
    }

    static func write(_ text: String, to path: String) -> Bool {
        guard let f = fopen(path, "w") else { return false }
        defer { fclose(f) }
        return fputs(text, f) >= 0
    }
}
