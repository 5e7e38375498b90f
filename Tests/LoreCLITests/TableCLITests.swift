import Foundation
import Testing

/// A value that only a table holds is answered from its row, written as a list item labelled by the header; the
/// table reads as rows in `lore show`; a summary quotes no row.
@Suite("Tables in answers")
struct TableCLITests {
    static let articles = [
        "solvents.md": """
            # Common solvents

            The table below gives each solvent's boiling point at sea level.

            | Solvent | Boiling point | Flammable |
            |---------|:-------------:|-----------|
            | Water   | 100 °C        | no        |
            | Ethanol | 78 °C         | yes       |
            | Acetone | 56 °C         | yes       |

            Acetone evaporates fastest of the three, so it dries a cleaned surface within seconds.
            Water is the safest to store, because it neither burns nor gives off harmful vapour.
            """,
        "glass.html": """
            <html><head><title>Lab glassware</title></head><body><h1>Lab glassware</h1>
            <p>Borosilicate glass survives sudden changes of temperature that crack ordinary soda-lime glass.</p>
            <table><tr><th>Vessel</th><th>Typical volume</th></tr>
            <tr><td>Beaker</td><td>250 ml</td></tr><tr><td>Flask</td><td>500 ml</td></tr></table>
            <p>A flask's narrow neck keeps a boiling liquid from splashing out.</p></body></html>
            """,
        "safety.md": """
            # Storing chemicals

            Keep flammable liquids in a ventilated metal cabinet away from any source of sparks.
            Label every bottle with its contents and the date it was opened.
            """,
    ]

    static func corpus() throws -> (corpus: String, db: String) {
        let dir = CLI.tempDirectory("tables")
        for (name, text) in articles { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return (dir, CLI.tempDirectory("tables-db") + "/i.sqlite")
    }

    @Test func aRowAnswersWhatItsTableHolds() throws {
        let (corpus, db) = try Self.corpus()
        for (question, row) in [("What is the boiling point of ethanol?", "- Ethanol — Boiling point: 78 °C; Flammable: yes."),
                                ("What is the typical volume of a beaker?", "- Beaker — Typical volume: 250 ml.")] {
            let run = try CLI.lore(["ask", "--json", question], corpus: corpus, db: db)
            #expect(run.status == 0, "\(run)")
            let answer = run.object["answer"] as? String ?? ""
            #expect(run.object["abstained"] as? Bool == false, "\(run.object)")
            #expect(answer.contains(row), "\(answer)")
            #expect(!answer.contains(" | ") && !answer.contains("---"), "\(answer)")
        }
    }

    @Test func showReadsRowsAndSummariesQuoteNone() throws {
        let (corpus, db) = try Self.corpus()
        let shown = try CLI.lore(["show", "solvents.md"], corpus: corpus, db: db)
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.out.contains("Ethanol | 78 °C | yes") && !shown.out.contains("|---"), "\(shown.out)")
        let summary = try CLI.lore(["summarize", "solvents.md"], corpus: corpus, db: db)
        #expect(summary.status == 0, "\(summary)")
        #expect(!summary.out.contains("°C"), "\(summary.out)")
    }
}
