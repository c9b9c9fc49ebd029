import Foundation

import Mustache

/// A bound on what one template may make a page render: a user's template with sections
/// nested over the same lists (`{{#rows}}{{#rows}}{{#rows}}…`) would otherwise render for hours.
/// Before a page is rendered, its template's sections are counted against the actual values —
/// every time a section would be rendered counts one — and so is the most the page can be (each
/// section's own text and the values it shows, HTML-escaped): a page over either budget is refused
/// with a sentence before a byte of it is rendered. The count stops at the budget, so it costs at
/// most that much.
struct TemplateBudget: Sendable {
    /// Sections one page may render: far above what any sensible page needs (a habit page with
    /// ten years of daily notes renders about 4,000) and rendered in well under a second.
    static let maxSections = 200_000
    /// The largest page a template may produce.
    static let maxBytes = 64 << 20

    /// A section of the template, with the sections inside it, the bytes of its own text and the
    /// values it shows (outside the sections inside it); names by their parts (`a.b` → `a`, `b`).
    struct Section: Sendable {
        var parts: [String]
        var inverted: Bool
        var children: [Section] = []
        var textBytes = 0
        var variables: [[String]] = []
        static func parts(of name: some StringProtocol) -> [String] { name == "." ? [] : String(name).split(separator: ".").map(String.init) }
    }

    /// The template as a section rendered once: its own text and values, and its sections.
    let root: Section

    /// The section tree of a template source that parsed (standard `{{ }}` delimiters).
    init(source: String) throws {
        var stack: [Section] = [Section(parts: [], inverted: false)]
        var rest = Substring(source)
        while let open = Self.find(UInt8(ascii: "{"), in: rest) {
            stack[stack.count - 1].textBytes += rest.utf8.distance(from: rest.startIndex, to: open.lowerBound)
            rest = rest[open.upperBound...]
            guard let close = Self.find(UInt8(ascii: "}"), in: rest) else { break }
            let tag = Self.trimmed(rest[..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard let kind = tag.first else { continue }
            let name = Self.trimmed(tag.dropFirst())
            switch kind {
            case "#", "^":
                // A transform (`{{#reversed(rows)}}`, `first`, `sorted`…) renders a list the
                // budget cannot see: such a section is refused, not guessed at.
                if name.contains("(") {
                    throw TemplateSet.Problem(file: "", line: nil, message: "the section {{\(kind)\(name)}} applies a function to a list, which templates cannot do here; use the list itself")
                }
                stack.append(Section(parts: Section.parts(of: name), inverted: kind == "^"))
            case "/":
                guard stack.count > 1 else { continue }
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
            case "=": throw TemplateSet.Problem(file: "", line: nil, message: "changing the tag delimiters ({{=…=}}) is not supported")
            case "!", ">": continue
            case "{", "&": stack[stack.count - 1].variables.append(Section.parts(of: name.trimmingCharacters(in: .init(charactersIn: "} "))))
            default: stack[stack.count - 1].variables.append(Section.parts(of: tag))
            }
        }
        stack[stack.count - 1].textBytes += rest.utf8.count
        while stack.count > 1 { let open = stack.removeLast(); stack[stack.count - 1].children.append(open) }
        root = stack[0]
    }

    /// Where the first pair of `brace` (a `{{` or `}}`) in `text` is, found on its UTF-8 bytes.
    private static func find(_ brace: UInt8, in text: Substring) -> Range<Substring.Index>? {
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let hit = utf8[from...].firstIndex(of: brace) {
            let next = utf8.index(after: hit)
            guard next < utf8.endIndex else { return nil }
            if utf8[next] == brace { return hit..<utf8.index(after: next) }
            from = next
        }
        return nil
    }

    /// The text without the white space at its ends (most tags have none to lose).
    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last) else { return text }
        return Substring(text.trimmingCharacters(in: .whitespaces))
    }

    /// Throws when rendering `context` would render more sections, or more bytes, than the
    /// budget allows.
    func check(_ context: TemplateFields) throws {
        var count = Count()
        var stack: [TemplateValue] = [.fields(context)]
        try Self.render(root, &stack, &count)
    }

    private struct Count { var sections = 0, bytes = 0 }

    /// One rendering of a section's body: its text, its values (each at most six times its
    /// length once HTML-escaped: `"` is `&quot;`), and its sections.
    private static func render(_ section: Section, _ stack: inout [TemplateValue], _ count: inout Count) throws {
        count.bytes += section.textBytes
        for variable in section.variables {
            if case .text(let text)? = lookup(variable, in: stack) { count.bytes += 6 * text.utf8.count }
        }
        if count.bytes > maxBytes {
            throw TemplateSet.Problem(file: "", line: nil, message: "the page would be larger than \(maxBytes >> 20) MB")
        }
        for child in section.children {
            count.sections += 1
            if count.sections > maxSections {
                throw TemplateSet.Problem(file: "", line: nil, message: "the page would render more than \(maxSections) sections (are sections nested over the same list?)")
            }
            let value = lookup(child.parts, in: stack)
            if child.inverted {
                if isEmpty(value) { try Self.render(child, &stack, &count) }
            } else if case .list(let list)? = value {
                for element in list {
                    stack.append(element)
                    defer { stack.removeLast() }
                    try Self.render(child, &stack, &count)
                }
            } else if let value, !isEmpty(value) {
                stack.append(value)
                defer { stack.removeLast() }
                try Self.render(child, &stack, &count)
            }
        }
    }

    /// A name as Mustache resolves it: the innermost context that has its first part, then the rest.
    private static func lookup(_ parts: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = parts.first else { return stack.last }
        var found: TemplateValue?
        for frame in stack.reversed() {
            if case .fields(let fields) = frame, let member = fields[first] { found = member; break }
        }
        guard var value = found else { return nil }
        for part in parts.dropFirst() {
            guard case .fields(let fields) = value, let next = fields[part] else { return nil }
            value = next
        }
        return value
    }

    private static func isEmpty(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: return true
        case .flag(let flag)?: return !flag
        case .list(let list)?: return list.isEmpty
        case .text(let text)?: return text.isEmpty
        case .fields?: return false
        }
    }
}

/// A parsed template with its budget: the only way a page is rendered (by swift-mustache).
struct BoundedTemplate: Sendable {
    let file: String
    let template: MustacheTemplate
    let budget: TemplateBudget
    /// The site's words the template shows (`{{{w.habits}}}`: the catalogue's `habits`).
    let words: [String]

    init(file: String, source: String) throws {
        self.file = file
        template = try MustacheTemplate(string: source)
        budget = try TemplateBudget(source: source)
        var words: Set<String> = []
        func collect(_ section: TemplateBudget.Section) {
            for variable in section.variables where variable.count > 1 && variable[0] == "w" { words.insert(variable.dropFirst().joined(separator: ".")) }
            section.children.forEach(collect)
        }
        collect(budget.root)
        self.words = words.sorted()
    }

    /// The page: `context`, and under `w` the words of the page's language the template shows,
    /// each escaped by `escape` for the template's output.
    func render(_ context: TemplateFields, words language: SiteLanguage, escape: (String) -> String) throws -> String {
        var context = context
        context["w"] = .fields(TemplateFields(uniqueKeysWithValues: words.map { ($0, .text(escape(language[$0]))) }))
        do {
            try budget.check(context)
        } catch let problem as TemplateSet.Problem {
            throw TemplateSet.Problem(file: file, line: nil, message: problem.message)
        }
        return template.render(TemplateValue.fields(context))
    }
}
