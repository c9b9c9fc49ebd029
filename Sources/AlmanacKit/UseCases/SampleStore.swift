import AlmanacDomain
import Foundation

/// `demo`: a deterministic sample store (the same request gives the same store), built beside
/// its path and renamed into place, and its site rendered as of the sample's last day.
public struct SampleStore {
    public struct Request: Sendable {
        public var location: StoreLocation
        public var habits: Int
        public var years: Int
        public var seed: UInt64
        public var end: DayKey
        /// Replace an existing file (only when it is an Almanac store).
        public var force: Bool
        /// Where to render the sample site; nil for none.
        public var site: String?

        public init(location: StoreLocation, habits: Int, years: Int, seed: UInt64, end: DayKey = SampleHistory.defaultEndDay,
                    force: Bool = false, site: String? = nil) {
            self.location = location; self.habits = habits; self.years = years; self.seed = seed; self.end = end
            self.force = force; self.site = site
        }
    }

    public struct Outcome: Sendable {
        public var habits: Int, habitEntries: Int, journalEntries: Int, wellbeingEntries: Int
        public var seconds: Double
        public var site: SiteReport.Outcome?
    }

    public let request: Request

    public init(_ request: Request) { self.request = request }

    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws -> Outcome {
        let location = request.location, path = location.path
        // Refuses anything that is not an Almanac store; a store there is replaced only on request.
        let existing = try location.openIfPresent()
        defer { try? existing?.close() }
        if existing != nil, !request.force {
            throw AlmanacError.alreadyExists(path: path, what: "a store")
        }
        // The site's folder is checked first: a refused one leaves no new store behind.
        if let site = request.site { try SiteReport.checkCanPublishSample(site) }
        let started = Date()
        let contents = SampleHistory.generate(habits: request.habits, years: request.years, seed: request.seed, endDay: request.end)
        try contents.validate()   // the same rules as every other way into a store
        try? existing?.close()
        try location.kind.replaceWhole(location.location, with: contents)
        var outcome = Outcome(habits: contents.habits.count, habitEntries: contents.habitEntries.count,
                              journalEntries: contents.journalEntries.count, wellbeingEntries: contents.wellbeingEntries.count,
                              seconds: Date().timeIntervalSince(started))
        if let site = request.site {
            let store = try location.open()
            defer { try? store.close() }
            outcome.site = try SiteReport(store: store, request: .init(out: site, asOf: .day(request.end), generator: SiteManifest.sampleGenerator), clock: .system).run(progress: progress)
        }
        return outcome
    }
}
