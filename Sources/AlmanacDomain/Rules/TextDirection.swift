import _FoundationICU

/// Which way a text reads: by its first strong letter, as Unicode's bidirectional algorithm takes
/// a paragraph's direction (rules P2–P3), from Foundation's ICU.
public enum TextDirection {
    /// Whether the text's first strong letter is of a right-to-left script (Hebrew, Arabic, …).
    public static func isRightToLeft(_ text: String) -> Bool {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { swift_ubidi_getBaseDirection($0.baseAddress, Int32($0.count)) } == UBIDI_RTL
    }
}
