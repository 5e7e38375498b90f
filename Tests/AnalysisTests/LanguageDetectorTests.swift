import Testing
@testable import Analysis

/// Issue 10: each article's language, from stop-word profiles and scripts.
@Suite struct LanguageDetectorTests {
    @Test(arguments: [
        ("The cat sat on the mat and it was happy with the sun.", "en"),
        ("Die Katze sitzt auf der Matte und ist mit der Sonne zufrieden, das ist nicht schlecht.", "de"),
        ("Le chat est sur le tapis et il est content avec le soleil dans la maison.", "fr"),
        ("El gato está en la alfombra y es feliz con el sol, como los otros para el pueblo.", "es"),
        ("Il gatto è sul tappeto e non è felice con il sole della casa per una volta.", "it"),
        ("De kat zit op de mat en het is niet koud, maar hij wordt ook moe van de zon.", "nl"),
        ("«Le chat» est sur le tapis, “et il est content” avec le soleil.", "fr"),
        ("Кошка сидит на коврике, и это не так плохо, как он думал, что все для нас.", "ru"),
        ("长城是中国古代修建的防御工程。", "zh"),
        ("東京タワーは東京の名所です。", "ja"),
        ("한국어 문장은 이렇게 씁니다.", "ko"),
    ])
    func detects(text: String, code: String) {
        #expect(LanguageDetector.detect(text) == code)
    }

    /// Words joined by dots or brackets are code: a table of contents of `os.…` calls is not Portuguese ("os").
    @Test(arguments: ["", "UITableViewCell", "x = 1; y = 2",
                      "Table of contents • os.EOL • os.arch() • os.constants • os.cpus() • os.devNull • os.endianness() • os.freemem()",
                      // Capitals are acronyms, index letters and a table's flags, not Portuguese's "com", "o", "e" or Spanish "y".
                      "COM+ Services: COM+ Events • COM+ Security • COM+ Partitions",
                      "Glossary A \\ B \\ C \\ D \\ E \\ F \\ O \\ P",
                      "Shortcut Identifier Y N Directory Identifier N N Hotkey Integer N Y"])
    func tooLittleToTell(text: String) {
        #expect(LanguageDetector.detect(text) == nil)
    }
}
