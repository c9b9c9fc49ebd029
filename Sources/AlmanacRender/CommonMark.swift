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
        html(from: markdown, block: { _ in nil }, aroundImage: { _, _ in nil })
    }

    /// Renders CommonMark to an HTML fragment through cmark's node tree, with HTML of the page's
    /// own put in as custom nodes (which cmark writes as they are, safe mode or not): a paragraph
    /// that is only text for which `block` gives HTML becomes that HTML, and an image for whose
    /// source and text (its alt text) `aroundImage` gives an opening and a closing tag is wrapped
    /// in them.
    static func html(from markdown: String, block: (String) -> String?,
                     aroundImage: (_ src: String, _ alt: String) -> (open: String, close: String)?) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, options) else { return "" }
        defer { cmark_node_free(document) }
        // The tree is walked first and changed after: nodes replaced while the walk is on them
        // would be freed under it.
        var blocks: [(OpaquePointer, String)] = [], images: [(OpaquePointer, String, String)] = []
        let walk = cmark_iter_new(document)
        while cmark_iter_next(walk) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(walk) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(walk) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH:
                guard let text = cmark_node_first_child(node), cmark_node_get_type(text) == CMARK_NODE_TEXT, cmark_node_next(text) == nil,
                      let html = block(String(cString: cmark_node_get_literal(text))) else { continue }
                blocks.append((node, html))
            case CMARK_NODE_IMAGE:
                var alt = "", child = cmark_node_first_child(node)
                while let text = child {
                    if let literal = cmark_node_get_literal(text) { alt += String(cString: literal) }
                    child = cmark_node_next(text)
                }
                guard let tags = aroundImage(String(cString: cmark_node_get_url(node)), alt) else { continue }
                images.append((node, tags.open, tags.close))
            default: continue
            }
        }
        cmark_iter_free(walk)
        for (paragraph, html) in blocks {
            let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)
            cmark_node_set_on_enter(custom, html)
            cmark_node_replace(paragraph, custom)
            cmark_node_free(paragraph)
        }
        for (image, open, close) in images {
            let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)
            cmark_node_set_on_enter(custom, open)
            cmark_node_set_on_exit(custom, close)
            cmark_node_insert_before(image, custom)
            cmark_node_unlink(image)
            cmark_node_append_child(custom, image)
        }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The version of the linked libcmark, e.g. `0.30.2`.
    public static var version: String { String(cString: cmark_version_string()) }
}
