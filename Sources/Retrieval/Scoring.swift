/// Ranking functions, written as pure functions that cite their formulas.
public enum Ranking: String, Sendable, CaseIterable {
    case bm25, tfidf
}

/// Tunable parameters of the ranking. Defaults follow Lucene (k1 = 1.2, b = 0.75); field weights and
/// the passage share were set on the SciFact and Cranfield collections, not on the dev questions
/// (`scripts/tune_ranking.py` runs the grid; its figures are in ARCHITECTURE.md).
public struct RankingParameters: Sendable, Equatable {
    public var k1 = 1.2
    public var b = 0.75
    public var titleWeight = 3.0
    public var headingWeight = 1.0
    public var bodyWeight = 1.0
    /// How much the best passage's BM25 score adds to the article's.
    public var passageWeight = 0.8
    /// How much an article whose title the query holds whole ("worker threads" for "Worker threads") gains: this share
    /// of the title terms' summed IDF.
    public var namedWeight = 1.0
    /// The share of its weight that a question's word among the commonest in English keeps (`SearchQuery.everyday`):
    /// in "Why does my build keep taking longer? Is there a cache option?" the asking is done in everyday words
    /// ("keep", "taking"), which a technical corpus may use so seldom that their IDF outweighs what is asked about.
    public var everydayWeight = 0.5
    /// Where English words turn everyday, on the Zipf scale: rarer than `rare` none of the discount, from `common` all of
    /// it, linear between. The abstention model's bands for a word no article has (Prompts/answer_model.json).
    public var everydayRare = 5.0, everydayCommon = 6.0
    public init() {
        // Experiments: LORE_RANKING="k1=1.2,b=0.75,title=2,heading=1,passage=0.3" (used by the tuning notes).
        guard let raw = getenv("LORE_RANKING") else { return }
        for pair in String(cString: raw).split(separator: ",") {
            let kv = pair.split(separator: "=")
            guard kv.count == 2, let v = Double(kv[1]) else { continue }
            switch kv[0] {
            case "k1": k1 = v
            case "b": b = v
            case "title": titleWeight = v
            case "heading": headingWeight = v
            case "passage": passageWeight = v
            case "named": namedWeight = v
            case "everyday": everydayWeight = v
            default: break
            }
        }
    }
}

public enum Scoring {
    /// Lucene's BM25 idf: ln(1 + (N − df + 0.5) / (df + 0.5)), never negative.
    @inline(__always)
    public static func idf(n: Int, df: Int) -> Double {
        (1 + (Double(n) - Double(df) + 0.5) / (Double(df) + 0.5)).logValue
    }

    /// Length-normalised field frequency of BM25F: tf / (1 − b + b · len / avglen).
    @inline(__always)
    static func normalized(tf: Int, length: Int, average: Double, b: Double) -> Double {
        guard tf > 0 else { return 0 }
        let avg = average > 0 ? average : 1
        return Double(tf) / (1 - b + b * Double(length) / avg)
    }

    /// BM25 saturation: tf · (k1 + 1) / (tf + k1).
    @inline(__always)
    static func saturate(_ tf: Double, k1: Double) -> Double { tf * (k1 + 1) / (tf + k1) }

    /// What an article gains when the query holds its title whole: the query's title occurrences (`titleTerms`, with
    /// repeats) reach the title's length; the gain is `weight` times those terms' summed IDF, else 0.
    static func namedGain(titleTerms: Int, titleLength: Int, idf: Double, weight: Double) -> Double {
        titleLength > 0 && titleTerms >= titleLength ? weight * idf : 0
    }

    /// TF-IDF with sublinear tf, ltc-style: (1 + ln tf) · idf, divided by √length as a cheap cosine norm.
    @inline(__always)
    static func tfidf(tf: Double, idf: Double, length: Int) -> Double {
        guard tf > 0 else { return 0 }
        return (1 + tf.logValue) * idf * idf / Double(max(length, 1)).squareRoot()
    }
}

extension Double {
    /// Natural logarithm without importing Foundation.
    public var logValue: Double { _log(self) }
}

@inline(__always) func _log(_ x: Double) -> Double {
    #if canImport(Glibc)
    return Glibc.log(x)
    #else
    return Darwin.log(x)
    #endif
}
#if canImport(Glibc)
import Glibc
#endif
