import FlowRuntimeModel

/// The probes of the rules whose breakage a walk can hide: edges, goBack, navigate, the end of a flow, logic nodes,
/// experiments, variables, Set Variable and interpolation. Each is the smallest run that shows its rule, in the
/// spirit of the Runtime article's examples; the expression and condition rules are found by ``ExpressionProbe`` and
/// by the reference's flipped choices instead.
package enum RuleProbes {
    typealias Part = RuntimeComparison.Part

    /// Every probe, in a fixed order (a probe's index names it in the memo).
    package static let all: [RuleProbe] = edges + actions + logic + experiments + variables + setVariable

    /// The probes of each rule.
    static let byRule: [String: [RuleProbe]] = Dictionary(grouping: all, by: \.rule)

    static func index(of probe: RuleProbe) -> Int {
        all.firstIndex { $0.rule == probe.rule && $0.value == probe.value } ?? -1
    }

    static let walk: Set<Part> = [.screen, .history, .outcome]

    // MARK: Building

    static func screen(_ id: String, _ texts: [String] = []) -> RuntimeNode {
        RuntimeNode(id: id, name: id.uppercased(), kind: .screen(texts: texts))
    }

    static func edge(
        _ from: String, _ to: String, _ kind: RuntimeEdge.Kind = .normal, priority: Double? = nil,
        guard guardExpression: String? = nil
    ) -> RuntimeEdge {
        RuntimeEdge(
            id: "\(from)-\(to)-\(kind.rawValue)", from: from, to: to, kind: kind, priority: priority,
            guardExpression: guardExpression)
    }

    static func assign(_ id: String, _ pairs: [(String, String)]) -> RuntimeNode {
        RuntimeNode(id: id, name: id, kind: .assign(pairs.map { .init(variableKey: $0.0, expression: $0.1) }))
    }

    static func ab(_ id: String, _ key: String, _ variants: [(String, Double, String)]) -> RuntimeNode {
        RuntimeNode(
            id: id, name: id,
            kind: .abTest(
                experimentKey: key,
                variants: variants.map { .init(id: $0.0, label: $0.0.uppercased(), weight: $0.1, targetNodeId: $0.2) }))
    }

    static func variable(
        _ key: String, _ type: RuntimeValueType, _ source: RuntimeVariable.Source, writable: Bool = true,
        item: RuntimeValueType? = nil, defaultValue: RuntimeValue? = nil
    ) -> RuntimeVariable {
        RuntimeVariable(
            key: key, type: type, listItemType: item, source: source, writable: writable, defaultValue: defaultValue)
    }

    static func probe(
        _ rule: String, _ parts: Set<Part>, nodes: [RuntimeNode], edges: [RuntimeEdge] = [],
        variables: [RuntimeVariable] = [], context: [String: RuntimeValue] = [:], draws: [Double] = [],
        entry: String? = nil, steps: [[RuntimeAction]] = []
    ) -> RuleProbe {
        let flow = RuntimeFlow(
            id: "probe", entry: entry ?? nodes[0].id, nodes: nodes, edges: edges, variables: variables)
        return RuleProbe(
            rule: rule, value: RuntimeCase(flow: flow, context: context, draws: draws, steps: steps), parts: parts)
    }

    // MARK: The probes

    static let edges: [RuleProbe] = [
        probe(
            .runEdgePriority, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s2"), edge("s1", "s3", priority: 1)], steps: [[.goNext]]),
        probe(
            .runEdgePriority, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s2", priority: 1), edge("s1", "s3", priority: 2)], steps: [[.goNext]]),
        probe(
            .runEdgePriority, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s2", priority: 1), edge("s1", "s3", priority: 1)], steps: [[.goNext]]),
        probe(
            .runEdgeGuard, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s3", guard: "1 > 2"), edge("s1", "s2")], steps: [[.goNext]]),
        probe(
            .runEdgeGuard, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s3", guard: "1 < 2"), edge("s1", "s2")], steps: [[.goNext]]),
        probe(
            .runEdgeKind, walk, nodes: [screen("s1"), screen("s2"), screen("x"), screen("y"), screen("z")],
            edges: [edge("s1", "x", .error), edge("s1", "y", .event), edge("s1", "z", .abVariant), edge("s1", "s2")],
            steps: [[.goNext]]),
        probe(
            .runEdgeDangling, walk, nodes: [screen("s1"), screen("s2")],
            edges: [edge("s1", "gone"), edge("s1", "s2")], steps: [[.goNext]]),
        probe(
            .runNextEdge, walk, nodes: [screen("s1"), assign("a1", [("n", "1")]), screen("s2")],
            edges: [edge("s1", "a1"), edge("a1", "s2")], variables: [variable("n", .number, .constant(.number(0)))],
            steps: [[.goNext]]),
        probe(.runComplete, walk, nodes: [screen("s1")], steps: [[.goNext]]),
        probe(.runStart, walk, nodes: [screen("s1"), screen("s2")], entry: "s2"),
        probe(
            .runStartFallback, walk, nodes: [assign("a1", []), screen("s1"), screen("s2")],
            edges: [edge("a1", "s2")], entry: "missing"),
        probe(.runStartFallback, walk, nodes: [screen("s1"), screen("s2")], entry: ""),
    ]

    static let actions: [RuleProbe] = [
        probe(
            .runBack, walk.union([.variables]),
            nodes: [screen("s1"), assign("a1", [("n", "n + 1")]), screen("s2")],
            edges: [edge("s1", "a1"), edge("a1", "s2")], variables: [variable("n", .number, .constant(.number(0)))],
            steps: [[.goNext], [.goBack]]),
        probe(
            .runBack, walk, nodes: [screen("s1"), screen("s2"), screen("s3")], edges: [edge("s1", "s2")],
            steps: [[.navigate("s3")], [.goBack]]),
        probe(.runBackDismiss, walk, nodes: [screen("s1")], steps: [[.goBack]]),
        probe(
            .runBackDismiss, walk, nodes: [assign("a1", []), screen("s1")], edges: [edge("a1", "s1")],
            steps: [[.goBack]]),
        probe(
            .runNavigate, walk,
            nodes: [
                screen("s1"), RuntimeNode(id: "c1", name: "c1", kind: .condition(.expression("true"))),
                screen("s2"), screen("s3"),
            ],
            edges: [edge("c1", "s2", .conditionTrue), edge("c1", "s3", .conditionFalse)],
            steps: [[.navigate("c1")]]),
        probe(
            .runNavigateUnknown, walk, nodes: [screen("s1"), screen("s2")], edges: [edge("s1", "s2")],
            steps: [[.navigate("nowhere")]]),
        probe(.runClose, walk, nodes: [screen("s1"), screen("s2")], edges: [edge("s1", "s2")], steps: [[.closeFlow]]),
        probe(
            .runCloseRest, [.variables], nodes: [screen("s1")],
            variables: [variable("n", .number, .constant(.number(1)))],
            steps: [[.closeFlow, .setVariable(key: "n", operation: "set", value: .number(5))]]),
        probe(
            .runEnded, [.variables, .screen, .history], nodes: [screen("s1"), screen("s2")], edges: [edge("s1", "s2")],
            variables: [variable("n", .number, .constant(.number(1)))],
            steps: [[.closeFlow], [.setVariable(key: "n", operation: "set", value: .number(5)), .goNext]]),
        // Navigation actions only: a set that is not written would fail an order probe built on a guard.
        probe(
            .runActionOrder, walk, nodes: [screen("s1"), screen("s2"), screen("s3")],
            edges: [edge("s1", "s3"), edge("s2", "s3")], steps: [[.navigate("s2"), .goNext]]),
    ]

    static let logic: [RuleProbe] = [
        probe(
            .runCondBranch, walk,
            nodes: [
                RuntimeNode(id: "c1", name: "c1", kind: .condition(.expression("1 < 2"))), screen("s2"),
                screen("s3"),
            ],
            edges: [edge("c1", "s3", .conditionFalse), edge("c1", "s2", .conditionTrue)]),
        probe(
            .runCondMissingEdge, walk,
            nodes: [
                RuntimeNode(id: "c1", name: "c1", kind: .condition(.expression("1 < 2"))), screen("s2"),
                screen("s3"),
            ],
            edges: [edge("c1", "s2")]),
        probe(
            .runUnsupported, walk,
            nodes: [screen("s1"), RuntimeNode(id: "api1", name: "api1", kind: .unsupported("api")), screen("s2")],
            edges: [edge("s1", "api1"), edge("api1", "s2")], steps: [[.goNext]]),
        probe(
            .runCycle, walk.union([.variables]), nodes: [screen("s1"), assign("a1", [("n", "n + 1")])],
            edges: [edge("s1", "a1"), edge("a1", "a1")], variables: [variable("n", .number, .constant(.number(0)))],
            steps: [[.goNext]]),
        probe(.runNoScreen, walk, nodes: [assign("a1", [])]),
        probe(
            .runAssign, [.variables], nodes: [assign("a1", [("n", "1"), ("n", "n + 1")]), screen("s1")],
            edges: [edge("a1", "s1")], variables: [variable("n", .number, .constant(.number(0)))]),
        probe(
            .runAssignNoValue, [.variables], nodes: [assign("a1", [("n", "'abc'"), ("m", "1 / 0")]), screen("s1")],
            edges: [edge("a1", "s1")],
            variables: [variable("n", .number, .constant(.number(30))), variable("m", .number, .constant(.number(4)))]),
    ]

    static let experiments: [RuleProbe] = [
        probe(
            .runAbWeights, walk.union([.assignments]),
            nodes: [ab("ab1", "exp", [("a", 70, "s2"), ("b", 30, "s3")]), screen("s2"), screen("s3")], draws: [0.69]),
        probe(
            .runAbWeights, walk.union([.assignments]),
            nodes: [ab("ab1", "exp", [("a", 70, "s2"), ("b", 30, "s3")]), screen("s2"), screen("s3")], draws: [0.7]),
        probe(
            .runAbWeights, walk.union([.assignments]),
            nodes: [ab("ab1", "exp", [("a", 1, "s2"), ("b", 3, "s3")]), screen("s2"), screen("s3")], draws: [0.2]),
        probe(
            .runAbZero, walk.union([.assignments]),
            nodes: [ab("ab1", "exp", [("a", 0, "s2"), ("b", 0, "s3")]), screen("s2"), screen("s3")], draws: [0.6]),
        probe(
            .runAbSticky, walk.union([.assignments]),
            nodes: [
                ab("ab1", "exp", [("a", 50, "s2"), ("b", 50, "s3")]), screen("s2"), screen("s3"),
                ab("ab2", "exp", [("a", 50, "s4"), ("b", 50, "s5")]), screen("s4"), screen("s5"),
            ],
            edges: [edge("s2", "ab2"), edge("s3", "ab2")], draws: [0.1, 0.9], steps: [[.goNext]]),
        probe(
            .runAbEmpty, walk.union([.assignments]), nodes: [ab("ab1", "exp", []), screen("s2")],
            edges: [edge("ab1", "s2")]),
        probe(
            .runAbEmpty, walk.union([.assignments]),
            nodes: [
                ab("ab1", "exp", [("a", 50, "s2")]), screen("s2"),
                ab("ab2", "exp", [("c", 50, "s3"), ("d", 50, "s4")]),
                screen("s3"), screen("s4"), screen("s5"),
            ],
            edges: [edge("s2", "ab2"), edge("ab2", "s5")], draws: [0.1, 0.9], steps: [[.goNext]]),
    ]

    static let variables: [RuleProbe] = [
        probe(
            .runVarSource, [.variables], nodes: [screen("s1")],
            variables: [
                variable("plan", .string, .sdk(path: "plan")), variable("tier", .string, .constant(.string("pro"))),
            ],
            context: ["plan": .string("free")]),
        probe(
            .runVarFallback, [.variables], nodes: [screen("s1")],
            variables: [
                variable("n", .number, .sdk(path: "missing"), defaultValue: .number(5)),
                variable("m", .number, .sdk(path: "missing")), variable("s", .string, .constant(nil)),
            ]),
        probe(
            .runVarCoerce, [.variables], nodes: [screen("s1")],
            variables: [
                variable("n", .number, .sdk(path: "n")), variable("b", .boolean, .sdk(path: "b")),
                variable("s", .string, .sdk(path: "s")), variable("two", .boolean, .constant(.number(2))),
                variable("off", .boolean, .sdk(path: "off")),
            ],
            context: ["n": .string("42"), "b": .string("yes"), "s": .number(9.99), "off": .string("No")]),
        probe(
            .runVarContextKey, [.variables], nodes: [screen("s1")],
            variables: [variable("plan", .string, .sdk(path: "user.plan"))], context: ["user.plan": .string("pro")]),
        probe(
            .runInterp, [.texts], nodes: [screen("s1", ["{{n}} {{ price }} {{tags}}"])],
            variables: [
                variable("n", .number, .constant(.number(3))), variable("price", .number, .constant(.number(9.99))),
                variable("tags", .list, .constant(.list([.string("a"), .string("b")])), item: .string),
            ]),
        probe(.runInterpUnknown, [.texts], nodes: [screen("s1", ["Hello {{ghost}}|{{x"])]),
    ]

    static let setVariable: [RuleProbe] = [
        probe(
            .runSetOp, [.variables], nodes: [screen("s1")],
            variables: [
                variable("n", .number, .constant(.number(1))), variable("flag", .boolean, .constant(.bool(false))),
                variable("tags", .list, .constant(.list([.number(2), .number(1), .number(2)])), item: .number),
            ],
            steps: [
                [
                    .setVariable(key: "n", operation: "increment", value: nil),
                    .setVariable(key: "n", operation: "increment", value: .number(4)),
                    .setVariable(key: "n", operation: "decrement", value: .number(2)),
                    .setVariable(key: "n", operation: "multiply", value: .number(3)),
                    .setVariable(key: "n", operation: "divide", value: .number(2)),
                    .setVariable(key: "flag", operation: "toggle", value: nil),
                    .setVariable(key: "tags", operation: "remove", value: .number(2)),
                    .setVariable(key: "tags", operation: "append", value: .string("3")),
                ],
                [.setVariable(key: "n", operation: "reset", value: nil)],
            ]),
        probe(
            .runSetValue, [.variables], nodes: [screen("s1")],
            variables: [
                variable("plan", .string, .constant(.string("free"))), variable("age", .number, .constant(.number(1))),
            ],
            steps: [
                [
                    .setVariable(key: "plan", operation: "set", value: .string("pro")),
                    .setVariable(key: "age", operation: "set", value: .number(42)),
                ]
            ]),
        probe(
            .runSetWritable, [.variables], nodes: [screen("s1")],
            variables: [variable("plan", .string, .constant(.string("free")), writable: false)],
            steps: [[.setVariable(key: "plan", operation: "set", value: .string("pro"))]]),
        probe(
            .runSetUnknown, [.variables], nodes: [screen("s1")],
            steps: [[.setVariable(key: "ghost", operation: "set", value: .number(1))]]),
        probe(
            .runSetDivZero, [.variables], nodes: [screen("s1")],
            variables: [variable("n", .number, .constant(.number(6)))],
            steps: [[.setVariable(key: "n", operation: "divide", value: .number(0))]]),
    ]
}
