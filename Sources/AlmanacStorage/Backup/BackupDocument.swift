import AlmanacDomain
import Foundation

/// Reads a JSON backup (`almanac-backup`, version 1 to `BackupFormat.version`) into store contents, refusing anything that
/// is not exactly that with a sentence naming the problem and, for values, its JSON path
/// (`habitEntries[1042].dayKey: "2025-13-01" is not a calendar day (YYYY-MM-DD).`).
///
/// The text is read as it arrives (`Reader`): the document's members and each object of its
/// arrays are cut out one at a time and converted (a value of a key no backup has is checked and
/// dropped), so the text is never held whole — neither a
/// file nor what a pipe or an inflating gzip stream delivers. (Foundation's JSONDecoder took 3 s
/// and 300 MB on the bench backup; see docs/PERFORMANCE.md.)
public enum BackupDocument {
    public static var format: String { BackupFormat.name }

    /// Why a backup was refused.
    public struct Problem: Error, CustomStringConvertible, Equatable, Sendable {
        /// The sentence, which starts with the JSON path when there is one.
        public let message: String
        /// Where in the file the problem is (`habitEntries[1042].dayKey`), when it is one value.
        public let jsonPath: String?

        public init(_ message: String, at jsonPath: String? = nil) { self.message = message; self.jsonPath = jsonPath }

        /// "`path`: what is wrong" (or "`path` is missing." when `detail` starts with " ").
        public init(at jsonPath: String, _ detail: String) {
            self.init(jsonPath + (detail.hasPrefix(" ") ? "" : ": ") + detail, at: jsonPath)
        }

        public var description: String { message }
    }

    /// A backup read as its text arrives, in pieces of any size (`read`), then `finish`ed:
    /// nothing is returned unless every value is valid. What is held is the contents being built
    /// and one value at a time: a member of the document (its header, its settings) or one object
    /// of an array — at most `maxValueBytes`, with no text longer than `maxTextBytes`.
    ///
    /// Almanac writes `format` and `version` first, so a file that is not a backup, or one of a
    /// newer version, is refused before its body is read; a file whose keys were put in another
    /// order is read all the same.
    public struct Reader {
        /// The longest text a value may hold: a note's megabyte with every byte escaped.
        public static let maxTextBytes = 6 * HabitRules.maxTextBytes + 64
        /// The largest value (one object of an array with its fields, known or not).
        public static let maxValueBytes = 16 << 20

        /// Where the reader is between values: before the document, before a key, a colon or a
        /// member's value, after a member, before or after one object of a section's array, after
        /// the document.
        private enum Place { case start, key, colon, value, afterMember, element, afterElement, end }
        /// What the value being cut out is.
        private enum Role { case document, key, member, element, skipped }

        private var place = Place.start
        /// True right after `{`, `[` (an empty one may close) — false after `,`.
        private var first = true
        /// Bytes read before the current piece of text.
        private var count = 0

        /// The value being cut out, and the state of the scan through it.
        private var role: Role?
        private var value: [UInt8] = []
        private var valueStart = 0, valueBytes = 0, textBytes = 0
        private var depth = 0, inString = false, escaped = false

        /// The current member's key, its section when it is one, and the index of the next object.
        private var key = ""
        private var section: BackupFormat.Section?
        private var sectionFields: Set<String> = []
        private var index = 0

        private var contents = StoreContents(settings: Settings(timeZone: "UTC"))
        private var seenFormat = false, version: Int?, exportedAt: Timestamp?, settings: Settings?
        private var sections = Set<BackupFormat.Section>(), keys = Set<String>()
        /// The first problem of an object read before `format` and `version`.
        private var deferred: Problem?

        public init() {}

        /// Reads the next piece of the text.
        public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            var i = 0
            while i < bytes.count {
                if role != nil {
                    i = try scan(bytes, from: i)
                    continue
                }
                let byte = bytes[i]
                if byte == 32 || byte == 10 || byte == 13 || byte == 9 { i += 1; continue }
                try step(byte, at: count + i)
                if role == nil { i += 1 }   // a byte that opens a value is the value's own
            }
            count += bytes.count
        }

        /// The document has ended: checks that it is whole and valid, and gives its contents.
        public mutating func finish() throws -> (contents: StoreContents, exportedAt: Timestamp) {
            if role != nil {
                // A number at the very end is complete; anything else was cut short.
                try complete()
            }
            guard place == .end else {
                if place == .start { throw Problem("The file is empty, so it is not an Almanac backup.") }
                throw syntax("the file ends too early (truncated?)", at: count)
            }
            guard seenFormat else { throw Problem("The file is JSON but not an Almanac backup (it has no \"format\": \"\(format)\").") }
            guard let version else { throw Problem("version is missing; an Almanac backup names its format version.") }
            if let deferred { throw deferred }
            guard let exportedAt else { throw Problem("exportedAt is missing.") }
            guard let settings else { throw Problem("settings is missing.") }
            // A missing array is not an empty one: taken as empty, a replace would delete that table.
            if let missing = BackupFormat.Section.allCases.first(where: { !sections.contains($0) && $0.since <= version }) {
                throw Problem("\(missing.key) is missing; a backup has every array, empty or not.", at: missing.key)
            }
            contents.settings = settings
            try BackupValidator.validate(contents)
            return (contents, exportedAt)
        }

        private func syntax(_ message: String, at offset: Int) -> Problem {
            Problem("The file is not valid JSON: \(message) (at byte \(offset)).")
        }

        /// One byte between values, at `offset` in the text.
        private mutating func step(_ byte: UInt8, at offset: Int) throws {
            switch place {
            case .start:
                if byte == UInt8(ascii: "{") { place = .key; first = true; return }
                // Another JSON value is read (and refused) as one; anything else is not JSON.
                guard "[\"-0123456789tfn".utf8.contains(byte) else {
                    throw Problem("The file is not valid JSON, so it is not an Almanac backup (it does not start as a JSON object).")
                }
                begin(.document, at: offset)
            case .key:
                if byte == UInt8(ascii: "}"), first { place = .end; return }
                guard byte == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes", at: offset) }
                begin(.key, at: offset)
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw syntax("expected ':'", at: offset) }
                place = .value
            case .value:
                if section != nil, byte == UInt8(ascii: "[") { place = .element; first = true; index = 0; return }
                begin(section != nil || Self.headerKeys.contains(key) ? .member : .skipped, at: offset)
            case .afterMember:
                switch byte {
                case UInt8(ascii: ","): place = .key; first = false
                case UInt8(ascii: "}"): place = .end
                default: throw syntax("expected ',' or '}'", at: offset)
                }
            case .element:
                if byte == UInt8(ascii: "]"), first { endSection(); return }
                begin(.element, at: offset)
            case .afterElement:
                switch byte {
                case UInt8(ascii: ","): place = .element; first = false
                case UInt8(ascii: "]"): endSection()
                default: throw syntax("expected ',' or ']'", at: offset)
                }
            case .end:
                throw syntax("there is more text after the JSON value", at: offset)
            }
        }

        /// The members read (`newestChange` is the writer's, for its folder of dated backups).
        private static let headerKeys: Set<String> = ["format", "version", "exportedAt", "settings"]

        private mutating func begin(_ role: Role, at offset: Int) {
            self.role = role
            value.removeAll(keepingCapacity: true)
            valueStart = offset; valueBytes = 0; textBytes = 0; depth = 0; inString = false; escaped = false
        }

        /// How deep a value starts: the document, its members, an array's objects.
        private static func depth(of role: Role) -> Int { role == .document ? 0 : role == .element ? 2 : 1 }

        private mutating func endSection() {
            sections.insert(section!)
            section = nil
            place = .afterMember
        }

        /// Scans the value being cut out from `start`; returns where the scan stopped: the end of
        /// the piece, or the byte after the value (a scalar's ending byte is left for `step`).
        private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int {
            var i = start, ended = false
            scanning: while i < bytes.count {
                let byte = bytes[i]
                if inString {
                    textBytes += 1
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { i += 1; ended = true; break scanning }
                    }
                    i += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true; textBytes = 0
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard Self.depth(of: role!) + depth < JSONReader.maxDepth else {
                        throw syntax("it nests more than \(JSONReader.maxDepth) levels deep", at: count + i)
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { ended = true; break scanning }
                    depth -= 1
                    if depth == 0 { i += 1; ended = true; break scanning }
                case UInt8(ascii: ","), 32, 10, 13, 9:
                    if depth == 0 { ended = true; break scanning }
                default: break
                }
                i += 1
            }
            valueBytes += i - start
            value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
            guard textBytes <= Self.maxTextBytes else {
                throw Problem("The file holds a text of over \(Self.maxTextBytes >> 20) MB, more than any field of a store may hold.")
            }
            guard valueBytes <= Self.maxValueBytes else {
                throw Problem("The file holds one value of over \(Self.maxValueBytes >> 20) MB, more than any object of a backup may be.")
            }
            if ended { try complete() }
            return i
        }

        /// The value has been cut out: reads it.
        private mutating func complete() throws {
            let role = self.role!
            self.role = nil
            guard depth == 0, !inString else { throw syntax("the file ends too early (truncated?)", at: count) }
            guard String(validating: value, as: UTF8.self) != nil else {
                throw Problem("The file is not valid UTF-8 text, so it is not an Almanac backup.")
            }
            let start = valueStart
            let read: JSONReader.Value
            do {
                read = try value.withUnsafeBufferPointer { bytes in
                    var reader = JSONReader(bytes)
                    let depth = Self.depth(of: role)
                    let read: JSONReader.Value
                    switch role {
                    case .element: read = try reader.readValue(depth: depth, keeping: sectionFields)
                    case .member where key == "settings": read = try reader.readValue(depth: depth, keeping: BackupFields.settingsFields)
                    case .skipped: try reader.skipValue(depth: depth); read = .null   // checked, not kept
                    default: read = try reader.readValue(depth: depth)
                    }
                    guard reader.peek() == nil else { throw reader.fail("unexpected text") }
                    return read
                }
            } catch let error as JSONReader.SyntaxError {
                throw syntax(error.message, at: start + error.offset)
            }
            switch role {
            case .document: throw Problem("The file is JSON but not an Almanac backup (it is not an object with \"format\": \"\(format)\").")
            case .key: try takeKey(read)
            case .member: try takeMember(read)
            case .element:
                // Before the header (a file whose keys were reordered) a problem waits for it: a
                // file that is not a backup, or of a newer version, is refused as such.
                if deferred == nil {
                    do {
                        try take(try BackupFields(read, in: section!.key, at: index))
                    } catch let problem as Problem where !(seenFormat && version != nil) {
                        deferred = problem
                    }
                }
                index += 1
                place = .afterElement
            case .skipped: place = .afterMember
            }
        }

        private mutating func takeKey(_ read: JSONReader.Value) throws {
            guard case .string(let key) = read else { throw syntax("expected a key in quotes", at: valueStart) }
            // Almanac writes each key of the document once: one given twice (two `habits`
            // arrays) is not read as either.
            guard keys.insert(key).inserted else { throw Problem("\(key) appears twice at the top level; a backup has each key once.") }
            self.key = key
            section = BackupFormat.Section(rawValue: key)
            if let section { sectionFields = Set(section.fields.map(\.name)) }
            place = .colon
        }

        private mutating func takeMember(_ read: JSONReader.Value) throws {
            place = .afterMember
            if let section {
                throw Problem(at: section.key, " has the wrong type (expected an array, found \(read.typeName)).")
            }
            let fields = try BackupFields(.object([(key, read)]), path: "")
            switch key {
            case "format":
                guard case .string(let text) = read, text == format else {
                    throw Problem("The file is JSON but not an Almanac backup (\"format\" is not \"\(format)\").")
                }
                seenFormat = true
            case "version":
                let number = try fields.integer(key)
                guard number <= BackupFormat.version else {
                    throw Problem("This backup has format version \(number), newer than this almanac reads (\(BackupFormat.version)); upgrade almanac to restore it.")
                }
                guard number >= 1 else { throw Problem("version: \(number) is not a backup format version.") }
                version = number
            case "exportedAt": exportedAt = try fields.timestamp(key)
            case "settings": settings = try BackupFields(read, path: "settings").settings()
            default: break   // newestChange: the writer's, for the folder of dated backups
            }
        }

        private mutating func take(_ fields: BackupFields) throws {
            switch section! {
            case .categories: contents.categories.append(try fields.category())
            case .habits: contents.habits.append(try fields.habit())
            case .goals: contents.goals.append(try fields.goal())
            case .habitEntries: contents.habitEntries.append(try fields.habitEntry())
            case .journalEntries: contents.journalEntries.append(try fields.journalEntry())
            case .wellbeingEntries: contents.wellbeingEntries.append(try fields.wellbeingEntry())
            case .sources: contents.sources.append(try fields.followedSource())
            }
        }
    }
}
