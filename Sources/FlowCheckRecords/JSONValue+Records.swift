public import JSON

extension JSONValue {
    /// Any encodable value as a JSON value (`null` if it cannot be encoded).
    public static func encoding<T: Encodable>(_ value: T) -> JSONValue {
        (try? JSONValueEncoder.encode(value)) ?? .null
    }

    /// The value decoded as `T`, or `nil` when it does not have that shape.
    public func decoded<T: Decodable>(as type: T.Type) -> T? {
        try? JSONValueDecoder.decode(type, from: self)
    }
}
