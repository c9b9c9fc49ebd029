import AlmanacDomain
import AlmanacRender
import Crypto
import Foundation

/// `manifest.json` of a site: every generated file with its size and SHA-256. A report reads the
/// previous manifest once, through this type — to know which files an earlier run made (and may
/// remove while they are as it left them) — and writes the new one last, only when its bytes
/// changed.
public struct SiteManifest: Codable, Equatable, Sendable {
    public struct Record: Codable, Equatable, Sendable {
        public var path: String
        public var size: Int
        public var sha256: String

        public init(path: String, size: Int, sha256: String) {
            self.path = path; self.size = size; self.sha256 = sha256
        }
    }

    public static let fileName = SiteMap.manifest
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
        guard let start = OutputFolder.head(atPath: path, count: 32) else { return false }
        let text = String(decoding: start, as: UTF8.self).filter { !$0.isWhitespace }
        return text.hasPrefix("{\"asOf\":")
    }

    /// The manifest a previous run left in `folder`, or nil when there is none that reads. It is
    /// read up to 64 MB, or up to what its file holds on disk (at most 1 GB): the manifest of
    /// any site a report wrote reads — before archived habits were bounded, 20,000 of them made
    /// one of 64 MB — while a sparse file that claims gigabytes it does not hold is not read.
    static func previous(in folder: OutputFolder) -> PreviousSite? {
        var info = stat()
        let held = lstat(folder.path(of: fileName), &info) == 0 ? Int(info.st_blocks) * 512 : 0
        guard let bytes = folder.bytes(of: fileName, limit: min(1 << 30, max(OutputFolder.maxReadBytes, held))),
              let manifest = decoded(bytes) else { return nil }
        return PreviousSite(manifest: manifest, bytes: bytes)
    }

    /// A manifest read back from its bytes.
    static func decoded(_ bytes: [UInt8]) -> SiteManifest? { try? JSONDecoder().decode(SiteManifest.self, from: Data(bytes)) }

    /// The bytes of the manifest of a site made of `files`.
    static func encoded(_ files: [SiteFile], asOf: DayKey, generator: String = reportGenerator) -> [UInt8] {
        SiteManifest(generator: generator, asOf: asOf.description, files: files.map { file in
            Record(path: file.path, size: file.size, sha256: file.sha256)
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

/// What the last run published into the folder: its manifest, the one thing of an earlier run a
/// report reads besides the published files themselves. It says which files that run made — a
/// file it made and this run does not is removed while it still has the recorded bytes — and
/// whether the new manifest's bytes are the old one's (then it is not written again).
struct PreviousSite: Sendable {
    let manifest: SiteManifest
    /// The manifest's bytes as they are on disk.
    let bytes: [UInt8]
}

/// Lowercase hexadecimal text of bytes.
enum Hex {
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
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
