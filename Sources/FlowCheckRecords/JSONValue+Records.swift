import Foundation
public import JSON

extension JSONValue {
    /// Any encodable value as a JSON value (`null` if it cannot be encoded).
    public static func encoding<T: Encodable>(_ value: T) -> JSONValue {
        (try? JSONParser.parse(RecordFormat.line(value))) ?? .null
    }

    /// The value decoded as `T`, or `nil` when it does not have that shape.
    public func decoded<T: Decodable>(as type: T.Type) -> T? {
        try? JSONDecoder().decode(type, from: Data(RecordFormat.line(self).utf8))
    }
}
