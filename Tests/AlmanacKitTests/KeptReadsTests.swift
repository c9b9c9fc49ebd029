@testable import AlmanacKit
import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// A command starts reading what an earlier report kept beside its folder before it takes the
/// folder's lock (`KeptReads`). Another report may finish in between and keep newer files: what
/// the early read found must then change nothing but speed.
@Suite struct KeptReadsTests {
    /// Two habits with an entry each, reported once into `site`.
    func reportedOnce() throws -> (KitFixture, site: String, SiteReport.Request) {
        let f = try KitFixture.runAndWater()
        _ = try f.log.log(.init(habit: "run"))
        _ = try f.log.log(.init(habit: "water", value: 3))
        let site = f.folder.path("site"), request = SiteReport.Request(out: site)
        _ = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        return (f, site, request)
    }

    /// A report into an empty `fresh` folder, compared file by file with `site`.
    func expectSameAsFresh(_ f: KitFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try SiteReport(store: f.store, request: .init(out: f.folder.path("fresh")), clock: f.clock).run()
        for path in try f.folder.files(under: "fresh") {
            #expect(f.folder.bytes("site/" + path) == f.folder.bytes("fresh/" + path), "\(path)", sourceLocation: sourceLocation)
        }
    }

    @Test func keptFilesReadBeforeAnotherReportFinishedChangeNothing() throws {
        let (f, site, request) = try reportedOnce()
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
        try expectSameAsFresh(f)
    }

    /// Kept facts whose file checks out and indexes, but one habit's facts do not decode (an hour
    /// past 23, as no store's rows could give): the read takes the tokens from the index, the
    /// decoded facts fail, and every habit the tokens promised is read from the store in the same
    /// read; the site is a fresh run's, and the facts kept next are whole again.
    @Test func keptFactsThatIndexButDoNotDecodeChangeNothing() throws {
        let (f, site, request) = try reportedOnce()
        let path = FactCacheFile.path(beside: SiteReport.resolved(site))
        var bytes = try #require(OutputFolder.bytes(atPath: path))
        let water = try #require(try f.store.habits().first { $0.name == "Water" }).id.description
        let part = try #require(FactCacheFile.index(bytes)?.parts.first { $0.id == water && $0.facts > 0 })
        // The first fact's flags byte follows its day (LEB128): its hour becomes 30.
        var at = part.bytes.lowerBound
        while bytes[at] >= 0x80 { at += 1 }
        bytes[at + 1] = bytes[at + 1] & ~0x3E | 31 << 1
        bytes.removeLast(4)
        KeptBytes.seal(&bytes)
        let index = try #require(FactCacheFile.index(bytes))
        #expect(FactCacheFile.decode(index) == nil)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // Run changes; Water's token is the kept one, its facts are not.
        _ = try f.log.log(.init(habit: "run", value: 0))
        _ = try SiteReport(store: f.store, request: request, clock: f.clock).run()
        try expectSameAsFresh(f)
        let keptNext = try #require(OutputFolder.bytes(atPath: path))
        #expect(FactCacheFile.index(keptNext).flatMap(FactCacheFile.decode)?.cache.habits[water] != nil)
    }
}
