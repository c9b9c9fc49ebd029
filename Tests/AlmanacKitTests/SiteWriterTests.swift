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
            .write(first, manifest: { SiteManifest.encoded(first, asOf: DayKey("2026-11-20")!) }) { _, _ in }
        #expect(outcome.written == 3)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder.path("site/NOTES.txt")))
        try Data("edited".utf8).write(to: URL(fileURLWithPath: folder.path("site/habits/b.html")))
        let previous = SiteManifest.previous(in: published)
        let second = [SiteFile(path: "index.html", text: "two")]
        let again = try SiteWriter(published: published, staging: nil, previous: previous)
            .write(second, manifest: { SiteManifest.encoded(second, asOf: DayKey("2026-11-21")!) }) { _, _ in }
        #expect(again.written == 1 && again.removed == 1)   // a.html went; b.html was edited by hand and stays
        #expect(!FileManager.default.fileExists(atPath: folder.path("site/habits/a.html")))
        #expect(folder.bytes("site/habits/b.html") == Data("edited".utf8))
        #expect(folder.bytes("site/NOTES.txt") == Data("mine".utf8))
        #expect(folder.bytes("site/index.html") == Data("two".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("site"))
        #expect(!names.contains { $0.contains("tmp-") })
    }
}

/// Bringing a spare folder up to date: its listing gives the identity of each file it keeps, so
/// a file that is already the published one needs no look of its own.
@Suite struct SpareListingTests {
    @Test func thePrunedFoldersListingGivesEachKeptFilesIdentityAsStatDoes() throws {
        let folder = TemporaryFolder("listing")
        let spare = try OutputFolder(folder.path("spare"))
        for path in ["index.html", "habits/a.html", "habits/b.html", "charts/c.svg"] { try spare.write(Array(path.utf8), to: path) }
        let left = try spare.prune(keeping: ["index.html", "habits/a.html", "charts/c.svg"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("spare/habits/b.html")))
        // ext4, xfs, btrfs and tmpfs list their files' own inode numbers; elsewhere none are given.
        #expect(Set(left.keys) == (spare.listsInodesExactly ? ["index.html", "habits/a.html", "charts/c.svg"] : []))
        for (path, identity) in left {
            #expect(spare.info(of: path).map(FileIdentity.init) == identity, "\(path)")
        }
    }

    @Test func pruningFromAListingTakenAheadLeavesWhatPruningAfreshLeaves() throws {
        let folder = TemporaryFolder("listed-prune")
        let paths = ["index.html", "habits/a.html", "habits/b.html", "charts/c.svg", "charts/old/d.svg", "gone/e.svg"]
        let keeping: Set<String> = ["index.html", "habits/a.html", "charts/c.svg"]
        var results: [[String: FileIdentity]] = []
        for (name, ahead) in [("fresh", false), ("ahead", true)] {
            let spare = try OutputFolder(folder.path(name))
            for path in paths { try spare.write(Array(path.utf8), to: path) }
            let listing = ahead ? try #require(OutputFolder.Listing(of: folder.path(name), toPrune: true)) : nil
            let left = try spare.prune(keeping: keeping, listed: listing)
            for path in paths {
                #expect(FileManager.default.fileExists(atPath: folder.path("\(name)/\(path)")) == keeping.contains(path), "\(name): \(path)")
            }
            // Folders left empty go with their files.
            #expect(!FileManager.default.fileExists(atPath: folder.path("\(name)/gone")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("\(name)/charts/old")))
            for (path, identity) in left { #expect(spare.info(of: path).map(FileIdentity.init) == identity, "\(name): \(path)") }
            results.append(left)
        }
        #expect(Set(results[0].keys) == Set(results[1].keys))
        #expect(Set(results[1].keys) == (try OutputFolder(folder.path("ahead")).listsInodesExactly ? keeping : []))
    }

    @Test func aListedIdentityOnlySparesTheLookWhenItIsThePublishedFile() throws {
        let folder = TemporaryFolder("relink")
        let published = try OutputFolder(folder.path("site")), spare = try OutputFolder(folder.path("spare"))
        try published.write(Array("new".utf8), to: "a.html")
        try published.write(Array("same".utf8), to: "b.html")
        try spare.write(Array("old".utf8), to: "a.html")
        try spare.link("b.html", from: published)
        let there = { (path: String) in published.info(of: path).map(FileIdentity.init) }
        let listed = try spare.prune(keeping: ["a.html", "b.html"])
        // The spare's own a.html is not the published one: it is linked again, whatever was listed.
        try spare.relink("a.html", from: published, there: there("a.html"), listed: listed["a.html"])
        try spare.relink("b.html", from: published, there: there("b.html"), listed: listed["b.html"])
        #expect(folder.bytes("spare/a.html") == Data("new".utf8))
        #expect(spare.info(of: "a.html").map(FileIdentity.init) == there("a.html"))
        #expect(spare.info(of: "b.html").map(FileIdentity.init) == there("b.html"))
    }
}
