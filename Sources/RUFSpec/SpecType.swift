/// A type of the spec's TypeScript-like type syntax: what a payload, locale, params or meta field holds.
package indirect enum SpecType: Hashable, Sendable {
    /// `string`.
    case string
    /// `number`.
    case number
    /// `boolean`.
    case boolean
    /// `T[]`.
    case array(SpecType)
    /// A named type such as `ProductItem`. The spec YAML has no place to define one, so its shape is unknown.
    case named(String)
    /// A union of string literals, `'ios' | 'android'`, in the order written.
    case literals([String])
    /// `Record<string, T>`: any string keys, each holding a `T`.
    case record(SpecType)
    /// An inline object: its fields in the order written.
    case object([SpecField])

    /// Whether a list stands anywhere in the type, which `mergeStrategy` needs to act on.
    package var containsList: Bool {
        switch self {
        case .array: return true
        case .record(let value): return value.containsList
        case .object(let fields): return fields.contains { $0.type.containsList }
        case .string, .number, .boolean, .named, .literals: return false
        }
    }

    /// The named types it uses, in order of appearance, each with the field that uses it and that field's path
    /// within this type (`.cart.items`; empty when the type itself is named).
    package var namedTypes: [(name: String, field: SpecField?, path: String)] {
        var result: [(name: String, field: SpecField?, path: String)] = []
        collectNamed(into: &result, field: nil, path: "")
        return result
    }

    private func collectNamed(
        into result: inout [(name: String, field: SpecField?, path: String)], field: SpecField?, path: String
    ) {
        switch self {
        case .named(let name): result.append((name, field, path))
        case .array(let element): element.collectNamed(into: &result, field: field, path: path)
        case .record(let value): value.collectNamed(into: &result, field: field, path: path)
        case .object(let fields):
            for inner in fields { inner.type.collectNamed(into: &result, field: inner, path: path + "." + inner.name) }
        case .string, .number, .boolean, .literals: break
        }
    }

    /// The field called `name` when this is an object.
    package subscript(field name: String) -> SpecField? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.name == name }
    }

    /// The type in the spec's own syntax, objects written inline with braces.
    package var syntax: String {
        switch self {
        case .string: return "string"
        case .number: return "number"
        case .boolean: return "boolean"
        case .array(let element):
            if case .literals(let values) = element, values.count > 1 { return "(\(element.syntax))[]" }
            return element.syntax + "[]"
        case .named(let name): return name
        case .literals(let values): return values.map { "'\($0)'" }.joined(separator: " | ")
        case .record(let value): return "Record<string, \(value.syntax)>"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{ "
                + fields.map { "\($0.name)\($0.isOptional ? "?" : ""): \($0.type.syntax)" }
                .joined(separator: "; ") + " }"
        }
    }
}

/// One field of an inline object: `referrer?: string`.
package struct SpecField: Hashable, Sendable {
    /// The field's name, without the `?`.
    package var name: String
    /// Whether the name ends with `?`.
    package var isOptional: Bool
    /// What the field holds.
    package var type: SpecType
    /// Where the field's key stands.
    package var location: SpecLocation

    /// Creates a field.
    package init(name: String, isOptional: Bool, type: SpecType, location: SpecLocation) {
        self.name = name
        self.isOptional = isOptional
        self.type = type
        self.location = location
    }
}
