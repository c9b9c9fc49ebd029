/// What one file of the site shows, as a value — and the whole input of its renderer. A
/// renderer is a method of its model and sees nothing else (no store, no clock, no options).
public protocol PageModel: Sendable {
    func render(_ templates: TemplateSet) throws -> [UInt8]
}

/// A file drawn from its model alone: the SVG heatmaps and charts.
public protocol DrawnModel: PageModel {
    func draw() -> [UInt8]
}

extension DrawnModel {
    public func render(_ templates: TemplateSet) -> [UInt8] { draw() }
}

/// A file laid out by the templates from its model: the pages and the stylesheet.
public protocol TemplatedModel: PageModel {}

/// One file of the site: where it goes and the model it is rendered from.
public struct SitePage: Sendable {
    /// The path inside the site folder (`habits/run.html`).
    public let path: String
    public let model: any PageModel

    public init(path: String, drawn model: any DrawnModel) { self.path = path; self.model = model }

    public init(path: String, templated model: any TemplatedModel) { self.path = path; self.model = model }

    /// The file's bytes.
    public func render(_ templates: TemplateSet) throws -> [UInt8] { try model.render(templates) }
}
