import Foundation

/// Decodes a `Decodable` value straight from a ``JSONValue``, as `JSONDecoder` would decode the value's text.
///
/// A repeated key reads as its last value; an integer must be a number without a fraction that fits its type; `Data`
/// is read from base64 text and `Date` from its seconds since 2001, as `JSONDecoder`'s default strategies read them.
public enum JSONValueDecoder {
    /// The value, decoded as `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try TreeDecoder(value, codingPath: []).unbox(type)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) { (stringValue, intValue) = ("\(index)", index) }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(intValue) }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func unbox<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) else {
                throw mismatch(type, "base64 text")
            }
            return data as! T
        }
        if type == Date.self {
            guard case .number(let seconds) = value else { throw mismatch(type, "a number") }
            return Date(timeIntervalSinceReferenceDate: seconds) as! T
        }
        if type == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) else { throw mismatch(type, "a URL") }
            return url as! T
        }
        return try T(from: self)
    }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected)"))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let pairs) = value else { throw mismatch([String: Any].self, "an object") }
        var members: [String: JSONValue] = [:]
        for pair in pairs { members[pair.key] = pair.value }
        return KeyedDecodingContainer(KeyedContainer(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self, "an array") }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = value else { throw mismatch(type, "a number") }
        guard let integer = T(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(number) does not fit in \(type)"))
        }
        return integer
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = decoder.value else { throw decoder.mismatch(type, "true or false") }
        return flag
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = decoder.value else { throw decoder.mismatch(type, "a string") }
        return text
    }
    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = decoder.value else { throw decoder.mismatch(type, "a number") }
        return number
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(type) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func child(_ key: Key) throws -> TreeDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return TreeDecoder(value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> { try child(key).container(keyedBy: type) }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(members["super"] ?? .null, codingPath: codingPath + [AnyKey(stringValue: "super")!])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [AnyKey(currentIndex)], debugDescription: "the array ended"))
        }
        defer { currentIndex += 1 }
        return TreeDecoder(items[currentIndex], codingPath: codingPath + [AnyKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().unbox(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> { try next().container(keyedBy: type) }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}
