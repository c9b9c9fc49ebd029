import AlmanacDomain
import Foundation
import SystemPackage
import ZIPFoundation

/// Reads another app's files into an `ImportedHistory`: the format is recognised from the
/// content (SQLite tables, zip, CSV header, JSON shape, folder layout), never from the name,
/// unless `format` names it.
public enum ImportSource {
    /// Files larger than this are refused before they are read.
    public static let maxBytes = 512 * 1024 * 1024
    /// One CSV file unpacked from a zip may hold this much (ten years of a hundred habits is
    /// a few MB): a small zip that inflates to hundreds of MB is refused as it unpacks.
    public static let maxUnpackedFile = 64 * 1024 * 1024
    /// The most a zip may unpack to, in times its own size (beyond 16 MB).
    static let maxPackingRatio = 100

    /// Reads another app's files. A row that cannot be read refuses the whole file, naming the
    /// row; with `leavingOutBadRows` it is left out and listed (`ImportedHistory.leftOut`) instead.
    public static func read(_ path: String, format: ImportFormat?, calendar: StoreCalendar, leavingOutBadRows: Bool = false) throws -> ImportedHistory {
        var history = try ImportedHistory.$leavesOutBadRows.withValue(leavingOutBadRows) { try readFile(path, format: format, calendar: calendar) }
        history.cutLongTexts()
        try history.checkDistinctHabitIDs()
        return history
    }

    private static func readFile(_ path: String, format: ImportFormat?, calendar: StoreCalendar) throws -> ImportedHistory {
        // A pipe (or `/dev/stdin`) can be read only once, and recognising a format reads the
        // start of a file before the whole of it: what arrives is kept in a temporary file first.
        if isPipeOrDevice(path) {
            let copy = try PipeCopy(path)
            defer { copy.remove() }
            return try readFile(copy.path, format: format, calendar: calendar)
        }
        let resolved = try resolve(path)
        var opened = Opened()
        let detected = try format ?? detect(resolved, opened: &opened)
        switch detected {
        case .loopDatabase, .rewire, .tickmate:
            guard !resolved.isFolder, SQLiteSource.isSQLite(resolved.path) else { throw ImportProblem("it is not a SQLite database, so it is not a \(detected.title)") }
            let (source, tables) = try opened.sqlite ?? Self.openSQLite(resolved.path)
            switch detected {
            case .loopDatabase:
                guard LoopDatabase.isLoop(tables) else { throw ImportProblem("it has no Habits and Repetitions tables, so it is not a Loop Habit Tracker database") }
                return try LoopDatabase.read(source)
            case .rewire:
                guard RewireDatabase.isRewire(tables) else { throw ImportProblem("it has no CHECKINS and UNIT tables, so it is not a Rewire database") }
                return try RewireDatabase.read(source)
            default:
                guard TickmateDatabase.isTickmate(tables) else { throw ImportProblem("it has no tracks and track2groups tables, so it is not a Tickmate database") }
                return try TickmateDatabase.read(source)
            }
        case .loopCSV:
            return try LoopCSV.read(try files(of: resolved), container: resolved.isFolder ? "the folder" : "the file")
        case .habitBull:
            return try HabitBullCSV.read(CSVTable(file: (resolved.path as NSString).lastPathComponent, data: try contents(resolved.path)))
        case .harsh:
            let folder = resolved.isFolder ? resolved.path : FilePath(resolved.path).removingLastComponent().string
            return try Harsh.read(habits: try contents(folder + "/habits", ofFolder: true), log: try contents(folder + "/log", ofFolder: true))
        case .lucidPal:
            let folder = resolved.isFolder ? resolved.path : FilePath(resolved.path).removingLastComponent().string
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard names.contains(LucidPal.habitsFile) else { throw ImportProblem("there is no \(LucidPal.habitsFile) in \(folder)") }
            let shards = try names.filter(LucidPal.isShard).map { ($0, try contents(folder + "/" + $0, ofFolder: true)) }
            return try LucidPal.read(habits: try contents(folder + "/" + LucidPal.habitsFile, ofFolder: true), shards: shards, calendar: calendar)
        case .habitto, .habitat, .habitTracker:
            guard !resolved.isFolder else { throw ImportProblem("it is a folder; name the JSON file") }
            let root = try opened.json ?? JSONNode.parse(try contents(resolved.path))
            switch detected {
            case .habitto: return try Habitto.read(root, calendar: calendar)
            case .habitat:
                guard root.isObject else { throw ImportProblem(place: "the top level", "expected an object of Habitat's storage keys, found an array") }
                return try Habitat.read(root, calendar: calendar)
            default: return try HabitTrackerJSON.read(root, calendar: calendar)
            }
        }
    }

    // MARK: Recognising the format

    /// The format of a file or folder, recognised from its content, or a problem saying why not.
    public static func format(of path: String) throws -> ImportFormat {
        var opened = Opened()
        return try detect(try resolve(path), opened: &opened)
    }

    struct Resolved { let path: String; let isFolder: Bool }

    /// What recognising the format opened already, so that reading does not open or parse it again.
    struct Opened {
        var sqlite: (SQLiteSource, Set<String>)?
        var json: JSONNode?
    }

    private static func openSQLite(_ path: String) throws -> (SQLiteSource, Set<String>) {
        let source = try SQLiteSource(path: path)
        return (source, try source.tables())
    }

    private static func resolve(_ path: String) throws -> Resolved {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ImportProblem("there is no such file or folder") }
        return Resolved(path: path, isFolder: isFolder.boolValue)
    }

    /// What the content is, or a problem that lists the formats and how to name one.
    static func detect(_ source: Resolved, opened: inout Opened) throws -> ImportFormat {
        if source.isFolder { return try detectFolder(source.path) }
        let name = (source.path as NSString).lastPathComponent
        let folder = FilePath(source.path).removingLastComponent().string
        if SQLiteSource.isSQLite(source.path) {
            opened.sqlite = try openSQLite(source.path)
            let tables = opened.sqlite!.1
            if LoopDatabase.isLoop(tables) { return .loopDatabase }
            if RewireDatabase.isRewire(tables) { return .rewire }
            if TickmateDatabase.isTickmate(tables) { return .tickmate }
            throw unrecognised("a SQLite database of none of the apps Almanac knows (tables: \(tables.sorted().joined(separator: ", ")))")
        }
        let head = try prefix(source.path, count: 4096)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .loopCSV }
        if head.isEmpty { throw ImportProblem("the file is empty") }
        let text = String(decoding: head, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}"))
        if text.hasPrefix(HabitBullCSV.header) { return .habitBull }
        if text.hasPrefix("Position,Name,") || name == "Habits.csv" { throw ImportProblem("it is the Habits.csv of a Loop CSV export; import the zip or the folder it is in (\(folder.isEmpty ? "." : folder))") }
        if (name == "habits" || name == "log"), FileManager.default.fileExists(atPath: folder + "/habits"), FileManager.default.fileExists(atPath: folder + "/log") { return .harsh }
        if name == LucidPal.habitsFile || LucidPal.isShard(name) { return .lucidPal }
        let first = text.first { !$0.isWhitespace }
        if first == "{" || first == "[" {
            let root = try JSONNode.parse(try contents(source.path))
            opened.json = root
            if Habitat.isHabitat(root) { return .habitat }
            if HabitTrackerJSON.isHabitTracker(root) { return .habitTracker }
            if let first = try? root.elements().first, (try? first.optional("completionHistory")) != nil { return .habitto }
            if let first = try? root.elements().first, (try? first.optional("colorHex")) != nil { return .lucidPal }
            throw unrecognised("JSON of none of the shapes Almanac knows")
        }
        throw unrecognised("not a format Almanac knows")
    }

    private static func detectFolder(_ folder: String) throws -> ImportFormat {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if names.isEmpty { throw ImportProblem("the folder is empty") }
        if names.contains(LucidPal.habitsFile) { return .lucidPal }
        if names.contains("habits") && names.contains("log") { return .harsh }
        if names.contains("Habits.csv") { return .loopCSV }
        throw unrecognised("a folder with none of the layouts Almanac knows (Loop's Habits.csv, harsh's habits and log, LucidPal's \(LucidPal.habitsFile))")
    }

    private static func unrecognised(_ what: String) -> ImportProblem {
        var problem = ImportProblem("it is \(what); Almanac imports "
                                    + ImportFormat.allCases.map { "\($0.rawValue) (\($0.title))" }.joined(separator: ", "))
        problem.formatNotRecognised = true
        return problem
    }

    // MARK: Reading files

    /// Whether `path` is (or links to) something other than a regular file or a folder.
    public static func isPipeOrDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR
    }

    /// What a pipe delivers, read once into a private temporary file (at most `maxBytes`).
    struct PipeCopy {
        let folder: String
        var path: String { folder + "/input" }

        init(_ pipe: String) throws {
            guard let handle = FileHandle(forReadingAtPath: pipe) else { throw ImportProblem("it cannot be read") }
            defer { try? handle.close() }
            folder = NSTemporaryDirectory() + "/almanac-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: folder + "/input", contents: nil), let out = FileHandle(forWritingAtPath: folder + "/input") else {
                remove()
                throw ImportProblem("what arrives on the pipe cannot be kept in \(NSTemporaryDirectory())")
            }
            defer { try? out.close() }
            var total = 0
            do {
                while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    total += chunk.count
                    guard total <= maxBytes else { throw ImportProblem("it delivers over \(maxBytes / 1024 / 1024) MB, larger than any export Almanac reads") }
                    try out.write(contentsOf: chunk)
                }
            } catch let problem as ImportProblem {
                remove()
                throw problem
            } catch {
                remove()
                throw ImportProblem("it cannot be read to its end")
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A file's bytes. A file named inside a folder (`ofFolder`: harsh's `habits`, a Loop export's
    /// CSV files, LucidPal's shards) is read only as the folder's own: a symbolic link there is
    /// refused, never followed.
    static func contents(_ path: String, ofFolder: Bool = false) throws -> Data {
        var link = stat()
        if ofFolder, lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            throw ImportProblem(file: (path as NSString).lastPathComponent, "it is a symbolic link; the files of a folder are read only as its own")
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw ImportProblem(file: (path as NSString).lastPathComponent, "there is no such file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maxBytes else { throw ImportProblem(file: (path as NSString).lastPathComponent, "it is over \(maxBytes / 1024 / 1024) MB, larger than any export Almanac reads") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportProblem(file: (path as NSString).lastPathComponent, "it cannot be read")
        }
        return data
    }

    private static func prefix(_ path: String, count: Int) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportProblem("it cannot be read") }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)) ?? Data()
    }

    /// The CSV files of a folder (one level of sub-folders) or a zip, by relative path.
    private static func files(of source: Resolved) throws -> [String: Data] {
        var files: [String: Data] = [:]
        if source.isFolder {
            let names = try FileManager.default.contentsOfDirectory(atPath: source.path)
            for name in names {
                let path = source.path + "/" + name
                if name.hasSuffix(".csv") { files[name] = try contents(path, ofFolder: true); continue }
                var info = stat()
                if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {   // a linked folder is not the export's own
                    for inner in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where inner.hasSuffix(".csv") {
                        files[name + "/" + inner] = try contents(path + "/" + inner, ofFolder: true)
                    }
                }
            }
            return files
        }
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: source.path), accessMode: .read) } catch {
            throw ImportProblem("it is not a zip that can be read (truncated or damaged?)")
        }
        var total = 0
        // A Loop export packs its CSV files a few times over; one that unpacks to hundreds of
        // times its size is a zip bomb (124 kB once unpacked to gigabytes of rows in memory).
        let zipSize = ((try? FileManager.default.attributesOfItem(atPath: source.path))?[.size] as? NSNumber)?.intValue ?? 0
        let limit = min(maxBytes, max(16 << 20, zipSize * maxPackingRatio))
        for entry in archive where entry.type == .file && entry.path.hasSuffix(".csv") {
            var data = Data()
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    total += chunk.count
                    guard total <= limit else {
                        throw ImportProblem(limit < maxBytes ? "it unpacks to over \(limit / 1024 / 1024) MB, more than \(maxPackingRatio) times its size: no export is packed so tightly"
                                                             : "it unpacks to over \(maxBytes / 1024 / 1024) MB")
                    }
                    guard data.count + chunk.count <= maxUnpackedFile else {
                        throw ImportProblem(file: entry.path, "it unpacks to over \(maxUnpackedFile / 1024 / 1024) MB, more than any file of a Loop export holds")
                    }
                    data.append(chunk)
                }
            } catch let problem as ImportProblem {
                throw problem
            } catch {
                throw ImportProblem(file: entry.path, "it cannot be unpacked from the zip (truncated or damaged?)")
            }
            files[entry.path] = data
        }
        return files
    }
}
