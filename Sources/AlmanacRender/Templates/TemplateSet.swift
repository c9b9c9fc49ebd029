import AlmanacDomain
import AlmanacWords
import CTemplates

/// The templates a site is rendered with: the built-in ones, or a user's edited copies
/// (`--templates DIR`). Every value handed to a template is already escaped for the template's
/// output (Markdown or HTML), so even a template that uses `{{{triple}}}` braces everywhere
/// cannot let user text through unescaped.
public struct TemplateSet: Sendable {
    /// The files of a template set: the templates, and the site's words in each language (the
    /// table of the files the binary carries, `templates.c`).
    public static let fileNames = (0..<almanac_builtin_template_count()).map { String(cString: almanac_builtin_template_name($0)!) }

    /// Where a language's words are in a template set: `words/de.txt`.
    public static func wordsFile(_ language: Language) -> String { "words/\(language.rawValue).txt" }

    /// Each language's words: the built-in ones, with a folder's words file over them.
    private let words: [Language: SiteLanguage]

    /// The words of a site in `language`.
    public func words(for language: Language) -> SiteLanguage { words[language] ?? .of(language) }

    let layout: BoundedTemplate
    let dashboard: BoundedTemplate
    let habit: BoundedTemplate
    let journal: BoundedTemplate
    let year: BoundedTemplate
    let stylesheet: String

    /// A template that does not parse, with its file and line.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let file: String
        public let line: Int?
        public let message: String
        public var description: String {
            "\(file)\(line.map { " line \($0)" } ?? ""): \(message)"
        }
    }

    /// The templates built into the binary, parsed once per process, when first asked for.
    public static func builtIn() -> TemplateSet { parsedBuiltIn }

    // A test renders each built-in template.
    private static let parsedBuiltIn = try! TemplateSet(sources: builtInSources, folder: "built-in templates")

    /// The source text of the built-in templates (the files of `Templates/`, which the binary
    /// carries), for `almanac templates export`.
    public static let builtInSources: [String: String] = Dictionary(uniqueKeysWithValues: fileNames.map { name in
        (name, String(cString: almanac_builtin_template(name)!))
    })

    /// Parses a set from file contents; `folder` names them in errors.
    public init(sources: [String: String], folder: String) throws {
        func parse(_ name: String) throws -> BoundedTemplate {
            let file = "\(folder)/\(name)"
            guard let text = sources[name] else { throw Problem(file: file, line: nil, message: "the file is missing") }
            return try BoundedTemplate(file: file, source: text)
        }
        layout = try parse("layout.html.mustache")
        dashboard = try parse("dashboard.md.mustache")
        habit = try parse("habit.md.mustache")
        journal = try parse("journal.md.mustache")
        year = try parse("year.md.mustache")
        guard let css = sources["style.css"] else {
            throw Problem(file: "\(folder)/style.css", line: nil, message: "the file is missing")
        }
        stylesheet = css
        var words: [Language: SiteLanguage] = [:]
        for language in Language.allCases {
            let name = Self.wordsFile(language)
            guard let text = sources[name], text != Self.builtInSources[name] else { continue }
            do {
                words[language] = try SiteLanguage(language: language, catalogue: text, over: .of(language))
            } catch let problem as SiteLanguage.Problem {
                throw Problem(file: "\(folder)/\(name)", line: problem.line, message: problem.message)
            }
        }
        self.words = words
    }
}
