/// What the last run published into the folder: its manifest, the one thing of an earlier run a
/// report reads besides the published files themselves. It says which files that run made — a
/// file it made and this run does not is removed while it still has the recorded bytes — and
/// whether the new manifest's bytes are the old one's (then it is not written again).
struct PreviousSite: Sendable {
    let manifest: SiteManifest
    /// The manifest's bytes as they are on disk.
    let bytes: [UInt8]
}
