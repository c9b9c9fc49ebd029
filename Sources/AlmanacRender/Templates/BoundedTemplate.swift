import AlmanacWords
/// A page's template, rendered by Almanac from typed values (`TemplateValue`) within a budget.
///
/// A template is Mustache made of text, variables (`{{x}}`, `{{{x}}}`, `{{&x}}`), sections
/// (`{{#x}}`, `{{^x}}`), comments and dotted names: every template Almanac ships, and what a person
/// edits. The parser here is the only one: it names the line of every problem, and follows
/// swift-mustache's line for line (a tag alone on its line takes the line with it, and its quirks)
/// while its lookups follow swift-mustache's context stack, so a page comes out byte for byte as
/// swift-mustache renders it (the tests, where swift-mustache is the reference, compare the two on
/// random templates), but for a control character in a `{{x}}`, which becomes U+FFFD (`XMLText`),
/// and a list shown as a value, which shows nothing. Tags
/// that need more (partials, inheritance, pragmas, other delimiters, functions such as
/// `{{uppercased(x)}}`) are refused with a sentence. swift-mustache renders by a dynamic cast of
/// every value at every level of a name's context, which was the largest cost of a page
/// (docs/PERFORMANCE.md).
///
/// The budget: a template with sections nested over the same lists (`{{#rows}}{{#rows}}…`) would
/// render for hours, and one can ask for a page of gigabytes. Rendering stops with a sentence at
/// `maxSections` sections or `maxBytes` bytes, long before either costs a second, and nothing of
/// the page is written.
struct BoundedTemplate: Sendable {
    /// Sections one page may render: far above what any sensible page needs (a habit page with
    /// ten years of daily notes renders about 4,000) and rendered in well under a second.
    static let maxSections = 200_000
    /// The largest page a template may produce.
    static let maxBytes = 64 << 20
    /// How deep sections may be nested: far more than a page needs, and far less than the depth
    /// at which a parser that follows sections down runs out of stack. Counted by the parser as it
    /// opens them, so no comment or other tag can hide one.
    static let maxNesting = 100

    /// In the tests: a variable whose name the page's values do not have is an error (a built-in
    /// template that names a value no page gives would otherwise render nothing).
    @TaskLocal static var strict = false

    indirect enum Token: Sendable, Equatable {
        case text(String)
        /// A variable: its name and whether its text is escaped for HTML (`{{x}}`).
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Token])
    }

    /// A name as swift-mustache resolves it: `.` (the current value), a name from the innermost
    /// value that has its first part, or — starting with a dot — from the current value only.
    struct Name: Sendable, Equatable {
        var parts: [String]
        var currentOnly: Bool
        init(_ text: String) {
            currentOnly = text.first == "."
            parts = text == "." ? [] : text.split(separator: ".").map(String.init)
        }
    }

    let file: String
    let tokens: [Token]

    /// The template of `source`; a problem names its line.
    init(file: String, source: String) throws {
        self.file = file
        var parser = Parser(file: file, characters: Array(source))
        tokens = try parser.parse(section: nil, newLine: true, depth: 0)
    }

    /// The page: `context`, and under `w` the words of the page's language (`{{{w.habits}}}`: the
    /// catalogue's `habits`), each escaped by `escape` for the template's output.
    func render(_ context: TemplateFields, words language: SiteLanguage, escape: @escaping (String) -> String) throws -> String {
        var renderer = Renderer(stack: [.fields(context)], file: file, strict: Self.strict) { .text(escape(language[$0])) }
        try renderer.render(tokens)
        return renderer.out
    }

    private struct Renderer {
        var stack: [TemplateValue]
        let file: String
        let strict: Bool
        /// A site word, for `w.NAME` where no value of the page is named `w`.
        let word: (String) -> TemplateValue
        var out = ""
        var sections = 0

        mutating func render(_ tokens: [Token]) throws {
            for token in tokens {
                switch token {
                case .text(let text):
                    out += text
                case .variable(let name, let escaped):
                    guard let value = lookup(name) else {
                        if strict { throw TemplateSet.Problem(file: file, line: nil, message: "no value is named \((name.currentOnly ? "." : "") + name.parts.joined(separator: "."))") }
                        continue
                    }
                    let text: String
                    switch value {
                    case .text(let string): text = string
                    case .flag(let flag): text = flag ? "true" : "false"
                    case .list, .fields: text = ""   // swift-mustache prints Swift's description of a list
                    }
                    out += escaped ? XMLText.escape(text) : text
                case .section(let name, let inverted, let children):
                    try count()
                    switch (lookup(name), inverted) {
                    case (.list(let items), false):
                        for item in items { try count(); try render(children, in: item) }
                    case (.list(let items), true):
                        if items.isEmpty { try render(children, in: .list(items)) }
                    case (.flag(let flag), _):
                        if flag != inverted { try render(children) }
                    case (.some(let value), false):
                        try render(children, in: value)
                    case (nil, true):
                        try render(children)
                    case (.some, true), (nil, false):
                        continue
                    }
                }
                guard out.utf8.count <= BoundedTemplate.maxBytes else {
                    throw TemplateSet.Problem(file: file, line: nil, message: "the page would be larger than \(BoundedTemplate.maxBytes >> 20) MB")
                }
            }
        }

        mutating func render(_ tokens: [Token], in value: TemplateValue) throws {
            stack.append(value)
            defer { stack.removeLast() }
            try render(tokens)
        }

        mutating func count() throws {
            sections += 1
            guard sections <= BoundedTemplate.maxSections else {
                throw TemplateSet.Problem(file: file, line: nil, message: "the page would render more than \(BoundedTemplate.maxSections) sections (are sections nested over the same list?)")
            }
        }

        /// swift-mustache's lookup: only named values (`fields`) have members.
        func lookup(_ name: Name) -> TemplateValue? {
            guard let first = name.parts.first else { return stack.last }
            var found: TemplateValue?
            for frame in (name.currentOnly ? stack.suffix(1) : stack[...]).reversed() {
                if case .fields(let fields) = frame, let member = fields[first] { found = member; break }
            }
            if found == nil, first == "w", name.parts.count == 2, !name.currentOnly { return word(name.parts[1]) }
            guard var value = found else { return nil }
            for part in name.parts.dropFirst() {
                guard case .fields(let fields) = value, let member = fields[part] else { return nil }
                value = member
            }
            return value
        }
    }

    /// swift-mustache's parser (`MustacheTemplate.parse`) for the tags Almanac renders, over
    /// characters as it reads them.
    private struct Parser {
        let file: String
        let characters: [Character]
        var position = 0

        /// A tag this parser does not take, with its line.
        func refused(_ message: String) -> TemplateSet.Problem {
            TemplateSet.Problem(file: file, line: characters[..<min(position, characters.count)].count(where: \.isNewline) + 1, message: message)
        }

        var atEnd: Bool { position == characters.count }
        var current: Character { atEnd ? "\0" : characters[position] }

        static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")

        /// The tokens up to the end of the section `section` (or of the template when nil), which
        /// is `depth` sections deep.
        mutating func parse(section: String?, newLine startsOnNewLine: Bool, depth: Int) throws -> [Token] {
            var tokens: [Token] = []
            var newLine = startsOnNewLine
            var whiteSpaceBefore = ""
            while !atEnd {
                if newLine { whiteSpaceBefore = read(while: { $0 == " " || $0 == "\t" }) }
                let text = try readUntilTagOrNewline()
                if current.isNewline {
                    tokens.append(.text(whiteSpaceBefore + text + String(current)))
                    newLine = true
                    position += 1
                    continue
                }
                if !text.isEmpty {
                    tokens.append(.text(whiteSpaceBefore + text))
                    whiteSpaceBefore = ""
                    newLine = false
                }
                if atEnd { break }
                var setNewLine = false
                func flushWhiteSpace() {
                    if !whiteSpaceBefore.isEmpty { tokens.append(.text(whiteSpaceBefore)); whiteSpaceBefore = "" }
                }
                switch current {
                case "#", "^":
                    let inverted = current == "^"
                    position += 1
                    guard depth < BoundedTemplate.maxNesting else { throw refused("sections are nested more than \(BoundedTemplate.maxNesting) deep") }
                    let name = try readName()
                    if isStandalone(newLine) { setNewLine = true } else { flushWhiteSpace() }
                    let children = try parse(section: name, newLine: setNewLine, depth: depth + 1)
                    tokens.append(.section(Name(name), inverted: inverted, children))
                case "/":
                    position += 1
                    let name = try readName()
                    guard name == section else { throw refused("{{/\(name)}} closes no open section") }
                    if !isStandalone(newLine) { flushWhiteSpace() }
                    return tokens
                case "!":
                    position += 1
                    try skipComment()
                    setNewLine = isStandalone(newLine)
                case "{", "&":
                    flushWhiteSpace()
                    let closing = current == "{" ? "}" : ""
                    position += 1
                    tokens.append(.variable(Name(try readName(closing: closing)), escaped: false))
                case ">": throw refused("partials ({{>name}}) are not supported: put the text in the template itself")
                case "<", "$": throw refused("template inheritance ({{<parent}}, {{$block}}) is not supported")
                case "=": throw refused("changing the tag delimiters ({{=…=}}) is not supported")
                case "%": throw refused("pragmas ({{%…}}) are not supported")
                default:
                    flushWhiteSpace()
                    tokens.append(.variable(Name(try readName()), escaped: true))
                }
                newLine = setNewLine
            }
            if let section { throw refused("the section {{#\(section)}} is not closed") }
            return tokens
        }

        mutating func read(while matches: (Character) -> Bool) -> String {
            let start = position
            while !atEnd, matches(characters[position]) { position += 1 }
            return String(characters[start..<position])
        }

        /// Text up to a newline (not taken) or past the next `{{`.
        mutating func readUntilTagOrNewline() throws -> String {
            var text = ""
            while !atEnd {
                text += read(while: { $0 != "\n" && $0 != "\r\n" && $0 != "{" })
                if atEnd || current.isNewline { break }
                guard position + 2 <= characters.count else { throw refused("the template ends inside a tag") }
                if characters[position + 1] == "{" {
                    position += 2
                    break
                }
                text.append("{")
                position += 1
            }
            return text
        }

        /// A tag's name up to and past its `}}` (after `closing`, for `{{{x}}}`).
        mutating func readName(closing: String = "") throws -> String {
            _ = read(while: \.isWhitespace)
            let name = read(while: { Self.nameCharacters.contains($0) })
            _ = read(while: \.isWhitespace)
            let end = Array(closing + "}}")
            guard position + end.count <= characters.count, Array(characters[position..<position + end.count]) == end else {
                throw refused("a tag here is not one Almanac's templates take (a name is letters, digits and . - _ ? *)")
            }
            position += end.count
            if name.contains("(") || name.contains(")") {
                throw refused("the tag {{\(name)}} applies a function, which templates cannot do here; use the value itself")
            }
            return name
        }

        /// Past the comment's `}}`.
        mutating func skipComment() throws {
            while position + 1 < characters.count {
                if characters[position] == "}" && characters[position + 1] == "}" { position += 2; return }
                position += 1
            }
            throw refused("a comment is not closed")
        }

        /// A tag alone on its line (only spaces and tabs after it): the rest of the line, its
        /// newline included, goes with it.
        mutating func isStandalone(_ newLine: Bool) -> Bool {
            guard newLine else { return false }
            if atEnd { return true }
            var probe = position
            while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
            guard probe < characters.count, characters[probe].isNewline else { return false }
            position = probe + 1
            return true
        }
    }
}
