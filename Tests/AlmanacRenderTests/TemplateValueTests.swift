@testable import AlmanacRender
@testable import AlmanacWords
import AlmanacDomain
import Mustache
import Testing

/// Almanac renders its templates itself (`BoundedTemplate`), and a page must come out byte for
/// byte as swift-mustache renders the same template over the same values: a person who edits a
/// template reads Mustache's rules, not ours. swift-mustache is the reference here, reading the
/// values through the conformance below.
@Suite struct TemplateValueTests {
    func render(_ source: String, _ context: TemplateFields) throws -> String {
        try BoundedTemplate(file: "test.md.mustache", source: source).render(context, words: SiteLanguage.english) { $0 }
    }

    /// What swift-mustache makes of `source` and `context` (no site words), and what Almanac makes.
    func both(_ source: String, _ context: TemplateFields) throws -> (library: String, almanac: String) {
        (try MustacheTemplate(string: source).render(TemplateValue.fields(context)), try render(source, context))
    }

    @Test func everyKindOfValueRendersWhereATemplateUsesIt() throws {
        let context: TemplateFields = [
            "title": "A & B",
            "shown": true, "hidden": false,
            "tags": .texts(["one", "two"]),
            "none": [],
            "rows": [["name": "Run", "emoji": "🏃"], ["name": "Read", "emoji": ""]],
            "habit": ["streak": ["days": "12"]],
        ]
        // Escaped and not, a yes and a no opened and inverted, a list of texts, named values in
        // a list with a name of the page's looked up from inside a text opened as a section (an empty
        // text is opened too, as swift-mustache opens an empty string),
        // dotted names, an empty list inverted, a name nobody gave, and a site's word.
        let source = """
            {{title}}|{{{title}}}|{{#shown}}yes{{/shown}}{{^hidden}}no{{/hidden}}{{#hidden}}X{{/hidden}}|\
            {{#tags}}[{{.}}]{{/tags}}|{{#rows}}{{#emoji}}{{{emoji}}}{{{title}}} {{/emoji}}{{name}};{{/rows}}|\
            {{habit.streak.days}}|{{#habit.streak}}{{days}}{{/habit.streak}}|{{^none}}empty{{/none}}|{{missing}}|{{shown}}|{{{w.habits}}}
            """
        #expect(try render(source, context) == "A &amp; B|A & B|yesno|[one][two]|🏃A & B Run;A & B Read;|12|12|empty||true|Habits")
        let (library, almanac) = try both(source.replacingOccurrences(of: "{{{w.habits}}}", with: ""), context)
        #expect(almanac == library)
        // A list or named values shown as a value show nothing (swift-mustache prints Swift's
        // description of a list, quotes and all).
        #expect(try render("[{{tags}}][{{{tags}}}][{{habit}}]", context) == "[][][]")
    }

    /// Every built-in template is one swift-mustache parses.
    @Test func everyBuiltInTemplateParsesInSwiftMustache() throws {
        for name in TemplateSet.fileNames where name.hasSuffix(".mustache") {
            _ = try MustacheTemplate(string: try #require(TemplateSet.builtInSources[name]))
        }
    }

    /// Tags that need more than text, values and sections are refused with a sentence naming the
    /// line, where swift-mustache would render nothing for them (no partials are given to it,
    /// and a function does not apply to a page's values).
    @Test(arguments: [
        ("a\n{{>partial}}", "partials", 2), ("a {{<parent}}{{/parent}}", "inheritance", 1), ("{{$block}}x{{/block}}", "inheritance", 1),
        ("\n\n{{% CONTENT_TYPE: TEXT}}", "pragmas", 3), ("{{uppercased(name)}}", "function", 1),
        ("{{#reversed(list)}}{{.}}{{/reversed(list)}}", "function", 1), ("{{=<% %>=}}", "delimiters", 1),
    ])
    func tagsBeyondValuesAndSectionsAreRefused(_ source: String, _ words: String, _ line: Int) throws {
        _ = try MustacheTemplate(string: source)
        do {
            _ = try BoundedTemplate(file: "mine/x.md.mustache", source: source)
            Issue.record("\(source) was taken")
        } catch let problem as TemplateSet.Problem {
            #expect(problem.message.contains(words) && problem.line == line && problem.file == "mine/x.md.mustache", "\(problem)")
        }
    }

    /// Hand-written cases: the lines a tag alone on its line takes away, escaping, dotted names,
    /// lookups up the stack, and swift-mustache's own readings (an empty string opens a section;
    /// `{{` before a newline).
    @Test(arguments: [
        "Hello {{name}}!\n",
        "  {{#list}}\n  - {{t}}\n  {{/list}}\n",
        "{{#list}}{{t}},{{/list}}|{{^list}}none{{/list}}",
        "{{^empty}}\n  nothing\n{{/empty}}\n",
        "{{#flag}}yes{{/flag}}{{^flag}}no{{/flag}}\t{{#off}}on{{/off}}{{^off}}off{{/off}}",
        "{{#emptyText}}[{{.}}]{{/emptyText}}",
        "{{#obj}}{{t}} {{name}} {{.t}} {{.name}}{{/obj}} {{obj.t}} {{obj.inner.t}} {{obj.missing.t}}",
        "{{{raw}}} {{raw}} {{& raw}} {{ raw }}",
        "  {{! a comment }}\n  text {{! inline }} end\n",
        "a{{\nb}}c",
        "{{#texts}}<{{.}}>{{/texts}}",
        "line\r\n  {{#flag}}  \r\n  in\r\n  {{/flag}}\r\nafter",
        "{{#list}}\n{{#texts}}{{t}}{{.}} {{/texts}}\n{{/list}}",
        "{ {x} }} {{name}}}",
        "{{#flag}}\n{{/flag}}   {{#flag}}\nx\n{{/flag}}",
        "{{obj}}|{{flag}}|{{#obj}}{{.}}{{/obj}}",
    ])
    func handWrittenCases(_ source: String) throws {
        let context: TemplateFields = [
            "name": "Ann <&> \"quoted\" 'single'", "raw": "<b>&amp;</b>", "flag": true, "off": false, "empty": [], "emptyText": "",
            "list": [["t": "one"], ["t": "two", "name": "inner"]], "texts": ["a", "b<"],
            "obj": ["t": "T", "inner": ["t": "deep"]],
        ]
        let (library, almanac) = try both(source, context)
        #expect(almanac == library, "\(source.debugDescription)")
    }

    /// Random templates over random values: the two parsers refuse the same templates, and every
    /// other renders the same. Seeded; the seed of a failing case is in its message.
    @Test func randomTemplatesRenderAsSwiftMustacheRendersThem() throws {
        var compared = 0, refused = 0
        for seed in UInt64(1)...3_000 {
            var random = SeededGenerator(seed: seed)
            let source = RandomTemplate.source(&random)
            let context = RandomTemplate.context(&random)
            let library = try? MustacheTemplate(string: source), ours = try? BoundedTemplate(file: "t", source: source)
            #expect((library == nil) == (ours == nil), "seed \(seed): swift-mustache \(library == nil ? "refuses" : "takes") \(source.debugDescription)")
            guard let library, let ours else { refused += 1; continue }
            compared += 1
            let expected = library.render(TemplateValue.fields(context))
            let got = try ours.render(context, words: .english) { $0 }
            #expect(got == expected, "seed \(seed): \(source.debugDescription)")
            if got != expected { break }
        }
        #expect(compared > 2_000 && refused > 0)
    }

    /// Sections nested deeper than a parser's stack can follow are refused with their line, not
    /// followed down (a template nested 5,000 deep ended the process before); 100 deep renders.
    @Test func sectionsNestedTooDeepAreRefusedWithTheirLine() throws {
        // Also when a comment holds a closing tag, which a count of tags took as closing one.
        for open in ["{{#shown}}", "{{#shown}}{{! {{/shown}} }}"] {
            let deep = "a\n" + String(repeating: open, count: 5_000) + "x" + String(repeating: "{{/shown}}", count: 5_000)
            do {
                _ = try BoundedTemplate(file: "mine/x.md.mustache", source: deep)
                Issue.record("taken")
            } catch let problem as TemplateSet.Problem {
                #expect(problem.message == "sections are nested more than 100 deep" && problem.line == 2, "\(problem)")
            }
        }
        // Other delimiters are refused before any section is read.
        let delimited = "x\n{{=<% %>=}}\n" + String(repeating: "<%#shown%>", count: 5_000)
        #expect(throws: TemplateSet.Problem.self) { _ = try BoundedTemplate(file: "mine/x.md.mustache", source: delimited) }
        let hundred = String(repeating: "{{#shown}}{{^hidden}}", count: 50) + "x" + String(repeating: "{{/hidden}}{{/shown}}", count: 50)
        #expect(try render(hundred, ["shown": true, "hidden": false]) == "x")
        // Tags closed between opens do not add up: a thousand sections one after another render.
        #expect(try render(String(repeating: "{{#shown}}x{{/shown}}", count: 1_000), ["shown": true]) == String(repeating: "x", count: 1_000))
    }

    /// In the strict mode of the tests a name no value has is an error; otherwise it renders nothing.
    @Test func aMissingNameIsAnErrorInStrictMode() throws {
        let template = try BoundedTemplate(file: "t.md.mustache", source: "[{{name}}][{{missing}}]")
        #expect(try template.render(["name": "n"], words: .english) { $0 } == "[n][]")
        #expect(throws: TemplateSet.Problem.self) {
            try BoundedTemplate.$strict.withValue(true) { _ = try template.render(["name": "n"], words: .english) { $0 } }
        }
    }

    /// The budget: sections nested over the same list, or a page of gigabytes, stop with a
    /// sentence in well under a second.
    @Test func aPageOverItsBudgetIsRefused() throws {
        let rows: TemplateValue = .list((0..<40).map { _ in ["name": .text(String(repeating: "n", count: 100))] })
        let nested = String(repeating: "{{#rows}}", count: 30) + "x" + String(repeating: "{{/rows}}", count: 30)
        let huge = "{{#rows}}{{#rows}}{{#rows}}" + String(repeating: "{{name}}", count: 200) + "{{/rows}}{{/rows}}{{/rows}}"
        for (source, words) in [(nested, "200000 sections"), (huge, "larger than 64 MB")] {
            #expect(throws: TemplateSet.Problem.self) { try render(source, ["rows": rows]) }
            do { _ = try render(source, ["rows": rows]) } catch let problem as TemplateSet.Problem {
                #expect(problem.message.contains(words) && problem.file == "test.md.mustache", "\(problem)")
            }
        }
    }
}

/// The values as swift-mustache reads them, for the tests to render the same template through
/// swift-mustache: a yes or no as `Bool`, a list as an array, text and named values as
/// themselves.
extension TemplateValue: MustacheParent, MustacheCustomRenderable {
    var mustacheValue: Any {
        switch self {
        case .flag(let flag): return flag
        case .list(let items): return items
        case .text, .fields: return self
        }
    }

    public func child(named name: String) -> Any? {
        guard case .fields(let fields) = self else { return nil }
        return fields[name]?.mustacheValue
    }

    public var renderText: String {
        switch self {
        case .text(let text): return text
        case .flag(let flag): return String(flag)
        case .list, .fields: return ""
        }
    }

    public var isNull: Bool { false }
}

/// Templates made of what a person writes: text, spaces, tabs and line ends around variables,
/// sections and comments, nested, over values where the same name means different things at
/// different depths.
enum RandomTemplate {
    static let texts = ["a", "b c", " ", "  ", "\t", "\n", "\r\n", "{", "}", "x{y", "<&>\"'", "é", " \n", "\t\n", "\n\n", "{}", "}}"]
    /// Names a variable may show: each is text or a flag wherever it is found.
    static let variables = ["t", "u", "f", "g", "x", "o.t", "o.f", ".t", "o.missing", "missing.t"]
    static let sections = ["l", "s", "e", "f", "g", "t", "E", "o", "x", "o.l", "u", ".l"]

    static func source(_ random: inout SeededGenerator, depth: Int = 0, textTop: Bool = false) -> String {
        var out = ""
        for _ in 0..<(1 + random.below(depth == 0 ? 9 : 5)) {
            switch random.below(10) {
            case 0...2: out += texts[random.below(texts.count)]
            case 3, 4:
                let name = textTop && random.below(4) == 0 ? "." : variables[random.below(variables.count)]
                let space = random.below(3) == 0 ? " " : ""
                switch random.below(4) {
                case 0: out += "{{{\(space)\(name)\(space)}}}"
                case 1: out += "{{&\(space)\(name)}}"
                default: out += "{{\(space)\(name)\(space)}}"
                }
            case 5: out += random.below(2) == 0 ? "{{! note }}" : "{{!\nacross lines\n}}"
            case 6: out += ["\n", "  ", "\t", "\r\n", " \n  "][random.below(5)]
            default:
                guard depth < 3 else { out += texts[random.below(texts.count)]; continue }
                let name = sections[random.below(sections.count)]
                let inverted = random.below(3) == 0
                let lead = ["", "\n", "  ", "\n  ", "\t"][random.below(5)]
                let trail = ["", "\n", "  \n", " x"][random.below(4)]
                // Inside a section over texts (or a text) the current value is a text; a flag's
                // section keeps the current value.
                let inner = source(&random, depth: depth + 1, textTop: !inverted && (name == "s" || name == "t") || (textTop && ["f", "g", "u"].contains(name)))
                out += "\(lead){{\(inverted ? "^" : "#")\(name)}}\(trail)\(inner)\(lead){{/\(name)}}\(trail)"
            }
        }
        return out
    }

    static func context(_ random: inout SeededGenerator) -> TemplateFields {
        func text() -> TemplateValue { .text(["", "x", "<b>", "a & b", "Ann's \"note\"", "é✓", "line\nbreak"][random.below(7)]) }
        func flag() -> TemplateValue { .flag(random.below(2) == 0) }
        func element() -> TemplateValue {
            var fields: TemplateFields = [:]
            if random.below(2) == 0 { fields["t"] = text() }
            if random.below(3) == 0 { fields["u"] = flag() }
            if random.below(3) == 0 { fields["f"] = flag() }
            if random.below(4) == 0 { fields["l"] = .list((0..<random.below(3)).map { _ in ["t": text()] }) }
            return .fields(fields)
        }
        var context: TemplateFields = [
            "t": text(), "u": text(), "f": flag(), "g": flag(), "E": "",
            "l": .list((0..<random.below(4)).map { _ in element() }),
            "s": .list((0..<random.below(4)).map { _ in text() }),
            "e": [],
            "o": ["t": text(), "f": flag(), "l": .list((0..<random.below(3)).map { _ in element() })],
        ]
        if random.below(3) == 0 { context["u"] = flag() }
        return context
    }
}
