@testable import AlmanacKit
import AlmanacDomain
import AlmanacRender
import AlmanacTestSupport
import Foundation
import Testing

/// The in-place way of writing a site, used where a staging folder cannot be exchanged with the
/// published one (the parent is not writable, the file system cannot exchange folders).
@Suite struct SiteWriterInPlaceTests {
    @Test func writesChangedFilesKeepsTheUsersAndRemovesOnlyUnchangedStaleOnes() throws {
        let folder = TemporaryFolder("inplace")
        let published = try OutputFolder(folder.path("site"))
        let first = [SiteFile(path: "index.html", text: "one"), SiteFile(path: "habits/a.html", text: "a"),
                     SiteFile(path: "habits/b.html", text: "b")]
        let outcome = try SiteWriter(published: published, staging: nil, previous: nil)
            .write(first, manifest: SiteManifest.encoded(first, asOf: DayKey("2026-11-20")!)) { _, _ in }
        #expect(outcome.written == 3)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.path("site/NOTES.txt")))
        try Data("edited".utf8).write(to: URL(fileURLWithPath: folder.path("site/habits/b.html")))
        let previous = SiteManifest.previous(in: published)
        let second = [SiteFile(path: "index.html", text: "two")]
        let again = try SiteWriter(published: published, staging: nil, previous: previous)
            .write(second, manifest: SiteManifest.encoded(second, asOf: DayKey("2026-11-21")!)) { _, _ in }
        #expect(again.written == 1 && again.removed == 1)   // a.html went; b.html was edited by hand and stays
        #expect(!FileManager.default.fileExists(atPath: folder.path("site/habits/a.html")))
        #expect(folder.bytes("site/habits/b.html") == Data("edited".utf8))
        #expect(folder.bytes("site/NOTES.txt") == Data("mine".utf8))
        #expect(folder.bytes("site/index.html") == Data("two".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("site"))
        #expect(!names.contains { $0.contains("tmp-") })
    }

    /// A manifest over 64 MB that its file really holds reads (a site of tens of thousands of
    /// habits' files); a sparse one that claims 3 GB is not read.
    @Test func aLargeManifestReadsAndASparseOneDoesNot() throws {
        let folder = TemporaryFolder("manifest")
        let published = try OutputFolder(folder.path("site"))
        let files = [SiteFile(path: "index.html", text: "one")]
        var bytes = SiteManifest.encoded(files, asOf: DayKey("2026-11-20")!)
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: 70 << 20)
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("site/manifest.json")))
        #expect(SiteManifest.previous(in: published)?.manifest.files.map(\.path) == ["index.html"])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("site/manifest.json")))
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        #expect(SiteManifest.previous(in: published) == nil)
    }
}

/// Whether a published file holds a rendered file's bytes: the comparison that keeps an
/// unchanged file's inode, read in chunks (`OutputFolder.hasContent`).
@Suite struct PublishedContentTests {
    @Test func onlyTheSameBytesInARegularFileCompareEqual() throws {
        let folder = TemporaryFolder("content")
        let site = try OutputFolder(folder.path("site"))
        // Three chunks and a bit: a difference in the first byte, in the third chunk, in the last byte.
        let bytes = (0..<(3 * 65536 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        try site.write(bytes, to: "big.svg")
        #expect(site.hasContent("big.svg", bytes))
        for index in [0, 2 * 65536 + 5, bytes.count - 1] {
            var other = bytes
            other[index] &+= 1
            #expect(!site.hasContent("big.svg", other), "a difference at \(index)")
        }
        #expect(!site.hasContent("big.svg", Array(bytes.dropLast())))
        #expect(!site.hasContent("big.svg", bytes + [0]))
        try site.write([], to: "empty.txt")
        #expect(site.hasContent("empty.txt", []))
        #expect(!site.hasContent("empty.txt", [0]))
        #expect(!site.hasContent("missing.html", []))
        // A link to the same bytes, a FIFO (never waited on): not a published file of the site.
        try FileManager.default.createSymbolicLink(atPath: folder.path("site/link.svg"), withDestinationPath: folder.path("site/big.svg"))
        #expect(!site.hasContent("link.svg", bytes))
        #expect(mkfifo(folder.path("site/fifo.html"), 0o644) == 0)
        #expect(!site.hasContent("fifo.html", []))
    }
}
