import Analysis
import Retrieval

/// The names a question is about — capitalised words after its first ("Metal", "Go", "WWDC") and
/// code-like words ("confirmation()", "viewDidLoad", "asyncio.gather") — and whether a piece of text
/// mentions them. A question about "Go modules" is not answered by a passage that says "go to
/// Settings", and one about "confirmation()" is not answered by "it confirms the addition": the
/// answer tool abstains unless its best evidence names what the question names.
struct QuestionName: Equatable {
    /// As written, cleaned of quotes, possessives and trailing punctuation ("Wals'" → "Wals").
    var text: String
    /// Written like code: call parentheses, a dot or underscore inside, or inner capitals.
    var isCode: Bool
    /// Written as a call ("confirmation()"): the evidence must show it called, not just the word.
    var isCall: Bool
    /// The words right after the name up to the next punctuation ("Metal compute shader for…" →
    /// "compute", "shader", "for", …), as written; the caller decides where the compound ends.
    var following: [String] = []

    static func of(_ question: String) -> [QuestionName] {
        var out: [QuestionName] = []
        let words = question.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        var afterSentenceEnd = true
        for (index, raw) in words.enumerated() {
            defer { afterSentenceEnd = raw.last.map { ".?!:".contains($0) } ?? false }
            var w = String(raw).trimmingCharacters(in: "?,;:!\"'“”‘’[]{}")
            if w.hasSuffix("'s") || w.hasSuffix("’s") { w = String(w.dropLast(2)) }
            if w.hasSuffix(".") { w = String(w.dropLast()) }
            let isCall = w.hasSuffix("()")
            if isCall { w = String(w.dropLast(2)) }
            guard w.count >= 2, let first = w.first, w.contains(where: \.isLetter) else { continue }
            let inner = w.dropFirst()
            let isCode = isCall || (w.contains(".") || w.contains("_") || w.contains("("))
                || (inner.contains(where: \.isUppercase) && w.contains(where: \.isLowercase))
            let capitalised = first.isUppercase && !afterSentenceEnd
            guard isCode || capitalised else { continue }
            var name = QuestionName(text: w, isCode: isCode, isCall: isCall)
            if let last = raw.last, last.isLetter || last.isNumber {
                for next in words[(index + 1)...] {
                    let clean = String(next).trimmingCharacters(in: "?,;:!.\"'“”‘’()[]{}")
                    if !clean.isEmpty { name.following.append(clean) }
                    if let l = next.last, !(l.isLetter || l.isNumber) { break }
                }
            }
            if !out.contains(where: { $0.text == name.text }) { out.append(name) }
        }
        return out
    }

    /// Whether `lowercasedText` mentions this name as a whole word (case-insensitive); a call must
    /// appear with its opening parenthesis.
    func isMentioned(in lowercasedText: String) -> Bool {
        let needle = text.lowercased() + (isCall ? "(" : "")
        var rest = Substring(lowercasedText)
        while let r = rest.firstRange(of: needle) {
            let before = rest[..<r.lowerBound].last
            let after = rest[r.upperBound...].first
            let boundaryBefore = before.map { !$0.isLetter && !$0.isNumber } ?? true
            let boundaryAfter = isCall || (after.map { !$0.isLetter && !$0.isNumber } ?? true)
            if boundaryBefore && boundaryAfter { return true }
            rest = rest[r.upperBound...]
        }
        return false
    }
}
