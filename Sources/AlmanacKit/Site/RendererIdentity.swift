import AlmanacRender
import Foundation

/// Which build of Almanac renders a site: part of every page's key, so a file rendered by another
/// build is rendered again (once) rather than kept — no version number to remember to change
/// when a renderer changes its output.
///
/// On Linux it is the executable's GNU build id, a hash of the binary that the linker writes into
/// it (the same bytes, the same id; any change, another id); where there is none, the
/// executable's size and modification time stand in.
enum RendererIdentity {
    static let current: String = {
        guard let path = Bundle.main.executablePath else { return "unknown build" }
        if let id = buildID(ofExecutable: path) { return "build-id " + id }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "executable \(size) \(modified)"
    }()

    /// The `NT_GNU_BUILD_ID` note of a 64-bit little-endian ELF file, in hex; nil when the file
    /// is not one or has no such note. Reads the header, the program headers and the notes.
    static func buildID(ofExecutable path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard count > 0, count < 1 << 20, (try? file.seek(toOffset: offset)) != nil,
                  let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return Array(data)
        }
        func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reversed().reduce(0) { $0 << 8 | UInt64(bytes[at + $1]) }
        }
        // ELF magic, 64-bit, little-endian.
        guard let header = read(0, 64), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else {
            return nil
        }
        let tableOffset = integer(header, 0x20, 8), entrySize = Int(integer(header, 0x36, 2)), entries = Int(integer(header, 0x38, 2))
        guard entrySize >= 0x28, let table = read(tableOffset, entrySize * entries) else { return nil }
        for index in 0..<entries {
            let entry = index * entrySize
            guard integer(table, entry, 4) == 4,   // PT_NOTE
                  let notes = read(integer(table, entry + 0x08, 8), Int(integer(table, entry + 0x20, 8))) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(integer(notes, at, 4)), descSize = Int(integer(notes, at + 4, 4)), type = integer(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                guard desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<name + 4].elementsEqual(Array("GNU\0".utf8)), descSize > 0 {   // NT_GNU_BUILD_ID
                    return Hex.string(notes[desc..<desc + descSize])
                }
                at = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}
