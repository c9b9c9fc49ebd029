import Foundation

/// The built `almanac` executable, run as a user runs it: a separate process with arguments and
/// environment, its exit status and both output streams captured.
public struct AlmanacBinary: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    public let url: URL

    /// Finds the binary next to the test bundle (`.build/<config>/almanac`), else in `.build/debug`.
    public init() {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("almanac"),
            Bundle.main.bundleURL.appendingPathComponent("almanac"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("almanac"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug/almanac"),
        ]
        url = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// A binary at a given place (an "installed" copy).
    public init(url: URL) { self.url = url }

    /// Runs `almanac arguments…` with `environment` added to a minimal one (no ALMANAC_* leaks in).
    @discardableResult
    public func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TZ": "UTC"]
        env.merge(environment) { $1 }
        process.environment = env
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var stderrData = Data()
        group.enter()
        DispatchQueue.global().async {
            stderrData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
