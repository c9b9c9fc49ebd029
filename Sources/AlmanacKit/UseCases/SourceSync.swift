import AlmanacDomain
import AlmanacImport
import AlmanacStorage
import Crypto
import Foundation

/// Following another app (`import --follow`, `sync`, `source`): the store remembers the file or
/// folder, and each sync makes the habits that source owns mirror its newest file, in one
/// transaction per source (docs/IMPORT.md, "Following an app").
///
/// A sync reads nothing when the newest file is the one synced last (same SHA-256); it refuses a
/// file older than the last one synced unless forced; a source whose files cannot be read is
/// refused with a sentence, and the store is left as it was.
public struct SourceSync {
    public struct Outcome: Sendable {
        public var source: FollowedSource
        /// "Loop Habit Tracker database (schema 22)", or the format's title when nothing was read.
        public var title: String
        public var format: ImportFormat?
        /// The newest file is the one synced last: nothing was read.
        public var sameFile: Bool
        public var firstSync: Bool
        public var warnings: [String] = []
        /// Newer files of the folder that could not be read, one sentence each: the sync went on
        /// with the newest one that could.
        public var skipped: [String] = []
        public var summary = ImportSummary()
        public var createdStore = false
    }

    public let location: StoreLocation
    public let clock: Clock
    public let dryRun: Bool
    /// Sync a file older than the last one synced, or the same file again.
    public let force: Bool
    /// Leave out the rows that cannot be read or kept, and list them, instead of refusing the file.
    public let leavingOutBadRows: Bool

    public init(location: StoreLocation, clock: Clock, dryRun: Bool, force: Bool, leavingOutBadRows: Bool = false) {
        self.location = location; self.clock = clock; self.dryRun = dryRun; self.force = force; self.leavingOutBadRows = leavingOutBadRows
    }

    /// Starts following `path` (or syncs it, when the store follows it already).
    public func follow(_ path: String, format: ImportFormat?) throws -> Outcome {
        let absolute = try Self.followable(path)
        let store = try location.openIfPresent()
        let known = try store?.reading { try $0.sources() }.first { $0.path == absolute }
        let now = clock.now()
        let source = known ?? FollowedSource(id: .derived("source|\(absolute)"), format: format?.rawValue ?? "", path: absolute, lastFile: absolute,
                                             lastModified: Timestamp(millis: 0), lastDigest: "", syncedAt: now, createdAt: now)
        return try sync(source, store: store, format: format ?? ImportFormat(rawValue: source.format))
    }

    /// One followed source that could not be synced: nothing of it was written.
    public struct Failure: Error, Sendable {
        public var path: String
        public var error: any Error
    }

    /// Syncs every source the store follows, or those whose path is in `only`, each in its own
    /// transaction: a source that cannot be synced is reported and left as it was, and the others
    /// are still synced (one app's damaged backup does not hold back the rest).
    public func syncAll(only paths: [String] = []) throws -> [Result<Outcome, Failure>] {
        let store = try location.open()
        let sources = try store.reading { try $0.sources() }
        var chosen = sources
        if !paths.isEmpty {
            chosen = try paths.map { path in
                let absolute = Self.absolute(path)
                guard let source = sources.first(where: { $0.path == absolute }) else {
                    throw SyncProblem.notFollowed(path: absolute)
                }
                return source
            }
        }
        guard !chosen.isEmpty else {
            throw SyncProblem.followsNothing
        }
        return chosen.map { source in
            Result { try sync(source, store: store, format: ImportFormat(rawValue: source.format)) }
                .mapError { Failure(path: source.path, error: $0) }
        }
    }

    private func sync(_ followed: FollowedSource, store: (any AlmanacStore)?, format: ImportFormat?) throws -> Outcome {
        let firstSync = followed.lastDigest.isEmpty
        var outcome = Outcome(source: followed, title: format?.title ?? "", format: format, sameFile: false, firstSync: firstSync)
        let settings = try store?.settings() ?? Settings.systemDefault
        // The newest file first; one that cannot be read is said, and the next one is tried (the
        // last one's error is the sync's).
        let candidates = try FollowedFile.candidates(in: followed.path, format: format)
        var chosen: (file: FollowedFile, history: ImportedHistory)?
        for (index, candidate) in candidates.enumerated() {
            // A newer file that looks like the app's but whose format cannot be told is damaged:
            // said, and passed over.
            if let problem = candidate.problem {
                outcome.skipped.append("\(candidate.path) is newer but cannot be read (\(problem)); the next newest file is synced.")
                continue
            }
            do {
                let file = try FollowedFile(path: candidate.path, files: candidate.files)
                if !force, !firstSync {
                    if file.digest == followed.lastDigest {
                        outcome.sameFile = true
                        return outcome
                    }
                    if file.modified < followed.lastModified {
                        throw SyncProblem.olderFile(file: file.path, modified: file.modified, lastFile: followed.lastFile, lastModified: followed.lastModified)
                    }
                }
                do {
                    chosen = (file, try ImportSource.read(file.path, format: format, calendar: StoreCalendar(settings: settings),
                                                          leavingOutBadRows: leavingOutBadRows))
                } catch let problem as ImportProblem {
                    throw AlmanacError.importFile(file: file.path, problem: problem)
                }
                break
            } catch let error where index < candidates.count - 1 && !(error is SyncProblem) {
                outcome.skipped.append("\(candidate.path) is newer but cannot be read (\(error)); the next newest file is synced.")
            }
        }
        guard let (file, history) = chosen else {
            throw AlmanacError.cannotRead(path: followed.path, reason: candidates.contains { $0.problem == nil } ? "it holds no file to sync"
                                          : "it holds no file that can be read (\(candidates.compactMap(\.problem).first ?? "none"))")
        }
        guard history.format.canBeFollowed else {
            throw SyncProblem.cannotBeFollowed(format: history.format.title)
        }
        if let format, format != history.format {
            throw SyncProblem.otherFormat(file: file.path, found: history.format.title, path: followed.path, followed: format.title)
        }
        var source = followed
        source.format = history.format.rawValue
        source.lastFile = file.path
        source.lastModified = file.modified
        source.lastDigest = file.digest
        source.syncedAt = clock.now()
        outcome.source = source
        outcome.format = history.format
        outcome.title = history.sourceTitle
        outcome.warnings = history.warnings
        let planner = ImportPlanner(history: history, now: clock.now(), following: source, leavingOutBadRows: leavingOutBadRows)
        func planned(_ base: any ImportBase) throws -> ImportChanges {
            var changes = try planner.plan(against: base)
            changes.rows.sources = [source]
            return changes
        }
        if let store {
            var sameFile = false
            outcome.summary = try store.applyPlan(dryRun: dryRun) { view in
                // Checked again inside the transaction: another sync may have written this source
                // since it was read (two cron jobs at once).
                if !force, let current = try view.sources().first(where: { $0.id == source.id }), !current.lastDigest.isEmpty {
                    if current.lastDigest == file.digest { sameFile = true; return (StoreChanges(), ImportSummary()) }
                    if file.modified < current.lastModified {
                        throw SyncProblem.olderFile(file: file.path, modified: file.modified, lastFile: current.lastFile, lastModified: current.lastModified)
                    }
                }
                let changes = try planned(StoreImportBase(view))
                return (changes.rows, changes.summary)
            }
            outcome.sameFile = sameFile
            return outcome
        }
        let preview = try planned(EmptyImportBase(given: settings))
        outcome.summary = preview.summary
        if dryRun { return outcome }
        // The new store is empty, as the plan assumed: it is written as planned.
        _ = try location.buildNew(settings: settings) { fresh in try fresh.applyPlan(dryRun: false) { _ in (preview.rows, ()) } }
        outcome.createdStore = true
        return outcome
    }

    /// The absolute form of a path that can be followed: a file or folder that stays (not a pipe).
    static func followable(_ path: String) throws -> String {
        let absolute = absolute(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder) else {
            throw AlmanacError.cannotRead(path: absolute, reason: "there is no such file or folder")
        }
        if !isFolder.boolValue, ImportSource.isPipeOrDevice(absolute) {
            throw SyncProblem.notAFile(path: path)
        }
        return absolute
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: full).standardizedFileURL.path
    }
}

/// What the store follows, and how to stop.
public struct SourceBook {
    public let store: any AlmanacStore
    public init(store: any AlmanacStore) { self.store = store }

    /// Every followed source with the names of the habits it owns.
    public func list() throws -> [(source: FollowedSource, habits: [Habit])] {
        try store.reading { view in
            let habits = try view.habits(includeArchived: true)
            return try view.sources().map { source in (source, habits.filter { $0.sourceId == source.id }) }
        }
    }

    /// Stops following a source: its habits stay, with their history, as habits of this store
    /// (logged here from now on). Returns the source and how many habits it owned.
    public func forget(_ path: String, now: Timestamp) throws -> (FollowedSource, Int) {
        let absolute = SourceSync.absolute(path)
        let (source, owned) = try store.applyPlan(dryRun: false) { view -> (rows: StoreChanges, result: (FollowedSource, Int)) in
            guard let source = try view.sources().first(where: { $0.path == absolute || $0.path == path }) else {
                throw SyncProblem.notFollowed(path: absolute)
            }
            var rows = StoreChanges()
            rows.forgottenSources = [source.id]
            rows.updatedHabits = try view.habits(includeArchived: true).filter { $0.sourceId == source.id }.map { habit in
                var free = habit
                free.sourceId = nil; free.sourceKey = nil; free.updatedAt = now
                return free
            }
            return (rows, (source, rows.updatedHabits.count))
        }
        return (source, owned)
    }

    /// The sentence that refuses to log a followed habit here.
    static func refusal(_ habit: Habit, sources: [FollowedSource]) -> SyncProblem {
        let source = sources.first { $0.id == habit.sourceId }
        let app = source.flatMap { ImportFormat(rawValue: $0.format)?.title } ?? "another app"
        return .followedHabit(habit: habit.name, app: app, path: source?.path ?? "its source")
    }
}

/// The file of a followed source that a sync reads: the source itself when it is a file or a
/// folder in an app's own layout (harsh's habits and log, LucidPal's documents), else the newest
/// file of the folder in a format Almanac recognises (Loop's Backups folder).
struct FollowedFile {
    let path: String
    let modified: Timestamp
    /// SHA-256 of the bytes (of each file's name and bytes, for a folder read whole), hex.
    let digest: String

    /// What a sync may read, newest first: the file itself; a folder in an app's own layout
    /// whole; else the files of the folder in the format, newest by the date and time the app
    /// put in their names (Loop's `Loop Habits Backup 2026-11-23 093512.db`), then by their
    /// modification time. A file of another format is not the app's, and not listed; nor is one
    /// whose format cannot be told, unless it looks like the app's — a date in its name, or the
    /// name's ending of the app's files — when it is listed with its `problem` (damaged: the sync
    /// says so when it is newer than the file synced).
    static func candidates(in path: String, format: ImportFormat?) throws -> [(path: String, files: [String], problem: String?)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AlmanacError.cannotRead(path: path, reason: "there is no such file or folder")
        }
        guard isFolder.boolValue else { return [(path, [path], nil)] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        if let layout = try? ImportSource.format(of: path), format == nil || format == layout {
            return [(path, names.map { path + "/" + $0 }.filter(isRegularFile), nil)]
        }
        let sorted = names.map { (name: $0, path: path + "/" + $0) }.filter { isRegularFile($0.path) }
            .map { (path: $0.path, stamp: nameStamp($0.name) ?? "", modified: modificationTime($0.path)) }
            .sorted { ($0.stamp, $0.modified, $0.path) > ($1.stamp, $1.modified, $1.path) }
        var listed: [(path: String, stamp: String, problem: String?, otherFormat: Bool)] = []
        for file in sorted {
            do {
                let found = try ImportSource.format(of: file.path)
                let other = format.map { found != $0 } ?? false
                listed.append((file.path, file.stamp, other ? "it is a \(found.title), not a \(format!.title)" : nil, other))
            } catch let problem as ImportProblem {
                listed.append((file.path, file.stamp, problem.formatNotRecognised ? "its format cannot be told: it is damaged, or not the app's" : problem.message, false))
            } catch {
                listed.append((file.path, file.stamp, "\(error)", false))
            }
        }
        // The endings of the app's own files in the folder, to tell a damaged one of them: a file
        // with one, or (whose format cannot be told) with a date in its name, is said.
        func ending(_ path: String) -> String { (path as NSString).pathExtension.lowercased() }
        let endings = Set(listed.filter { $0.problem == nil }.map { ending($0.path) })
        let files = listed.filter { file in
            file.problem == nil || endings.contains(ending(file.path)) || (!file.otherFormat && !file.stamp.isEmpty)
        }
        guard !files.isEmpty else {
            throw AlmanacError.cannotRead(path: path, reason: "the folder holds no file of \(format.map { "a \($0.title)" } ?? "a format Almanac recognises")")
        }
        return files.map { ($0.path, [$0.path], $0.problem) }
    }

    /// The date and time in a file's name as sortable digits ("20261123093512"), the time
    /// optional; nil when the name has no date.
    static func nameStamp(_ name: String) -> String? {
        guard let match = try? stampPattern.firstMatch(in: name) else { return nil }
        return (1...6).map { match.output[$0].substring.map(String.init) ?? "00" }.joined()
    }

    /// Made where it is used (a `Regex` is not `Sendable`, so it is not kept between threads).
    private static var stampPattern: Regex<AnyRegexOutput> { try! Regex(
        #"((?:19|20)\d\d)-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?:[ _T-]?([01]\d|2[0-3])[:.-]?([0-5]\d)(?:[:.-]?([0-5]\d))?)?"#) }

    init(path: String, files: [String]) throws {
        var hash = SHA256()
        var newest: Int64 = 0
        for file in files {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw AlmanacError.cannotRead(path: file, reason: "it cannot be opened") }
            defer { try? handle.close() }
            if files.count > 1 { hash.update(data: Data((file as NSString).lastPathComponent.utf8 + [0])) }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
            newest = max(newest, Self.modificationTime(file))
        }
        self.path = path
        self.modified = Timestamp(millis: newest)
        self.digest = hash.finalize().map { String(format: "%02x", $0) }.joined()
    }


    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Milliseconds since 1970 (a timestamp keeps milliseconds).
    private static func modificationTime(_ path: String) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec / 1_000_000)
    }
}
