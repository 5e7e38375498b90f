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

    static func of(_ question: String) -> [QuestionName] {
        var out: [QuestionName] = []
        let words = question.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        var afterSentenceEnd = true
        for raw in words {
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
            let name = QuestionName(text: w, isCode: isCode, isCall: isCall)
            if !out.contains(name) { out.append(name) }
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
