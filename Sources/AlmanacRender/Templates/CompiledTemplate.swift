/// A Mustache template made of text, variables (`{{x}}`, `{{{x}}}`, `{{&x}}`), sections
/// (`{{#x}}`, `{{^x}}`), comments and dotted names — every template Almanac ships, and most a person
/// edits — rendered straight from typed values (`TemplateValue`).
///
/// swift-mustache renders any template, but looks every name up through dynamic casts of `Any`:
/// on a report that was most of the time a page took (docs/PERFORMANCE.md). This renderer gives
/// the same bytes as swift-mustache for the templates it takes: its parser follows
/// swift-mustache's own, line for line (where a tag alone on its line takes the line with it, and
/// its quirks), and its lookups follow swift-mustache's context stack. A template with anything
/// else (partials, inheritance, pragmas, transforms like `{{uppercased(x)}}`) is not taken
/// (`init` returns nil) and swift-mustache renders it. The two are compared on random templates
/// and values by the tests.
struct CompiledTemplate: Sendable {
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

    let tokens: [Token]

    /// The template compiled from `source`, which swift-mustache parses (a person's when it is
    /// read, the built-in ones in a test); nil when it uses anything this renderer does not take.
    init?(source: String) {
        var parser = Parser(Array(source))
        guard let tokens = parser.parse(section: nil, newLine: true) else { return nil }
        self.tokens = tokens
    }

    /// The page for `context`.
    func render(_ context: TemplateFields) -> String {
        var out = ""
        var stack: [TemplateValue] = [.fields(context)]
        Self.render(tokens, &stack, into: &out)
        return out
    }

    private static func render(_ tokens: [Token], _ stack: inout [TemplateValue], into out: inout String) {
        for token in tokens {
            switch token {
            case .text(let text):
                out += text
            case .variable(let name, let escaped):
                guard let value = lookup(name, in: stack) else { continue }
                let text: String
                switch value {
                case .text(let string): text = string
                case .flag(let flag): text = flag ? "true" : "false"
                case .list, .fields: text = String(describing: value.anyValue)
                }
                out += escaped ? htmlEscaped(text) : text
            case .section(let name, let inverted, let children):
                let value = lookup(name, in: stack)
                switch (value, inverted) {
                case (.list(let items), false):
                    for item in items {
                        stack.append(item)
                        render(children, &stack, into: &out)
                        stack.removeLast()
                    }
                case (.list(let items), true):
                    guard items.isEmpty, let value else { continue }
                    stack.append(value)
                    render(children, &stack, into: &out)
                    stack.removeLast()
                case (.flag(let flag), _):
                    if flag != inverted { render(children, &stack, into: &out) }
                case (.some(let value), false):
                    stack.append(value)
                    render(children, &stack, into: &out)
                    stack.removeLast()
                case (.some, true):
                    continue
                case (nil, false):
                    continue
                case (nil, true):
                    render(children, &stack, into: &out)
                }
            }
        }
    }

    /// swift-mustache's lookup: only named values (`fields`) have members.
    private static func lookup(_ name: Name, in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var value: TemplateValue
        if name.currentOnly {
            guard case .fields(let fields)? = stack.last, let found = fields[first] else { return nil }
            value = found
        } else {
            var found: TemplateValue?
            for frame in stack.reversed() {
                if case .fields(let fields) = frame, let member = fields[first] { found = member; break }
            }
            guard let found else { return nil }
            value = found
        }
        for part in name.parts.dropFirst() {
            guard case .fields(let fields) = value, let member = fields[part] else { return nil }
            value = member
        }
        return value
    }

    /// swift-mustache's HTML escape, character by character.
    static func htmlEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// swift-mustache's parser (`MustacheTemplate.parse`) for the tags this renderer takes, over
    /// characters as it reads them. It only ever sees a template swift-mustache parses; anything
    /// it does not take, or does not expect, gives nil.
    private struct Parser {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) { self.characters = characters }

        var atEnd: Bool { position == characters.count }
        var current: Character { atEnd ? "\0" : characters[position] }

        static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*")

        /// The tokens up to the end of the section `section` (or of the template when nil).
        mutating func parse(section: String?, newLine startsOnNewLine: Bool) -> [Token]? {
            var tokens: [Token] = []
            var newLine = startsOnNewLine
            var whiteSpaceBefore = ""
            while !atEnd {
                if newLine { whiteSpaceBefore = read(while: { $0 == " " || $0 == "\t" }) }
                guard let text = readUntilTagOrNewline() else { return nil }
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
                    guard let name = readName() else { return nil }
                    if isStandalone(newLine) { setNewLine = true } else { flushWhiteSpace() }
                    guard let children = parse(section: name, newLine: setNewLine) else { return nil }
                    tokens.append(.section(Name(name), inverted: inverted, children))
                case "/":
                    position += 1
                    guard let name = readName(), name == section else { return nil }
                    if !isStandalone(newLine) { flushWhiteSpace() }
                    return tokens
                case "!":
                    position += 1
                    guard skipComment() else { return nil }
                    setNewLine = isStandalone(newLine)
                case "{":
                    flushWhiteSpace()
                    position += 1
                    guard let name = readName(), current == "}" else { return nil }
                    position += 1
                    tokens.append(.variable(Name(name), escaped: false))
                case "&":
                    flushWhiteSpace()
                    position += 1
                    guard let name = readName() else { return nil }
                    tokens.append(.variable(Name(name), escaped: false))
                case ">", "<", "$", "=", "%":
                    return nil   // partials, inheritance, delimiters, pragmas: swift-mustache's
                default:
                    flushWhiteSpace()
                    guard let name = readName() else { return nil }
                    tokens.append(.variable(Name(name), escaped: true))
                }
                newLine = setNewLine
            }
            return section == nil ? tokens : nil
        }

        mutating func read(while matches: (Character) -> Bool) -> String {
            let start = position
            while !atEnd, matches(characters[position]) { position += 1 }
            return String(characters[start..<position])
        }

        /// Text up to a newline (not taken) or past the next `{{`.
        mutating func readUntilTagOrNewline() -> String? {
            var text = ""
            while !atEnd {
                text += read(while: { $0 != "\n" && $0 != "\r\n" && $0 != "{" })
                if atEnd || current.isNewline { break }
                guard position + 2 <= characters.count else { return nil }
                if characters[position + 1] == "{" {
                    position += 2
                    break
                }
                text.append("{")
                position += 1
            }
            return text
        }

        /// A tag's name up to and past its `}}`; nil for a transform (`f(x)`).
        mutating func readName() -> String? {
            _ = read(while: \.isWhitespace)
            let name = read(while: { Self.nameCharacters.contains($0) })
            _ = read(while: \.isWhitespace)
            guard position + 2 <= characters.count, characters[position] == "}", characters[position + 1] == "}" else { return nil }
            position += 2
            return name.contains("(") || name.contains(")") ? nil : name
        }

        /// Past the comment's `}}`.
        mutating func skipComment() -> Bool {
            while position + 1 < characters.count {
                if characters[position] == "}" && characters[position + 1] == "}" { position += 2; return true }
                position += 1
            }
            return false
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
