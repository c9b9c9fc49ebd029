@testable import AlmanacKit
import AlmanacDomain
import AlmanacTestSupport
import Foundation
import Testing

/// A report that ends its process (the command line) leaves what it was made from to the
/// process's end; any other report frees it, so a run over many stores does not grow.
@Suite(.serialized) struct ProcessEndTests {
    @Test func onlyAReportThatEndsItsProcessLeavesItsValuesToTheEnd() throws {
        let f = try KitFixture()
        _ = try f.book.add("Run", HabitChanges())
        _ = try f.log.log(.init(habit: "run"))
        let before = ProcessEnd.count
        _ = try SiteReport(store: f.store, request: .init(out: f.folder.path("freed")), clock: f.clock).run()
        #expect(ProcessEnd.count == before)
        _ = try SiteReport(store: f.store, request: .init(out: f.folder.path("left"), endsProcess: true), clock: f.clock).run()
        #expect(ProcessEnd.count == before + 1)
        // Leaving the values changes nothing the report wrote.
        #expect(try f.folder.files(under: "freed") == f.folder.files(under: "left"))
        for path in try f.folder.files(under: "freed") {
            #expect(f.folder.bytes("freed/" + path) == f.folder.bytes("left/" + path), "\(path)")
        }
    }
}
