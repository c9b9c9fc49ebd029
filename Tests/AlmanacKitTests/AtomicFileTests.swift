import AlmanacKit
import Foundation
import Testing

/// A file written again with the bytes it holds is left as it was; with any byte changed,
/// wherever it is (past the first megabyte, in the last byte), it is replaced.
@Suite struct AtomicFileTests {
    /// Standard output handed over (as a writer of many files hands each over) is flushed, never
    /// closed: the process goes on writing to it.
    @Test func standardOutputHandedOverStaysOpen() throws {
        let file = AtomicFile(standardOutput: ())
        #expect(try file.handedOver().commitUnlessSame())
        #expect(fcntl(STDOUT_FILENO, F_GETFD) != -1)
    }

    @Test func aFileIsReplacedExactlyWhenAByteDiffers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("entries.csv").path
        var bytes = (0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(bytes, to: path)
        func again(_ bytes: [UInt8]) throws -> Bool {
            let file = try AtomicFile(path: path)
            try file.write(bytes)
            return try file.commitUnlessSame()
        }
        #expect(try again(bytes) == false)
        for index in [bytes.count - 1, 1_500_000, 0] {
            bytes[index] &+= 1
            #expect(try again(bytes) == true, "byte \(index)")
            #expect(try again(bytes) == false, "byte \(index), the same again")
            #expect(FileManager.default.contents(atPath: path) == Data(bytes))
        }
        #expect(try again(Array(bytes.dropLast())) == true)   // one byte shorter
    }
}
