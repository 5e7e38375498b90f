import Retrieval

/// A multinomial naive Bayes classifier over word, word-pair and character-trigram features,
/// trained at start-up on the example utterances in Prompts/tools.json. Character trigrams keep it
/// steady under typos ("sumarize"); the first word carries extra weight, as intent usually leads.
public struct Classifier: Sendable {
    /// Features are kept as 64-bit FNV-1a hashes of their text: training runs at every start-up,
    /// and building a String per feature was most of its cost. A feature's row holds its weight per
    /// tool (in `Tool.allCases` order) in one flat array: one table lookup per feature.
    var rows: [UInt64: Int] = [:]
    var weights: [Double] = []
    var totals = [Double](repeating: 0, count: Tool.allCases.count)
    static let toolCount = Tool.allCases.count

    public init(examples: [(Tool, String)]) {
        let tools = Tool.allCases
        rows.reserveCapacity(examples.count * 16)
        weights.reserveCapacity(examples.count * 16 * Self.toolCount)
        for (tool, text) in examples {
            let t = tools.firstIndex(of: tool)!
            for (f, w) in Classifier.features(text) {
                let row: Int
                if let r = rows[f] { row = r } else {
                    row = rows.count
                    rows[f] = row
                    weights.append(contentsOf: repeatElement(0, count: Self.toolCount))
                }
                weights[row * Self.toolCount + t] += w
                totals[t] += w
            }
        }
    }

    /// Log-probability per tool, best first; ties keep `Tool.allCases` order.
    public func scores(_ text: String) -> [(Tool, Double)] {
        let feats = Classifier.features(text)
        let v = Double(rows.count) + 1
        var sums = [Double](repeating: 0, count: totals.count)
        for (f, w) in feats {
            guard let row = rows[f] else { continue }  // outside the vocabulary
            for t in sums.indices {
                sums[t] += w * ((weights[row * Self.toolCount + t] + 0.1) / (totals[t] + 0.1 * v)).logValue
            }
        }
        return zip(Tool.allCases, sums).map { ($0, $1) }.sorted { $0.1 > $1.1 }
    }

    public func classify(_ text: String) -> Tool { scores(text).first?.0 ?? .answer }

    static func words(_ text: String) -> [String] {
        wordBytes(text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Lower-cased words as UTF-8 bytes: ASCII letters and digits (with a dot between digits), any non-ASCII
    /// letter, the apostrophe (’ read as ') and ';'; a trailing "'s" dropped. Punctuation from U+2000–U+206F (dashes, quotes,
    /// ellipsis) separates words. Works on bytes: it runs on every training example at start-up.
    static func wordBytes(_ text: String) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var cur: [UInt8] = []
        let u = Array(text.utf8)
        func flush() {
            guard !cur.isEmpty else { return }
            if cur.count > 2 && cur[cur.count - 2] == 0x27 && cur[cur.count - 1] == 0x73 { cur.removeLast(2) }
            out.append(cur); cur = []
        }
        var i = 0
        while i < u.count {
            let b = u[i]
            if b < 0x80 {
                switch b {
                case 0x41...0x5A: cur.append(b + 32)
                case 0x61...0x7A, 0x30...0x39, 0x27, 0x3B: cur.append(b)
                // A number keeps its dots ("1.85", "5.9.2"), as the analyzer reads it.
                case 0x2E where cur.last.map({ $0 >= 0x30 && $0 <= 0x39 }) == true && i + 1 < u.count && u[i + 1] >= 0x30 && u[i + 1] <= 0x39:
                    cur.append(b)
                default: flush()
                }
                i += 1
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            let end = min(i + length, u.count)
            if b == 0xE2, end - i == 3, u[i + 1] == 0x80 || u[i + 1] == 0x81 {
                if u[i + 1] == 0x80 && u[i + 2] == 0x99 { cur.append(0x27) } else { flush() }  // ’ or other punctuation
            } else {
                let scalar = String(decoding: u[i..<end], as: UTF8.self)
                if scalar.first?.isLetter == true || scalar.first?.isNumber == true {
                    cur.append(contentsOf: Array(scalar.lowercased().utf8))
                } else { flush() }
            }
            i = end
        }
        flush()
        return out
    }

    static func features(_ text: String) -> [(UInt64, Double)] {
        let ws = wordBytes(text)
        var out: [(UInt64, Double)] = []
        out.reserveCapacity(ws.count * 10)
        for (i, w) in ws.enumerated() {
            out.append((Feature("w").add(w).hash, 1))
            if i + 1 < ws.count { out.append((Feature("b").add(w).add([0x5F]).add(ws[i + 1]).hash, 1)) }
            // Character trigrams over "^word$", each character a whole UTF-8 sequence.
            var starts: [Int] = [-1]  // -1 stands for "^"
            for (k, b) in w.enumerated() where b & 0xC0 != 0x80 { starts.append(k) }
            starts.append(w.count)    // w.count stands for "$"
            if starts.count >= 3 {
                for k in 0...(starts.count - 3) {
                    var f = Feature("c")
                    for m in k..<(k + 3) {
                        let a = starts[m]
                        if a < 0 { f.mix(0x5E); continue }
                        if a >= w.count { f.mix(0x24); continue }
                        for x in a..<starts[m + 1] { f.mix(w[x]) }
                    }
                    out.append((f.hash, 0.25))
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
