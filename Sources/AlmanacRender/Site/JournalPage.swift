import Foundation
import AlmanacDomain

/// The journal page (`journal.md`, only with `--include-journal`): entries newest first and the
/// wellbeing ratings, all text escaped (the body's paragraphs are kept).
struct JournalPage {
    let input: SiteInput
    let options: SiteOptions
    let ext: String

    func markdown(_ templates: TemplateSet) throws -> String {
        let md = MarkdownText.escape
        let entries: [[String: Any]] = input.journal.filter { $0.dayKey <= options.asOf }.reversed().map { entry in
            let paragraphs = entry.body.replacingOccurrences(of: "\r\n", with: "\n")
                .components(separatedBy: "\n\n").map { md($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return ["date": entry.dayKey.description, "title": md(entry.title), "paragraphs": paragraphs]
        }
        let ratings: [[String: Any]] = input.wellbeing.filter { $0.dayKey <= options.asOf }.reversed().map { rating in
            var fields: [String: Any] = ["date": rating.dayKey.description, "metric": md(rating.metric),
                                         "value": "\(NumberText.plain(rating.value))/\(NumberText.plain(rating.scaleMax))"]
            // No note, no "—": an empty string would still open the template's section.
            if let note = rating.note, !note.isEmpty { fields["note"] = md(note) }
            return fields
        }
        return try templates.journal.render([
            "home": "index.\(ext)", "entries": entries, "hasRatings": !ratings.isEmpty, "ratings": ratings,
        ] as [String: Any])
    }
}
