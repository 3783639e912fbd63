import FlowRuntimeModel
import Testing

@Suite("Conditions")
struct RuntimeConditionTests {
    static let variables: [String: RuntimeValue] = [
        "age": .number(18), "plan": .string("pro"), "premium": .bool(true), "tags": .list([.string("a")]),
        "empty": .string(""),
    ]

    static func holds(_ op: String, _ variable: String, _ right: RuntimeValue? = nil) -> Bool {
        RuntimeCondition.test(op: op, variable: variable, right: right).evaluate { variables[$0] }.holds
    }

    @Test("Every documented operator on its own type")
    func operators() {
        #expect(Self.holds("equals", "plan", .string("pro")) && !Self.holds("not_equals", "plan", .string("pro")))
        #expect(Self.holds("contains", "plan", .string("r")) && Self.holds("not_contains", "plan", .string("x")))
        #expect(Self.holds("starts_with", "plan", .string("p")) && Self.holds("ends_with", "plan", .string("o")))
        #expect(Self.holds("is_empty", "empty") && Self.holds("is_not_empty", "plan"))
        #expect(Self.holds("greater_than", "age", .number(17)) && Self.holds("less_than", "age", .number(19)))
        #expect(Self.holds("greater_than_or_equals", "age", .number(18)))
        #expect(Self.holds("less_than_or_equals", "age", .number(18)))
        #expect(Self.holds("equals", "premium", .bool(true)) && Self.holds("not_equals", "premium", .bool(false)))
        #expect(Self.holds("contains", "tags", .string("a")) && Self.holds("not_contains", "tags", .string("b")))
        #expect(!Self.holds("is_empty", "tags") && Self.holds("is_not_empty", "tags"))
    }

    @Test("A missing variable is empty: is_empty and the negations hold, every other test does not")
    func missingVariable() {
        #expect(Self.holds("is_empty", "ghost") && !Self.holds("is_not_empty", "ghost"))
        #expect(Self.holds("not_equals", "ghost", .string("x")) && Self.holds("not_contains", "ghost", .string("x")))
        #expect(!Self.holds("equals", "ghost", .string("")) && !Self.holds("greater_than", "ghost", .number(0)))
    }

    @Test("A type mismatch is false, its negation true; an unknown operator is false")
    func mismatch() {
        #expect(!Self.holds("greater_than", "plan", .number(1)) && !Self.holds("equals", "age", .string("18")))
        #expect(Self.holds("not_equals", "age", .string("18")) && Self.holds("not_contains", "age", .number(1)))
        #expect(!Self.holds("starts_with", "tags", .string("a")) && !Self.holds("is_empty", "age"))
        #expect(!Self.holds("matches", "plan", .string("pro")) && !Self.holds("EQUALS", "plan", .string("pro")))
        #expect(RuntimeCondition.not(.test(op: "matches", variable: "plan", right: nil)).evaluate { _ in nil }.holds)
    }

    @Test("and, or, not; empty and holds, empty or does not; nested too deep is false")
    func logic() {
        let yes = RuntimeCondition.test(op: "equals", variable: "plan", right: .string("pro"))
        let no = RuntimeCondition.test(op: "equals", variable: "plan", right: .string("free"))
        let lookup: (String) -> RuntimeValue? = { Self.variables[$0] }
        #expect(RuntimeCondition.all([yes, yes]).evaluate(lookup: lookup).holds)
        #expect(!RuntimeCondition.all([yes, no]).evaluate(lookup: lookup).holds)
        #expect(RuntimeCondition.any([no, yes]).evaluate(lookup: lookup).holds)
        #expect(RuntimeCondition.all([]).evaluate(lookup: lookup).holds)
        #expect(!RuntimeCondition.any([]).evaluate(lookup: lookup).holds)
        #expect(RuntimeCondition.not(no).evaluate(lookup: lookup).holds)
        var deep = yes
        for _ in 0..<16 { deep = .not(.not(deep)) }
        #expect(!deep.evaluate(lookup: lookup).holds)
        var shallow = yes
        for _ in 0..<15 { shallow = .not(.not(shallow)) }
        #expect(shallow.evaluate(lookup: lookup).holds)
    }

    @Test("A condition written as an expression holds only for the boolean true")
    func expressionForm() {
        let lookup: (String) -> RuntimeValue? = { Self.variables[$0] }
        #expect(RuntimeCondition.expression("age >= 18 && premium").evaluate(lookup: lookup).holds)
        #expect(!RuntimeCondition.expression("age + 1").evaluate(lookup: lookup).holds)
        #expect(!RuntimeCondition.expression("1 / 0 > 1").evaluate(lookup: lookup).holds)
    }
}
