import FlowRuntimeModel
import Testing

@Suite("FlowExpression")
struct RuntimeExpressionTests {
    static let variables: [String: RuntimeValue] = [
        "age": .number(17), "plan": .string("pro"), "premium": .bool(true), "tags": .list([.string("a")]),
    ]

    static func value(_ text: String) -> RuntimeValue? {
        RuntimeExpression.evaluate(text) { variables[$0] }.value
    }

    @Test(
        "Values, precedence and grouping: * / % before + -, comparisons after, && before ||, left to right",
        arguments: [
            ("1 + 2 * 3", RuntimeValue.number(7)), ("10 - 4 - 3", .number(3)), ("2 * 3 % 4", .number(2)),
            ("(1 + 2) * 3", .number(9)), ("-2 * 3", .number(-6)), ("7 % 4", .number(3)), ("-7 % 4", .number(-3)),
            ("12 / 4 / 3", .number(1)), ("1 + 2 < 4", .bool(true)), ("true || false && false", .bool(true)),
            ("age >= 18 || premium", .bool(true)), ("!premium", .bool(false)), ("!!true", .bool(true)),
            ("1 == 1 == true", .bool(true)), ("'a' < 'b'", .bool(true)), ("'b' <= 'a'", .bool(false)),
            ("2.5 * 2", .number(5)), ("age + 1", .number(18)),
        ])
    func values(text: String, expected: RuntimeValue) {
        #expect(Self.value(text) == expected, "\(text)")
    }

    @Test(
        "Text joins with the display string of the other side; == compares any types, unequal across types",
        arguments: [
            ("'n=' + 3", RuntimeValue.string("n=3")), ("2.5 + 'x'", .string("2.5x")), ("true + 'x'", .string("truex")),
            ("plan + '!'", .string("pro!")), ("1 == '1'", .bool(false)), ("1 != '1'", .bool(true)),
            ("'it\\'s'", .string("it's")), ("\"a\" + 'b'", .string("ab")),
        ])
    func text(text: String, expected: RuntimeValue) {
        #expect(Self.value(text) == expected, "\(text)")
    }

    @Test(
        "Functions with their arity and types",
        arguments: [
            ("length('abc')", RuntimeValue.number(3)), ("length(tags)", .number(1)), ("lower('AbC')", .string("abc")),
            ("upper(plan)", .string("PRO")), ("contains(plan, 'r')", .bool(true)),
            ("contains(tags, 'b')", .bool(false)),
            ("min(2, 3)", .number(2)), ("max(2, 3)", .number(3)), ("abs(-2)", .number(2)),
            ("contains(plan, '')", .bool(true)),
        ])
    func functions(text: String, expected: RuntimeValue) {
        #expect(Self.value(text) == expected, "\(text)")
    }

    @Test(
        "No value: division by zero, wrong types, unknown names, bad syntax",
        arguments: [
            "1 / 0", "1 % 0", "ghost + 1", "'a' * 2", "1 < 'b'", "1 && true", "-'a'", "!1", "sqrt(4)", "min(1)",
            "length(1)", "1 +", "(2 > 1", "'open", "1 = 1", "2 >> 1", "max(1,)", "1.2.3", "tags + 'x'", "",
        ])
    func noValue(text: String) {
        #expect(Self.value(text) == nil, "\(text)")
    }

    @Test("&& and || look at the right side only when the left does not decide")
    func shortCircuit() {
        #expect(Self.value("false && 1 / 0 > 1") == .bool(false))
        #expect(Self.value("true || ghost") == .bool(true))
        #expect(Self.value("true && 1 / 0 > 1") == nil)
    }

    @Test("Nesting up to 32 deep has a value; one deeper has none, and says so under RUN-EXPR-DEPTH")
    func depth() {
        for (opening, closing) in [("(", ")"), ("!", "")] {
            let at = String(repeating: opening, count: 32) + "true" + String(repeating: closing, count: 32)
            let beyond = String(repeating: opening, count: 33) + "true" + String(repeating: closing, count: 33)
            #expect(Self.value(at) != nil, "\(opening)")
            let evaluation = RuntimeExpression.evaluate(beyond) { _ in nil }
            #expect(evaluation.value == nil && evaluation.rules == ["RUN-EXPR-DEPTH"], "\(opening)")
        }
    }

    @Test("A very deep or very long expression has no value, without running out of stack; 1,000 operators do")
    func hostile() {
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        #expect(Self.value(deep) == nil)
        let long = (0..<20_000).map { _ in "1" }.joined(separator: " + ")
        #expect(Self.value(long) == nil)
        let allowed = (0...RuntimeExpression.maxOperators).map { _ in "1" }.joined(separator: " + ")
        #expect(Self.value(allowed) == .number(Double(RuntimeExpression.maxOperators + 1)))
    }
}
