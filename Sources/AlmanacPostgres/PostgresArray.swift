import AlmanacStorage
import PostgresNIO

/// One column of many rows as a PostgreSQL array parameter in binary form (`text[]`, `float8[]`,
/// `int8[]`, NULL elements allowed): the bulk path's `unnest` reads it back as rows.
struct PostgresArray: PostgresThrowingDynamicTypeEncodable {
    let type: SQLType
    private var elements = ByteBuffer()
    private var count: Int32 = 0
    private var hasNull = false

    init(type: SQLType) { self.type = type }

    static func sqlType(of type: SQLType) -> String {
        switch type {
        case .text: return "text[]"
        case .real: return "float8[]"
        case .integer: return "int8[]"
        }
    }

    private var elementType: PostgresDataType {
        switch type {
        case .text: return .text
        case .real: return .float8
        case .integer: return .int8
        }
    }

    var psqlType: PostgresDataType {
        switch type {
        case .text: return .textArray
        case .real: return .float8Array
        case .integer: return .int8Array
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    mutating func append(_ value: SQLValue) {
        count += 1
        switch value {
        case .null:
            hasNull = true
            elements.writeInteger(Int32(-1))
        case .text(let text):
            elements.writeInteger(Int32(text.utf8.count))
            elements.writeString(text)
        case .real(let number):
            elements.writeInteger(Int32(8))
            elements.writeInteger(number.bitPattern)
        case .integer(let number):
            elements.writeInteger(Int32(8))
            elements.writeInteger(number)
        }
    }

    func encode<JSONEncoder: PostgresJSONEncoder>(into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) throws {
        buffer.writeInteger(Int32(1))                      // dimensions
        buffer.writeInteger(Int32(hasNull ? 1 : 0))        // has NULL elements
        buffer.writeInteger(elementType.rawValue)          // element type oid
        buffer.writeInteger(count)                         // length of the dimension
        buffer.writeInteger(Int32(1))                      // lower bound
        var elements = self.elements
        buffer.writeBuffer(&elements)
    }
}
