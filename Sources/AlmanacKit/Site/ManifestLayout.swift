import AlmanacRender

/// The bytes of `manifest.json`, written and read directly: a report writes the manifest of
/// every file of its site and reads the previous one, thousands of records each time, and
/// Foundation's JSON coders spent more on that than on writing the files that changed.
///
/// The layout is exactly what `JSONEncoder` gives with `.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes` (a test holds the two to the same bytes): two-space indents, `" : "`
/// between a key and its value, keys in order, a record's `group` and `key` left out when it has
/// none.
/// Reading takes only the bytes `write` gives — that layout, with strings of valid UTF-8 that
/// need no escapes and sizes without leading zeros — so what it reads, written again, is the same
/// bytes (a test mutates manifests to hold it to that); `SiteManifest.decoded` hands anything
/// else to Foundation's decoder.
enum ManifestLayout {
    static func write(_ manifest: SiteManifest) -> [UInt8] {
        var out: [UInt8] = []
        // A record's lines are about 130 bytes besides its strings.
        out.reserveCapacity(manifest.files.reduce(256) { $0 + 160 + $1.path.utf8.count + $1.sha256.utf8.count
            + ($1.key?.utf8.count ?? 0) + ($1.group?.utf8.count ?? 0) })
        out.append("{\n  \"asOf\" : ")
        string(manifest.asOf, to: &out)
        out.append(",\n  \"files\" : [")
        if manifest.files.isEmpty {
            out.append("\n\n  ]")
        } else {
            for (index, record) in manifest.files.enumerated() {
                out.append(index == 0 ? "\n    {\n" : ",\n    {\n")
                if let group = record.group {
                    out.append("      \"group\" : ")
                    string(group, to: &out)
                    out.append(",\n")
                }
                if let key = record.key {
                    out.append("      \"key\" : ")
                    string(key, to: &out)
                    out.append(",\n")
                }
                out.append("      \"path\" : ")
                string(record.path, to: &out)
                out.append(",\n      \"sha256\" : ")
                string(record.sha256, to: &out)
                out.append(",\n      \"size\" : ")
                out.append(contentsOf: String(record.size).utf8)
                out.append("\n    }")
            }
            out.append("\n  ]")
        }
        out.append(",\n  \"generator\" : ")
        string(manifest.generator, to: &out)
        if let kinds = manifest.private {
            out.append(",\n  \"private\" : [")
            for (index, kind) in kinds.enumerated() {
                out.append(index == 0 ? "\n    " : ",\n    ")
                string(kind, to: &out)
            }
            out.append("\n  ]")
        }
        out.append("\n}\n")
        return out
    }

    /// A JSON string as `JSONEncoder` writes it without escaping slashes.
    private static func string(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { string($0, to: &out) }
    }

    private static func string(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Paths, keys and hashes need no escaping: their bytes as they are.
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append("\\\"")
            case UInt8(ascii: "\\"): out.append("\\\\")
            case 0x08: out.append("\\b")
            case 0x0C: out.append("\\f")
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append("\\u00")
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The manifest whose bytes `write` gives as `bytes`, or nil for any other bytes.
    static func read(_ bytes: [UInt8]) -> SiteManifest? {
        var reader = Reader(bytes: bytes)
        guard reader.expect("{\n  \"asOf\" : "), let asOf = reader.string(), reader.expect(",\n  \"files\" : [") else { return nil }
        var files: [SiteManifest.Record] = []
        if !reader.expect("\n\n  ]") {
            repeat {
                guard reader.expect(files.isEmpty ? "\n    {\n" : ",\n    {\n") else { return nil }
                var group: String?, key: String?
                if reader.expect("      \"group\" : ") {
                    guard let text = reader.string(), reader.expect(",\n") else { return nil }
                    group = text
                }
                if reader.expect("      \"key\" : ") {
                    guard let text = reader.string(), reader.expect(",\n") else { return nil }
                    key = text
                }
                guard reader.expect("      \"path\" : "), let path = reader.string(), reader.expect(",\n      \"sha256\" : "),
                      let sha256 = reader.string(), reader.expect(",\n      \"size\" : "), let size = reader.integer(),
                      reader.expect("\n    }") else { return nil }
                files.append(SiteManifest.Record(path: path, size: size, sha256: sha256, key: key, group: group))
            } while !reader.expect("\n  ]")
        }
        guard reader.expect(",\n  \"generator\" : "), let generator = reader.string() else { return nil }
        var kinds: [String]?
        if reader.expect(",\n  \"private\" : [") {
            var read: [String] = []
            repeat {
                guard reader.expect(read.isEmpty ? "\n    " : ",\n    "), let kind = reader.string() else { return nil }
                read.append(kind)
            } while !reader.expect("\n  ]")
            kinds = read
        }
        guard reader.expect("\n}\n"), reader.atEnd else { return nil }
        return SiteManifest(generator: generator, asOf: asOf, files: files, private: kinds)
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var atEnd: Bool { at == bytes.count }

        /// Steps over `literal` when the bytes go on with it.
        mutating func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - at >= count else { return false }
            let start = literal.utf8Start
            for offset in 0..<count where bytes[at + offset] != start[offset] { return false }
            at += count
            return true
        }

        /// A string of valid UTF-8 that needs no escapes (as the writer writes such a string).
        mutating func string() -> String? {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
            var end = at + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                end += 1
            }
            guard end < bytes.count, let text = String(validating: bytes[(at + 1)..<end], as: UTF8.self) else { return nil }
            at = end + 1
            return text
        }

        /// A whole number without sign or leading zeros, as the writer gives sizes.
        mutating func integer() -> Int? {
            var value = 0, digits = 0
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]), digits < 18 {
                if digits == 1 && value == 0 { return nil }   // a leading zero
                value = value * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                at += 1; digits += 1
            }
            guard digits > 0, at == bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) else { return nil }
            return value
        }
    }
}
