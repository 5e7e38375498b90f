import Retrieval

/// A multinomial naive Bayes classifier over word, word-pair and character-trigram features,
/// trained at start-up on the example utterances in Prompts/tools.json. Character trigrams keep it
/// steady under typos ("sumarize"); the first word carries extra weight, as intent usually leads.
public struct Classifier: Sendable {
    var counts: [Tool: [String: Double]] = [:]
    var totals: [Tool: Double] = [:]
    var vocabulary = Set<String>()

    public init(examples: [(Tool, String)]) {
        for (tool, text) in examples {
            for (f, w) in Classifier.features(text) {
                counts[tool, default: [:]][f, default: 0] += w
                totals[tool, default: 0] += w
                vocabulary.insert(f)
            }
        }
    }

    /// Log-probability per tool, best first.
    public func scores(_ text: String) -> [(Tool, Double)] {
        let feats = Classifier.features(text)
        let v = Double(vocabulary.count) + 1
        var out: [(Tool, Double)] = []
        for tool in Tool.allCases {
            let c = counts[tool] ?? [:]
            let total = totals[tool] ?? 0
            var s = 0.0
            for (f, w) in feats where vocabulary.contains(f) {
                s += w * (((c[f] ?? 0) + 0.1) / (total + 0.1 * v)).logValue
            }
            out.append((tool, s))
        }
        return out.sorted { $0.1 > $1.1 }
    }

    public func classify(_ text: String) -> Tool { scores(text).first?.0 ?? .answer }

    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "'" || ch == "’" || ch == ";" {
                if ch == "’" { cur.append("'") } else { cur.append(ch) }
            } else if !cur.isEmpty { out.append(cur); cur = "" }
        }
        if !cur.isEmpty { out.append(cur) }
        return out.map { $0.hasSuffix("'s") ? String($0.dropLast(2)) : $0 }
    }

    static func features(_ text: String) -> [(String, Double)] {
        let ws = words(text)
        var out: [(String, Double)] = []
        for (i, w) in ws.enumerated() {
            out.append(("w:" + w, 1))
            if i + 1 < ws.count { out.append(("b:" + w + "_" + ws[i + 1], 1)) }
            let chars = Array("^" + w + "$")
            if chars.count >= 3 { for k in 0...(chars.count - 3) { out.append(("c:" + String(chars[k..<k + 3]), 0.25)) } }
        }
        if let first = ws.first { out.append(("f:" + first, 2)) }
        if ws.count > 1 { out.append(("f2:" + ws[0] + "_" + ws[1], 1.5)) }
        if text.hasSuffix("?") { out.append(("q:?", 0.5)) }
        return out
    }
}
