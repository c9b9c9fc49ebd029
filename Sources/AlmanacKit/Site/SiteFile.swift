/// One file of a generated site, after the render step: the bytes rendered in this run, or the
/// previous run's file, kept as it is on disk because its key did not change.
struct SiteFile: Sendable, Equatable {
    enum Content: Sendable, Equatable {
        case rendered([UInt8], sha256: String)
        /// The previous run's file, with its size and SHA-256 as the manifest recorded them, and
        /// its identity in the published folder when it was just looked up there.
        case kept(size: Int, sha256: String, published: FileIdentity?)
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
    /// A rendered file already written into the staging folder, as the render step went
    /// (`SiteWriter.stage`).
    var staged = false

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
        case .kept(let size, _, _): return size
        }
    }

    var sha256: String {
        switch content {
        case .rendered(_, let sha256), .kept(_, let sha256, _): return sha256
        }
    }

    /// The bytes, when the file was rendered in this run.
    var rendered: [UInt8]? {
        if case .rendered(let bytes, _) = content { return bytes }
        return nil
    }
}
