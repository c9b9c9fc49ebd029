import AlmanacRender
import Crypto
import Foundation

/// `manifest.json` of a site: every generated file with its size and SHA-256 (and, for files
/// that can be kept across runs, the digest of their inputs). A report reads the previous
/// manifest once, through this type, and writes the new one last.
public struct SiteManifest: Codable, Equatable, Sendable {
    public struct Record: Codable, Equatable, Sendable {
        public var path: String
        public var size: Int
        public var sha256: String
        /// The digest of what the file was made from, for files a later run may keep.
        public var input: String?
    }

    public static let fileName = "manifest.json"

    public var generator: String
    public var asOf: String
    public var files: [Record]

    /// The manifest a previous run left in `folder`, or nil when there is none that reads.
    static func previous(in folder: OutputFolder) -> SiteManifest? {
        guard let data = folder.contents(of: fileName) else { return nil }
        return try? JSONDecoder().decode(SiteManifest.self, from: data)
    }

    /// The previous run's files that a new run may keep without rendering them again: those with
    /// an input digest, a safe path, and still on disk at their listed size.
    func keptFiles(in folder: OutputFolder) -> [String: KeptFile] {
        var kept: [String: KeptFile] = [:]
        for record in files {
            guard let input = record.input, SitePath.isSafe(record.path), folder.size(of: record.path) == record.size else { continue }
            kept[record.path] = KeptFile(inputDigest: input, size: record.size, sha256: record.sha256)
        }
        return kept
    }

    /// The manifest's bytes: pretty, key-sorted JSON with a final newline.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [10]
    }

    static func sha256(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) { out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The paths a site may write: relative, inside its folder, made of plain names.
enum SitePath {
    /// `habits/run.html`, never `../x`, `/x`, a hidden name or the manifest itself.
    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.isEmpty && !path.hasPrefix("/") && path != SiteManifest.fileName && parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && !part.hasPrefix(".")
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
    }
}
