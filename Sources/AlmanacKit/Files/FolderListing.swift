import Foundation

extension OutputFolder {
    /// The entries of every folder of a tree (by relative path, "" for the tree's own), each
    /// folder's as its listing gave them, with the folder's modification time then: a listing
    /// taken ahead of its use (`SiteListings`), which a folder that changed since does not take.
    public struct Listing: Sendable {
        public let entries: [String: [Entry]]
        let modified: [String: timespec]
        /// What pruning the tree takes from the listing (`OutputFolder.prune`), when it was asked
        /// for: worked out on the thread that lists, not the one that prunes.
        let pruning: Pruning?

        /// The device of the tree's root; the relative path of every file; the identity of each
        /// file whose folders are all on that device, as the listing gives it (the inode number);
        /// every folder below the root, deepest first.
        struct Pruning: Sendable {
            let device: UInt64
            var files: [String] = []
            var identities: [String: FileIdentity] = [:]
            var folders: [String] = []
        }

        /// Lists the tree at `root`; nil when it cannot be listed whole. `toPrune`: what `prune`
        /// takes from a listing is worked out too.
        public init?(of root: String, toPrune: Bool = false) {
            var entries: [String: [Entry]] = [:], modified: [String: timespec] = [:]
            var rootInfo = stat()
            guard lstat(root, &rootInfo) == 0 else { return nil }
            var pruning = toPrune ? Pruning(device: UInt64(rootInfo.st_dev)) : nil
            func list(_ folder: String, onRootDevice: Bool) -> Bool {
                let full = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
                var info = stat()
                guard lstat(full, &info) == 0, let listed = try? OutputFolder.entries(of: full) else { return false }
                let onDevice = onRootDevice && UInt64(info.st_dev) == UInt64(rootInfo.st_dev)
                modified[folder] = info.st_mtim
                entries[folder] = listed
                for entry in listed where entry.isFolder || pruning != nil {
                    let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                    if entry.isFolder {
                        guard list(relative, onRootDevice: onDevice) else { return false }
                        pruning?.folders.append(relative)
                    } else if let device = pruning?.device {
                        pruning?.files.append(relative)
                        if onDevice { pruning?.identities[relative] = FileIdentity(device: device, inode: entry.inode) }
                    }
                }
                return true
            }
            guard list("", onRootDevice: true) else { return nil }
            self.entries = entries; self.modified = modified; self.pruning = pruning
        }

        /// The entries of `folder` (a path relative to `root`), when it was listed and has not
        /// changed since: no entry made, removed or renamed in it (its modification time is the
        /// same).
        func unchanged(_ folder: String, under root: String) -> [Entry]? {
            guard let listed = entries[folder], let then = modified[folder] else { return nil }
            var info = stat()
            let full = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            guard lstat(full, &info) == 0, info.st_mtim.tv_sec == then.tv_sec, info.st_mtim.tv_nsec == then.tv_nsec else { return nil }
            return listed
        }
    }

    /// An entry of a folder: its name, whether it is a folder (a symbolic link to one is not)
    /// and the inode number the listing gives.
    public struct Entry: Sendable {
        public let name: String
        public let isFolder: Bool
        let inode: UInt64
    }

    /// The entries of a folder (not `.` and `..`), each with whether it is a folder, as the
    /// directory itself says where the file system tells (no `stat` per file: a site has
    /// thousands).
    public static func entries(of folder: String) throws -> [Entry] {
        guard let stream = opendir(folder) else { throw AlmanacError.system(folder) }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name != ".", name != ".." else { continue }
            var isFolder = Int32(entry.pointee.d_type) == DT_DIR
            if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                var info = stat()
                isFolder = lstat((folder as NSString).appendingPathComponent(name), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            entries.append(Entry(name: name, isFolder: isFolder, inode: UInt64(entry.pointee.d_ino)))
        }
        return entries
    }
}
