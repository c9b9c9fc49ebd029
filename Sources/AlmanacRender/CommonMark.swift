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
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        let length = markdown.utf8.count
        let rendered: UnsafeMutablePointer<CChar>? = markdown.withCString { cmark_markdown_to_html($0, length, options) }
        guard let rendered else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var version: String { String(cString: cmark_version_string()) }
}
