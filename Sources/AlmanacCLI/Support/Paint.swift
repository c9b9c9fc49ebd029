import AlmanacDomain

/// ANSI colour for a terminal, nothing otherwise.
struct Paint {
    let enabled: Bool

    func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

    func state(_ state: DayState?, _ text: String) -> String {
        guard enabled else { return text }
        switch state {
        case .done: return "\u{1B}[32m\(text)\u{1B}[0m"
        case .missed: return "\u{1B}[31m\(text)\u{1B}[0m"
        default: return text
        }
    }

    /// The width of a cell without its colour codes.
    func visibleWidth(_ text: String) -> Int {
        var plain = text
        for code in ["\u{1B}[1m", "\u{1B}[0m", "\u{1B}[32m", "\u{1B}[31m"] { plain = plain.replacingOccurrences(of: code, with: "") }
        return Output.cells(plain)
    }
}
