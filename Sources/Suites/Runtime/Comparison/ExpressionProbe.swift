import FlowRuntimeModel

/// Finds the operator an implementation evaluates otherwise: each part of each expression of the flow, written with
/// full parentheses, assigned to a variable of its own in a flow of one assign node and one screen, with the flow's
/// variables at the values the diverging step started from. The innermost part whose value differs names the rule;
/// when every part agrees but an expression as written does not, its grouping does (RUN-EXPR-ARITHMETIC).
///
/// An expression bug shows wherever the expression is used (a guard, a condition, an assignment): the probe names it
/// by what the implementation computes, not by where the walk happened to go.
enum ExpressionProbe {
    /// What a part's variable holds when the part has no value.
    static let noValue = RuntimeValue.string("\u{2205}")

    /// The rule of the first expression part the implementation evaluates otherwise, or `nil` when it evaluates
    /// every part as the reference does (or the probe cannot be run).
    static func rule(
        _ value: RuntimeCase, step: Int, implementation: any FlowRuntimeImplementation
    ) -> String? {
        var texts: [String] = []
        for node in value.flow.nodes {
            switch node.kind {
            case .assign(let assignments): texts += assignments.map(\.expression)
            case .condition(let condition): texts += expressions(in: condition)
            default: break
            }
        }
        texts += value.flow.edges.compactMap(\.guardExpression)
        // Expressions too deep to take apart are probed whole.
        var probes: [(text: String, whole: Bool)] = []
        for text in Set(texts).sorted() {
            for part in RuntimeExpression.parts(of: text) ?? [] where !probes.contains(where: { $0.text == part }) {
                probes.append((part, false))
            }
            // Each operation on operations as grouped by the grammar alone: where the parenthesized parts agree and
            // one of these does not, the implementation groups otherwise, wherever the value showed.
            for grouping in RuntimeExpression.groupings(of: text) ?? []
            where !probes.contains(where: { $0.text == grouping }) {
                probes.append((grouping, true))
            }
            if !probes.contains(where: { $0.text == text }) { probes.append((text, true)) }
        }
        guard !probes.isEmpty else { return nil }
        let starting = RuntimeComparison.startingConstants(value, step: step)
        let current = starting.values
        var variables = starting.variables
        let keys = probes.indices.map { "probe_\($0)" }
        variables += keys.map {
            RuntimeVariable(key: $0, type: .string, source: .constant(noValue), writable: true)
        }
        let flow = RuntimeFlow(
            id: "probe", entry: "assign",
            nodes: [
                RuntimeNode(
                    id: "assign", name: "Probe",
                    kind: .assign(zip(keys, probes).map { .init(variableKey: $0, expression: $1.text) })),
                RuntimeNode(id: "screen", name: "Probe", kind: .screen(texts: [])),
            ],
            edges: [RuntimeEdge(id: "e", from: "assign", to: "screen")], variables: variables)
        var reference = ReferenceRuntime(flow: flow)
        let expected = reference.start().observation.variables
        guard let actual = try? implementation.startFlow(flow, context: [:], draws: []).variables else { return nil }
        for (key, probe) in zip(keys, probes) where expected[key] != actual[key] {
            return rule(of: probe.text, whole: probe.whole, variables: current)
        }
        return nil
    }

    /// The rule of the operator at the top of `text`: its depth, its grouping, or the operator's own.
    static func rule(of text: String, whole: Bool, variables: [String: RuntimeValue]) -> String {
        let evaluation = RuntimeExpression.evaluate(text) { variables[$0] }
        if evaluation.rules.contains(.runExprDepth) { return .runExprDepth }
        if whole { return .runExprArithmetic }
        guard let top = RuntimeExpression.topOperator(of: text) else { return .runExprNoValue }
        switch top {
        case "&&", "||", "!": return .runExprLogic
        case "==", "!=", "<", "<=", ">", ">=": return .runExprCompare
        case "call": return .runExprFunction
        case "+" where evaluation.rules.contains(.runExprConcat): return .runExprConcat
        case "/" where evaluation.value == nil, "%" where evaluation.value == nil: return .runExprNoValue
        default: return .runExprArithmetic
        }
    }

    static func expressions(in condition: RuntimeCondition) -> [String] {
        switch condition {
        case .expression(let text): return [text]
        case .test: return []
        case .all(let members), .any(let members): return members.flatMap(expressions)
        case .not(let inner): return expressions(in: inner)
        }
    }
}
