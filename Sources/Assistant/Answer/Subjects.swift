/// API references leave a description's subject to its heading: under "`crypto.scrypt(password, salt, …)`" the
/// text says "Provides an asynchronous scrypt implementation." Taken out of its section into an answer, such a
/// sentence has no subject; the answer names it from the heading ("crypto.scrypt() provides an asynchronous
/// scrypt implementation."), as a person quoting the reference would.
enum APISubject {
    /// The sentences of one article's paragraph, each that opens with a verb and has no sentence of its section
    /// before it in the paragraph given the name its heading (or, in the article's first section, its title) holds.
    static func named(_ items: [AnswerCandidate], title: String) -> [AnswerCandidate] {
        var out = items
        for (i, u) in named(items.map(\.unit), title: title).enumerated() { out[i].unit = u }
        return out
    }

    /// The same for sentences in reading order (a summary's).
    static func named(_ units: [SentenceUnit], title: String) -> [SentenceUnit] {
        var out = units
        for (i, u) in units.enumerated() {
            guard !u.isCode, !u.isListItem, opensWithVerb(u.text) else { continue }
            if i > 0, !units[i - 1].isCode, !units[i - 1].isListItem, units[i - 1].section == u.section { continue }
            guard let source = u.heading ?? (u.section == 0 ? title : nil), let name = name(inHeading: source) else { continue }
            out[i].text = name + " " + u.text.prefix(1).lowercased() + u.text.dropFirst()
        }
        return out
    }

    /// Words that end like a verb's third person but are not one ("Sometimes the…", "Perhaps a…").
    static let notVerbs: Set<String> = ["sometimes", "perhaps", "besides", "nevertheless", "nonetheless", "regardless", "thus",
        "always", "afterwards", "towards", "whereas", "unless", "does", "was", "has", "yes", "this", "its", "his", "hers",
        "ours", "yours", "theirs", "news", "series", "species", "means", "aliases", "canvas", "atlas", "alias", "windows"]
    /// What follows a verb that opens a description: its object or its clause ("Returns true if…", "Creates or
    /// opens a file", "Indicates whether…"). A plural noun subject is followed by its verb instead ("Streams are…").
    static let objectOpeners: Set<String> = ["a", "an", "the", "whether", "true", "false", "or", "and", "one", "all", "this",
        "its", "any", "zero", "if", "how", "when", "undefined", "null", "no", "each", "every", "up", "out", "back", "either",
        "information", "data", "details"]

    /// A sentence that opens with a verb in the third person and no subject ("Returns the value of…", "Creates and
    /// returns a Verify object."): a description whose subject is its heading.
    static func opensWithVerb(_ text: String) -> Bool {
        guard !text.hasSuffix("?") else { return false }
        let words = text.split(separator: " ", maxSplits: 2)
        guard words.count >= 2, let first = words.first, let head = first.first, head.isUppercase, first.count >= 4,
              first.dropFirst().allSatisfy({ $0.isLowercase && $0.isLetter }) else { return false }
        let lower = first.lowercased()
        guard Cues.isThirdPersonVerb(Array(lower.utf8)), !notVerbs.contains(lower) else { return false }
        return objectOpeners.contains(words[1].lowercased().trimmingCharacters(in: ",.;:"))
    }

    /// Keywords that open a declaration in a reference's heading (Rust, Swift, Python, Java, C++), before the name.
    static let declarationWords: Set<String> = ["pub", "pub(crate)", "pub(super)", "const", "unsafe", "async", "extern", "fn",
        "func", "def", "static", "final", "public", "private", "protected", "open", "override", "mutating", "inline", "virtual"]

    /// Kinds a reference's heading names after the name ("GetFileSize function", "Array.prototype.map() method").
    static let kindWords: Set<String> = ["function", "method", "property", "macro", "class", "structure", "struct",
        "interface", "event", "constructor", "callback", "enum", "enumeration", "type", "module", "attribute", "field"]

    /// The API a heading names, as an answer's subject: "Static method: `Buffer.alloc(size[, fill])`" names
    /// "Buffer.alloc()", "GetFileSize function (fileapi.h)" names "GetFileSize". Nil for a heading that names no
    /// code ("Buffers and iteration", "Event: 'close'").
    static func name(inHeading heading: String) -> String? {
        var s = Substring(heading).drop(while: { $0 == " " })
        // A label before the name: "Class: ", "Static method: ".
        if let colon = s.firstIndex(of: ":"), s.distance(from: s.startIndex, to: colon) <= 30,
           s[..<colon].allSatisfy({ $0.isLetter || $0 == " " }), s.index(after: colon) < s.endIndex, s[s.index(after: colon)] == " " {
            s = s[s.index(after: colon)...].drop(while: { $0 == " " })
        }
        if s.hasPrefix("new ") { s = s.dropFirst(4) }
        // A declaration's keywords before its name: "pub const fn new_in(alloc: A)", "def grind(stone)".
        while let space = s.firstIndex(of: " "), declarationWords.contains(String(s[..<space])) {
            s = s[s.index(after: space)...].drop(while: { $0 == " " })
        }
        let ident = s.prefix { $0.isLetter || $0.isNumber || "_$.:#".contains($0) }
        guard let first = ident.first, first.isLetter || first == "_" || first == "$", ident.count <= 60,
              ident.last.map({ $0.isLetter || $0.isNumber || $0 == "_" }) == true else { return nil }
        var rest = s[ident.endIndex...]
        // Generic parameters between the name and its arguments: "get<Q>(&self, key: &Q)".
        if rest.first == "<", let close = rest.firstIndex(of: ">"), rest[rest.index(after: close)...].first == "(" {
            rest = rest[rest.index(after: close)...]
        }
        let call = rest.hasPrefix("(")
        if !call && !rest.isEmpty {
            let next = rest.drop(while: { $0 == " " }).prefix { $0.isLetter }.lowercased()
            guard rest.first == " ", kindWords.contains(next) else { return nil }
        }
        let camel = zip(ident, ident.dropFirst()).contains { ($0.isLowercase || $0.isNumber) && $1.isUppercase }
        guard call || camel || ident.contains(".") || ident.contains("_") || ident.contains("::") else { return nil }
        return String(ident) + (call ? "()" : "")
    }
}
