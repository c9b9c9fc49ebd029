import AlmanacRender
import Foundation

/// Puts a generated site on disk — the only place report files are written.
///
/// - Every new or changed file is written to a temporary file and flushed before any is renamed
///   into place; then the folders are flushed. A file whose bytes did not change is not written
///   at all (its mtime stays).
/// - Files the previous run listed in its manifest and this run no longer makes are removed;
///   nothing else ever is.
/// - `manifest.json` lists every file with its size and SHA-256 and is written last.
struct SiteWriter {
    let folder: OutputFolder
    /// The manifest the previous run left, read once by the report.
    let previous: SiteManifest?

    struct Outcome: Sendable {
        var written = 0, unchanged = 0, removed = 0
    }

    func write(_ files: [SiteFile], asOf: String, progress: (Int, Int) -> Void) throws -> Outcome {
        if let unsafe = files.first(where: { !SitePath.isSafe($0.path) }) {
            throw AlmanacError.refused("Refusing to write \(unsafe.path): it is not a plain path inside \(folder.path).")
        }
        var outcome = Outcome()
        var pending: [AtomicFile] = []
        defer { pending.forEach { $0.abandon() } }
        var records: [SiteManifest.Record] = []
        for (index, file) in files.enumerated() {
            progress(index + 1, files.count)
            switch file.content {
            case .kept(let kept):
                records.append(.init(path: file.path, size: kept.size, sha256: kept.sha256, input: kept.inputDigest))
                outcome.unchanged += 1
            case .rendered(let bytes):
                records.append(.init(path: file.path, size: bytes.count, sha256: SiteManifest.sha256(bytes), input: file.inputDigest))
                if folder.hasContent(file.path, bytes) {
                    outcome.unchanged += 1
                } else {
                    let staged = try folder.create(file.path)
                    try staged.write(bytes)
                    try staged.prepare()
                    pending.append(staged)
                }
            }
        }
        try folder.commit(pending)
        outcome.written = pending.count
        pending.removeAll()
        outcome.removed = removeStale(made: Set(files.map(\.path)))
        let manifest = try SiteManifest(generator: "almanac", asOf: asOf, files: records).encoded()
        if !folder.hasContent(SiteManifest.fileName, manifest) {
            try folder.write(manifest, to: SiteManifest.fileName)
        }
        folder.finish()
        return outcome
    }

    /// Removes the files the previous run made and this one does not — each only while it still
    /// has the bytes the manifest recorded (a file the user replaced stays); returns how many.
    private func removeStale(made: Set<String>) -> Int {
        (previous?.files ?? []).filter { record in
            !made.contains(record.path) && SitePath.isSafe(record.path)
                && folder.remove(record.path) { SiteManifest.sha256(Array($0)) == record.sha256 }
        }.count
    }
}
