/// Another app's files that the store follows (`import --follow`, `sync`): where they are, what
/// kind they are, and which file was synced last. This is truth about where data came from; the
/// habits the source owns name it (`Habit.sourceId`) with the source's own id of each habit
/// (`Habit.sourceKey`).
public struct FollowedSource: Codable, Equatable, Sendable, Identifiable {
    public var id: EntityID
    /// The import format's name (`loop-db`, `tickmate`, …).
    public var format: String
    /// The file or folder followed, as an absolute path.
    public var path: String
    /// The file last synced (the newest of a folder), as an absolute path.
    public var lastFile: String
    /// The last synced file's modification time.
    public var lastModified: Timestamp
    /// The SHA-256 of the last synced file's bytes (of every file of a folder read whole), hex.
    public var lastDigest: String
    public var syncedAt: Timestamp
    public var createdAt: Timestamp

    public init(id: EntityID, format: String, path: String, lastFile: String, lastModified: Timestamp, lastDigest: String,
                syncedAt: Timestamp, createdAt: Timestamp) {
        self.id = id; self.format = format; self.path = path; self.lastFile = lastFile; self.lastModified = lastModified
        self.lastDigest = lastDigest; self.syncedAt = syncedAt; self.createdAt = createdAt
    }
}
