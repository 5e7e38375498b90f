import ArgumentParser
import Corpus
import Retrieval

/// `lore show`: one article, cleaned.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one article (REF: an id, SOURCE:LINE, or a file of one article).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "An article id, SOURCE:LINE, or the file name of a one-article file.") var ref: String
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let found: StoredArticle = try runOrFail {
            let ws = try Workspace(global)
            guard let a = try ArticleStore(index: ws.index).resolve(ref) else {
                throw CLIError("no article matches \(sanitize(ref, keepNewlines: false)); run `lore articles` to list ids and SOURCE:LINE refs")
            }
            return a
        }
        if json { Out.line(Shapes.article(found.article).text); return }
        Out.write(ArticleView.render(found.article, width: Terminal.width))
    }
}

/// `lore articles`: every article, one a line.
struct ArticlesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "articles", abstract: "List every article, one a line.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "JSON Lines output.") var json = false

    func run() throws {
        let all: [StoredArticle] = try runOrFail {
            let ws = try Workspace(global)
            return try ArticleStore(index: ws.index).all(bodies: false)
        }
        var buffer = ""
        for s in all {
            let a = s.article
            if json {
                buffer += JSON.object(Shapes.articleSummary(a)).text + "\n"
            } else {
                let who = [a.author, Article.shownDay(a.date, title: a.title)].compactMap { $0 }.map { sanitize($0, keepNewlines: false) }
                buffer += "\(displaySourceLine(a.source, a.line))\t\(sanitize(a.title, keepNewlines: false))"
                    + (who.isEmpty ? "" : "\t" + who.joined(separator: ", ")) + "\n"
            }
            if buffer.utf8.count > 1 << 16 { Out.write(buffer); buffer = "" }
        }
        Out.write(buffer)
    }
}
