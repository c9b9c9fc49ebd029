import Foundation

/// A one-line progress bar on stderr, redrawn in place; nothing when stderr is not a terminal.
final class ProgressLine {
    let enabled: Bool
    let label: String
    private var lastPercent = -1

    init(label: String, enabled: Bool = Output.stderrIsTerminal && !Output.quiet) { self.enabled = enabled; self.label = label }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 4
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 25 - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(percent)%".utf8))
    }

    func finish() {
        if enabled && lastPercent >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
