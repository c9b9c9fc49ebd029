@testable import AlmanacKit
import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// A command starts reading what an earlier report kept beside its folder before it takes the
/// folder's lock (`KeptReads`). Another report may finish in between and keep newer files: what
/// the early read found must then change nothing but speed.
@Suite struct KeptReadsTests {
    @Test func keptFilesReadBeforeAnotherReportFinishedChangeNothing() throws {
        let f = try KitFixture.runAndWater()
        _ = try f.log.log(.init(habit: "run"))
        _ = try f.log.log(.init(habit: "water", value: 3))
        let site = f.folder.path("site"), fresh = f.folder.path("fresh")
        let request = SiteReport.Request(out: site)
        _ = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        // The early read starts and is done...
        SiteReport.prepare(request)
        let early = try #require(KeptReads.take(beside: SiteReport.resolved(site)))
        #expect(early.facts.decoded.value != nil && !early.figures.value.blocks.isEmpty)
        // ...then another report keeps newer facts and figures...
        _ = try f.log.log(.init(habit: "water", value: 5, mode: .add))
        _ = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        // ...and the store changes again before the report that takes the early read runs.
        _ = try f.log.unlog(habit: "run", days: .today)
        _ = try f.log.log(.init(habit: "water", value: 2, mode: .add))
        KeptReads.offer(early, beside: SiteReport.resolved(site))
        _ = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        #expect(KeptReads.take(beside: SiteReport.resolved(site)) == nil, "the report took what was offered")
        _ = try SiteReport(store: f.store, request: .init(out: fresh), clock: f.clock).run()
        for path in try f.folder.files(under: "fresh") {
            #expect(f.folder.bytes("site/" + path) == f.folder.bytes("fresh/" + path), "\(path)")
        }
    }
}
