/// One file of a generated site, after the render step: the bytes rendered in this run, or the
/// previous run's file, kept as it is on disk because its key did not change.
struct SiteFile: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        case rendered([UInt8], sha256: String)
        /// Rendered in this run and written into the staging folder as the render step went
        /// (`SiteWriter.stage`): its bytes are on disk there, not held.
        case staged(size: Int, sha256: String)
        /// The previous run's file, with its size and SHA-256 as the manifest recorded them.
        case kept(size: Int, sha256: String)
    }

    /// The path inside the site folder.
    let path: String
    /// The key recorded in the manifest: of the file's model (`SitePage.key`), or for a habit's
    /// file of its part (`SitePart.key`).
    let key: String
    let content: Content
    /// For a habit's file, the key of the habit's files as a whole and how many there are
    /// (`SiteManifest.Record.group`), recorded in the manifest.
    var group: String?

    init(path: String, key: String, content: Content, group: String? = nil) {
        self.path = path; self.key = key; self.content = content; self.group = group
    }

    /// A file rendered in this run.
    init(path: String, key: String = "", bytes: [UInt8], group: String? = nil) {
        self.init(path: path, key: key, content: .rendered(bytes, sha256: SiteManifest.sha256(bytes)), group: group)
    }

    init(path: String, text: String, key: String = "") { self.init(path: path, key: key, bytes: Array(text.utf8)) }

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

    /// Whether the file is the previous run's, as it is on disk.
    var isKept: Bool {
        if case .kept = content { return true }
        return false
    }

    /// The file as written into the staging folder: its bytes no longer held.
    var staged: SiteFile {
        SiteFile(path: path, key: key, content: .staged(size: size, sha256: sha256), group: group)
    }

    /// A staged file with its bytes read back from the staging folder, to be written elsewhere;
    /// any other file as it is.
    func takenBack(from staging: OutputFolder) throws -> SiteFile {
        guard case .staged = content else { return self }
        // The run's own file, however large: no limit of what is read back.
        guard let bytes = staging.bytes(of: path, limit: .max) else { throw AlmanacError.cannotRead(path: staging.path(of: path), reason: "it cannot be read") }
        return SiteFile(path: path, key: key, bytes: bytes, group: group)
    }

    /// The bytes, when the file was rendered in this run.
    var rendered: [UInt8]? {
        if case .rendered(let bytes, _) = content { return bytes }
        return nil
    }
}
