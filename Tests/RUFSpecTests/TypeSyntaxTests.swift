import JSON
import PropertyTesting
import RUFSpec
import Testing

@Suite("The spec's type syntax")
struct TypeSyntaxTests {
    @Test(
        "Every form of the reference parses to its type",
        arguments: [
            ("string", SpecType.string), ("number", .number), ("boolean", .boolean), ("string[]", .array(.string)),
            ("ProductItem[]", .array(.named("ProductItem"))), ("number[][]", .array(.array(.number))),
            ("'ios' | 'android'", .literals(["ios", "android"])), ("\"a\"|'b'|'a'", .literals(["a", "b"])),
            ("Record<string, string>", .record(.string)), ("Record<string, Item[]>", .record(.array(.named("Item")))),
            ("('a' | 'b')[]", .array(.literals(["a", "b"]))), ("  string  ", .string),
        ])
    func parses(_ text: String, _ type: SpecType) throws {
        #expect(try TypeSyntax.parse(text) == type)
    }

    @Test(
        "A type that does not parse says why and where",
        arguments: [
            ("", "the type is empty", 1), ("string[", "expected \"]\"", 8), ("int", "\"int\" is not a type", 1),
            ("string | number", "string in a union", 1), ("'a' | number", "number in a union", 7),
            ("Record<number, string>", "a Record's keys are strings", 8), ("'open", "not closed", 1),
            ("string string", "unexpected \"string\" after the type string", 8),
        ])
    func failures(_ text: String, _ message: String, _ column: Int) {
        do {
            _ = try TypeSyntax.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.column == column)
        }
    }

    @Test("Nesting is bounded: a hostile type is an error, not a stack overflow")
    func depth() {
        let deep = String(repeating: "Record<string, ", count: 10_000) + "string" + String(repeating: ">", count: 10_000)
        #expect(throws: TypeSyntax.Failure.self) { try TypeSyntax.parse(deep) }
    }

    @Test("A spec's type errors are SPEC-TYPE findings at the type's line and column")
    func inSpec() throws {
        let finding = try #require(
            SpecLinter.lint(edited([("items: string[]", "items: \"'a' | number\"")])).first { $0.rule == "SPEC-TYPE" })
        #expect(finding.location.line == 38 && finding.location.column == 29)
        #expect(finding.path == "screens.HOME.components[1].behaviors[0].payload.items")
    }

    @Test("Generated values have their type; optional fields come and go; a wrong value is refused")
    func values() throws {
        let shape = try #require(sample("shop.ruf.yaml").meta?.shape)
        var withToken = 0
        for seed in UInt64(0)..<200 {
            let value = try shape.values.example(seed: seed)
            #expect(shape.accepts(value), "\(JSONWriter.write(value))")
            if case .object(let pairs) = value, pairs.contains(where: { $0.key == "token" }) { withToken += 1 }
        }
        #expect(withToken > 20 && withToken < 180)
        let literals = SpecType.literals(["ios", "android"])
        #expect(!literals.accepts(.string("web")) && literals.accepts(.string("ios")))
        let object = SpecType.object([
            SpecField(name: "id", isOptional: false, type: .string, location: .init(file: "a", line: 1, column: 1))
        ])
        #expect(!object.accepts(.object([])) && !object.accepts(.object([("id", .string("1")), ("x", .null)])))
        #expect(object.accepts(.object([("id", .string("1"))])))
    }
}

@Suite("Versioning formats")
struct VersioningTests {
    @Test("The versioning page's resolution table")
    func resolution() {
        let keys = ["2.1.8", "2.2.0"]
        let table: [(String, String?)] = [
            ("2.1.8", "2.1.8"), ("2.1.9", "2.2.0"), ("2.2.0", "2.2.0"), ("2.2.1", nil), ("2.1.7", "2.1.8"),
            ("2.1.9+5", "2.2.0"),
        ]
        for (client, expected) in table {
            #expect(Versioning.semantic.resolve(keys, clientVersion: client).map { keys[$0] } == expected, "\(client)")
        }
        #expect(Versioning.incremental.resolve(["10", "20"], clientVersion: "15") == 1)
        #expect(Versioning.incremental.resolve(["10", "20"], clientVersion: "21") == nil)
    }

    @Test("Formats: MAJOR.MINOR.PATCH (a client may add +BUILD) and integers")
    func formats() {
        #expect(Versioning.semantic.parse("2.1.9") == [2, 1, 9])
        #expect(Versioning.semantic.parse("2.1.9+5") == nil && Versioning.semantic.parse("2.1.9+5", allowsBuild: true) == [2, 1, 9])
        for bad in ["2.1", "2.1.9.1", "v2.1.9", "2..9", "", "2.1.-1"] { #expect(Versioning.semantic.parse(bad) == nil, "\(bad)") }
        #expect(Versioning.incremental.parse("42") == [42] && Versioning.incremental.parse("4.2") == nil)
    }
}
