import AlmanacDomain
import Foundation

/// Reads a JSON backup (`almanac-backup`, version 1 to 3) into store contents, refusing anything that
/// is not exactly that with a sentence naming the problem and, for values, its JSON path
/// (`habitEntries[1042].dayKey: "2025-13-01" is not a calendar day (YYYY-MM-DD).`).
///
/// The reader streams: objects are converted one at a time as they are read. (Foundation's
/// JSONDecoder took 3 s and 300 MB on the bench backup; see docs/PERFORMANCE.md.)
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

    /// Decodes and validates a whole backup. Nothing is returned unless every value is valid.
    /// `progress(read, total)` follows the reading, in bytes.
    public static func decode(_ data: Data, progress: ((Int, Int) -> Void)? = nil) throws -> (contents: StoreContents, exportedAt: Timestamp) {
        guard String(validating: data, as: UTF8.self) != nil else {
            throw Problem("The file is not valid UTF-8 text, so it is not an Almanac backup.")
        }
        // The reader walks the file's bytes in place (a 90 MB backup is never copied); it lives
        // only inside this closure.
        return try data.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            reader.progress = progress
            do {
                return try decode(&reader)
            } catch let error as JSONReader.SyntaxError {
                throw Problem("The file is not valid JSON: \(error.message) (at byte \(error.offset)).")
            }
        }
    }

    private static func decode(_ reader: inout JSONReader) throws -> (contents: StoreContents, exportedAt: Timestamp) {
        guard reader.peek() == UInt8(ascii: "{") else {
            _ = try reader.readValue()
            try end(&reader)
            throw Problem("The file is JSON but not an Almanac backup (it is not an object with \"format\": \"\(format)\").")
        }
        // The header first: a file that is not a backup, or one of a newer version, is refused
        // before any of its body is read (Almanac writes the two first; a file that does not is
        // stepped over to find them, keeping nothing).
        _ = try checkHeader(reader)
        var contents = StoreContents(settings: Settings(timeZone: "UTC"))
        var seenFormat = false, version: Int?, exportedAt: Timestamp?, settings: Settings?
        var sections = Set<BackupFormat.Section>(), keys = Set<String>()
        try reader.readObject { reader, key in
            // Almanac writes each key of the document once: one given twice (two `habits`
            // arrays) is not read as either.
            guard keys.insert(key).inserted else { throw Problem("\(key) appears twice at the top level; a backup has each key once.") }
            func header(_ value: JSONReader.Value) throws -> BackupFields {
                try BackupFields(.object([(key, value)]), path: "")
            }
            switch key {
            case "format":
                try check(key, try reader.readValue(depth: 1))
                seenFormat = true
            case "version":
                version = try check(key, try reader.readValue(depth: 1))
            case "exportedAt": exportedAt = try header(try reader.readValue(depth: 1)).timestamp(key)
            case "settings":
                settings = try BackupFields(try reader.readValue(depth: 1, keeping: BackupFields.settingsFields), path: "settings").settings()
            default:
                guard let section = BackupFormat.Section(rawValue: key) else {
                    try reader.skipValue(depth: 1)   // unknown fields are ignored, as readers of JSON expect
                    return
                }
                try read(section, from: &reader, into: &contents)
                sections.insert(section)
            }
        }
        try end(&reader)
        guard seenFormat else { throw Problem("The file is JSON but not an Almanac backup (it has no \"format\": \"\(format)\").") }
        guard version != nil else { throw Problem("version is missing; an Almanac backup names its format version.") }
        guard let exportedAt else { throw Problem("exportedAt is missing.") }
        guard let settings else { throw Problem("settings is missing.") }
        // A missing array is not an empty one: taken as empty, a replace would delete that table.
        if let missing = BackupFormat.Section.allCases.first(where: { !sections.contains($0) && $0.since <= version! }) {
            throw Problem("\(missing.key) is missing; a backup has every array, empty or not.", at: missing.key)
        }
        contents.settings = settings
        try BackupValidator.validate(contents)
        return (contents, exportedAt)
    }

    /// Checks the opening of a backup that is still being inflated: it must be an object that
    /// names an Almanac `format` and a `version` this build reads among its first members, as
    /// every backup Almanac writes does, before the body is inflated and held.
    public static func checkOpening(_ prefix: Data) throws {
        try prefix.withUnsafeBytes { raw in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            guard reader.peek() == UInt8(ascii: "{") else {
                throw Problem("The file is not an Almanac backup (it does not start as a JSON object).")
            }
            do {
                if try checkHeader(reader) { return }
            } catch let error as JSONReader.SyntaxError where error.offset + 16 < raw.count {   // not where the prefix was cut
                throw Problem("The file is not valid JSON: \(error.message) (at byte \(error.offset)).")
            } catch is JSONReader.SyntaxError {}
            throw Problem("The file does not name its \"format\" and \"version\" at its start, as every Almanac backup does; a compressed file is not inflated further without them.")
        }
    }

    /// Reads a copy of `reader` (at an object's start) until it has seen and checked `format` and
    /// `version`: true then, false when the object ends without both.
    private static func checkHeader(_ reader: JSONReader) throws -> Bool {
        struct HeaderRead: Error {}
        var scan = reader
        var header: (format: Bool, version: Bool) = (false, false)
        do {
            try scan.readObject { reader, key in
                switch key {
                case "format", "version":
                    try check(key, try reader.readValue(depth: 1))
                    if key == "format" { header.format = true } else { header.version = true }
                    if header.format && header.version { throw HeaderRead() }
                default: try reader.skipValue(depth: 1)
                }
            }
        } catch is HeaderRead {
            return true
        }
        return false
    }

    /// The header's `format` or `version` checked; the version when it is that.
    @discardableResult
    private static func check(_ key: String, _ value: JSONReader.Value) throws -> Int? {
        if key == "format" {
            guard case .string(let text) = value, text == format else {
                throw Problem("The file is JSON but not an Almanac backup (\"format\" is not \"\(format)\").")
            }
            return nil
        }
        let number = try BackupFields(.object([(key, value)]), path: "").integer(key)
        guard number <= BackupFormat.version else {
            throw Problem("This backup has format version \(number), newer than this almanac reads (\(BackupFormat.version)); upgrade almanac to restore it.")
        }
        guard number >= 1 else { throw Problem("version: \(number) is not a backup format version.") }
        return number
    }

    private static func read(_ section: BackupFormat.Section, from reader: inout JSONReader, into contents: inout StoreContents) throws {
        let key = section.key
        switch section {
        case .categories: contents.categories = try array(&reader, key) { try $0.category() }
        case .habits: contents.habits = try array(&reader, key) { try $0.habit() }
        case .goals: contents.goals = try array(&reader, key) { try $0.goal() }
        case .habitEntries: contents.habitEntries = try array(&reader, key) { try $0.habitEntry() }
        case .journalEntries: contents.journalEntries = try array(&reader, key) { try $0.journalEntry() }
        case .wellbeingEntries: contents.wellbeingEntries = try array(&reader, key) { try $0.wellbeingEntry() }
        case .sources: contents.sources = try array(&reader, key) { try $0.followedSource() }
        }
    }

    private static func array<T>(_ reader: inout JSONReader, _ key: String, _ make: (BackupFields) throws -> T) throws -> [T] {
        guard reader.peek() == UInt8(ascii: "[") else {
            throw Problem(at: key, " has the wrong type (expected an array, found \(try reader.readValue(depth: 1).typeName)).")
        }
        var items: [T] = []
        let fields = Set(BackupFormat.Section(rawValue: key)?.fields.map(\.name) ?? [])
        try reader.readArray { reader, i in
            items.append(try make(try BackupFields(try reader.readValue(depth: 1, keeping: fields), in: key, at: i)))
            reader.progress?(reader.index, reader.bytes.count)
        }
        return items
    }

    private static func end(_ reader: inout JSONReader) throws {
        guard reader.peek() == nil else { throw reader.fail("there is more text after the JSON value") }
    }
}
