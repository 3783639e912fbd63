/// A JSON value whose objects keep their keys in document order.
///
/// The kit's own type, so that decoding can report exact positions, bound the
/// nesting depth instead of overflowing the stack, and write canonical text.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Key–value pairs in document order; a repeated key keeps its last value on lookup.
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let pairs):
            hasher.combine(pairs.count)
            for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        }
    }

    /// The value of `key` in an object (the last one when repeated), or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        // Unequal keys mostly differ in length, which is known without a call into the string comparison.
        let length = key.utf8.count
        return pairs.last { $0.key.utf8.count == length && $0.key == key }?.value
    }

    /// A string's value, or `nil` for any other value.
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    /// An array's items, or `nil` for any other value.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    /// A boolean's value, or `nil` for any other value.
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// A number's value, or `nil` for any other value.
    public var numberValue: Double? { if case .number(let n) = self { return n }; return nil }
    /// Whether this is an object.
    public var isObject: Bool { if case .object = self { return true }; return false }
    /// An object's pairs in document order, repeated keys included, or `nil` for any other value.
    public var objectPairs: [(key: String, value: JSONValue)]? {
        if case .object(let p) = self { return p }; return nil
    }
}
