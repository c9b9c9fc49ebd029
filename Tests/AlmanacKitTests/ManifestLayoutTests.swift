@testable import AlmanacKit
import AlmanacDomain
import Foundation
import Testing

/// `manifest.json` is written and read without Foundation's JSON coders; these hold the direct
/// writer to the bytes `JSONEncoder` gives, and the reader to what `JSONDecoder` reads.
@Suite struct ManifestLayoutTests {
    /// What the manifest was before the direct writer, and what a hand-edited one is read by.
    static func foundationBytes(_ manifest: SiteManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest)) + [10]
    }

    static func randomText(_ random: inout SeededGenerator) -> String {
        let pieces = ["a", "habits/run.html", "/", "\"", "\\", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}",
                      "é", "日本", "🏃‍♀️", "\u{2028}", " ", "0", ""]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func theDirectWriterGivesJSONEncodersBytes() throws {
        var random = SeededGenerator(seed: 19)
        for round in 0..<400 {
            let files = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                SiteManifest.Record(path: Self.randomText(&random), size: Int.random(in: 0...Int(Int32.max), using: &random),
                                    sha256: Self.randomText(&random), key: Bool.random(using: &random) ? Self.randomText(&random) : nil,
                                    group: Bool.random(using: &random) ? Self.randomText(&random) : nil)
            }
            let kinds = [[], ["journal"], ["notes"], ["journal", "notes"]][Int.random(in: 0...3, using: &random)]
            let manifest = SiteManifest(generator: Self.randomText(&random), asOf: Self.randomText(&random), files: files, private: kinds)
            let bytes = manifest.encoded()
            #expect(bytes == (try Self.foundationBytes(manifest)), "round \(round): \(manifest)")
            #expect(SiteManifest.decoded(bytes) == manifest, "round \(round)")
        }
    }

    @Test func aSitesManifestIsReadDirectlyAndAnEditedOneByFoundation() throws {
        let files = [SiteFile(path: "index.html", text: "one"), SiteFile(path: "habits/a.html", key: "k", bytes: Array("a".utf8))]
        let bytes = SiteManifest.encoded(files, asOf: DayKey("2026-11-20")!)
        let manifest = try #require(ManifestLayout.read(bytes))
        #expect(manifest.files.map(\.path) == ["index.html", "habits/a.html"] && manifest.files[1].key == "k" && manifest.files[0].size == 3)
        // Compact JSON, keys in another order: not the layout, still a manifest.
        let compact = try JSONEncoder().encode(manifest)
        #expect(ManifestLayout.read(Array(compact)) == nil)
        #expect(SiteManifest.decoded(Array(compact)) == manifest)
        // Torn or not JSON: no manifest at all.
        #expect(SiteManifest.decoded(Array(bytes.dropLast(40))) == nil)
        #expect(SiteManifest.decoded(Array("not json".utf8)) == nil)
    }

    /// The reader takes only the bytes the writer gives: whatever it reads from any bytes, written
    /// again, is those bytes (so a report need not write a manifest again to trust its reading).
    @Test func whatTheReaderTakesIsWhatTheWriterGives() throws {
        var random = SeededGenerator(seed: 23)
        let files = (0..<6).map { index in
            SiteFile(path: "habits/h\(index).html", key: "k\(index)", bytes: Array(repeating: UInt8(index), count: index * 70),
                     group: index % 2 == 0 ? "g/\(index)" : nil)
        }
        let valid = SiteManifest.encoded(files, asOf: DayKey("2026-11-20")!, private: ["notes", "journal"])
        let readBack = ManifestLayout.read(valid)?.encoded() == valid
        #expect(readBack)
        // By hand: a size with a leading zero, a path that is not UTF-8, an escape the writer
        // would not write, a size too long to be one.
        let text = String(decoding: valid, as: UTF8.self)
        for edited in [text.replacingOccurrences(of: "\"size\" : 70", with: "\"size\" : 070"),
                       text.replacingOccurrences(of: "\"size\" : 0\n", with: "\"size\" : 00\n"),
                       text.replacingOccurrences(of: "\"size\" : 70", with: "\"size\" : 7000000000000000000000")] {
            #expect(edited != text && ManifestLayout.read(Array(edited.utf8)) == nil, "\(edited.prefix(300))")
        }
        var notUTF8 = valid
        notUTF8[try #require(valid.firstIndex(of: UInt8(ascii: "h")))] = 0xFF
        #expect(ManifestLayout.read(notUTF8) == nil)
        #expect(ManifestLayout.read(Array(text.replacingOccurrences(of: "habits/h1", with: "habits\\/h1").utf8)) == nil)
        // At random: bytes changed, inserted and removed.
        let alphabet = Array("0123456789 \n\",:{}[]\\/aéu".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
        for round in 0..<3_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random), byte = alphabet.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            if let read = ManifestLayout.read(bytes) {
                let same = read.encoded() == bytes
                #expect(same, "round \(round): read from bytes it would not write")
            }
        }
    }

    /// The byte-wise path check says what the character-wise rule said.
    @Test func sitePathsAreSafeByTheSameRule() {
        func reference(_ path: String) -> Bool {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return !path.isEmpty && !path.hasPrefix("/") && path != SiteManifest.fileName && parts.allSatisfy { part in
                !part.isEmpty && part != "." && part != ".." && !part.hasPrefix(".")
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
            }
        }
        var random = SeededGenerator(seed: 3)
        let pieces = ["a", "Z", "9", "-", "_", ".", "..", "/", "//", "é", " ", "\0", "manifest.json", "habits", "x.svg", "\\", "~"]
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(SitePath.isSafe(path) == reference(path), "\(path.debugDescription)")
        }
        #expect(SitePath.isSafe("habits/run.html") && !SitePath.isSafe("manifest.json") && !SitePath.isSafe("../x"))
    }
}
