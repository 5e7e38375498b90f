import Retrieval

/// A multinomial naive Bayes classifier over word, word-pair and character-trigram features,
/// trained at start-up on the example utterances in Prompts/tools.json. Character trigrams keep it
/// steady under typos ("sumarize"); the first word carries extra weight, as intent usually leads.
public struct Classifier: Sendable {
    /// Features are kept as 64-bit FNV-1a hashes of their text: training runs at every start-up,
    /// and building a String per feature was most of its cost.
    var counts: [Tool: [UInt64: Double]] = [:]
    var totals: [Tool: Double] = [:]
    var vocabulary = Set<UInt64>()

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

    static func features(_ text: String) -> [(UInt64, Double)] {
        let ws = words(text).map { Array($0.utf8) }
        var out: [(UInt64, Double)] = []
        out.reserveCapacity(ws.count * 10)
        for (i, w) in ws.enumerated() {
            out.append((Feature("w").add(w).hash, 1))
            if i + 1 < ws.count { out.append((Feature("b").add(w).add([0x5F]).add(ws[i + 1]).hash, 1)) }
            // Character trigrams over "^word$", on whole UTF-8 sequences of each scalar.
            let scalars = [[0x5E]] + String(decoding: w, as: UTF8.self).unicodeScalars.map { Array(String($0).utf8) } + [[0x24]]
            if scalars.count >= 3 {
                for k in 0...(scalars.count - 3) {
                    out.append((Feature("c").add(scalars[k]).add(scalars[k + 1]).add(scalars[k + 2]).hash, 0.25))
                }
            }
        }
        if let first = ws.first { out.append((Feature("f").add(first).hash, 2)) }
        if ws.count > 1 { out.append((Feature("f2").add(ws[0]).add([0x5F]).add(ws[1]).hash, 1.5)) }
        if text.hasSuffix("?") { out.append((Feature("q").hash, 0.5)) }
        return out
    }
}

/// FNV-1a over a feature's kind and its bytes.
struct Feature {
    var hash: UInt64 = 0xcbf29ce484222325
    init(_ kind: StaticString) {
        kind.withUTF8Buffer { for b in $0 { mix(b) } }
        mix(0x3A)
    }
    mutating func mix(_ b: UInt8) { hash = (hash ^ UInt64(b)) &* 0x100000001b3 }
    func add(_ bytes: [UInt8]) -> Feature {
        var f = self
        for b in bytes { f.mix(b) }
        return f
    }
}
