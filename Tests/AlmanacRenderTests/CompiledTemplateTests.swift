@testable import AlmanacRender
import AlmanacDomain
import Mustache
import Testing

/// Almanac renders the templates it can itself (`CompiledTemplate`), and those must come out
/// byte for byte as swift-mustache renders them: a person's edited template must not change
/// because of which renderer took it.
@Suite struct CompiledTemplateTests {
    /// What swift-mustache makes of `source` and `context`, and what the compiled template makes.
    func both(_ source: String, _ context: TemplateFields) throws -> (library: String, compiled: String?) {
        let library = try MustacheTemplate(string: source).render(context.anyDictionary)
        return (library, CompiledTemplate(source: source)?.render(context))
    }

    /// The built-in templates are rendered by Almanac alone, and not parsed by swift-mustache at
    /// run time: each must be one swift-mustache parses.
    @Test func everyBuiltInTemplateIsCompiled() throws {
        let set = TemplateSet.builtIn()
        for template in [set.layout, set.dashboard, set.habit, set.journal] {
            #expect(template.compiled != nil, "\(template.file) is left to swift-mustache")
            #expect(template.template == nil, "\(template.file) was parsed twice")
            let name = String(template.file.split(separator: "/").last!)
            let source = try #require(TemplateSet.builtInSources[name])
            _ = try MustacheTemplate(string: source)
        }
        // A person's copy of them is parsed by swift-mustache first, which says where it is wrong.
        let copy = try TemplateSet(sources: TemplateSet.builtInSources, folder: "mine")
        #expect(copy.habit.template != nil && copy.habit.compiled != nil)
    }

    @Test func templatesWithMoreThanItTakesAreLeftToSwiftMustache() throws {
        for source in ["{{>partial}}", "a {{<parent}}{{/parent}}", "{{$block}}x{{/block}}", "{{% CONTENT_TYPE: TEXT}}",
                       "{{uppercased(name)}}", "{{#reversed(list)}}{{.}}{{/reversed(list)}}"] {
            _ = try MustacheTemplate(string: source)
            #expect(CompiledTemplate(source: source) == nil, "\(source)")
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
        "{{}} and {{.}}",
    ])
    func handWrittenCases(_ source: String) throws {
        let context: TemplateFields = [
            "name": "Ann <&> \"quoted\" 'single'", "raw": "<b>&amp;</b>", "flag": true, "off": false, "empty": [], "emptyText": "",
            "list": [["t": "one"], ["t": "two", "name": "inner"]], "texts": ["a", "b<"],
            "obj": ["t": "T", "inner": ["t": "deep"]],
        ]
        let (library, compiled) = try both(source, context)
        let expected = source.hasPrefix("{{}}") ? nil : library   // the root's description: its key order is random
        if let expected { #expect(compiled == expected, "\(source.debugDescription)") } else { #expect(compiled != nil) }
    }

    /// Random templates over random values: whatever swift-mustache parses and this renderer
    /// takes renders the same. Seeded; the seed of a failing case is in its message.
    @Test func randomTemplatesRenderAsSwiftMustacheRendersThem() throws {
        var compared = 0
        for seed in UInt64(1)...3_000 {
            var random = SeededGenerator(seed: seed)
            let source = RandomTemplate.source(&random)
            let context = RandomTemplate.context(&random)
            guard let library = try? MustacheTemplate(string: source) else { continue }
            let expected = library.render(context.anyDictionary)
            guard let compiled = CompiledTemplate(source: source) else { continue }
            compared += 1
            let got = compiled.render(context)
            #expect(got == expected, "seed \(seed): \(source.debugDescription)")
            if got != expected { break }
        }
        #expect(compared > 2_000)
    }
}

/// Templates made of what a person writes: text, spaces, tabs and line ends around variables,
/// sections and comments, nested, over values where the same name means different things at
/// different depths.
enum RandomTemplate {
    static let texts = ["a", "b c", " ", "  ", "\t", "\n", "\r\n", "{", "}", "x{y", "<&>\"'", "é", " \n", "\t\n", "\n\n", "{}", "}}"]
    /// Names a variable may show: each is text or a flag wherever it is found (a list's or named
    /// values' description has no fixed order in swift-mustache).
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
