@testable import AlmanacKit
import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// Where the file system cannot exchange the new site with the published one, the report writes
/// in place what it had staged (read back from the staging folder, which holds the only copy of
/// a file staged as it was rendered) and leaves no staging folder behind.
@Suite struct SiteFallbackTests {
    @Test func aSiteThatCannotBeExchangedIsWrittenInPlaceAsAFreshRunWritesIt() throws {
        let f = try KitFixture.runAndWater()
        _ = try f.log.log(.init(habit: "run"))
        let site = f.folder.path("site"), fresh = f.folder.path("fresh")
        // A first run and a second one (the second keeps files of the first).
        _ = try SiteReport(store: f.store, request: .init(out: site), clock: f.clock).run()
        _ = try f.log.log(.init(habit: "water", value: 3))
        _ = try SiteReport(store: f.store, request: .init(out: site), clock: f.clock).run()
        // Then one more entry, and a file system that cannot exchange folders.
        _ = try f.log.log(.init(habit: "water", value: 5, mode: .add))
        var report = SiteReport(store: f.store, request: .init(out: site), clock: f.clock)
        var asked = 0
        report.exchange = { _, _ in asked += 1; return false }
        let outcome = try report.run()
        #expect(asked == 1 && outcome.written > 0)
        _ = try SiteReport(store: f.store, request: .init(out: fresh), clock: f.clock).run()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: site).sorted() == FileManager.default.subpathsOfDirectory(atPath: fresh).sorted())
        for path in try f.folder.files(under: "fresh") {
            #expect(f.folder.bytes("site/" + path) == f.folder.bytes("fresh/" + path), "\(path)")
        }
        let beside = try FileManager.default.contentsOfDirectory(atPath: f.folder.path(""))
        #expect(!beside.contains { $0.contains("almanac-staging") }, "\(beside)")
    }
}
