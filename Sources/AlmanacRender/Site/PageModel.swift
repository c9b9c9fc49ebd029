import Crypto

/// What one file of the site shows, as a value — and the whole input of its renderer. A
/// renderer is a method of its model and sees nothing else (no store, no clock, no options):
/// whatever a file shows is in its model, so the key derived from the model's canonical
/// encoding (`SitePage.key`) changes whenever the file's bytes could.
public protocol PageModel: Encodable, Sendable {}

/// A file drawn from its model alone: the SVG heatmaps and charts.
public protocol DrawnModel: PageModel {
    func draw() -> [UInt8]
}

/// A file laid out by the templates from its model: the pages and the stylesheet. Its key
/// includes the templates' fingerprint.
public protocol TemplatedModel: PageModel {
    func render(_ templates: TemplateSet) throws -> [UInt8]
}

/// One file of the site: where it goes and the model it is rendered from.
public struct SitePage: Sendable {
    public enum Model: Sendable {
        case drawn(any DrawnModel)
        case templated(any TemplatedModel)
    }

    /// The path inside the site folder (`habits/run.html`).
    public let path: String
    public let model: Model

    public init(path: String, drawn model: any DrawnModel) { self.path = path; self.model = .drawn(model) }

    public init(path: String, templated model: any TemplatedModel) { self.path = path; self.model = .templated(model) }

    /// The file's bytes.
    public func render(_ templates: TemplateSet) throws -> [UInt8] {
        switch model {
        case .drawn(let model): return model.draw()
        case .templated(let model): return try model.render(templates)
        }
    }

    /// The file's key: a SHA-256 (hex) of the renderer's identity (`renderer`: this build of
    /// Almanac), the model's type, the templates' fingerprint for a templated file, and the
    /// model's canonical bytes (`ModelKey`). Two runs give a file the same key only when they
    /// would render it from equal models with the same renderer and templates — that is, to the
    /// same bytes.
    public func key(renderer: String, templates: TemplateSet) throws -> String {
        switch model {
        case .drawn(let model): return try ModelKey.make(model, renderer: renderer, templates: nil)
        case .templated(let model): return try ModelKey.make(model, renderer: renderer, templates: templates)
        }
    }
}

/// A part of a site — a group of files made from one value, such as one habit's files — which a
/// report keeps whole while the value's key is the same. `pages()` reads nothing but the value,
/// and the value's `Encodable` conformance hands over everything `pages()` reads (what it
/// computes from that in `init` aside), so equal keys give the same files.
public protocol SitePart: Encodable, Sendable {
    /// The part's files, with their models.
    func pages() -> [SitePage]
}

extension SitePart {
    /// The key of the part's files: the renderer's identity, the templates' fingerprint and the
    /// value's canonical bytes (`ModelKey`). Equal keys: the same models, so the same files.
    public func key(renderer: String, templates: TemplateSet) throws -> String {
        try ModelKey.make(self, renderer: renderer, templates: templates)
    }
}

/// The key of a value the site's files are made from (a page's model, a habit's files): a
/// SHA-256 (hex) of the renderer's identity, the value's type, the templates' fingerprint when
/// they take part, and the value's canonical bytes (`CanonicalEncoding`).
public enum ModelKey {
    public static func make<Value: Encodable>(_ value: Value, renderer: String, templates: TemplateSet?) throws -> String {
        var hash = SHA256()
        func add(_ text: String) {
            var bytes = Array(text.utf8)
            bytes.append(0)
            hash.update(data: bytes)
        }
        add("almanac-page-key-1")
        add(renderer)
        add(_typeName(Value.self, qualified: true))
        if let templates { add(templates.fingerprint) }
        try CanonicalEncoding.hash(value, into: &hash)
        return Hex.string(hash.finalize())
    }
}

/// Lowercase hexadecimal text of bytes.
public enum Hex {
    public static func string(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
