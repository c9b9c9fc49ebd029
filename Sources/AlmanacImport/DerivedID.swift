import AlmanacDomain
import Crypto
import Foundation

/// Almanac's one way to make a name-based id: RFC 9562's version 5 (SHA-1 of a namespace and a
/// name), for imports and for a site's permanent ids.
extension EntityID {
    /// The namespace of imported ids: imported habits and entries are derived from the source's
    /// identity, so importing the same file again finds the same ids.
    public static let importNamespace = EntityID("6f0c7a52-2b1e-4d8e-9a43-51a1c3e0b7d4")!

    /// The namespace of a site's permanent ids (its feed, each day's and year's entry, its
    /// calendar's events), derived from the store's identity and the thing's name.
    public static let siteNamespace = EntityID("629e1d35-94b7-49a0-9607-12a2353337da")!

    /// The version 5 (SHA-1, name-based) UUID of `name` in `namespace`.
    public static func derived(_ name: String, in namespace: EntityID = importNamespace) -> EntityID {
        var hash = Insecure.SHA1()
        withUnsafeBytes(of: namespace.uuid.uuid) { hash.update(bufferPointer: $0) }
        var name = name
        name.withUTF8 { hash.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        var u = Array(hash.finalize())
        u[6] = (u[6] & 0x0F) | 0x50
        u[8] = (u[8] & 0x3F) | 0x80
        return EntityID(UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7],
                                    u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15])))
    }
}
