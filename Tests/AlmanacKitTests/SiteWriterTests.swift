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
