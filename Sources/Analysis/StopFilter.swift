/// Drops English function words that carry no topic ("the", "how", "does").
public struct StopFilter: TokenFilter {
    public let words: Set<String>
    public init(words: Set<String> = StopFilter.english) { self.words = words }

    public func apply(_ tokens: [Token]) -> [Token] { tokens.filter { $0.isKeyword || !words.contains($0.term) } }

    /// Stop words that are also keywords of programming languages. Written as one ("the "with" statement",
    /// `` `if` ``, "a while loop", "the is operator"), they name the construct and are kept (`Tokenizer.isKeyword`).
    public static let keywords: Set<String> = ["if", "for", "while", "with", "in", "is", "not", "and", "or", "as", "from", "do",
                                               "let", "where", "when", "then", "each"]
    /// The nouns after a keyword that make it one: "while loop", "with statement", "in operator".
    public static let constructs: Set<String> = ["statement", "statements", "loop", "loops", "clause", "clauses", "keyword",
                                                 "keywords", "operator", "operators"]

    /// A compact English list (Lucene's and Snowball's, trimmed); words that matter in code prose,
    /// such as `self`, `some`, `any`, `async` and `await`, are deliberately absent.
    public static let english: Set<String> = [
        "a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "are", "as", "at",
        "be", "because", "been", "before", "being", "below", "between", "both", "but", "by",
        "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
        "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
        "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself",
        "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "ought", "our", "ours", "ourselves",
        "over", "own", "same", "she", "should", "so", "such", "than", "that", "the", "their", "theirs",
        "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
        "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who",
        "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves",
        "s", "t", "ll", "re", "ve", "d", "m", "also", "get", "got", "let", "lets", "us", "via",
        // Degree words with no topic; Snowball stems "quite" to "quit", so "git merge --quit" met every
        // article that says "quite a few".
        "quite", "rather",
    ]

    /// Function words of the other stemmed languages beyond their detection profiles (`LanguageDetector`):
    /// question words, pronouns, auxiliaries and common prepositions, so that a question asked in that
    /// language ("Was jagt die Katze?") is read by its content words.
    public static let others: [String: Set<String>] = [
        "de": ["was", "wer", "wie", "wo", "wann", "warum", "welche", "welcher", "welches", "wieso", "weshalb", "ich", "du", "er",
               "sie", "ihr", "mein", "dein", "sein", "unser", "kann", "können", "muss", "wird", "werden", "hat", "haben", "war",
               "sind", "bin", "bei", "aus", "nach", "um", "über", "unter", "vor", "an", "am", "oder", "aber", "wenn", "dass", "des",
               "einen", "einem", "einer", "kein", "keine", "man", "noch", "nur", "so", "schon", "sehr", "gibt"],
        "fr": ["quoi", "qui", "quel", "quelle", "quels", "quelles", "comment", "pourquoi", "quand", "où", "je", "tu", "elle", "on",
               "vous", "ils", "elles", "mon", "ma", "mes", "ton", "son", "sa", "ses", "leur", "leurs", "est-ce", "a", "ont", "fait",
               "peut", "sont", "était", "être", "avoir", "un", "de", "en", "aux", "par", "mais", "ou", "si", "ne", "plus", "se", "y"],
        "es": ["qué", "quién", "quiénes", "cómo", "cuál", "cuáles", "cuándo", "dónde", "yo", "tú", "él", "ella", "nosotros",
               "ellos", "ellas", "mi", "tu", "un", "de", "en", "a", "o", "no", "ha", "han", "hay", "son", "fue", "ser", "puede",
               "sus", "le", "les", "muy", "sin", "sobre", "entre", "cuando", "donde", "este", "esta", "estos", "eso"],
        "it": ["cosa", "chi", "come", "perché", "quando", "dove", "quale", "quali", "io", "tu", "lui", "lei", "noi", "voi", "loro",
               "mio", "suo", "un", "uno", "la", "i", "a", "da", "in", "su", "o", "ha", "hanno", "è", "era", "essere", "può",
               "dei", "delle", "degli", "al", "nella", "tra", "fra", "se", "più", "molto"],
        "pt": ["que", "quem", "como", "porque", "quando", "onde", "qual", "quais", "eu", "tu", "ele", "ela", "nós",
               "eles", "elas", "meu", "seu", "sua", "um", "de", "no", "nos", "nas", "à", "foi", "ser", "tem", "há", "pode",
               "são", "está", "muito", "sem", "sobre", "entre", "mas", "ou"],
        "nl": ["wat", "wie", "hoe", "waarom", "wanneer", "waar", "welke", "ik", "jij", "je", "u", "zij", "ze", "wij", "we", "mijn",
               "zijn", "haar", "hun", "heeft", "hebben", "was", "waren", "kan", "kunnen", "wordt", "worden", "in", "aan", "om",
               "uit", "of", "als", "dan", "nog", "al", "geen", "die", "deze", "dit"],
        "ru": ["что", "кто", "как", "почему", "зачем", "когда", "где", "какой", "какая", "какие", "я", "ты", "она", "оно", "они",
               "вы", "мой", "твой", "её", "их", "был", "была", "были", "быть", "есть", "может", "а", "у", "о", "об", "за", "при",
               "до", "или", "ли", "же", "бы", "этот", "эта", "эти"],
    ]
}
