import Foundation
import Testing

/// Issue 10: a corpus of articles in several languages; each is found by a query in its own language —
/// inflected otherwise than the article has it (`Katze` for `Katzen`, `снегом` for `снег`), so only that
/// language's stemmer makes them meet — Chinese and Japanese ones through CJK bigrams.
@Suite("CLI on a mixed-language corpus")
struct LanguageCLITests {
    static let articles: [(file: String, text: String, query: String)] = [
        ("de.md", "# Die Katzen im Garten\n\nUnsere Katzen schlafen jeden Nachmittag unter dem Apfelbaum im Garten.\n", "Katze"),
        ("fr.md", "# Le pain du matin\n\nLa boulangère prépare le pain frais chaque matin avant l’aube.\n", "boulangère pain"),
        ("es.md", "# El río y la montaña\n\nEl río baja de la montaña nevada hasta el pueblo pequeño.\n", "montaña río"),
        ("ru.md", "# Зимний лес\n\nЗимой лес стоит тихий, и снег лежит на ветвях старых елей. Это не так холодно, как кажется.\n", "снегом лесом"),
        ("zh.md", "# 长城的历史\n\n长城是中国古代修建的防御工程，全长两万多公里。\n", "长城历史"),
        ("ja.md", "# 東京タワーの話\n\n東京タワーは一九五八年に完成した電波塔で、東京の名所です。\n", "東京タワー"),
        ("en.md", "# Swift actors\n\nActors protect their mutable state from data races in concurrent Swift code, and the compiler checks it.\n", "actors data races"),
    ]

    @Test func eachArticleIsFoundInItsLanguage() throws {
        let corpus = CLI.tempDirectory("languages"), db = CLI.tempDirectory("languages-db") + "/i.sqlite"
        for a in Self.articles { try a.text.write(toFile: corpus + "/" + a.file, atomically: true, encoding: .utf8) }
        for a in Self.articles {
            let run = try CLI.lore(["search", a.query, "--json", "--limit", "3"], corpus: corpus, db: db)
            let sources = (run.object["hits"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
            #expect(sources.first == a.file, "\(a.query): \(sources)")
        }
        // Each article's language, as `lore articles --json` shows it.
        let articles = try CLI.lore(["articles", "--json"], corpus: corpus, db: db).objects
        let languages = Dictionary(articles.map { ($0["source"] as? String ?? "", $0["language"] as? String ?? "?") }, uniquingKeysWith: { a, _ in a })
        #expect(languages == ["de.md": "de", "fr.md": "fr", "es.md": "es", "ru.md": "ru", "zh.md": "zh", "ja.md": "ja", "en.md": "en"])
        // A Chinese or Japanese query of one word inside a longer run of characters still finds it.
        let part = try CLI.lore(["search", "防御", "--json"], corpus: corpus, db: db)
        #expect((part.object["hits"] as? [[String: Any]])?.first?["source"] as? String == "zh.md")
        let none = try CLI.lore(["search", "大阪", "--json"], corpus: corpus, db: db)
        #expect((none.object["hits"] as? [Any])?.isEmpty == true, "\(none.out)")
    }

    /// A question in an article's own language is answered from it: its sentences are read in that
    /// language (stems, stop words, Japanese full stops), not as English.
    @Test(arguments: [
        ("de.md", "Wo schlafen unsere Katzen am Nachmittag?", "Apfelbaum"),
        ("es.md", "¿De dónde baja el río?", "montaña nevada"),
        ("ja.md", "東京タワーは何年に完成した？", "一九五八年"),
        // A polite verb ending: bigrams such as 「しま」 straddle the grammar and are in no article.
        ("ja.md", "東京タワーはいつ完成しましたか？", "一九五八年"),
    ])
    func answersInTheArticlesLanguage(file: String, question: String, fact: String) throws {
        let corpus = CLI.tempDirectory("languages-ask"), db = CLI.tempDirectory("languages-ask-db") + "/i.sqlite"
        for a in Self.articles { try a.text.write(toFile: corpus + "/" + a.file, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["ask", "--json", question], corpus: corpus, db: db)
        #expect(run.object["abstained"] as? Bool == false, "\(run.out)")
        #expect((run.object["answer"] as? String)?.contains(fact) == true, "\(run.out)")
        let cited = (run.object["citations"] as? [[String: Any]])?.first?["source"] as? String
        #expect(cited == file, "\(run.out)")
    }

    /// "Summarize the article about the cats", asked in German or Spanish, summarizes that article.
    @Test(arguments: [("Fasse den Artikel über die Katzen zusammen", "de.md"), ("Resume el artículo sobre el río", "es.md")])
    func summaryRequestsInTheArticlesLanguage(message: String, file: String) throws {
        let corpus = CLI.tempDirectory("languages-summary"), db = CLI.tempDirectory("languages-summary-db") + "/i.sqlite"
        for a in Self.articles { try a.text.write(toFile: corpus + "/" + a.file, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["ask", "--json", message], corpus: corpus, db: db)
        let call = run.object["tool_call"] as? [String: Any]
        #expect(call?["name"] as? String == "summarize", "\(run.out)")
        #expect((call?["target"] as? [String: Any])?["source"] as? String == file, "\(run.out)")
    }

    /// An English question over a corpus with a Portuguese article that quotes English: the words English
    /// drops ("by", "and", "in", "I") are not taken up again as Portuguese words, which only that article
    /// has and which would outweigh everything else the question says.
    @Test func englishStopWordsDoNotMeetAForeignArticle() throws {
        let corpus = CLI.tempDirectory("languages-stop"), db = CLI.tempDirectory("languages-stop-db") + "/i.sqlite"
        let files = [
            ("pt.md", "# Notas da aula\n\nO professor perguntou \"how do I read the file line by line?\" e eu escrevi isso no caderno para a prova de amanhã, com as outras notas.\n"),
            ("files.md", "# Reading files\n\nA program can read a file line by line with a stream, and each line goes to a callback.\n"),
            ("dirs.md", "# Directories\n\nA program can list a directory and read the names of the files in it.\n"),
            ("lines.md", "# Counting lines\n\nThe tool counts the lines of a file and prints the total.\n"),
        ]
        for (name, text) in files { try text.write(toFile: corpus + "/" + name, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["search", "How do I read a file line by line?", "--json", "--limit", "4"], corpus: corpus, db: db)
        let sources = (run.object["hits"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(sources.first == "files.md", "\(sources)")
        #expect(sources.firstIndex(of: "pt.md") ?? 0 > sources.firstIndex(of: "lines.md") ?? 9, "\(sources)")
        let ask = try CLI.lore(["ask", "--json", "How do I read a file line by line?"], corpus: corpus, db: db)
        #expect((ask.object["citations"] as? [[String: Any]])?.first?["source"] as? String == "files.md", "\(ask.out)")
    }

    /// A word English knows is not stemmed as another language of the corpus too, unless the query reads as that
    /// language: Portuguese stems "processes" to "proc", which an English corpus holds in every "WindowProc", and
    /// the one Portuguese article is enough to make Portuguese one of the corpus's languages.
    @Test func aWordEnglishKnowsIsNotReadAsAnotherLanguage() throws {
        let corpus = CLI.tempDirectory("languages-known"), db = CLI.tempDirectory("languages-known-db") + "/i.sqlite"
        let files = [
            ("pt.md", "# Notas da aula\n\nO professor explicou que a massa do pão descansa durante a noite e que o forno deve estar bem quente.\n"),
            ("procs.md", "# Window callbacks\n\nEvery WindowProc and DialogProc gets the messages of its window. A HookProc sees them first, and a TimerProc fires on each tick.\n"),
            ("processes.md", "# Listing what runs\n\nThe system keeps a list of the processes that run, and a tool can walk the list to print each one.\n"),
        ]
        for (name, text) in files { try text.write(toFile: corpus + "/" + name, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["search", "list running processes", "--json", "--limit", "3"], corpus: corpus, db: db)
        let sources = (run.object["hits"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(sources == ["processes.md"], "\(sources)")
        // A Portuguese query still meets the Portuguese article through its own stems.
        let pt = try CLI.lore(["search", "a massa do pão descansando", "--json", "--limit", "3"], corpus: corpus, db: db)
        #expect((pt.object["hits"] as? [[String: Any]])?.first?["source"] as? String == "pt.md", "\(pt.out)")
    }

    /// A book with a page of its translation beside it: the Japanese page shares the English question's code words
    /// ("File::open", "read_lines", "lines()"), and its sentence had led the answer to an English question. An English
    /// question is answered from the English page and a Japanese one from the Japanese page, neither mixing in the other.
    @Test(arguments: [
        ("How do I read a file line by line with a BufReader?", "en.md", "buffer", "ファイル"),
        ("read_lines でファイルの各行を読むには？", "ja.md", "各行", "buffer"),
    ])
    func aTranslationBesideItsOriginal(question: String, file: String, fact: String, foreign: String) throws {
        let corpus = CLI.tempDirectory("languages-translated"), db = CLI.tempDirectory("languages-translated-db") + "/i.sqlite"
        try "# Buffered input\n\nA BufReader holds an internal buffer, so fewer system calls are made. The helper below returns an iterator rather than a vector of strings.\n"
            .write(toFile: corpus + "/en.md", atomically: true, encoding: .utf8)
        try "# ファイルを読む\n\nFile::open で開いたファイルを read_lines に渡すと、lines() が各行を返します。\n"
            .write(toFile: corpus + "/ja.md", atomically: true, encoding: .utf8)
        let run = try CLI.lore(["ask", "--json", question], corpus: corpus, db: db)
        let answer = run.object["answer"] as? String ?? ""
        let cited = (run.object["citations"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? String }
        #expect(cited == [file], "\(run.out)")
        #expect(answer.contains(fact) && !answer.contains(foreign), "\(run.out)")
    }

    /// The same grammar in a question about something no article has still abstains.
    @Test func aJapaneseQuestionTheCorpusLacksAbstains() throws {
        let corpus = CLI.tempDirectory("languages-lack"), db = CLI.tempDirectory("languages-lack-db") + "/i.sqlite"
        for a in Self.articles { try a.text.write(toFile: corpus + "/" + a.file, atomically: true, encoding: .utf8) }
        let run = try CLI.lore(["ask", "--json", "富士山はいつ噴火しましたか？"], corpus: corpus, db: db)
        #expect(run.object["abstained"] as? Bool == true, "\(run.out)")
    }
}
