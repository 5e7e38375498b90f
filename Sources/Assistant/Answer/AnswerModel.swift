#if canImport(Glibc)
import Glibc
#endif

/// A logistic model over named features: z = bias + Σ wᵢ·(xᵢ − meanᵢ)/scaleᵢ. The names tie each
/// weight to the feature the code computes, so a model file fitted on another feature list fails to
/// load with a message instead of scoring the wrong things.
struct LinearModel: Sendable, Equatable {
    var names: [String]
    var weights: [Double]
    var bias: Double
    var mean: [Double]
    var scale: [Double]

    /// The model's weights rearranged to the order of `order` (features the model lacks weigh 0).
    func aligned(to order: [String]) -> LinearModel {
        var m = LinearModel(names: order, weights: Array(repeating: 0, count: order.count), bias: bias,
                            mean: Array(repeating: 0, count: order.count), scale: Array(repeating: 1, count: order.count))
        for (i, n) in names.enumerated() {
            guard let j = order.firstIndex(of: n) else { continue }
            m.weights[j] = weights[i]; m.mean[j] = mean[i]; m.scale[j] = scale[i] == 0 ? 1 : scale[i]
        }
        return m
    }

    func logit(_ x: [Double]) -> Double {
        var z = bias
        for i in 0..<min(x.count, weights.count) where weights[i] != 0 { z += weights[i] * (x[i] - mean[i]) / scale[i] }
        return z
    }

    /// Each feature's share of the logit, for `--explain`.
    func contributions(_ x: [Double]) -> [(String, Double)] {
        var out: [(String, Double)] = []
        for i in 0..<min(x.count, weights.count) where weights[i] != 0 {
            let v: Double = weights[i] * (x[i] - mean[i]) / scale[i]
            out.append((names[i], v))
        }
        return out
    }

    static func sigmoid(_ z: Double) -> Double { 1 / (1 + exp(-z)) }
}

/// The fitted answer model (Prompts/answer_model.json): how sentences are scored, when to abstain,
/// and the selection settings fitted with them.
struct AnswerModel: Sendable, Equatable {
    var sentence: LinearModel
    var abstain: LinearModel
    /// Answer when p(answerable) is at least this.
    var threshold: Double
    var selection: [String: Double]
    /// How the question is read: `common_zipf` and `rare_zipf`, the general-English frequencies between which a
    /// word the corpus never uses goes from no unknown mass to all of its IDF (`CommonWords.unknownWeight`).
    var question: [String: Double] = [:]
    /// How an article's summary weighs its sentences (`Summarizer.central`): set by hand, there being no
    /// summaries to fit them on.
    var summary: [String: Double] = [:]

    func setting(_ name: String, _ fallback: Double) -> Double { selection[name] ?? fallback }
    func summarySetting(_ name: String, _ fallback: Double) -> Double { summary[name] ?? fallback }

    static func parse(_ json: JSONValue, path: String) throws(PromptError) -> AnswerModel {
        func linear(_ key: String, known: [String]) throws(PromptError) -> LinearModel {
            guard let o = json[key], let names = o["features"]?.strings, let w = o["weights"]?.array?.compactMap(\.number),
                  w.count == names.count else {
                throw PromptError(description: "\(path): \"\(key)\" needs \"features\" and as many \"weights\"")
            }
            if let bad = names.first(where: { !known.contains($0) }) {
                throw PromptError(description: "\(path): \"\(key)\" names a feature lore does not compute: \(bad)")
            }
            let mean = o["mean"]?.array?.compactMap(\.number) ?? Array(repeating: 0, count: names.count)
            let scale = o["scale"]?.array?.compactMap(\.number) ?? Array(repeating: 1, count: names.count)
            guard mean.count == names.count, scale.count == names.count else {
                throw PromptError(description: "\(path): \"\(key)\" needs \"mean\" and \"scale\" as long as \"features\"")
            }
            return LinearModel(names: names, weights: w, bias: o["bias"]?.number ?? 0, mean: mean, scale: scale).aligned(to: known)
        }
        func numbers(_ key: String) -> [String: Double] {
            var out: [String: Double] = [:]
            for (k, v) in json[key]?.object ?? [:] { if let n = v.number { out[k] = n } }
            return out
        }
        return AnswerModel(sentence: try linear("sentence", known: AnswerFeatures.names),
                           abstain: try linear("abstain", known: Evidence.names),
                           threshold: json["abstain"]?["threshold"]?.number ?? 0.5, selection: numbers("selection"),
                           question: numbers("question"), summary: numbers("summary"))
    }
}
