/// Normalises feed dates (RFC 822 or ISO 8601 variants) to ISO 8601 strings, by hand and without
/// Foundation's date machinery, because only a textual rewrite is needed.
enum DateText {
    static func iso8601(_ raw: String) -> String? {
        let s = TextClean.collapse(raw)
        guard !s.isEmpty else { return nil }
        let u = Array(s.utf8)
        if u.count >= 8, u[0...3].allSatisfy(isDigit), u[4] == 0x2D { return isoInput(padded(u)) }
        return rfc822(s)
    }

    /// `2016-1-29` → `2016-01-29` (month and day of one digit, as Jekyll front matter has them).
    private static func padded(_ u: [UInt8]) -> [UInt8] {
        var out = Array(u[0...4]), i = 5
        for part in 0 ..< 2 {
            var digits: [UInt8] = []
            while i < u.count, isDigit(u[i]), digits.count < 3 { digits.append(u[i]); i += 1 }
            guard digits.count == 1 || digits.count == 2 else { return u }
            out += digits.count == 1 ? [0x30] + digits : digits
            if part == 0 { guard i < u.count, u[i] == 0x2D else { return u }; out.append(0x2D); i += 1 }
        }
        return out + u[i...]
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// `2025-04-05`, `2025-04-05T22:57:05Z`, `2025-04-05 22:57:05+02:00`, `…+0200`, fractions dropped.
    private static func isoInput(_ u: [UInt8]) -> String? {
        guard u.count >= 10, u[7] == 0x2D, u[5...6].allSatisfy(isDigit), u[8...9].allSatisfy(isDigit),
              u.count == 10 || !isDigit(u[10]), isValid(year: number(u[0..<4]), month: number(u[5..<7]), day: number(u[8..<10])) else { return nil }
        let date = String(decoding: u[0..<10], as: UTF8.self)
        guard u.count >= 16, u[10] == 0x54 || u[10] == 0x20 || u[10] == 0x74 else { return date }
        var i = 11
        var time = [UInt8]()
        while i < u.count, isDigit(u[i]) || u[i] == 0x3A { time.append(u[i]); i += 1 }
        if time.count == 5 { time += Array(":00".utf8) }
        guard time.count == 8, time[2] == 0x3A, time[5] == 0x3A, number(time[0..<2]) <= 23, number(time[3..<5]) <= 59,
              number(time[6..<8]) <= 60 else { return date }
        if i < u.count, u[i] == 0x2E || u[i] == 0x2C { i += 1; while i < u.count, isDigit(u[i]) { i += 1 } }
        while i < u.count, u[i] == 0x20 { i += 1 }
        let zone = String(decoding: u[i...], as: UTF8.self)
        guard let z = offset(zone) else { return date + "T" + String(decoding: time, as: UTF8.self) }
        return date + "T" + String(decoding: time, as: UTF8.self) + z
    }

    /// A calendar date: the month 1–12 and the day within it (29 February in leap years only).
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } }

    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Fri, 16 May 2025 14:30:00 +0000` → `2025-05-16T14:30:00+00:00`.
    private static func rfc822(_ s: String) -> String? {
        var parts = s.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if let f = parts.first, weekdays.contains(String(f.lowercased().prefix(3))), f.count <= 9 { parts.removeFirst() }
        // "June 5, 2019", as front matter and pages write it: the month first.
        if parts.count >= 3, months.contains(String(parts[0].lowercased().prefix(3))), Int(parts[1]) != nil { parts.swapAt(0, 1) }
        guard parts.count >= 3, let day = Int(parts[0]), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[1].lowercased().prefix(3))),
              var year = Int(parts[2]) else { return nil }
        if parts[2].count == 2 { year += year < 50 ? 2000 : 1900 }
        guard (1000...9999).contains(year), isValid(year: year, month: month + 1, day: day) else { return nil }
        let date = "\(year)-\(pad(month + 1))-\(pad(day))"
        guard parts.count >= 4 else { return date }
        let t = parts[3].split(separator: ":").compactMap { Int($0) }
        guard t.count >= 2, (0...23).contains(t[0]), (0...59).contains(t[1]) else { return date }
        let sec = t.count > 2 ? t[2] : 0
        let time = "\(pad(t[0])):\(pad(t[1])):\(pad(min(sec, 60)))"
        let zone = parts.count >= 5 ? offset(parts[4]) ?? "Z" : "Z"
        return date + "T" + time + zone
    }

    /// `+0200`, `+02:00`, `Z`, `GMT`, `UT`, US zone names → `+02:00` / `Z`; nil when unrecognised.
    private static func offset(_ z: String) -> String? {
        let zone = z.trimmingPrefixAndSuffixSpaces
        switch zone.uppercased() {
        case "Z", "GMT", "UT", "UTC": return zone.uppercased() == "Z" ? "Z" : "+00:00"
        case "EST": return "-05:00"
        case "EDT": return "-04:00"
        case "CST": return "-06:00"
        case "CDT": return "-05:00"
        case "MST": return "-07:00"
        case "MDT": return "-06:00"
        case "PST": return "-08:00"
        case "PDT": return "-07:00"
        default: break
        }
        let u = Array(zone.utf8)
        guard let sign = u.first, sign == 0x2B || sign == 0x2D else { return nil }
        let digits = u.dropFirst().filter(isDigit)
        guard digits.count == 4 || digits.count == 2 else { return nil }
        let h = String(decoding: digits.prefix(2), as: UTF8.self)
        let m = digits.count == 4 ? String(decoding: digits.suffix(2), as: UTF8.self) : "00"
        return String(UnicodeScalar(sign)) + h + ":" + m
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension StringProtocol {
    var trimmingPrefixAndSuffixSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
