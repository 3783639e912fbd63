import JSON
import RUFSpec
import Testing

@Suite("Values checked against the spec's types")
struct TypeCheckingTests {
    static let here = SpecLocation(file: "app.ruf.yaml", line: 1, column: 1)

    static func field(_ name: String, _ type: SpecType, optional: Bool = false) -> SpecField {
        SpecField(name: name, isOptional: optional, type: type, location: here)
    }

    /// `{items: Item[], total: number, note?: string, kind: 'a' | 'b', tags: Record<string, string[]>}`.
    static let cart = SpecType.object([
        field("items", .array(.named("Item"))), field("total", .number), field("note", .string, optional: true),
        field("kind", .literals(["a", "b"])), field("tags", .record(.array(.string))),
    ])
    static let types: [String: SpecType] = ["Item": .object([field("id", .string), field("price", .number)])]

    private func mismatches(_ json: String) throws -> [SpecTypeMismatch] {
        Self.cart.mismatches(try JSONParser.parse(json), at: "$.payload", types: Self.types)
    }

    @Test("A value of the type has no mismatch; an optional field may be absent or null")
    func accepted() throws {
        #expect(try mismatches(#"{"items": [{"id": "a", "price": 1}], "total": 3, "kind": "b", "tags": {}}"#).isEmpty)
        #expect(
            try mismatches(#"{"items": [], "total": 0, "note": null, "kind": "a", "tags": {"x": ["y"]}}"#).isEmpty)
    }

    @Test("Each departure is named at its JSON path, in document order, an undeclared field marked as such")
    func named() throws {
        let found = try mismatches(
            #"{"items": [{"id": 1, "price": 2}, {"id": "b"}], "total": "3", "kind": "c", "tags": {"a b": [1]}, "x": 0}"#
        )
        #expect(
            found.map { "\($0.path): \($0.message)" } == [
                "$.payload.items[0].id: a number, not string",
                "$.payload.items[1]: missing the required field \"price\"",
                "$.payload.total: a string, not number", "$.payload.kind: a string, not 'a' | 'b'",
                "$.payload.tags[\"a b\"][0]: a number, not string", "$.payload.x: a field the spec does not declare",
            ], "\(found)")
        #expect(found.filter(\.undeclaredField).map(\.path) == ["$.payload.x"])
        let array = try mismatches("[]")
        #expect(array.count == 1 && array[0].path == "$.payload" && array[0].message.hasPrefix("an array, not {"))
    }

    @Test("A named type the spec does not shape accepts any object; a recursive one is checked at every depth")
    func namedTypes() throws {
        #expect(SpecType.named("Unknown").mismatches(try JSONParser.parse(#"{"a": 1}"#)).isEmpty)
        #expect(!SpecType.named("Unknown").mismatches(try JSONParser.parse("3")).isEmpty)
        let tree = SpecType.object([Self.field("children", .array(.named("Tree")))])
        let deep = String(repeating: #"{"children": ["#, count: 50) + String(repeating: "]}", count: 50)
        #expect(SpecType.named("Tree").mismatches(try JSONParser.parse(deep), types: ["Tree": tree]).isEmpty)
        let wrongDeep = String(repeating: #"{"children": ["#, count: 50) + "7" + String(repeating: "]}", count: 50)
        let found = SpecType.named("Tree").mismatches(try JSONParser.parse(wrongDeep), types: ["Tree": tree])
        #expect(found.count == 1 && found[0].path.hasSuffix(".children[0]") && found[0].message == "a number, not Tree")
        // An alias cycle ends.
        #expect(SpecType.named("A").mismatches(.object([]), types: ["A": .named("B"), "B": .named("A")]).isEmpty)
    }
}
