package import JSON
package import PropertyTesting

extension SpecType {
    /// Values of this type, as an app's server could send them, shrinking toward the simplest.
    ///
    /// Strings are short words, numbers mostly integers, lists and records hold up to four items, and an optional
    /// field is left out as its simplest form. A named type, whose shape the spec cannot give, is an object with
    /// only an `id` (drawn from a few values, so that items of a list collide by `id`, as MATCH needs), or now and
    /// then an empty object.
    package var values: Gen<JSONValue> { generator(types: [:], depth: 0) }

    /// Values of this type with the named types the spec defines (a root `types:`) generated from their definitions;
    /// a named type nested deeper than a few levels (a recursive definition) is an object with only an `id`.
    package func values(types: [String: SpecType]) -> Gen<JSONValue> { generator(types: types, depth: 0) }

    /// The letters drawn strings are made of, split into characters once: some callers make a generator per value.
    private static let letters = Array("abcdefghijklmnopqrstuvwxyz")

    private func generator(types: [String: SpecType], depth: Int) -> Gen<JSONValue> {
        switch self {
        case .string:
            return Gen.string(from: Self.letters, length: 0...8).map { .string($0) }
        case .number:
            return Gen.frequency([
                (4, Gen.int(in: -1000...1000).map { .number(Double($0)) }),
                (1, Gen.int(in: -100_000...100_000).map { .number(Double($0) / 100) }),
            ])
        case .boolean:
            return Gen.bool.map { .bool($0) }
        case .array(let element):
            let item = element.generator(types: types, depth: depth + 1)
            return item.array(count: 0...4).map { .array($0) }
        case .named(let name):
            if let defined = types[name], depth < 6 { return defined.generator(types: types, depth: depth + 1) }
            // Mostly an id, sometimes none: a list's items then collide by id, and some have none, as MATCH meets them.
            return Gen.frequency([
                (4, Gen.element(of: ["a", "b", "c", "d"]).map { .object([("id", .string($0))]) }),
                (1, .constant(.object([]))),
            ])
        case .literals(let values):
            return values.isEmpty ? .constant(.string("")) : Gen.element(of: values).map { .string($0) }
        case .record(let value):
            let entry = zip(
                SpecType.string.generator(types: types, depth: depth + 1),
                value.generator(types: types, depth: depth + 1))
            return entry.array(count: 0...4).map { entries in
                var seen: Set<String> = []
                var pairs: [(key: String, value: JSONValue)] = []
                for (key, value) in entries {
                    guard case .string(let name) = key, seen.insert(name).inserted else { continue }
                    pairs.append((name, value))
                }
                return .object(pairs)
            }
        case .object(let fields):
            let parts = fields.map { field -> Gen<(key: String, value: JSONValue)?> in
                let value = field.type.generator(types: types, depth: depth + 1)
                guard field.isOptional else { return value.map { (field.name, $0) } }
                return Gen.bool.flatMap { present in
                    present ? value.map { (field.name, $0) } : .constant(nil)
                }
            }
            return Gen { source throws(ChoiceSource.Stop) in
                var pairs: [(key: String, value: JSONValue)] = []
                for part in parts { if let pair = try part.run(source) { pairs.append(pair) } }
                return .object(pairs)
            }
        }
    }

    /// Whether `value` has this type: every required field present, no undeclared field, every value of its type.
    ///
    /// A named type accepts any object, since the spec cannot give its shape.
    package func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.boolean, .bool), (.number, .number): return true
        case (.array(let element), .array(let items)): return items.allSatisfy(element.accepts)
        case (.named, .object): return true
        case (.literals(let values), .string(let text)): return values.contains(text)
        case (.record(let type), .object(let pairs)): return pairs.allSatisfy { type.accepts($0.value) }
        case (.object(let fields), .object(let pairs)):
            var seen: Set<String> = []
            for (key, item) in pairs {
                guard seen.insert(key).inserted, let field = fields.first(where: { $0.name == key }),
                    field.type.accepts(item)
                else { return false }
            }
            return fields.allSatisfy { $0.isOptional || seen.contains($0.name) }
        default: return false
        }
    }
}
