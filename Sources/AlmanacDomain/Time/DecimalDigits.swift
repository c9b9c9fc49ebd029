/// Reading fixed-width decimal fields (`2026`, `08`) from ASCII bytes: the one digit parser of
/// `DayKey` and `Timestamp`.
enum DecimalDigits {
    /// The number the bytes at `range` spell, or nil when any of them is not `0`–`9`.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}
