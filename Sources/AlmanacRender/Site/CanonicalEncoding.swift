import Crypto
import Foundation

/// The bytes a page model is keyed by: its JSON with sorted keys (`JSONEncoder`). Models use
/// the synthesized conformance, which hands over every stored property with its name — so a
/// field added to a model is part of its key without anyone listing it, and two models with
/// equal bytes are equal values. (Models hold no dictionary keyed by anything but text, whose
/// order would be the process's own.) A key also names the model's type, so values of two types
/// that write the same JSON never share a key.
public enum CanonicalEncoding {
    /// The canonical bytes of a value.
    public static func bytes<Value: Encodable>(of value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return Array(try encoder.encode(value))
    }

    /// Feeds the canonical bytes of a value into `hash`.
    public static func hash<Value: Encodable>(_ value: Value, into hash: inout SHA256) throws {
        hash.update(data: try bytes(of: value))
    }

    /// The SHA-256 of a value's canonical bytes.
    public static func sha256<Value: Encodable>(of value: Value) throws -> [UInt8] {
        Array(SHA256.hash(data: try bytes(of: value)))
    }
}
