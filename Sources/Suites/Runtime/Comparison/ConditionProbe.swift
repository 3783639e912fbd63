import FlowRuntimeModel

/// Finds the condition an implementation tests otherwise: each test of each condition node of the flow (an operator's
/// test, an expression) and each condition whole, in a flow of one condition node choosing between the screens
/// `yes` and `no`, with the flow's variables at the values the diverging step started from. The first test whose
/// result differs names its rule (a missing variable, a mismatch, an unknown operator, the operator itself); a group
/// (and, or, not) that differs while its tests agree names RUN-COND-LOGIC.
///
/// A condition bug shows wherever the walk passes the node, and a walk that went elsewhere can often be explained by
/// several choices; asking the implementation about each condition alone tells which one it gets wrong, or that it
/// gets none wrong.
enum ConditionProbe {
    /// The rule of the first condition the implementation tests otherwise; `nil` when it tests every one as the
    /// reference does (or cannot be asked).
    static func rule(_ value: RuntimeCase, step: Int, implementation: any FlowRuntimeImplementation) -> String? {
        var conditions: [RuntimeCondition] = []
        for node in value.flow.nodes {
            guard case .condition(let condition) = node.kind else { continue }
            // Innermost first: a test is blamed before the group around it.
            for part in parts(of: condition) + [condition] where !conditions.contains(part) { conditions.append(part) }
        }
        guard !conditions.isEmpty else { return nil }
        let (variables, current) = RuntimeComparison.startingConstants(value, step: step)
        let lookup = { (key: String) in current[key] }
        for condition in conditions {
            let flow = RuntimeFlow(
                id: "probe", entry: "condition",
                nodes: [
                    RuntimeNode(id: "condition", name: "Condition", kind: .condition(condition)),
                    RuntimeNode(id: "yes", name: "Holds", kind: .screen(texts: [])),
                    RuntimeNode(id: "no", name: "Does not hold", kind: .screen(texts: [])),
                ],
                edges: [
                    RuntimeEdge(id: "t", from: "condition", to: "yes", kind: .conditionTrue),
                    RuntimeEdge(id: "f", from: "condition", to: "no", kind: .conditionFalse),
                ],
                variables: variables)
            // A runtime that throws is not asked further; one that ends the flow shows no screen, which differs.
            guard let observation = try? implementation.startFlow(flow, context: [:], draws: []) else { return nil }
            let shown = observation.screen
            let evaluation = condition.evaluate(lookup: lookup)
            guard shown != (evaluation.holds ? "yes" : "no") else { continue }
            switch condition {
            case .all, .any, .not: return .runCondLogic
            case .expression, .test:
                return DecisionLog.leafOrder.first(where: evaluation.rules.contains) ?? .runCondOps
            }
        }
        return nil
    }

    /// The conditions inside `condition`, innermost first, not `condition` itself.
    static func parts(of condition: RuntimeCondition) -> [RuntimeCondition] {
        switch condition {
        case .expression, .test: return []
        case .all(let members), .any(let members): return members.flatMap { parts(of: $0) + [$0] }
        case .not(let inner): return parts(of: inner) + [inner]
        }
    }

    /// The rules ``rule(_:step:implementation:)`` answers for: when it finds no condition tested otherwise, none of
    /// them is broken.
    static let rules: Set<String> = [
        .runCondOps, .runCondMissingVar, .runCondMismatch, .runCondUnknownOp, .runCondLogic, .runCondExpression,
    ]
}
