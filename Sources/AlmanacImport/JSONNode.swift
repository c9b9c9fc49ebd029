import AlmanacDomain
import Foundation
import AlmanacStorage

/// Why another app's file cannot be imported: where in it (a line, a row, a JSON path) and what.
public struct ImportProblem: Error, Equatable, Sendable {
    /// The file inside a folder or zip, when the import reads several.
    public var file: String?
    /// "line 12", "row 4", "habits[2].records[0].date".
    public var place: String?
    public var message: String
    /// The file is of no format Almanac recognises (a front end can offer to name one).
    public var formatNotRecognised = false

    public init(file: String? = nil, place: String? = nil, _ message: String) {
        self.file = file; self.place = place; self.message = message
    }

    /// Whether the problem is one row of a file (a line, a table row), which an import may leave out.
    public var isRow: Bool {
        guard let place else { return false }
        return place.hasPrefix("line ") || place.contains(" row ") || place.hasPrefix("ticks of ")
    }

    /// "lucidpal_entries_2025-03.json, [4].date: message".
    public var description: String {
        let at = [file, place].compactMap { $0 }.joined(separator: ", ")
        return at.isEmpty ? message : "\(at): \(message)"
    }
}

/// A parsed JSON document read by path: every accessor names the JSON path of what it reads, so
/// a problem in another app's export says exactly where it is (`habits[2].records[0].date`).
public struct JSONNode {
    let value: JSONReader.Value
    /// The JSON path of this value ("" for the root).
    public let path: String

    /// Parses a whole document (strict RFC 8259, nesting at most 32 levels).
    /// - Parameter path: the path of the document inside an outer one (a string holding JSON).
    public static func parse(_ data: Data, path: String = "") throws -> JSONNode {
        guard String(validating: data, as: UTF8.self) != nil else { throw ImportProblem("the file is not UTF-8 text, so it is not JSON") }
        do {
            return JSONNode(value: try JSONReader.document(data), path: path)
        } catch let error as JSONReader.SyntaxError {
            throw ImportProblem("the file is not valid JSON: \(error.message) (at byte \(error.offset))")
        }
    }

    public var isObject: Bool { if case .object = value { return true } else { return false } }
    public var isNull: Bool { if case .null = value { return true } else { return false } }

    func problem(_ message: String) -> ImportProblem { ImportProblem(place: path.isEmpty ? "the top level" : path, message) }

    private func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object, in file order.
    public func members() throws -> [(key: String, node: JSONNode)] {
        guard case .object(let pairs) = value else { throw problem("expected an object, found \(value.typeName)") }
        return pairs.map { ($0.0, JSONNode(value: $0.1, path: child($0.0))) }
    }

    /// The elements of an array.
    public func elements() throws -> [JSONNode] {
        guard case .array(let items) = value else { throw problem("expected an array, found \(value.typeName)") }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]") }
    }

    /// A member of an object, or nil when it is missing or null.
    public func optional(_ key: String) throws -> JSONNode? {
        guard case .object(let pairs) = value else { throw problem("expected an object, found \(value.typeName)") }
        guard let found = pairs.first(where: { $0.0 == key }) else { return nil }
        if case .null = found.1 { return nil }
        return JSONNode(value: found.1, path: child(key))
    }

    /// A member that must be there.
    public func required(_ key: String) throws -> JSONNode {
        guard let node = try optional(key) else { throw ImportProblem(place: child(key), "is missing") }
        return node
    }

    public func string() throws -> String {
        guard case .string(let text) = value else { throw problem("expected a string, found \(value.typeName)") }
        return text
    }

    public func number() throws -> Double {
        guard case .number(let n) = value else { throw problem("expected a number, found \(value.typeName)") }
        return n
    }

    public func bool() throws -> Bool {
        guard case .bool(let b) = value else { throw problem("expected true or false, found \(value.typeName)") }
        return b
    }

    /// A whole number.
    public func integer() throws -> Int {
        let n = try number()
        guard n == n.rounded(), abs(n) < 1e15 else { throw problem("expected a whole number, found \(NumberText.plain(n))") }
        return Int(n)
    }

    /// A `YYYY-MM-DD` day that exists.
    public func day() throws -> DayKey {
        let text = try string()
        guard let day = DayKey(text) else { throw problem("\"\(text)\" is not a date (YYYY-MM-DD) that exists") }
        return day
    }
}
