import Mustache

/// What a page hands its template: text, a yes or no, a list, or named values — the only kinds of
/// value a page shows, each text already escaped for the page's format.
///
/// Typed, so a template's budget (`TemplateBudget`) is counted before it renders; swift-mustache
/// renders it as it is (`mustacheValue`).
public enum TemplateValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([TemplateValue])
    case fields(TemplateFields)

    /// A list of texts.
    static func texts(_ items: [String]) -> TemplateValue { .list(items.map(TemplateValue.text)) }

    /// The value as swift-mustache takes it from a parent: a yes or no as `Bool`, a list as an
    /// array, text and named values as themselves (`MustacheParent`, `MustacheCustomRenderable`).
    var mustacheValue: Any {
        switch self {
        case .flag(let flag): return flag
        case .list(let items): return items
        case .text, .fields: return self
        }
    }
}

/// A value as swift-mustache reads it, with no copy into `[String: Any]`: named values give their
/// children, and a text renders as itself with no names inside (a plain `String` opened as a
/// section, `{{#emoji}}{{{emoji}}}{{/emoji}}`, has each name inside it looked up by reflecting
/// the string). Each name a page shows is a cast at every level of its context, and a first run
/// casts millions of times (docs/PERFORMANCE.md).
extension TemplateValue: MustacheParent, MustacheCustomRenderable {
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
