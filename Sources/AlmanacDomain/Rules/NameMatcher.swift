import Foundation
import _FoundationICU

/// Finds objects by name the way a person types them: case-insensitively, by their words without
/// emoji, punctuation or accents, or by an unambiguous beginning of those — with suggestions.
public struct NameMatcher<Item> {
    public let items: [Item]
    public let name: (Item) -> String
    /// Other names each item answers to exactly (a habit's aliases).
    public let aliases: (Item) -> [String]

    public init(_ items: [Item], name: @escaping (Item) -> String, aliases: @escaping (Item) -> [String] = { _ in [] }) {
        self.items = items
        self.name = name
        self.aliases = aliases
    }

    /// The item whose name equals `query` ignoring case (and surrounding spaces).
    public func exact(_ query: String) -> Item? {
        let key = NameMatcher.fold(query)
        return items.first { NameMatcher.fold(name($0)) == key }
    }

    /// The item named `query`: its name in any case; else an alias of it; else its words (`bouldern mit der
    /// klettergruppe` for "🧗‍♀️ Bouldern mit der Klettergruppe …"); else the one name whose words
    /// begin with the query's; else the one name with words that begin with the query's words, in
    /// order (`water`, `dri wa` for "Drink water"; `read b` for "Read a book"). Several such names
    /// are an `ambiguous` error listing them; none, a `notFound` error listing up to three close
    /// names.
    public func find(_ query: String, kind: String = "habit") throws -> Item {
        if let item = exact(query) { return item }
        let key = NameMatcher.fold(query)
        if let item = items.first(where: { aliases($0).contains { NameMatcher.fold($0) == key } }) { return item }
        let typed = NameMatcher.words(query)
        if !typed.isEmpty {
            let named = items.map { (item: $0, words: NameMatcher.words(name($0))) }
            let same = named.filter { $0.words == typed }
            if same.count == 1 { return same[0].item }
            let begun = same.isEmpty ? named.filter { $0.words.hasPrefix(typed) } : same
            if begun.count == 1 { return begun[0].item }
            if begun.count > 1 { throw DomainError.ambiguous(kind: kind, name: query, candidates: begun.map { name($0.item) }) }
            let within = named.filter { NameMatcher.wordsBegin(typed, $0.words) }
            if within.count == 1 { return within[0].item }
            if within.count > 1 { throw DomainError.ambiguous(kind: kind, name: query, candidates: within.map { name($0.item) }) }
        }
        let close = suggestions(for: query)
        throw DomainError.notFound(kind: kind, name: query, suggestions: close, others: close.isEmpty ? nearest(to: query) : [])
    }

    /// The names nearest to `query` by edit distance, however far: what a sentence names when
    /// none is close.
    public func nearest(to query: String, limit: Int = 3) -> [String] {
        let key = Array(NameMatcher.fold(query))
        return items.map { (name($0), NameMatcher.editDistance(key, Array(NameMatcher.fold(name($0))))) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Names close to `query`: containing it, or within an edit distance of about a third of its length.
    public func suggestions(for query: String, limit: Int = 3) -> [String] {
        let key = NameMatcher.fold(query)
        guard !key.isEmpty else { return [] }
        let typed = NameMatcher.words(query)
        let scored: [(String, Int)] = items.compactMap { item in
            let candidate = NameMatcher.fold(name(item))
            if candidate.contains(key) || key.contains(candidate) { return (name(item), 0) }
            if !typed.isEmpty, NameMatcher.words(name(item)).contains(typed) { return (name(item), 0) }
            let distance = NameMatcher.editDistance(Array(key), Array(candidate))
            return distance <= max(2, key.count / 3) ? (name(item), distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// Case- and width-insensitive form used for comparisons.
    public static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// What names look like: each `fold`ed, then Unicode's confusable skeleton (UTS #39, from
    /// ICU), so that names which look the same share it — the Cyrillic "а" and the Latin "A", a
    /// Greek "Ο" and a Latin "O". One checker for the call (names are checked a command at a
    /// time): no state is shared between threads.
    public static func lookalikes(_ texts: [String]) -> [String] {
        var status = U_ZERO_ERROR
        guard let checker = swift_uspoof_open(&status), status.rawValue <= U_ZERO_ERROR.rawValue else { return texts.map(fold) }
        defer { swift_uspoof_close(checker) }
        return texts.map { text in
            let folded = fold(text)
            var status = U_ZERO_ERROR
            var out = [CChar](repeating: 0, count: folded.utf8.count * 4 + 16)
            let count = swift_uspoof_getSkeletonUTF8(checker, 0, folded, -1, &out, Int32(out.count), &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, count >= 0, Int(count) < out.count else { return folded }
            return String(decoding: out[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Whether each of `typed`'s words begins one of `words`' words, in order, with any words
    /// between (both as `words` gives them).
    static func wordsBegin(_ typed: String, _ words: String) -> Bool {
        var remaining = words.split(separator: " ")[...]
        for word in typed.split(separator: " ") {
            guard let at = remaining.firstIndex(where: { $0.hasPrefix(word) }) else { return false }
            remaining = remaining[(at + 1)...]
        }
        return true
    }

    /// A name's words as a person types them: lower case, without accents, emoji or punctuation,
    /// one space between words ("🧗‍♀️ Bouldern (Überhang-Training)" → "bouldern uberhang training").
    public static func words(_ text: String) -> String {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = "", gap = false
        for scalar in plain.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if gap && !out.isEmpty { out += " " }
                out.unicodeScalars.append(scalar)
                gap = false
            } else {
                gap = true
            }
        }
        return out
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

