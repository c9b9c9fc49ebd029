import AlmanacDomain
import AlmanacRender
import AlmanacStore
import Foundation

/// Writes the JSON backup, format `almanac-backup` version 1 (docs/FORMATS.md), streaming rows
/// from the store. The bytes are frozen: every object on its own line, fields in the order of
/// SPEC section 2, absent values as `null`, arrays in id order, numbers without a trailing `.0`.
/// The same store gives the same bytes, apart from `exportedAt`.
/// Changing any of this is a new format version with a migration in the restore.
struct BackupWriter {
    static let format = "almanac-backup"
    static let version = 1

    let store: AlmanacStore
    let exportedAt: Timestamp

    /// Writes the whole backup to `file` and returns the number of objects per array.
    func write(to file: AtomicFile) throws -> [String: Int] {
        try store.reading { reader in try write(reader, to: file) }
    }

    private func write(_ reader: StoreReader, to file: AtomicFile) throws -> [String: Int] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 21)
        let settings = try reader.settings()
        out.append(contentsOf: "{\"format\":\"\(Self.format)\",\"version\":\(Self.version),\"exportedAt\":\"\(exportedAt)\",\n".utf8)
        out.append(contentsOf: "\"settings\":{\"timeZone\":".utf8)
        JSONText.appendString(settings.timeZone, to: &out)
        out.append(contentsOf: ",\"weekStart\":\"\(settings.weekStart.rawValue)\"}".utf8)
        var counts: [String: Int] = [:]
        for table in StoreTable.allCases {
            out.append(contentsOf: ",\n\"\(table.backupKey)\":[".utf8)
            let kinds = table.columns.map(Self.kind(of:))
            let keys = table.columns.map { Array("\"\($0)\":".utf8) }
            var count = 0
            try reader.forEachRow(of: table) { row in
                out.append(contentsOf: count == 0 ? [10, UInt8(ascii: "{")] : [UInt8(ascii: ","), 10, UInt8(ascii: "{")])
                for (i, kind) in kinds.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(contentsOf: keys[i])
                    try Self.append(row, column: Int32(i), as: kind, to: &out)
                }
                out.append(UInt8(ascii: "}"))
                count += 1
                if out.count >= 1 << 20 { try file.write(out); out.removeAll(keepingCapacity: true) }
            }
            out.append(contentsOf: count == 0 ? [UInt8(ascii: "]")] : [10, UInt8(ascii: "]")])
            counts[table.backupKey] = count
        }
        out.append(contentsOf: "\n}\n".utf8)
        try file.write(out)
        return counts
    }

    enum Kind { case string, number, integer, json, idList }

    static func kind(of column: String) -> Kind {
        switch column {
        case "target", "weight", "value", "scaleMax": return .number
        case "sortOrder": return .integer
        case "frequency": return .json
        case "habitIds": return .idList
        default: return .string
        }
    }

    /// Appends one cell as JSON. Every value is re-encoded from its type, never copied as raw
    /// text from the database, so a damaged row cannot make the backup invalid JSON.
    static func append(_ row: RawRow, column: Int32, as kind: Kind, to out: inout [UInt8]) throws {
        if row.isNull(column) { out.append(contentsOf: "null".utf8); return }
        switch kind {
        case .string: JSONText.appendString(row.bytes(column), to: &out)
        case .number: NumberText.append(row.double(column), to: &out)
        case .integer: out.append(contentsOf: String(row.int64(column)).utf8)
        case .json:
            guard let frequency = try? JSONDecoder().decode(Frequency.self, from: Data(row.bytes(column))) else {
                throw CommandFailure("The store has a habit with an unreadable frequency (\(row.string(column))); nothing was written.")
            }
            out.append(contentsOf: frequency.json.utf8)
        case .idList:
            let ids = row.string(column).split(separator: ",")
            out.append(UInt8(ascii: "["))
            for (i, id) in ids.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(String(id), to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }
}
