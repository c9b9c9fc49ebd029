@testable import AlmanacKit
import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// The publish step takes the listings of the spare and the published folder ahead, while the
/// store is read (`SiteListings`). A person's file put into the published folder after it was
/// listed is still carried into the new site, and the site is the one a fresh run makes.
@Suite struct SiteListingsTests {
    @Test func aFilePutInAfterTheListingIsKept() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.log.log(.init(habit: "run"))
        let site = f.folder.path("site"), fresh = f.folder.path("fresh")
        // Two runs: the second leaves a spare beside the site, which the third brings up to date.
        _ = try SiteReport(store: f.store, request: .init(out: site), clock: f.clock).run()
        _ = try f.log.log(.init(habit: "run", value: 1))
        _ = try SiteReport(store: f.store, request: .init(out: site), clock: f.clock).run()
        _ = try f.book.add("Read", HabitChanges())
        var report = SiteReport(store: f.store, request: .init(out: site), clock: f.clock)
        let mine = Data("my own notes\n".utf8)
        report.listFolders = { folder in
            let listings = SiteListings(published: folder)
            // Right after the listing: a file of the person's own in the site's top folder and
            // in a folder of the site's.
            try? mine.write(to: URL(fileURLWithPath: folder.path(of: "mine.txt")))
            try? mine.write(to: URL(fileURLWithPath: folder.path(of: "habits/mine.txt")))
            return listings
        }
        #expect(hasSpareToList(site))
        _ = try report.run()
        #expect(f.folder.bytes("site/mine.txt") == mine)
        #expect(f.folder.bytes("site/habits/mine.txt") == mine)
        _ = try SiteReport(store: f.store, request: .init(out: fresh), clock: f.clock).run()
        for path in try f.folder.files(under: "fresh") {
            #expect(f.folder.bytes("site/" + path) == f.folder.bytes("fresh/" + path), "\(path)")
        }
    }

    /// Whether the site has a spare and folders to list ahead.
    private func hasSpareToList(_ site: String) -> Bool {
        guard let folder = try? OutputFolder(site) else { return false }
        let listings = SiteListings(published: folder)
        return listings.spare != nil && listings.published?.entries["habits"] != nil
    }
}
