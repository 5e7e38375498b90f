/// The articles read from one file, with its detected format and non-fatal problems.
public struct ParsedFile: Sendable, Equatable {
    public var format: SourceFormat
    public var articles: [Article]
    public var warnings: [String]
    public init(format: SourceFormat, articles: [Article], warnings: [String]) {
        self.format = format; self.articles = articles; self.warnings = warnings
    }
}
