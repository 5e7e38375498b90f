#if canImport(Glibc)
import Glibc
#endif

/// `LORE_ANSWER_FEATURES=FILE` appends one JSON line per answered question: the evidence vector and
/// every candidate's features and text. scripts/fit_answer_model.py fits the model file from it.
enum FeatureDump {
    static func write(question: String, profile: QuestionProfile, ranked: [AnswerCandidate], pool: CandidatePool, evidence: [Double]) {
        guard let path = getenv("LORE_ANSWER_FEATURES").map({ String(cString: $0) }), !path.isEmpty else { return }
        var line = "{\"question\":" + quote(question) + ",\"kind\":" + quote(profile.kind.rawValue)
        line += ",\"feature_names\":[" + AnswerFeatures.names.map(quote).joined(separator: ",") + "]"
        line += ",\"evidence_names\":[" + Evidence.names.map(quote).joined(separator: ",") + "]"
        line += ",\"evidence\":" + numbers(evidence) + ",\"candidates\":["
        for (i, c) in ranked.enumerated() {
            let a = pool.article(c.unit.doc)?.article
            line += (i == 0 ? "" : ",") + "{\"source\":" + quote(a?.source ?? "") + ",\"line\":\(a?.line ?? 0),\"index\":\(c.unit.index)"
            line += ",\"text\":" + quote(c.unit.text) + ",\"f\":" + numbers(c.features) + "}"
        }
        line += "]}\n"
        guard let f = fopen(path, "a") else { return }
        fputs(line, f)
        fclose(f)
    }

    static func numbers(_ xs: [Double]) -> String {
        "[" + xs.map { $0.isFinite ? "\(($0 * 1e6).rounded() / 1e6)" : "0" }.joined(separator: ",") + "]"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += "\\u00" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
