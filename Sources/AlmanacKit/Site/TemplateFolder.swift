import AlmanacRender
import Foundation

/// A user's folder of edited templates (`report --templates DIR`), and writing the built-in ones
/// out to start from (`templates export DIR`).
public struct TemplateFolder: Sendable {
    public let path: String

    public init(_ path: String) { self.path = path }

    /// The most a template file may have: a hundred times the largest built-in one.
    static let maxBytes = 1 << 20

    /// The user's templates; files missing from the folder come from the built-in set. Each is
    /// read as a file of the folder itself: a symbolic link — in the file's place, or in place of
    /// the `words` folder — is refused, never followed (a link to `/etc/passwd` would publish it).
    public func load() throws -> TemplateSet {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AlmanacError.noTemplates(path: path)
        }
        var sources = TemplateSet.builtInSources
        for name in TemplateSet.fileNames {
            let file = (path as NSString).appendingPathComponent(name)
            // The folders between the template folder and the file (`words/`) are its own too.
            var inner = path
            for part in name.split(separator: "/").dropLast() {
                inner = (inner as NSString).appendingPathComponent(String(part))
                var folder = stat()
                if lstat(inner, &folder) == 0, folder.st_mode & S_IFMT == S_IFLNK {
                    throw AlmanacError.template(file: inner, reason: "it is a symbolic link; templates are read only from files of the folder itself.")
                }
            }
            var info = stat()
            guard lstat(file, &info) == 0 else { continue }   // not there: the built-in one
            guard info.st_mode & S_IFMT != S_IFLNK else {
                throw AlmanacError.template(file: file, reason: "it is a symbolic link; templates are read only from files of the folder itself.")
            }
            // A FIFO or a device in a template's place is said, never waited on or taken for missing.
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw AlmanacError.template(file: file, reason: "it is not a regular file.")
            }
            guard Int(info.st_size) <= Self.maxBytes, let bytes = OutputFolder.bytes(atPath: file, limit: Self.maxBytes, followingLinks: false) else {
                throw AlmanacError.template(file: file, reason: "it has more than \(Self.maxBytes / 1024) kB; a template is read up to that.")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw AlmanacError.template(file: file, reason: "it is not UTF-8 text.")
            }
            sources[name] = text
        }
        do {
            return try TemplateSet(sources: sources, folder: path)
        } catch let problem as TemplateSet.Problem {
            throw AlmanacError.template(file: problem.file + (problem.line.map { " line \($0)" } ?? ""), reason: problem.message + ".")
        }
    }

    /// Writes the built-in templates into the folder; files already there are overwritten only
    /// with `force`. Returns the names written.
    public func exportBuiltIn(force: Bool) throws -> [String] {
        let folder = try OutputFolder(path)
        let names = TemplateSet.fileNames
        let existing = names.filter { folder.hasFile($0) }
        if !existing.isEmpty && !force {
            throw AlmanacError.alreadyExists(path: path, what: existing.joined(separator: ", "))
        }
        for name in names { try folder.write(Array(TemplateSet.builtInSources[name]!.utf8), to: name) }
        folder.finish()
        return names
    }
}
