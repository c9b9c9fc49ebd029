import Ccmark
import Foundation

/// Markdown to HTML through libcmark, the CommonMark reference implementation.
///
/// This is the only file that imports the C library. Rendering is in cmark's safe mode: raw
/// HTML and `javascript:`/`vbscript:`/`file:` links in the Markdown are replaced, so user text
/// that reaches a page as Markdown cannot become markup.
public enum CommonMark {
    /// Renders CommonMark to an HTML fragment.
    public static func html(from markdown: String) -> String {
        withHTML(from: markdown) { String(decoding: $0, as: UTF8.self) }
    }

    /// Renders CommonMark to an HTML fragment and hands its UTF-8 bytes to `body`, uncopied
    /// (they are valid only during the call).
    static func withHTML<Result>(from markdown: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        let length = markdown.utf8.count
        let rendered: UnsafeMutablePointer<CChar>? = markdown.withCString { cmark_markdown_to_html($0, length, options) }
        guard let rendered else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { free(rendered) }
        return rendered.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(rendered))) }
    }

    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var version: String { String(cString: cmark_version_string()) }
}
