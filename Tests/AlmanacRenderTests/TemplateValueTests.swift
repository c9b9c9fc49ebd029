@testable import AlmanacRender
import Testing

/// Template values as swift-mustache reads them, handed over as they are: every kind of value in
/// every place a template can use it renders as Mustache says it does.
@Suite struct TemplateValueTests {
    func render(_ source: String, _ context: TemplateFields) throws -> String {
        try BoundedTemplate(file: "test.md.mustache", source: source).render(context, words: SiteLanguage.english) { $0 }
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
    }
}
