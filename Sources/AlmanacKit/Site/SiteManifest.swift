import AlmanacDomain
import AlmanacRender
import Crypto
import Foundation

/// `manifest.json` of a site: every generated file with its size, SHA-256 and the key of the
/// model it was rendered from. A report reads the previous manifest once, through this type,
/// and writes the new one last — only when its bytes changed.
public struct SiteManifest: Codable, Equatable, Sendable {
    public struct Record: Codable, Equatable, Sendable {
        public var path: String
        public var size: Int
        public var sha256: String
        /// The key of the file's model (`SitePage.key`): a later run whose model has the same key
        /// keeps the file instead of rendering it again. A habit's file records its part's key.
        public var key: String?
        /// For a habit's file: the key of everything its part of the site is made from
        /// (`SitePart.key`: the habit's files, or its earlier years' heatmaps) and how many files
        /// the part has, as `KEY/COUNT`. A later run whose part has the same key keeps all of
        /// them without making their models.
        public var group: String?

        public init(path: String, size: Int, sha256: String, key: String?, group: String? = nil) {
            self.path = path; self.size = size; self.sha256 = sha256; self.key = key; self.group = group
        }
    }

    public static let fileName = "manifest.json"
    /// The `generator` of a report's site, and of the sample site `demo` renders: `demo` renders
    /// only over a sample site, never over the site of a person's store.
    public static let reportGenerator = "almanac", sampleGenerator = "almanac demo"

    public var generator: String
    public var asOf: String
    public var files: [Record]
    public init(generator: String, asOf: String, files: [Record]) {
        self.generator = generator; self.asOf = asOf; self.files = files
    }

    /// Whether the file at `path` is a regular file that starts as a site's manifest does (an
    /// object whose first key is `asOf`, as every manifest Almanac writes): a look at its first
    /// bytes, not a read of it.
    static func isAlmanacs(atPath path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var start = [UInt8](repeating: 0, count: 32)
        let n = start.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return false }
        let text = String(decoding: start.prefix(n), as: UTF8.self).filter { !$0.isWhitespace }
        return text.hasPrefix("{\"asOf\":")
    }

    /// The manifest a previous run left in `folder`, or nil when there is none that reads.
    static func previous(in folder: OutputFolder) -> PreviousSite? {
        guard let modified = folder.modificationTime(of: fileName), let bytes = folder.bytes(of: fileName),
              let manifest = decoded(bytes) else { return nil }
        return PreviousSite(manifest: manifest, bytes: bytes, written: modified)
    }

    /// A manifest read back from its bytes.
    static func decoded(_ bytes: [UInt8]) -> SiteManifest? { try? JSONDecoder().decode(SiteManifest.self, from: Data(bytes)) }

    /// The bytes of the manifest of a site made of `files`.
    static func encoded(_ files: [SiteFile], asOf: DayKey, generator: String = reportGenerator) -> [UInt8] {
        SiteManifest(generator: generator, asOf: asOf.description, files: files.map { file in
            Record(path: file.path, size: file.size, sha256: file.sha256, key: file.key, group: file.group)
        }).encoded()
    }

    /// The manifest's bytes: pretty, key-sorted JSON with a final newline.
    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Records and strings always encode.
        return Array(try! encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    static func sha256(_ bytes: [UInt8]) -> String { Hex.string(SHA256.hash(data: bytes)) }
}

/// The paths a site may write: relative, inside its folder, made of plain names.
enum SitePath {
    /// `habits/run.html`, never `../x`, `/x`, a hidden name or the manifest itself: names of ASCII
    /// letters, digits, `-`, `_` and `.`, none empty or starting with a dot, joined by `/`.
    static func isSafe(_ path: String) -> Bool {
        var path = path
        return path != SiteManifest.fileName && path.withUTF8 { bytes in
            var atStart = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "/"):
                    if atStart { return false }
                    atStart = true
                case UInt8(ascii: "."):
                    if atStart { return false }
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"):
                    atStart = false
                default:
                    return false
                }
            }
            return !atStart
        }
    }
}
