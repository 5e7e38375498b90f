@testable import LoreCLI
import Assistant
import Testing

@Suite("JSON writer")
struct JSONTests {
    /// Escaping as defined scalar by scalar; `JSON.escape` works on bytes and must agree.
    static func referenceEscape(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (u.value >= 0x80 && u.value < 0xA0) || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    @Test("escapes exactly the control characters, quotes, backslashes and U+2028/9", arguments: [
        "", "plain", "a \"quoted\" \\ path", "tab\tline\nreturn\r", "\u{0}\u{1}\u{1B}[2J\u{7F}",
        "\u{80}\u{85}\u{9B}31m\u{9F}\u{A0}é", "line\u{2028}para\u{2029}end\u{2027}\u{202A}", "“curly” 日本語 👍🏽 e\u{301}",
        "\u{2028}", "x\u{9F}",
    ])
    func escape(_ s: String) {
        var out = ""
        JSON.escape(s, into: &out)
        #expect(out == Self.referenceEscape(s))
    }

    @Test func everyScalarBelow0x3000() {
        let s = String(String.UnicodeScalarView((0..<0x3000).compactMap(Unicode.Scalar.init)))
        var out = ""
        JSON.escape(s, into: &out)
        #expect(out == Self.referenceEscape(s))
    }
}

/// The follow-up context survives `--resume`: every field comes back as it was saved.
@Suite struct ContextCodingTests {
    @Test func roundTrip() {
        var c = ConversationContext()
        let ref = TargetRef(doc: 3, id: "a", title: "Retain cycles", source: "x.xml", line: 7)
        c.lastHits = [ref]; c.lastArticle = ref; c.lastTopic = "retain cycles"; c.lastTool = .search; c.lastArticleIsFirstHit = true; c.lastAnswer = "Weak references do not retain. [1]"
        #expect(ContextCoding.decode(ContextCoding.encode(c)) == c)
        c.lastArticleIsFirstHit = false
        #expect(ContextCoding.decode(ContextCoding.encode(c)) == c)
        #expect(ContextCoding.decode("{\"lastTopic\": \"old session\"}").lastArticleIsFirstHit == false)
    }
}
