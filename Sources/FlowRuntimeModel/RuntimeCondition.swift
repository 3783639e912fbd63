/// A condition node's test, in either of the forms the sources show: a FlowExpression string (seed 001) or the
/// conditions page's objects (`{op, left: {var}, right}`, `{op: "and" | "or", conditions}`, `{op: "not", condition}`).
public indirect enum RuntimeCondition: Hashable, Sendable {
    /// A FlowExpression; true only when it evaluates to the boolean `true`.
    case expression(String)
    /// `op` applied to the variable `variable` and the literal `right` (none for the empty checks).
    case test(op: String, variable: String, right: RuntimeValue?)
    /// Every condition holds (`and`).
    case all([RuntimeCondition])
    /// Some condition holds (`or`).
    case any([RuntimeCondition])
    /// The condition does not hold (`not`).
    case not(RuntimeCondition)

    /// How deep conditions may nest: deeper ones are false (RUN-COND-LOGIC).
    public static let maxDepth = 32

    /// The operators of the conditions page, by the type of the variable they apply to.
    public static let operators: [RuntimeValueType: [String]] = [
        .string: [
            "equals", "not_equals", "contains", "not_contains", "starts_with", "ends_with", "is_empty", "is_not_empty",
        ],
        .number: [
            "equals", "not_equals", "greater_than", "less_than", "greater_than_or_equals", "less_than_or_equals",
        ],
        .boolean: ["equals", "not_equals"],
        .list: ["contains", "not_contains", "is_empty", "is_not_empty"],
    ]

    /// Every documented operator, once.
    public static let knownOperators: [String] = [
        "equals", "not_equals", "contains", "not_contains", "starts_with", "ends_with", "is_empty", "is_not_empty",
        "greater_than", "less_than", "greater_than_or_equals", "less_than_or_equals",
    ]

    /// Whether the condition holds with `lookup` giving each variable's value, and the rules it went through.
    public func evaluate(lookup: (String) -> RuntimeValue?) -> (holds: Bool, rules: [String]) {
        var rules = RuleList()
        var decisions = DecisionLog(flip: .none)
        let holds = evaluate(lookup: lookup, depth: 0, rules: &rules, decisions: &decisions)
        return (holds, rules.ids)
    }

    /// Each test (a leaf: an operator's test, an expression, a test too deep) is a choice in `decisions`.
    func evaluate(
        lookup: (String) -> RuntimeValue?, depth: Int, rules: inout RuleList, decisions: inout DecisionLog
    ) -> Bool {
        func leaf(_ evaluate: (inout RuleList) -> Bool, otherwise: String) -> Bool {
            var own = RuleList()
            let holds = evaluate(&own)
            rules.add(own.ids)
            return decisions.decide(DecisionLog.leafRule(own.ids, otherwise: otherwise)) ? !holds : holds
        }
        guard depth < Self.maxDepth else {
            return leaf(
                { rules in
                    rules.add(.runCondLogic)
                    return false
                }, otherwise: .runCondLogic)
        }
        switch self {
        case .expression(let text):
            return leaf(
                { rules in
                    rules.add(.runCondExpression)
                    let evaluation = RuntimeExpression.evaluate(text, lookup: lookup)
                    rules.add(evaluation.rules)
                    return evaluation.value == .bool(true)
                }, otherwise: .runCondExpression)
        case .all(let conditions):
            rules.add(.runCondLogic)
            // Every member is evaluated, so that what each exercised counts; the result is the same.
            return conditions.map {
                $0.evaluate(lookup: lookup, depth: depth + 1, rules: &rules, decisions: &decisions)
            }.allSatisfy { $0 }
        case .any(let conditions):
            rules.add(.runCondLogic)
            return conditions.map {
                $0.evaluate(lookup: lookup, depth: depth + 1, rules: &rules, decisions: &decisions)
            }.contains(true)
        case .not(let condition):
            rules.add(.runCondLogic)
            return !condition.evaluate(lookup: lookup, depth: depth + 1, rules: &rules, decisions: &decisions)
        case .test(let op, let variable, let right):
            return leaf({ rules in Self.test(op, lookup(variable), right, rules: &rules) }, otherwise: .runCondOps)
        }
    }

    /// One operator's test (RUN-COND-OPS): a missing variable is empty (RUN-COND-MISSING-VAR), a type mismatch is
    /// false (RUN-COND-MISMATCH), an unknown operator is false (RUN-COND-UNKNOWN-OP); `not_equals` and `not_contains`
    /// are the negations of `equals` and `contains`, so each is true where the other is false.
    static func test(_ op: String, _ value: RuntimeValue?, _ right: RuntimeValue?, rules: inout RuleList) -> Bool {
        guard knownOperators.contains(op) else {
            rules.add(.runCondUnknownOp)
            return false
        }
        guard let value else {
            rules.add(.runCondMissingVar)
            switch op {
            case "is_empty", "not_equals", "not_contains": return true
            default: return false
            }
        }
        let applies = operators[value.type]?.contains(op) ?? false
        let rightFits: Bool
        switch (op, value, right) {
        case ("is_empty", _, _), ("is_not_empty", _, _): rightFits = true
        case ("contains", .list(let items), let right?), ("not_contains", .list(let items), let right?):
            rightFits = items.isEmpty || items.contains { $0.type == right.type }
        case (_, .list, _): rightFits = false
        case (_, _, let right?): rightFits = right.type == value.type
        default: rightFits = false
        }
        guard applies, rightFits else {
            rules.add(.runCondMismatch)
            return op == "not_equals" || op == "not_contains"
        }
        rules.add(.runCondOps)
        switch (op, value, right) {
        case ("is_empty", _, _): return isEmpty(value)
        case ("is_not_empty", _, _): return !isEmpty(value)
        case ("equals", _, let right?): return value == right
        case ("not_equals", _, let right?): return value != right
        case ("contains", .string(let text), .string(let part)?): return text.scalarsContain(part)
        case ("not_contains", .string(let text), .string(let part)?): return !text.scalarsContain(part)
        case ("contains", .list(let items), let item?): return items.contains(item)
        case ("not_contains", .list(let items), let item?): return !items.contains(item)
        case ("starts_with", .string(let text), .string(let part)?): return text.scalarsHavePrefix(part)
        case ("ends_with", .string(let text), .string(let part)?): return text.scalarsHaveSuffix(part)
        case (_, .number(let a), .number(let b)?):
            switch op {
            case "greater_than": return a > b
            case "less_than": return a < b
            case "greater_than_or_equals": return a >= b
            default: return a <= b
            }
        default: return false
        }
    }

    static func isEmpty(_ value: RuntimeValue) -> Bool {
        switch value {
        case .string(let text): return text.isEmpty
        case .list(let items): return items.isEmpty
        default: return false
        }
    }
}
