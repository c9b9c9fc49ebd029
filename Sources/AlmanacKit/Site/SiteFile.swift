/// One file of a generated site, after the render step: its bytes rendered in this run, the same
/// bytes already written into the staging folder, or found equal to the published file's.
struct SiteFile: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        case rendered([UInt8], sha256: String)
        /// Written into the staging folder as the render step went (`SiteWriter.stage`): its bytes
        /// are on disk there, not held.
        case staged(size: Int, sha256: String)
        /// The published file has these bytes already: it is kept as it is.
        case kept(size: Int, sha256: String)
    }

    /// The path inside the site folder.
    let path: String
    let content: Content

    init(path: String, content: Content) { self.path = path; self.content = content }

    /// A file rendered in this run.
    init(path: String, bytes: [UInt8]) {
        self.init(path: path, content: .rendered(bytes, sha256: SiteManifest.sha256(bytes)))
    }

    init(path: String, text: String) { self.init(path: path, bytes: Array(text.utf8)) }

    var size: Int {
        switch content {
        case .rendered(let bytes, _): return bytes.count
        case .staged(let size, _), .kept(let size, _): return size
        }
    }

    var sha256: String {
        switch content {
        case .rendered(_, let sha256), .staged(_, let sha256), .kept(_, let sha256): return sha256
        }
    }

    /// Whether the published file is this one, as it is on disk.
    var isKept: Bool {
        if case .kept = content { return true }
        return false
    }

    /// The file as the published one: its bytes no longer held.
    var kept: SiteFile { SiteFile(path: path, content: .kept(size: size, sha256: sha256)) }

    /// The file as written into the staging folder: its bytes no longer held.
    var staged: SiteFile { SiteFile(path: path, content: .staged(size: size, sha256: sha256)) }

    /// A staged file with its bytes read back from the staging folder, to be written elsewhere;
    /// any other file as it is.
    func takenBack(from staging: OutputFolder) throws -> SiteFile {
        guard case .staged = content else { return self }
        // The run's own file, however large: no limit of what is read back.
        guard let bytes = staging.bytes(of: path, limit: .max) else { throw AlmanacError.cannotRead(path: staging.path(of: path), reason: "it cannot be read") }
        return SiteFile(path: path, bytes: bytes)
    }

    /// The bytes, when the file was rendered in this run.
    var rendered: [UInt8]? {
        if case .rendered(let bytes, _) = content { return bytes }
        return nil
    }
}
