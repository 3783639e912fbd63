import Foundation

/// Encodes an `Encodable` value straight into a ``JSONValue``: the value `JSONEncoder` with sorted keys would write,
/// read back by ``JSONParser``, without the text in between.
///
/// Objects have their keys sorted; numbers are doubles (an integer past 2^53 is rounded, as reading its text would);
/// a `Float` is the double its shortest text reads as; `Data` is base64 text and `Date` its seconds since 2001, as
/// `JSONEncoder`'s default strategies write them. A number that is not finite cannot be encoded.
public enum JSONValueEncoder {
    /// The value as JSON.
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = TreeEncoder(codingPath: [])
        try encoder.box(value)
        return encoder.root.value
    }
}

/// A JSON value under construction: containers are shared, so that a nested container fills its parent's slot, and
/// their members are stored apart, so that adding one never copies the others.
private final class Node {
    enum Kind { case scalar, object, array }

    var kind = Kind.scalar
    var scalar = JSONValue.null
    var members: [String: Node] = [:]
    var items: [Node] = []

    init() {}

    init(_ kind: Kind) { self.kind = kind }

    /// Makes the node a container of `kind`, unless it is one already (a container asked for again).
    func become(_ kind: Kind) {
        guard self.kind != kind else { return }
        self.kind = kind
        members = [:]
        items = []
    }

    func set(_ value: JSONValue) {
        kind = .scalar
        scalar = value
    }

    /// Takes over another node's content.
    func take(_ other: Node) {
        (kind, scalar, members, items) = (other.kind, other.scalar, other.members, other.items)
    }

    var value: JSONValue {
        switch kind {
        case .scalar: return scalar
        case .object: return .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value.value) })
        case .array: return .array(items.map(\.value))
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let root = Node()

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    /// Encodes `value` into the root, special types as `JSONEncoder` writes them.
    func box<T: Encodable>(_ value: T) throws {
        switch value {
        case let data as Data: root.set(.string(data.base64EncodedString()))
        case let date as Date: root.set(.number(date.timeIntervalSinceReferenceDate))
        case let url as URL: root.set(.string(url.absoluteString))
        case let decimal as Decimal: root.set(.number(NSDecimalNumber(decimal: decimal).doubleValue))
        default: try value.encode(to: self)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        root.become(.object)
        return KeyedEncodingContainer(KeyedContainer(node: root, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        root.become(.array)
        return UnkeyedContainer(node: root, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    /// A child encoder's root, for a value nested under `key`.
    static func child<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> Node {
        let encoder = TreeEncoder(codingPath: path)
        try encoder.box(value)
        return encoder.root
    }

    static func number(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) is not JSON"))
        }
        return .number(value)
    }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.root.set(value) }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try TreeEncoder.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws {
        // The double its shortest text reads as, as the text JSONEncoder writes reads back.
        set(try TreeEncoder.number(Double("\(value)") ?? Double(value), at: codingPath))
    }
    mutating func encode(_ value: Int) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.root.take(try TreeEncoder.child(value, at: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func set(_ child: Node, for key: Key) { node.members[key.stringValue] = child }

    private func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try TreeEncoder.child(value, at: codingPath + [key]), for: key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(Node(), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeValue(value, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeValue(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = Node(.object)
        set(child, for: key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = Node(.array)
        set(child, for: key)
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let encoder = TreeEncoder(codingPath: codingPath)
        node.members[name] = encoder.root
        return encoder
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.items.count }

    private func append(_ child: Node) { node.items.append(child) }

    mutating func encodeNil() throws { append(Node()) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try TreeEncoder.child(value, at: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = Node(.object)
        let path = codingPath + [IndexKey(count)]
        append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = Node(.array)
        let path = codingPath + [IndexKey(count)]
        append(child)
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = TreeEncoder(codingPath: codingPath + [IndexKey(count)])
        append(encoder.root)
        return encoder
    }
}
