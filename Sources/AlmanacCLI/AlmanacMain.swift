import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation
import AlmanacStorage

/// Runs `almanac` with arguments and turns every outcome into an exit status and, on failure,
/// one sentence on stderr: 0 ok, 1 failure, 2 bad usage. Never a stack trace.
public enum AlmanacMain {
    public static func main(_ arguments: [String]) -> Int32 {
        // Over a file-size limit a write fails with EFBIG, reported like a full disk, instead of
        // the process being killed with a core dump.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try AlmanacCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            if let (text, status) = ErrorWording.sentence(for: error) { return fail(text, status: status) }
            let code = AlmanacCommand.exitCode(for: error)
            if code == .success {
                // --help and --version: ArgumentParser's own text on stdout.
                print(AlmanacCommand.fullMessage(for: error))
                return 0
            }
            let status: Int32 = code == .validationFailure ? 2 : code.rawValue
            return fail(AlmanacCommand.message(for: error), status: status)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        // A message may quote what a file holds (an import's bad cell): it stays one line, and
        // control characters are shown, never sent to the terminal.
        FileHandle.standardError.write(Data("almanac: \(TerminalText.safe(text))\n".utf8))
        return status
    }
}
