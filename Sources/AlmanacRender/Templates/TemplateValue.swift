/// What a page hands its template: text, a yes or no, a list, or named values — the only kinds of
/// value a page shows, each text already escaped for the page's format.
///
/// Typed, so a template looks a name up with no dynamic cast (`BoundedTemplate`).
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case fields(TemplateFields)

    /// A list of texts.
    static func texts(_ items: [String]) -> TemplateValue { .list(items.map(TemplateValue.text)) }
}

/// A template's names and their values: a page's context, or one element of a list.
public typealias TemplateFields = [String: TemplateValue]

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
