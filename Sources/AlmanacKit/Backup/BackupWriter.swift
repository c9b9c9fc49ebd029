import AlmanacDomain
import AlmanacRender
import Foundation
import AlmanacStorage

/// Writes the JSON backup in the format `BackupFormat` defines, streaming objects from the store.
/// The bytes are frozen: every object on its own line, fields in the format's order, absent
/// values as `null`, arrays in the format's order, numbers without a trailing `.0`. The same
/// store gives the same bytes, apart from `exportedAt`.
struct BackupWriter {
    let store: any AlmanacStore
    let exportedAt: Timestamp

    /// What a backup holds: the number of objects per section, and the newest change of its data
    /// (`newestChange`, the one its first line names).
    struct Written {
        var counts: [BackupFormat.Section: Int]
        var newestChange: Timestamp?
    }

    /// Writes the whole backup to `file`.
    func write(to file: AtomicFile) throws -> Written {
        try write { try file.write($0) }
    }

    /// Hands the whole backup to `sink`, a megabyte at a time.
    func write(to sink: ([UInt8]) throws -> Void) throws -> Written {
        try store.reading { reader in try write(reader, to: sink) }
    }

    private func write(_ reader: any StoreReading, to sink: ([UInt8]) throws -> Void) throws -> Written {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 21)
        let settings = try reader.settings()
        out.append(contentsOf: "{\"format\":\"\(BackupFormat.name)\",\"version\":\(BackupFormat.version),\"exportedAt\":\"\(exportedAt)\",".utf8)
        let newest = try reader.newestChange()
        if let newest { out.append(contentsOf: "\"newestChange\":\"\(newest)\",".utf8) }
        out.append(10)
        out.append(contentsOf: "\"settings\":{\"timeZone\":".utf8)
        JSONText.appendString(settings.timeZone, to: &out)
        out.append(contentsOf: ",\"weekStart\":\"\(settings.weekStart.rawValue)\"".utf8)
        if let storeId = settings.storeId {
            out.append(contentsOf: ",\"storeId\":".utf8)
            JSONText.appendString(storeId, to: &out)
        }
        if let address = settings.publicAddress {
            out.append(contentsOf: ",\"publicAddress\":".utf8)
            JSONText.appendString(address, to: &out)
        }
        if let plan = settings.nightly {
            out.append(contentsOf: ",\"nightly\":\(plan.json)".utf8)
        }
        if settings.language != .en {
            out.append(contentsOf: ",\"language\":\"\(settings.language.rawValue)\"".utf8)
        }
        out.append(UInt8(ascii: "}"))
        var counts: [BackupFormat.Section: Int] = [:]
        for section in BackupFormat.Section.allCases {
            out.append(contentsOf: ",\n\"\(section.key)\":[".utf8)
            let fields = section.fields
            let keys = fields.map { Array("\"\($0.name)\":".utf8) }
            var count = 0
            try reader.forEachRecord(of: section) { row in
                out.append(contentsOf: count == 0 ? [10, UInt8(ascii: "{")] : [UInt8(ascii: ","), 10, UInt8(ascii: "{")])
                for (i, field) in fields.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(contentsOf: keys[i])
                    try Self.append(row, column: i, as: field.kind, to: &out)
                }
                out.append(UInt8(ascii: "}"))
                count += 1
                if out.count >= 1 << 20 { try sink(out); out.removeAll(keepingCapacity: true) }
            }
            out.append(contentsOf: count == 0 ? [UInt8(ascii: "]")] : [10, UInt8(ascii: "]")])
            counts[section] = count
        }
        out.append(contentsOf: "\n}\n".utf8)
        try sink(out)
        return Written(counts: counts, newestChange: newest)
    }

    /// Appends one cell as JSON. Every value is re-encoded from its type, never copied as raw
    /// text from the store, so a damaged row cannot make the backup invalid JSON.
    static func append(_ row: any RowCells, column: Int, as kind: BackupFormat.Kind, to out: inout [UInt8]) throws {
        if row.isNull(column) { out.append(contentsOf: "null".utf8); return }
        switch kind {
        case .text: row.withText(column) { JSONText.appendString($0, to: &out) }
        case .number: NumberText.append(row.number(column), to: &out)
        case .integer: out.append(contentsOf: String(row.integer(column)).utf8)
        case .frequency:
            guard let frequency = try? Frequency(json: row.string(column)) else {
                throw AlmanacError.refused("The store has a habit with an unreadable frequency (\(row.string(column))); nothing was written.")
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
