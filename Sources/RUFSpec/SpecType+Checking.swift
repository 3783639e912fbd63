package import JSON
import Foundation

/// Where a value departs from a declared type: the JSON path and what is wrong, and whether it is only a field the
/// type does not declare (which a TypeScript-like type allows, and a checker may rank lower).
package struct SpecTypeMismatch: Hashable, Sendable {
    /// `$.payload.items[2].price`.
    package var path: String
    /// What is wrong there, in words: `a string, not a number`, `missing the required field "total"`.
    package var message: String
    /// Whether the value only carries a field the type does not declare.
    package var undeclaredField: Bool
}

extension SpecType {
    /// Every place where `value` departs from this type, in document order; empty when it has the type.
    ///
    /// `types` gives the shapes of named types the spec declares; a named type it does not give accepts any object,
    /// since the spec cannot say more. The work is linear in the value's size (a named type is expanded once per
    /// value it describes).
    package func mismatches(
        _ value: JSONValue, at path: String = "$", types: [String: SpecType] = [:]
    ) -> [SpecTypeMismatch] {
        var result: [SpecTypeMismatch] = []
        collect(value, path: path, types: types, expanding: [], into: &result)
        return result
    }

    private func collect(
        _ value: JSONValue, path: String, types: [String: SpecType], expanding: Set<String>,
        into result: inout [SpecTypeMismatch]
    ) {
        func wrong() {
            result.append(.init(path: path, message: "\(Self.kind(value)), not \(syntax)", undeclaredField: false))
        }
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number): return
        case (.literals(let values), .string(let text)):
            if !values.contains(text) { wrong() }
        case (.array(let element), .array(let items)):
            for (index, item) in items.enumerated() {
                element.collect(item, path: "\(path)[\(index)]", types: types, expanding: [], into: &result)
            }
        case (.record(let type), .object(let pairs)):
            for (key, item) in pairs {
                type.collect(item, path: Self.member(path, key), types: types, expanding: [], into: &result)
            }
        case (.named(let name), _):
            // A named type the spec shapes is checked as its shape, recursively as deep as the value goes (the
            // reader bounds its depth); only names that lead back to themselves without a value between (an alias
            // cycle) are not expanded again. A named type the spec does not shape accepts any object.
            guard let shape = types[name] else {
                if !value.isObject { wrong() }
                return
            }
            guard !expanding.contains(name) else { return }
            var found: [SpecTypeMismatch] = []
            shape.collect(value, path: path, types: types, expanding: expanding.union([name]), into: &found)
            // The value itself is of the wrong kind: said with the name the spec gives, not the shape's syntax.
            result += found.map { mismatch in
                guard mismatch.path == path, mismatch.message.hasPrefix(Self.kind(value) + ", not ") else {
                    return mismatch
                }
                return SpecTypeMismatch(path: path, message: "\(Self.kind(value)), not \(name)", undeclaredField: false)
            }
        case (.object(let fields), .object(let pairs)):
            var seen: Set<String> = []
            for (key, item) in pairs {
                guard seen.insert(key).inserted else {
                    result.append(
                        .init(path: Self.member(path, key), message: "a repeated key", undeclaredField: false))
                    continue
                }
                guard let field = fields.first(where: { $0.name == key }) else {
                    result.append(
                        .init(
                            path: Self.member(path, key), message: "a field the spec does not declare",
                            undeclaredField: true))
                    continue
                }
                if case .null = item, field.isOptional { continue }
                field.type.collect(item, path: Self.member(path, key), types: types, expanding: [], into: &result)
            }
            for field in fields where !field.isOptional && !seen.contains(field.name) {
                result.append(
                    .init(path: path, message: "missing the required field \"\(field.name)\"", undeclaredField: false))
            }
        default:
            wrong()
        }
    }

    /// A JSON path's member: `.name`, or `["a b"]` for a key that is not an identifier.
    package static func member(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !key.first!.isNumber
        return plain ? "\(path).\(key)" : "\(path)[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
    }

    /// What a JSON value is, in words.
    package static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
