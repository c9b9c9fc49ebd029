import AlmanacDomain
import AlmanacKit
import ArgumentParser
import Foundation
import AlmanacStorage

/// Runs `almanac` with arguments and turns every outcome into an exit status and, on failure,
/// one sentence on stderr: 0 ok, 1 failure, 2 bad usage. Never a stack trace.
public enum AlmanacMain {
    public static func main(_ arguments: [String]) -> Int32 {
        ProcessClock.start()
        // Over a file-size limit a write fails with EFBIG, reported like a full disk, instead of
        // the process being killed with a core dump.
        signal(SIGXFSZ, SIG_IGN)
        if let unknown = unknownCommand(arguments) {
            report(unknown)
            return 2
        }
        do {
            var command = try AlmanacCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch {
            if AlmanacCommand.exitCode(for: error) == .success {
                // --help and --version: ArgumentParser's own text on stdout.
                print(AlmanacCommand.fullMessage(for: error))
                return 0
            }
            // A command that has said on stderr what failed (`nightly`) exits with a status alone.
            if let exit = error as? ExitCode { return exit.rawValue }
            let (text, status) = sentence(for: error)
            report(text)
            return status
        }
    }

    /// The sentence for a first word that is no command (`almanac stauts`), with the closest
    /// commands; nil when the first word is a command or an option.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = AlmanacCommand.configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        let close = NameMatcher(names, name: { $0 }).suggestions(for: first).map { "`almanac \($0)`" }
        if close.isEmpty { return "\"\(first)\" is not a command; `almanac --help` lists the commands." }
        return "\"\(first)\" is not a command; did you mean \(close.joined(separator: " or "))? `almanac --help` lists the commands."
    }

    /// The sentence and exit status of an error: the library's words (`ErrorWording`), else
    /// ArgumentParser's.
    static func sentence(for error: any Error) -> (text: String, status: Int32) {
        if let worded = ErrorWording.sentence(for: error) { return worded }
        let code = AlmanacCommand.exitCode(for: error)
        var text = AlmanacCommand.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        return (text, code == .validationFailure ? 2 : code.rawValue)
    }

    /// One problem on stderr. A message may quote what a file holds (an import's bad cell): it
    /// stays one line, and control characters are shown, never sent to the terminal.
    static func report(_ text: String) {
        FileHandle.standardError.write(Data("almanac: \(TerminalText.safe(text.trimmingCharacters(in: .whitespacesAndNewlines)))\n".utf8))
    }
}
