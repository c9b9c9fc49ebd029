import Foundation

extension EntityID {
    /// Almanac's namespace for name-based ids (RFC 9562 version 5): the ids of imported habits
    /// and entries are derived from the source's identity, so importing the same file again
    /// finds the same ids.
    public static let importNamespace = EntityID("6f0c7a52-2b1e-4d8e-9a43-51a1c3e0b7d4")!

    /// The version 5 (SHA-1, name-based) UUID of `name` in `namespace`.
    public static func derived(_ name: String, in namespace: EntityID = importNamespace) -> EntityID {
        var bytes = withUnsafeBytes(of: namespace.uuid.uuid) { Array($0) }
        bytes.append(contentsOf: Array(name.utf8))
        var digest = SHA1.digest(bytes)
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        let u = digest
        return EntityID(UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7],
                                    u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15])))
    }
}

/// SHA-1 (FIPS 180-4), for name-based UUIDs only: RFC 9562 fixes the hash of version 5, and
/// the domain layer has no cryptography library. Not used for anything that needs security.
/// Blocks are read in place and the schedule lives on the stack: an import derives an id for
/// each of hundreds of thousands of entries.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            message.withUnsafeBufferPointer { bytes in
                let whole = bytes.count / 64
                for block in 0..<whole { compress(UnsafeBufferPointer(rebasing: bytes[block * 64 ..< block * 64 + 64]), &h, w) }
                // The tail, the 0x80 marker and the length, in one or two more blocks.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                    let rest = bytes.count - whole * 64
                    for i in 0..<128 { tail[i] = i < rest ? bytes[whole * 64 + i] : 0 }
                    tail[rest] = 0x80
                    let blocks = rest < 56 ? 1 : 2
                    let bits = UInt64(bytes.count) * 8
                    for i in 0..<8 { tail[blocks * 64 - 1 - i] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * i)) }
                    for block in 0..<blocks { compress(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(tail)[block * 64 ..< block * 64 + 64]), &h, w) }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: 20)
        for (index, word) in [h.0, h.1, h.2, h.3, h.4].enumerated() {
            for j in 0..<4 { out[4 * index + j] = UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * j)) }
        }
        return out
    }

    private static func compress(_ chunk: UnsafeBufferPointer<UInt8>, _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ w: UnsafeMutableBufferPointer<UInt32>) {
        for i in 0..<16 {
            w[i] = UInt32(chunk[4 * i]) << 24 | UInt32(chunk[4 * i + 1]) << 16 | UInt32(chunk[4 * i + 2]) << 8 | UInt32(chunk[4 * i + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = h
        for i in 0..<80 {
            let f: UInt32, k: UInt32
            switch i {
            case 0..<20: f = (b & c) | (~b & d); k = 0x5A827999
            case 20..<40: f = b ^ c ^ d; k = 0x6ED9EBA1
            case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC
            default: f = b ^ c ^ d; k = 0xCA62C1D6
            }
            let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
            e = d; d = c; c = b << 30 | b >> 2; b = a; a = t
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}
