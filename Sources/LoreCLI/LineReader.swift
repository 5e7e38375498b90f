import Assistant
@preconcurrency import CReadline
#if canImport(Glibc)
import Glibc
#endif

/// Where chat input comes from: GNU readline on a terminal, plain lines otherwise.
protocol LineReader: AnyObject {
    /// The next line, or `.end` at end of input; Ctrl-C gives `.cleared` when it wiped typed text,
    /// `.interrupted` on an empty line.
    func read(prompt: String) -> ReadResult
    func remember(_ line: String)
    func close()
}

enum ReadResult: Equatable { case line(String), cleared, interrupted, end }

/// Plain stdin: no prompt, no echo, no escape sequences.
final class PlainReader: LineReader {
    func read(prompt: String) -> ReadResult {
        guard let l = readLine(strippingNewline: true) else { return .end }
        return .line(l)
    }
    func remember(_ line: String) {}
    func close() {}
}

nonisolated(unsafe) var completionCandidates: [String] = []
nonisolated(unsafe) var completionIndex = 0
nonisolated(unsafe) var pendingLine: String?
nonisolated(unsafe) var lineReady = false
nonisolated(unsafe) var lineEOF = false
/// Computes completions for the text before the cursor.
nonisolated(unsafe) var completionSource: ((String, String) -> [String])?

/// GNU readline through its callback interface, so Ctrl-C at the prompt can clear the line
/// (checked between keystrokes) instead of killing the program.
final class ReadlineReader: LineReader {
    let historyPath: String?

    init(historyPath: String?, complete: @escaping (String, String) -> [String]) {
        self.historyPath = historyPath
        completionSource = complete
        rl_readline_name = UnsafePointer(strdup("lore"))
        rl_catch_signals = 0
        rl_attempted_completion_function = { text, start, end in
            let line = rl_line_buffer.map { String(cString: $0) } ?? ""
            let before = String(line.utf8.prefix(Int(start))) ?? ""
            let word = text.map { String(cString: $0) } ?? ""
            completionCandidates = completionSource?(before, word) ?? []
            completionIndex = 0
            rl_attempted_completion_over = 1
            if completionCandidates.isEmpty { return nil }
            return rl_completion_matches(text) { _, state in
                if state == 0 { completionIndex = 0 }
                guard completionIndex < completionCandidates.count else { return nil }
                let s = completionCandidates[completionIndex]
                completionIndex += 1
                return strdup(s)
            }
        }
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n"))
        using_history()
        stifle_history(1000)
        if let historyPath { read_history(historyPath) }
    }

    func read(prompt: String) -> ReadResult {
        lineReady = false; lineEOF = false; pendingLine = nil
        Interrupt.reset()
        rl_callback_handler_install(prompt) { raw in
            if let raw { pendingLine = String(cString: raw); free(raw) } else { lineEOF = true }
            lineReady = true
            rl_callback_handler_remove()
        }
        var fds = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        while !lineReady {
            if Interrupt.requested {
                Interrupt.reset()
                let hadText = (rl_line_buffer.map { String(cString: $0) } ?? "").isEmpty == false
                // "^C" after the text, written before readline lets go of the terminal: leaving it
                // moves to column 0 (bracketed paste off), which made "^C" overwrite the prompt.
                rl_point = rl_end
                rl_redisplay()
                Out.write("^C")
                rl_replace_line("", 0)
                rl_callback_handler_remove()
                Out.write("\n")
                return hadText ? .cleared : .interrupted
            }
            let r = poll(&fds, 1, 100)
            if r > 0 { rl_callback_read_char() }
        }
        if lineEOF { Out.write("\n"); return .end }
        return .line(pendingLine ?? "")
    }

    func remember(_ line: String) {
        guard !line.trimmed.isEmpty else { return }
        // Deduplicate: drop an earlier identical entry, then append.
        let n = Int(history_length)
        if n > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                if let e = history_get(Int32(i) + history_base), let l = e.pointee.line, String(cString: l) == line {
                    if let removed = remove_history(Int32(i)) { free_history_entry(removed) }
                }
            }
        }
        add_history(line)
        if let historyPath { write_history(historyPath) }
    }

    func close() {
        rl_callback_handler_remove()
        if let historyPath { write_history(historyPath); history_truncate_file(historyPath, 1000) }
    }
}
