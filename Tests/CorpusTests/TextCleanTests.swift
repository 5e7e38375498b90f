import Testing
@testable import Corpus

/// Whitespace as pages write it collapses to single spaces: controls, no-break spaces, line and paragraph
/// separators, and the blank characters some blogs pad text with; a zero-width space is dropped.
@Suite struct TextCleanTests {
    @Test(arguments: [
        ("  two\t\twords \n", "two words"),
        ("no\u{00A0}break", "no break"),
        ("zero\u{200B}width", "zerowidth"),
        ("line\u{2028}separator", "line separator"),
        ("\u{2800}…all of which", "…all of which"),
        ("padded\u{2800}\u{2800}text", "padded text"),
        ("filler\u{3164}here", "filler here"),
        ("braille ⠁⠃ stays", "braille ⠁⠃ stays"),
        ("한국어 텍스트", "한국어 텍스트"),
        ("", ""),
    ])
    func collapse(raw: String, clean: String) {
        #expect(TextClean.collapse(raw) == clean)
    }
}
