import AlmanacRender
import Foundation
import SystemPackage
import AlmanacSupport

/// Puts a generated site on disk — the only place report files are written.
///
/// - With a staging folder (`SiteStaging`): the new site is built there whole — new and changed
///   files written, unchanged ones and the user's own files hard-linked from the published folder
///   — and exchanged with the published folder in one step.
/// - In place (when no staging folder can be made): every new or changed file is written to a
///   temporary file and flushed before any is renamed into place.
/// - Either way: a file whose bytes did not change is not written again, `manifest.json`
///   included; a file the previous run made and this one does not is dropped only while it
///   still has the bytes the manifest recorded; nothing else of the user's is ever lost; the
///   manifest is written last.
struct SiteWriter: Sendable {
    let published: OutputFolder
    /// Where the new site is built; nil to write in place.
    let staging: OutputFolder?
    /// What the previous run left, read once by the report.
    let previous: PreviousSite?

    struct Outcome: Sendable {
        var written = 0, unchanged = 0, removed = 0
    }

    private var target: OutputFolder { staging ?? published }
    /// How many files are written side by side between two moves of the progress line.
    static let sliceSize = 512

    /// Writes `files` (the rendered ones are new or changed: the render step has made the others
    /// kept files, and `stage` may have written them already) and then the new manifest.
    func write(_ files: [SiteFile], manifest: [UInt8], progress: (Int, Int) -> Void) throws -> Outcome {
        if let unsafe = files.first(where: { !SitePath.isSafe($0.path) }) { throw refusal(unsafe.path) }
        let outcome = try place(files, progress: progress)
        if previous?.bytes == manifest {
            try staging?.link(SiteManifest.fileName, from: published)
        } else {
            try target.write(manifest, to: SiteManifest.fileName)
        }
        if let staging {
            var info = stat()
            if lstat(published.path, &info) == 0 { staging.matchFolder("", info) }
        }
        target.finish()
        return outcome
    }

    /// Writes a new or changed file into the staging folder as soon as it is rendered (the file
    /// system can put it on disk while the rest of the site renders); `write` then counts it as
    /// written. Any other file is returned as it is. Called from several threads at once.
    func stage(_ file: SiteFile) throws -> SiteFile {
        guard staging != nil, let bytes = file.rendered else { return file }
        guard SitePath.isSafe(file.path) else { throw refusal(file.path) }
        try written(file.path, bytes).commit(syncFolder: false)
        return file.staged
    }

    /// A new file of the site with its bytes, not yet prepared.
    private func written(_ path: String, _ bytes: [UInt8]) throws -> AtomicFile {
        let file = try target.create(path)
        try file.write(bytes)
        return file
    }

    private func refusal(_ path: String) -> AlmanacError {
        .refused("Refusing to write \(path): it is not a plain path inside \(published.path).")
    }

    /// Puts the files in place (the manifest aside) and drops the stale ones.
    private func place(_ files: [SiteFile], progress: (Int, Int) -> Void) throws -> Outcome {
        let made = Set(files.map(\.path))
        var outcome = Outcome()
        // Each file on both cores, a slice at a time (the progress line moves after each): a kept
        // file linked, a rendered one written and prepared. None is committed before all are.
        var pending: [AtomicFile.Prepared] = []
        defer { pending.forEach { $0.abandon() } }
        var done = 0
        while done < files.count {
            let slice = Array(files[done..<min(done + Self.sliceSize, files.count)])
            let prepared = try Parallel.map(slice) { file -> AtomicFile.Prepared? in
                switch file.content {
                case .kept:
                    // An unchanged file: in place nothing to do; in a staging folder, a link to the published one.
                    try staging?.link(file.path, from: published)
                    return nil
                case .staged:
                    return nil
                case .rendered(let bytes, _):
                    return try written(file.path, bytes).handedOver()
                }
            }
            for (file, prepared) in zip(slice, prepared) {
                if let prepared { pending.append(prepared) } else if file.isKept { outcome.unchanged += 1 } else { outcome.written += 1 }
            }
            done += slice.count
            progress(done, files.count)
        }
        for file in pending { try file.commit() }
        outcome.written += pending.count
        pending.removeAll()
        outcome.removed = staging == nil ? removeStale(made: made) : try carryOver(made: made, stale: Set(staleFiles(made: made)))
        return outcome
    }

    /// The files the previous run made that this run does not, and that are still as it left
    /// them: what a publish removes.
    func staleFiles(made: Set<String>) -> [String] {
        (previous?.manifest.files ?? []).filter { record in
            // A file larger than the recorded one is not it: it is not even read.
            !made.contains(record.path) && SitePath.isSafe(record.path)
                && published.bytes(of: record.path, limit: record.size).map { SiteManifest.sha256($0) == record.sha256 } == true
        }.map(\.path)
    }

    /// In place: removes the stale files; returns how many.
    /// A folder those files leave empty goes with them.
    private func removeStale(made: Set<String>) -> Int {
        let removed = staleFiles(made: made).filter(published.remove)
        for path in removed {
            var folder = FilePath(path).removingLastComponent().string
            while !folder.isEmpty, rmdir(published.path(of: folder)) == 0 { folder = FilePath(folder).removingLastComponent().string }
        }
        return removed.count
    }

    /// Staging: brings every file of the published folder that is not part of the new site into
    /// it — the user's own files, and generated files the user changed — but not the stale ones
    /// or the temporary files of killed runs. Returns how many stale files were left behind.
    private func carryOver(made: Set<String>, stale: Set<String>, under folder: String = "") throws -> Int {
        guard let staging else { return 0 }
        var dropped = 0
        let entries = try OutputFolder.entries(of: published.path(of: folder))
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let name = entry.name, isFolder = entry.isFolder
            let relative = folder.isEmpty ? name : folder + "/" + name
            // The new site's own files first: they need no look at the published ones. A file named
            // as a temporary file of Almanac's is left behind only when its writer is this run or
            // no longer runs (a person's `.x.almanac-tmp-1` is carried over: PID 1 runs).
            if !isFolder, made.contains(relative) || relative == SiteManifest.fileName { continue }
            if !isFolder, let writer = Leftovers.writer(of: name), writer == getpid() || !Leftovers.isRunning(writer) { continue }
            var info = stat()
            guard lstat(published.path(of: relative), &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                let newSiteHasIt = staging.isFolder(relative)
                try staging.makeFolder(relative)
                dropped += try carryOver(made: made, stale: stale, under: relative)
                staging.matchFolder(relative, info)
                // A folder of the previous site whose files were all stale (the journal's charts
                // after a public run) is not brought over empty; the user's own empty folder is.
                if !newSiteHasIt, isEmpty(staging.path(of: relative)), !isEmpty(published.path(of: relative)) {
                    rmdir(staging.path(of: relative))
                }
            } else if staging.isFolder(relative) {
                // Where the site needs a folder the user has a link or a file: never written through.
                let what = info.st_mode & S_IFMT == S_IFLNK ? "a symbolic link, and Almanac does not write through links" : "not a folder"
                throw AlmanacError.cannotWrite(path: published.path(of: relative), reason: what)
            } else if stale.contains(relative) {
                dropped += 1
            } else {
                try staging.link(relative, from: published)
            }
        }
        return dropped
    }

    private func isEmpty(_ folder: String) -> Bool { (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? false }
}
