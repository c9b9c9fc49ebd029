import Mustache

/// What a page hands its template: text, a yes or no, a list, or named values — the only kinds of
/// value a page shows, each text already escaped for the page's format.
///
/// Typed, so a template's budget (`TemplateBudget`) is counted before it renders; `anyValue` is
/// the same value as swift-mustache takes it.
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case fields(TemplateFields)

    /// A list of texts.
    static func texts(_ items: [String]) -> TemplateValue { .list(items.map(TemplateValue.text)) }

    /// The value as swift-mustache renders it: `TemplateText`, `Bool`, `[Any]`, `[String: Any]`.
    var anyValue: Any {
        switch self {
        case .text(let text): return TemplateText(text: text)
        case .flag(let flag): return flag
        case .list(let items): return items.map(\.anyValue) as [Any]
        case .fields(let fields): return fields.anyDictionary
        }
    }
}

/// Text as swift-mustache takes it: rendered as itself, with no names inside. A plain `String`
/// opened as a section (`{{#emoji}}{{{emoji}}}{{/emoji}}`) has each name inside it looked up by
/// reflecting the string (`Mirror`), which made a year page's 100 rows take 5 ms to render.
struct TemplateText: MustacheParent, MustacheCustomRenderable {
    let text: String
    func child(named: String) -> Any? { nil }
    var renderText: String { text }
    var isNull: Bool { false }
}

/// A template's names and their values: a page's context, or one element of a list.
public typealias TemplateFields = [String: TemplateValue]

extension Dictionary where Key == String, Value == TemplateValue {
    /// The fields as swift-mustache takes them.
    var anyDictionary: [String: Any] { mapValues(\.anyValue) }
}

extension TemplateValue: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .text(value) }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .flag(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .fields(TemplateFields(elements, uniquingKeysWith: { _, last in last }))
    }
}
