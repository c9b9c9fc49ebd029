import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init(_ label: String = "almanac") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The bytes of a file (empty when it does not exist).
    public func bytes(_ name: String) -> Data { FileManager.default.contents(atPath: path(name)) ?? Data() }

    /// The paths of the files (not the folders) under a folder of this one, relative to it,
    /// sorted: what two sites are compared by.
    public func files(under name: String) throws -> [String] {
        let root = path(name)
        return try FileManager.default.subpathsOfDirectory(atPath: root).filter { relative in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(relative), isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }
}
