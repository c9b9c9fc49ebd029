import AlmanacDomain
import AlmanacKit
import AlmanacPostgres
import AlmanacRender
import AlmanacStorage
import Foundation
import AlmanacSupport

/// The nightly run of an operator: the site of every store of a PostgreSQL database's shared
/// tables, each into `<out root>/<store>/`, with the whole-site publishing of
/// a single report (`SiteReport`). A few workers in this process, each with one connection
/// (`PostgresNightShift`), take the stores in turn; copies of the command on other machines
/// share the same stores through the server: a store being rendered is skipped and come back to,
/// a store rendered for its night is not rendered again, and a store whose worker died is taken
/// by the next. A store that fails is reported by name and does not stop the others.
public struct NightlyReports: Sendable {
    public struct Request: Sendable {
        /// The operator's role and its database.
        public var url: PostgresURL
        public var outRoot: String
        /// The night's as-of day for every store; nil: today in each store's time zone.
        public var asOf: DaySelection?
        public var templates: String?
        public var includeNotes: Bool
        public var includeJournal: Bool
        /// Each store's site is at this address followed by `<store>/`.
        public var baseURL: String?
        public var workers: Int
        /// The longest, in seconds, any statement of the run may take (`statement_timeout`): a
        /// store that takes longer fails and the run goes on.
        public var timeout: Int

        /// - Parameter url: the operator's `postgres://` URL: its role and the database.
        public init(url: String, outRoot: String, asOf: DaySelection? = nil, templates: String? = nil, includeNotes: Bool = false,
                    includeJournal: Bool = false, baseURL: String? = nil, workers: Int, timeout: Int = 60) throws {
            guard PostgresURL.isPostgres(url) else { throw AlmanacError.option("--each-store", reason: "--each-store takes a postgres:// URL: the operator's role and the database.") }
            self.timeout = max(1, timeout)
            self.url = try PostgresStores.url(url); self.outRoot = outRoot; self.asOf = asOf; self.templates = templates
            self.includeNotes = includeNotes; self.includeJournal = includeJournal; self.baseURL = baseURL; self.workers = max(1, workers)
        }
    }

    public struct Outcome: Sendable {
        /// Stores this run rendered, by name.
        public var rendered: [String] = []
        /// Stores another worker (another process, another machine) rendered for their night.
        public var renderedElsewhere: [String] = []
        public var failed: [(store: String, error: any Error)] = []
        /// Schemas holding a store of the earlier layout: not read (its owner's objects would run
        /// as the operator); `almanac copy` moves each into the shared tables.
        public var earlierLayout = 0
    }

    public let request: Request
    public let clock: Clock
    /// Who records a rendering: the host and the process.
    let worker = "\(ProcessInfo.processInfo.hostName):\(getpid())".filter { $0.isLetter || $0.isNumber || ".:-_".contains($0) }

    public init(request: Request, clock: Clock) { self.request = request; self.clock = clock }

    /// Renders every store.
    public func run() throws -> Outcome {
        try OutputFolder.createFolder(request.outRoot)
        // The first worker's connection finds the stores (and says at once when the operator's
        // schema is missing or the server refuses the role).
        let first = try PostgresNightShift(url: request.url, timeout: request.timeout)
        let found = try first.stores()
        let queue = StoreQueue(found.stores)
        let templates = try SiteReport.templates(SiteReport.Request(out: request.outRoot, templates: request.templates))
        let outcome = Locked(Outcome())
        let failure = Locked<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: request.workers) { index in
            do {
                work(index == 0 ? first : try PostgresNightShift(url: request.url, timeout: request.timeout), queue: queue, templates: templates,
                     outcome: outcome)
            } catch {
                failure.withLock { $0 = $0 ?? error }   // a worker that cannot connect: the others go on
            }
        }
        var result = outcome.withLock { $0 }
        result.earlierLayout = found.earlierLayout
        if let error = failure.withLock({ $0 }), result.rendered.isEmpty && result.renderedElsewhere.isEmpty { throw error }
        return result
    }

    private func work(_ first: PostgresNightShift, queue: StoreQueue, templates: TemplateSet, outcome: Locked<Outcome>) {
        var shift = first
        var losses: [PostgresNightShift.Store: Int] = [:]
        var lost = false
        while let store = queue.next() {
            // A connection the server ended (a restart, a network fault) is made again: the stores
            // after it are not lost with it. No connection to be had: this store fails.
            if lost || !shift.isConnected {
                do { shift = try PostgresNightShift(url: request.url, timeout: request.timeout) } catch {
                    outcome.withLock { $0.failed.append((store.name, error)) }
                    continue
                }
                lost = false
            }
            do {
                guard try shift.claim(store) else {
                    queue.later(store)   // another worker renders it now: back to it when it is free
                    continue
                }
            } catch {
                // The connection went while claiming (it no longer answers): the store is tried
                // again on a new one (three times at most).
                losses[store, default: 0] += 1
                lost = !shift.answers()
                if !lost || losses[store]! >= 3 { outcome.withLock { $0.failed.append((store.name, error)) } } else { queue.later(store) }
                continue
            }
            defer { try? shift.release(store) }
            do {
                let db = shift.open(store)
                let today = try clock.today(in: StoreCalendar(settings: db.settings()))
                let asOf = request.asOf?.day(today: today) ?? today
                if try shift.wasRendered(store, night: asOf) {
                    outcome.withLock { $0.renderedElsewhere.append(store.name) }
                } else {
                    let site = SiteReport.Request(out: (request.outRoot as NSString).appendingPathComponent(store.name), asOf: .day(asOf),
                                                  templates: request.templates, includeNotes: request.includeNotes,
                                                  includeJournal: request.includeJournal, baseURL: request.baseURL.map { $0 + store.name + "/" })
                    // One store per worker, each on one core: the workers are the parallelism.
                    _ = try Parallel.$oneCore.withValue(true) {
                        try SiteReport(store: db, request: site, clock: clock, templates: templates).run()
                    }
                    try shift.recordRendered(store, night: asOf, by: worker)
                    outcome.withLock { $0.rendered.append(store.name) }
                }
            } catch StoreError.busy, StoreError.timedOut {
                // A statement ran out of the run's time (`statement_timeout`), or waited too long
                // for a lock (`lock_timeout`: the store is busy).
                outcome.withLock { $0.failed.append((store.name, StoreError.server(
                    "It did not answer within the run's limit of \(request.timeout) s (a lock held, or a statement that took longer); it is left for the next run."))) }
            } catch {
                outcome.withLock { $0.failed.append((store.name, error)) }
            }
        }
    }
}

/// The stores still to render, shared by the workers of one process: each taken by one worker;
/// one that another process holds comes back after a short wait.
final class StoreQueue: @unchecked Sendable {
    private let lock = NSCondition()
    private var waiting: [(store: PostgresNightShift.Store, notBefore: Date)]

    init(_ stores: [PostgresNightShift.Store]) { waiting = stores.map { ($0, .distantPast) } }

    /// The next store to take, waiting while every remaining one is held elsewhere; nil when none
    /// is left.
    func next() -> PostgresNightShift.Store? {
        lock.lock()
        defer { lock.unlock() }
        while !waiting.isEmpty {
            let now = Date()
            if let index = waiting.firstIndex(where: { $0.notBefore <= now }) {
                return waiting.remove(at: index).store
            }
            _ = lock.wait(until: waiting.map(\.notBefore).min()!)
        }
        return nil
    }

    /// A store held by another process: tried again in a tenth of a second.
    func later(_ store: PostgresNightShift.Store) {
        lock.lock()
        waiting.append((store, Date().addingTimeInterval(0.1)))
        lock.broadcast()
        lock.unlock()
    }
}
