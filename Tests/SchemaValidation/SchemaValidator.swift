public import Foundation

/// Just enough JSON Schema to hold the protocol's messages and the kit's records to their schema files:
/// $ref (to a file, or to its $defs), type, enum, const, required, properties, additionalProperties (false or a
/// schema), items, anyOf, minLength, minimum, minItems. Errors name the JSON path.
public struct SchemaValidator: Sendable {
    /// The folder the schema files are in.
    public let folder: URL

    /// A validator of the schemas in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// A schema file, parsed.
    public func schema(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// What is wrong with `instance` against the schema in `file`, one message per problem, each naming its JSON path.
    public func validate(_ instance: Any, file: String) throws -> [String] {
        try check(instance, schema(file), path: "$")
    }

    private func resolve(_ reference: String) throws -> [String: Any] {
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        var node: Any = try schema(parts[0])
        if parts.count == 2 {
            for key in parts[1].split(separator: "/") { node = (node as! [String: Any])[String(key)]! }
        }
        return node as! [String: Any]
    }

    private func typeName(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let number = value as? NSNumber {
            if String(cString: number.objCType) == "c" { return "boolean" }
            return ["f", "d"].contains(String(cString: number.objCType)) ? "number" : "integer"
        }
        if value is String { return "string" }
        if value is [Any] { return "array" }
        if value is [String: Any] { return "object" }
        return "unknown"
    }

    private func check(_ value: Any, _ schema: [String: Any], path: String) throws -> [String] {
        var errors: [String] = []
        if let reference = schema["$ref"] as? String { errors += try check(value, resolve(reference), path: path) }
        let actual = typeName(value)
        if let type = schema["type"] {
            let allowed = (type as? [String]) ?? [type as! String]
            let matches = allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))
            if !matches { return errors + ["\(path): expected \(allowed.joined(separator: " or ")), found \(actual)"] }
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { equal($0, value) }) {
            errors.append("\(path): \(value) is not one of \(options)")
        }
        if let constant = schema["const"], !equal(constant, value) {
            errors.append("\(path): expected \(constant), found \(value)")
        }
        if let anyOf = schema["anyOf"] as? [[String: Any]] {
            if try !anyOf.contains(where: { try check(value, $0, path: path).isEmpty }) {
                errors.append("\(path): matches none of anyOf")
            }
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                errors.append("\(path): missing \"\(key)\"")
            }
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for (key, sub) in properties {
                if let child = object[key] { errors += try check(child, sub, path: "\(path).\(key)") }
            }
            if schema["additionalProperties"] as? Bool == false {
                for key in object.keys.sorted() where properties[key] == nil {
                    errors.append("\(path): unexpected \"\(key)\"")
                }
            } else if let others = schema["additionalProperties"] as? [String: Any] {
                for key in object.keys.sorted() where properties[key] == nil {
                    errors += try check(object[key]!, others, path: "\(path).\(key)")
                }
            }
        }
        if let array = value as? [Any] {
            if let minimum = schema["minItems"] as? Int, array.count < minimum {
                errors.append("\(path): fewer than \(minimum) items")
            }
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() { errors += try check(item, items, path: "\(path)[\(index)]") }
            }
        }
        if let string = value as? String, actual == "string", let minimum = schema["minLength"] as? Int,
            string.count < minimum
        {
            errors.append("\(path): shorter than \(minimum)")
        }
        if actual == "integer", let minimum = schema["minimum"] as? Int, let number = value as? Int, number < minimum {
            errors.append("\(path): below \(minimum)")
        }
        return errors
    }

    private func equal(_ a: Any, _ b: Any) -> Bool {
        guard
            typeName(a) == typeName(b)
                || (["integer", "number"].contains(typeName(a)) && ["integer", "number"].contains(typeName(b)))
        else { return false }
        return (a as? NSObject)?.isEqual(b) ?? false
    }
}
