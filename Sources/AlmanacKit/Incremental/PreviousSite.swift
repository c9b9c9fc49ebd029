import Foundation

/// What the previous run left: its manifest, and when the manifest was written.
struct PreviousSite: Sendable {
    let manifest: SiteManifest
    /// The manifest's bytes as they are on disk.
    let bytes: [UInt8]
    /// The manifest's modification time: a run writes its manifest after every file it wrote,
    /// so a generated file modified later was changed by someone else.
    let written: timespec
    let records: [String: SiteManifest.Record]
    /// The records of each habit's files, by the key of the habit's files, with the number of
    /// files recorded beside that key (`SiteManifest.Record.group`).
    let groups: [String: (count: Int, records: [SiteManifest.Record])]
    /// Whether a file of the recorded size, not modified since the manifest, is taken for the
    /// recorded bytes (`isIntact`); false for `report --full`, which compares every file's bytes.
    var trusted = true

    init(manifest: SiteManifest, bytes: [UInt8], written: timespec) {
        self.manifest = manifest; self.bytes = bytes; self.written = written
        records = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var groups: [String: (count: Int, records: [SiteManifest.Record])] = [:]
        for record in manifest.files {
            guard let group = record.group, let slash = group.lastIndex(of: "/"), let count = Int(group[group.index(after: slash)...])
            else { continue }
            groups[String(group[..<slash]), default: (count, [])].records.append(record)
        }
        self.groups = groups
    }

    /// The group a part's files are recorded under (`SitePart`): its key and how many files it has.
    static func group(key: String, files: Int) -> String { "\(key)/\(files)" }

    /// The previous run's files of a part of the site (`SitePart`) whose key is `key`, when that
    /// run recorded them under it — all of them, each with its key — and every one is
    /// still as that run left it; nil when the part's files must be made.
    func kept(part key: String, in folder: OutputFolder) -> [SiteFile]? {
        guard let (count, records) = groups[key], records.count == count else { return nil }
        let group = Self.group(key: key, files: count)
        var files: [SiteFile] = []
        files.reserveCapacity(count)
        for record in records {
            guard let fileKey = record.key, record.group == group, isIntact(record.path, in: folder) != nil else { return nil }
            files.append(SiteFile(path: record.path, key: fileKey, content: .kept(size: record.size, sha256: record.sha256), group: record.group))
        }
        return files
    }

    /// The previous run's file at `path`, when the new run's model of it has the same key and
    /// the file is still as that run left it (a regular file of the recorded size, not modified
    /// since the manifest was written); nil when it must be rendered.
    func kept(_ path: String, key: String, in folder: OutputFolder) -> SiteFile? {
        guard let record = isIntact(path, in: folder), record.key == key else { return nil }
        return SiteFile(path: path, key: key, content: .kept(size: record.size, sha256: record.sha256))
    }

    /// The record of the previous run's file at `path` when the file is still as that run left
    /// it: a regular file of the recorded size, not modified since the manifest was written.
    func isIntact(_ path: String, in folder: OutputFolder) -> SiteManifest.Record? {
        guard trusted, let record = records[path], SitePath.isSafe(path),
              let (size, modified) = folder.fileInfo(of: path), size == record.size,
              modified.tv_sec < written.tv_sec || (modified.tv_sec == written.tv_sec && modified.tv_nsec <= written.tv_nsec)
        else { return nil }
        return record
    }
}
