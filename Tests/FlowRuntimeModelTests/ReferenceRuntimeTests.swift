import FlowRuntimeModel
import Testing

@Suite("The reference runtime")
struct ReferenceRuntimeTests {
    static func screen(_ id: String, _ texts: [String] = []) -> RuntimeNode {
        RuntimeNode(id: id, name: id.uppercased(), kind: .screen(texts: texts))
    }

    static func edge(
        _ from: String, _ to: String, _ kind: RuntimeEdge.Kind = .normal, priority: Double? = nil,
        guard guardText: String? = nil
    ) -> RuntimeEdge {
        RuntimeEdge(id: "\(from)-\(to)", from: from, to: to, kind: kind, priority: priority, guardExpression: guardText)
    }

    static func run(
        _ flow: RuntimeFlow, context: [String: RuntimeValue] = [:], draws: [Double] = [], _ steps: [[RuntimeAction]]
    ) -> [RuntimeObservation] {
        var runtime = ReferenceRuntime(flow: flow, context: context, draws: draws)
        return [runtime.start().observation] + steps.map { runtime.act($0).observation }
    }

    @Test("goNext follows the highest priority among the edges whose guard holds, the first among equals")
    func edgeChoice() {
        let nodes = [Self.screen("s1"), Self.screen("s2"), Self.screen("s3"), Self.screen("s4")]
        let flow = RuntimeFlow(
            id: "f", entry: "s1", nodes: nodes,
            edges: [
                Self.edge("s1", "s2"), Self.edge("s1", "s3", priority: 1),
                Self.edge("s1", "s4", priority: 5, guard: "false"),
                Self.edge("s1", "gone", priority: 9), Self.edge("s1", "s4", .error, priority: 9),
            ])
        #expect(Self.run(flow, [[.goNext]]).last?.screen == "s3")
        let tie = RuntimeFlow(
            id: "f", entry: "s1", nodes: nodes, edges: [Self.edge("s1", "s2"), Self.edge("s1", "s3")])
        #expect(Self.run(tie, [[.goNext]]).last?.screen == "s2")
    }

    @Test("Condition, assign, abTest and unsupported nodes run on the way; the walk reaches the next screen")
    func logicNodes() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1",
            nodes: [
                Self.screen("s1"),
                RuntimeNode(id: "a", name: "A", kind: .assign([.init(variableKey: "n", expression: "n + 1")])),
                RuntimeNode(id: "x", name: "X", kind: .unsupported("api")),
                RuntimeNode(id: "c", name: "C", kind: .condition(.expression("n > 1"))), Self.screen("s2", ["n={{n}}"]),
                Self.screen("s3", ["n={{ n }}"]),
            ],
            edges: [
                Self.edge("s1", "a"), Self.edge("a", "x"), Self.edge("x", "c"), Self.edge("c", "s2", .conditionTrue),
                Self.edge("c", "s3", .conditionFalse),
            ],
            variables: [RuntimeVariable(key: "n", type: .number, source: .constant(.number(0)))])
        let last = Self.run(flow, [[.goNext]]).last!
        #expect(last.screen == "s3" && last.texts == ["n=1"] && last.history == ["s1", "s3"])
        #expect(last.events.map(\.name) == ["screen_exit", "screen_view"])
        #expect(last.events[1].fields["screen_index"] == .number(2))
    }

    @Test("goBack returns through the screens shown and dismisses on the first; closeFlow completes")
    func endings() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1", nodes: [Self.screen("s1"), Self.screen("s2"), Self.screen("s3")],
            edges: [Self.edge("s1", "s2")])
        let back = Self.run(flow, [[.navigate("s3")], [.goBack], [.goBack]])
        #expect(back.map(\.screen) == ["s1", "s3", "s1", nil] && back.last?.outcome == .dismissed)
        #expect(back.last?.events.map(\.name) == ["screen_exit", "flow_exit"])
        let closed = Self.run(
            flow, [[.closeFlow, .setVariable(key: "x", operation: "set", value: .number(1))], [.goNext]])
        #expect(closed[1].outcome == .completed && closed[1].events.map(\.name) == ["screen_exit", "flow_complete"])
        #expect(closed[2].events.isEmpty && closed[2].outcome == .completed)
        let end = Self.run(flow, [[.goNext], [.goNext]])
        #expect(end.last?.outcome == .completed)
        let unknown = Self.run(flow, [[.navigate("nowhere")]])
        #expect(unknown.last?.screen == "s1" && unknown.last?.events.isEmpty == true)
    }

    @Test("An empty or dangling entry starts at the first screen; a flow with no screen ends in error")
    func entry() {
        let logic = RuntimeNode(id: "a", name: "A", kind: .assign([]))
        let flow = RuntimeFlow(id: "f", entry: "", nodes: [logic, Self.screen("s1")], edges: [])
        #expect(Self.run(flow, []).first?.screen == "s1")
        let noScreen = RuntimeFlow(id: "f", entry: "a", nodes: [logic], edges: [])
        #expect(Self.run(noScreen, []).first?.outcome == .error)
    }

    @Test("A cycle of logic nodes ends in error; it never hangs")
    func cycle() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1",
            nodes: [Self.screen("s1"), RuntimeNode(id: "a", name: "A", kind: .assign([]))],
            edges: [Self.edge("s1", "a"), Self.edge("a", "a")])
        #expect(Self.run(flow, [[.goNext]]).last?.outcome == .error)
    }

    @Test("abTest: the draw picks by cumulative share, the assignment sticks, the exposure fires once")
    func abTest() {
        let variants = [
            RuntimeNode.Variant(id: "v1", label: "Control", weight: 70, targetNodeId: "s2"),
            RuntimeNode.Variant(id: "v2", label: "B", weight: 30, targetNodeId: "s3"),
        ]
        let flow = RuntimeFlow(
            id: "f", entry: "s1",
            nodes: [
                Self.screen("s1"),
                RuntimeNode(id: "ab", name: "AB", kind: .abTest(experimentKey: "e", variants: variants)),
                Self.screen("s2"), Self.screen("s3"),
            ],
            edges: [Self.edge("s1", "ab"), Self.edge("s2", "ab"), Self.edge("s3", "ab")])
        let first = Self.run(flow, draws: [0.7, 0.1], [[.goNext], [.goNext]])
        #expect(first[1].screen == "s3" && first[2].screen == "s3" && first[1].assignments == ["e": "v2"])
        #expect(first[1].events.map(\.name) == ["screen_exit", "experiment_exposure", "screen_view"])
        #expect(first[2].events.map(\.name) == ["screen_exit", "screen_view"])
        #expect(Self.run(flow, draws: [0.69], [[.goNext]]).last?.screen == "s2")
    }

    @Test("Variables start from their source, converted to their type, else from their default, else zero")
    func variables() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1", nodes: [Self.screen("s1")], edges: [],
            variables: [
                RuntimeVariable(key: "age", type: .number, source: .sdk(path: "user.age")),
                RuntimeVariable(key: "ok", type: .boolean, source: .sdk(path: "ok")),
                RuntimeVariable(key: "name", type: .string, source: .sdk(path: "name"), defaultValue: .string("x")),
                RuntimeVariable(key: "tags", type: .list, listItemType: .string, source: .constant(nil)),
                RuntimeVariable(key: "n", type: .number, source: .constant(.string("abc")), defaultValue: .number(2)),
            ])
        let start = Self.run(flow, context: ["user.age": .string("42"), "ok": .string("yes")], []).first!
        #expect(start.variables["age"] == .number(42) && start.variables["ok"] == .bool(true))
        #expect(start.variables["name"] == .string("x") && start.variables["tags"] == .list([]))
        #expect(start.variables["n"] == .number(2))
    }

    @Test("Set Variable: each operation, writability, unknown keys, division by zero, reset")
    func setVariable() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1", nodes: [Self.screen("s1")], edges: [],
            variables: [
                RuntimeVariable(key: "n", type: .number, source: .constant(.number(4))),
                RuntimeVariable(
                    key: "list", type: .list, listItemType: .number, source: .constant(.list([.number(2)]))),
                RuntimeVariable(key: "fixed", type: .string, source: .constant(.string("a")), writable: false),
            ])
        func after(_ actions: [RuntimeAction]) -> [String: RuntimeValue] { Self.run(flow, [actions]).last!.variables }
        #expect(after([.setVariable(key: "n", operation: "increment", value: nil)])["n"] == .number(5))
        #expect(after([.setVariable(key: "n", operation: "divide", value: .number(0))])["n"] == .number(4))
        #expect(after([.setVariable(key: "n", operation: "multiply", value: .string("2"))])["n"] == .number(8))
        #expect(after([.setVariable(key: "fixed", operation: "set", value: .string("b"))])["fixed"] == .string("a"))
        #expect(after([.setVariable(key: "ghost", operation: "set", value: .number(1))])["ghost"] == nil)
        let list = after([
            .setVariable(key: "list", operation: "append", value: .string("1")),
            .setVariable(key: "list", operation: "append", value: .number(2)),
            .setVariable(key: "list", operation: "remove", value: .number(2)),
        ])
        #expect(list["list"] == .list([.number(1)]))
        let reset = after([
            .setVariable(key: "n", operation: "set", value: .number(9)),
            .setVariable(key: "n", operation: "reset", value: nil),
        ])
        #expect(reset["n"] == .number(4))
    }

    @Test("Interpolation shows display strings; unknown keys show nothing; an open token stays")
    func interpolation() {
        let variables: [String: RuntimeValue] = [
            "n": .number(3), "p": .number(9.99), "l": .list([.string("a"), .number(1)]),
        ]
        #expect(
            RuntimeInterpolation.render("{{n}}|{{ p }}|{{l}}|{{ghost}}|{{open", variables: variables)
                == "3|9.99|a, 1||{{open")
    }
}

@Suite("The reference runtime's decisions")
struct ReferenceRuntimeDecisionTests {
    typealias T = ReferenceRuntimeTests

    static func ab(_ id: String, _ key: String, _ variants: [(String, Double, String)]) -> RuntimeNode {
        RuntimeNode(
            id: id, name: id,
            kind: .abTest(
                experimentKey: key,
                variants: variants.map { .init(id: $0.0, label: $0.0, weight: $0.1, targetNodeId: $0.2) }))
    }

    @Test("A variant leading nowhere has no share: the others split the draws, and with none left the normal edge")
    func danglingVariants() {
        let flow = RuntimeFlow(
            id: "f", entry: "ab",
            nodes: [Self.ab("ab", "exp", [("a", 50, "gone"), ("b", 50, "s2")]), T.screen("s2"), T.screen("s3")],
            edges: [T.edge("ab", "s3")])
        for draw in [0.1, 0.9] {
            let start = T.run(flow, draws: [draw], []).first!
            #expect(start.screen == "s2" && start.assignments == ["exp": "b"])
        }
        var allGone = flow
        allGone.nodes[0] = Self.ab("ab", "exp", [("a", 50, "gone")])
        let start = T.run(allGone, draws: [0.1], []).first!
        #expect(
            start.screen == "s3" && start.assignments.isEmpty
                && !start.events.contains { $0.name == "experiment_exposure" })
    }

    @Test("A node that does not offer the variant its key was assigned takes its normal edge, with no new exposure")
    func variantNotOffered() {
        let flow = RuntimeFlow(
            id: "f", entry: "ab1",
            nodes: [
                Self.ab("ab1", "exp", [("a", 50, "s1")]), T.screen("s1"),
                Self.ab("ab2", "exp", [("c", 50, "s2"), ("d", 50, "s3")]), T.screen("s2"), T.screen("s3"),
                T.screen("s4"),
            ],
            edges: [T.edge("s1", "ab2"), T.edge("ab2", "s4")])
        let steps = T.run(flow, draws: [0.1, 0.9], [[.goNext]])
        #expect(steps[1].screen == "s4" && steps[1].assignments == ["exp": "a"])
        #expect(!steps[1].events.contains { $0.name == "experiment_exposure" })
    }

    @Test("An empty guard is no guard")
    func emptyGuard() {
        let flow = RuntimeFlow(
            id: "f", entry: "s1", nodes: [T.screen("s1"), T.screen("s2"), T.screen("s3")],
            edges: [T.edge("s1", "s2", guard: " "), T.edge("s1", "s3", guard: "")])
        #expect(T.run(flow, [[.goNext]]).last?.screen == "s2")
    }

    @Test("Text is compared by its Unicode scalars: a precomposed é is not an e with a combining accent")
    func scalars() {
        #expect(RuntimeValue.string("\u{E9}") != .string("e\u{301}"))
        #expect(Set([RuntimeValue.string("\u{E9}"), .string("e\u{301}")]).count == 2)
        let lookup = { (key: String) -> RuntimeValue? in key == "name" ? .string("Rene\u{301}") : nil }
        #expect(
            !RuntimeCondition.test(op: "ends_with", variable: "name", right: .string("\u{E9}")).evaluate(lookup: lookup)
                .holds)
        #expect(
            RuntimeCondition.test(op: "contains", variable: "name", right: .string("e")).evaluate(lookup: lookup).holds)
        #expect(RuntimeExpression.evaluate("contains(name, 'ne')", lookup: lookup).value == .bool(true))
    }

    @Test("A joined text past 10,000 scalars has no value: a loop that doubles a text stays small")
    func textBound() {
        let long = String(repeating: "x", count: 6_000)
        let lookup = { (_: String) -> RuntimeValue? in .string(long) }
        #expect(RuntimeExpression.evaluate("t + t", lookup: lookup).value == nil)
        #expect(RuntimeExpression.evaluate("t + 'y'", lookup: lookup).value == .string(long + "y"))
    }

    @Test("An expression's groupings are written with only the parentheses the grammar needs")
    func groupings() {
        #expect(RuntimeExpression.groupings(of: "(10 / 3 + 4) - 4") == ["10 / 3 + 4", "10 / 3 + 4 - 4"])
        #expect(RuntimeExpression.groupings(of: "10 - (4 - 3)") == ["10 - (4 - 3)"])
        #expect(RuntimeExpression.groupings(of: "a + 1") == [])
    }
}
