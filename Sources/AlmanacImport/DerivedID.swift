import AlmanacDomain
import Crypto
import Foundation

extension EntityID {
    /// Almanac's namespace for name-based ids (RFC 9562 version 5): the ids of imported habits
    /// and entries are derived from the source's identity, so importing the same file again
    /// finds the same ids.
    public static let importNamespace = EntityID("6f0c7a52-2b1e-4d8e-9a43-51a1c3e0b7d4")!

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
