import FlowCheckCore
import FlowRuntimeModel
package import PropertyTesting

/// Generates runtime cases: a flow of screens and logic nodes with every edge kind, priorities and their ties,
/// guards, dangling targets, cycles and unreachable nodes; variables of every type and source with a context that
/// supplies, coerces or omits their values; and the user's action lists. Sizes grow with the run.
package struct RuntimeGenerator: Sendable {
    /// What the implementation runs.
    let capabilities: RuntimeCapabilities
    /// The most action lists after the start.
    let maxSteps: Int

    package init(capabilities: RuntimeCapabilities, maxSteps: Int) {
        self.capabilities = capabilities
        self.maxSteps = maxSteps
    }

    /// The generator of cases.
    package var generator: Gen<RuntimeCase> {
        let generator = self
        return Gen { source throws(ChoiceSource.Stop) in try generator.draw(RuntimeDraw(source: source)) }
    }

    /// The variables a flow may declare: a key, its type, a list's item type.
    static let templates: [(key: String, type: RuntimeValueType, item: RuntimeValueType?)] = [
        ("plan", .string, nil), ("age", .number, nil), ("premium", .boolean, nil), ("tags", .list, .string),
        ("name", .string, nil), ("score", .number, nil), ("visits", .list, .number),
    ]

    /// The operations that fit each type (others are drawn too, less often); `set`, the one a MUST rule decides, and
    /// `remove`, the one that goes wrong with repeated items, twice.
    static let operations: [RuntimeValueType: [String]] = [
        .string: ["set", "reset"], .number: ["increment", "decrement", "multiply", "divide", "set", "set", "reset"],
        .boolean: ["toggle", "set", "set", "reset"], .list: ["append", "remove", "remove", "set", "set", "reset"],
    ]

    static let screenNames = ["Welcome", "Plan", "Profile", "Offer", "Survey", "Thanks", "Checkout", "Done"]

    func draw(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> RuntimeCase {
        let variables = try variables(draw)
        let context = try context(draw, variables: variables)
        let expressions = ExpressionGenerator(variables: variables)
        var nodes = try nodes(draw, variables: variables, expressions: expressions)
        let edges = try edges(draw, nodes: &nodes, expressions: expressions)
        let entry: String
        switch try draw.weighted([12, 2, 2, 4]) {
        case 0: entry = nodes[0].id
        case 1: entry = ""
        case 2: entry = "start"
        default: entry = try draw.pick(nodes).id
        }
        let flow = RuntimeFlow(id: "flow_1", entry: entry, nodes: nodes, edges: edges, variables: variables)
        var draws: [Double] = []
        for _ in 0..<(try draw.int(1...3)) { draws.append(Double(try draw.int(0...99)) / 100) }
        // No step at all is the simplest run: a divergence at the start needs nothing after it.
        let count = try draw.sized(0...max(1, maxSteps))
        var steps: [[RuntimeAction]] = []
        // The reference runs beside the drawing, so that a run stops soon after its flow ends: steps after the end
        // all do the same nothing (one now and then is enough for RUN-ENDED).
        var runtime = ReferenceRuntime(flow: flow, context: context, draws: draws)
        var expected = [runtime.start()]
        while steps.count < count {
            let shown = expected[expected.count - 1].observation
            if shown.outcome != nil, !(try draw.chance(0.15)) { break }
            let actions = try actions(
                draw, flow: flow, backOnFirst: shown.history.count <= 1, current: shown.variables)
            steps.append(actions)
            expected.append(runtime.act(actions))
        }
        return RuntimeCase(flow: flow, context: context, draws: draws, steps: steps, expected: expected)
    }

    // MARK: Variables

    func variables(_ draw: RuntimeDraw) throws(ChoiceSource.Stop) -> [RuntimeVariable] {
        var declared: [RuntimeVariable] = []
        var keys = Set<String>()
        for _ in 0..<(try draw.sized(0...4)) {
            let template = try draw.pick(Self.templates)
            guard !keys.contains(template.key) else { continue }
            keys.insert(template.key)
            let source: RuntimeVariable.Source
            switch try draw.weighted([3, 3, 1]) {
            case 0: source = .constant(try value(draw, type: template.type, item: template.item, stray: 0.15))
            case 1: source = .sdk(path: template.key)
            default: source = .sdk(path: "user." + template.key)
            }
            let fallback =
                try draw.chance(0.4)
                ? try value(draw, type: template.type, item: template.item, stray: 0.2)
                : nil
            declared.append(
                RuntimeVariable(
                    key: template.key, type: template.type, listItemType: template.item, source: source,
                    writable: !(try draw.chance(0.25)), defaultValue: fallback))
        }
        return declared
    }

    /// A value of `type`, or at the rate `stray` one of another type (which may or may not convert).
    func value(
        _ draw: RuntimeDraw, type: RuntimeValueType, item: RuntimeValueType? = nil, stray: Double = 0
    ) throws(ChoiceSource.Stop) -> RuntimeValue {
        let type = try draw.chance(stray) ? try draw.pick(RuntimeValueType.allCases) : type
        switch type {
        case .string:
            return .string(
                try draw.pick([
                    "pro", "", "free", "Ada", "42", "true", "premium user", "9.99", "\u{1F600} Ada", "e\u{301}",
                ]))
        case .number: return .number(try draw.pick([0, 1, 2, 3, 18, 9.99, -1, 100, 2.5]))
        case .boolean: return .bool(try draw.chance(0.5))
        case .list:
            // Items repeat now and then: remove takes out every equal one.
            var items: [RuntimeValue] = []
            for _ in 0..<(try draw.int(0...3)) {
                if !items.isEmpty, try draw.chance(0.5) {
                    items.append(try draw.pick(items))
                } else {
                    items.append(try value(draw, type: item ?? .string))
                }
            }
            return .list(items)
        }
    }

    func context(
        _ draw: RuntimeDraw, variables: [RuntimeVariable]
    ) throws(ChoiceSource.Stop) -> [String: RuntimeValue] {
        var context: [String: RuntimeValue] = [:]
        for variable in variables {
            guard case .sdk(let path) = variable.source else { continue }
            switch try draw.weighted([4, 2, 1, 1]) {
            case 0: context[path] = try value(draw, type: variable.type, item: variable.listItemType)
            case 1: context[path] = try value(draw, type: .string)
            case 2: continue
            default:
                // The key's last part alone: a reader that splits dotted keys finds it where a flat one does not.
                context[String(path.split(separator: ".").last!)] = try value(draw, type: variable.type)
            }
        }
        return context
    }

    // MARK: The graph

    func nodes(
        _ draw: RuntimeDraw, variables: [RuntimeVariable], expressions: ExpressionGenerator
    ) throws(ChoiceSource.Stop) -> [RuntimeNode] {
        var nodes: [RuntimeNode] = []
        let screens = try draw.chance(0.18) ? 0 : try draw.sized(1...6)
        // A flow without screens has a logic node at least: every flow has a node.
        let logic = try draw.sized((screens == 0 ? 1 : 0)...8)
        var kinds: [String] = capabilities.nodes
        kinds.append("unsupported")
        // Condition nodes three times as often: their operators and forms are the most to cover.
        if kinds.contains("condition") { kinds += ["condition", "condition"] }
        if kinds.contains("abTest") { kinds.append("abTest") }
        var screenIndex = 0, logicIndex = 0
        while screenIndex < screens || logicIndex < logic {
            // Logic nodes fall between screens; the first node is a screen most of the time.
            var logicNext = false
            if logicIndex < logic {
                logicNext = screenIndex >= screens ? true : try draw.chance(nodes.isEmpty ? 0.15 : 0.4)
            }
            if logicNext {
                logicIndex += 1
                nodes.append(try logicNode(draw, index: logicIndex, kinds: kinds, expressions: expressions))
            } else {
                screenIndex += 1
                var texts: [String] = []
                for _ in 0..<(try draw.int(0...2)) { texts.append(try text(draw, variables: variables)) }
                nodes.append(
                    RuntimeNode(
                        id: "s\(screenIndex)", name: Self.screenNames[(screenIndex - 1) % Self.screenNames.count],
                        kind: .screen(texts: texts)))
            }
        }
        return nodes
    }

    func text(_ draw: RuntimeDraw, variables: [RuntimeVariable]) throws(ChoiceSource.Stop) -> String {
        switch try draw.weighted([2, 3, 1]) {
        case 0: return try draw.pick(["Welcome", "Choose a plan", ""])
        case 1 where !variables.isEmpty:
            let key = try draw.pick(variables).key
            return try draw.pick(["Hi {{\(key)}}", "{{ \(key) }} left", "{{\(key)}}{{\(key)}}"])
        default: return try draw.pick(["Hello {{ghost}}", "{{open", "{{}}", "Total: {{score}} pts"])
        }
    }

    func logicNode(
        _ draw: RuntimeDraw, index: Int, kinds: [String], expressions: ExpressionGenerator
    ) throws(ChoiceSource.Stop) -> RuntimeNode {
        switch try draw.pick(kinds) {
        case "condition":
            return RuntimeNode(
                id: "c\(index)", name: "Condition \(index)", kind: .condition(try condition(draw, expressions)))
        case "assign":
            var assignments: [RuntimeNode.Assignment] = []
            for _ in 0..<(try draw.int(1...3)) {
                let key = try draw.member(of: expressions.variables, missing: 0.08)?.key ?? "ghost"
                assignments.append(RuntimeNode.Assignment(variableKey: key, expression: try expressions.value(draw)))
            }
            return RuntimeNode(id: "a\(index)", name: "Assign \(index)", kind: .assign(assignments))
        case "abTest":
            var variants: [RuntimeNode.Variant] = []
            let allZero = try draw.chance(0.4)
            for number in 0..<(try draw.weighted([4, 6, 3, 1])) {
                let weight = allZero ? 0 : try draw.pick([50.0, 30, 70, 0, 100, 10])
                variants.append(
                    RuntimeNode.Variant(
                        id: "v\(number + 1)", label: "Variant \(number + 1)", weight: weight,
                        targetNodeId: "@\(number)"))
            }
            // The experiment key is shared among abTest nodes at a good rate, so that stickiness is exercised.
            let key = try draw.pick(["exp_onboarding", "exp_paywall"])
            return RuntimeNode(
                id: "ab\(index)", name: "Test \(index)", kind: .abTest(experimentKey: key, variants: variants))
        default:
            let kind = try draw.pick(["api", "event", "subflow"])
            return RuntimeNode(id: "x\(index)", name: "Unsupported \(index)", kind: .unsupported(kind))
        }
    }

    func condition(
        _ draw: RuntimeDraw, _ expressions: ExpressionGenerator, depth: Int = 0
    ) throws(ChoiceSource.Stop) -> RuntimeCondition {
        switch try draw.weighted([7, 3, depth < 2 ? 3 : 0, depth < 2 ? 1 : 0]) {
        case 0: return try test(draw, expressions.variables)
        case 1: return .expression(try expressions.condition(draw))
        case 2:
            var members: [RuntimeCondition] = []
            for _ in 0..<(try draw.weighted([1, 3, 3, 2])) {
                members.append(try condition(draw, expressions, depth: depth + 1))
            }
            return try draw.chance(0.5) ? .any(members) : .all(members)
        default:
            // A test at the depth limit or either side of it (30 to 33 nots around it): a limit off by one shows.
            if try draw.chance(0.25) {
                var deep = try test(draw, expressions.variables)
                for _ in 0..<(RuntimeCondition.maxDepth + (try draw.int(-2...1))) { deep = .not(deep) }
                return deep
            }
            return .not(try condition(draw, expressions, depth: depth + 1))
        }
    }

    func test(_ draw: RuntimeDraw, _ variables: [RuntimeVariable]) throws(ChoiceSource.Stop) -> RuntimeCondition {
        let variable = try draw.member(of: variables, missing: 0.25)
        let type: RuntimeValueType
        if let declared = variable?.type { type = declared } else { type = try draw.pick(RuntimeValueType.allCases) }
        var ops = RuntimeCondition.operators[type]!
        if try draw.chance(0.3) { ops = RuntimeCondition.knownOperators }
        // Another type's operator: a mismatch whatever the right operand.
        if try draw.chance(0.2) {
            ops = RuntimeCondition.knownOperators.filter { !(RuntimeCondition.operators[type] ?? []).contains($0) }
        }
        if try draw.chance(0.2) { ops = ["matches", "EQUALS", "equal"] }
        let op = try draw.pick(ops)
        let right: RuntimeValue?
        if op == "is_empty" || op == "is_not_empty" {
            right = nil
        } else if type == .list {
            right = try value(draw, type: variable?.listItemType ?? .string, stray: 0.45)
        } else {
            right = try value(draw, type: type, stray: 0.45)
        }
        return .test(op: op, variable: variable?.key ?? "ghost", right: right)
    }

    /// The edges: a spine joining each node to the next in document order (with a condition node's two branches
    /// and an abTest node's variant targets), then extra edges of any kind, priority and guard, some to no node.
    func edges(
        _ draw: RuntimeDraw, nodes: inout [RuntimeNode], expressions: ExpressionGenerator
    ) throws(ChoiceSource.Stop) -> [RuntimeEdge] {
        var edges: [RuntimeEdge] = []
        func add(_ from: String, _ to: String, _ kind: RuntimeEdge.Kind) {
            edges.append(RuntimeEdge(id: "e\(edges.count + 1)", from: from, to: to, kind: kind))
        }
        for (index, node) in nodes.enumerated() {
            let next = index + 1 < nodes.count ? nodes[index + 1].id : nil
            let other = try draw.pick(nodes).id
            switch node.kind {
            case .condition:
                if let next, !(try draw.chance(0.2)) { add(node.id, next, .conditionTrue) }
                if !(try draw.chance(0.2)) { add(node.id, other, .conditionFalse) }
                if try draw.chance(0.15) { add(node.id, next ?? other, .normal) }
            case .abTest(let key, var variants):
                for number in variants.indices {
                    variants[number].targetNodeId =
                        try draw.chance(0.2) ? "gone" : (number == 0 ? next ?? other : try draw.pick(nodes).id)
                }
                nodes[index].kind = .abTest(experimentKey: key, variants: variants)
                if let next, try draw.chance(0.5) { add(node.id, next, .normal) }
            default:
                // The last node leads back to the first half the time (a flow that starts over); otherwise it has
                // no edge, and goNext there completes the flow.
                if let next, !(try draw.chance(0.08)) {
                    add(node.id, next, .normal)
                } else if next == nil, try draw.chance(0.5) {
                    add(node.id, nodes[0].id, .normal)
                }
                // A second way on, which a priority or a guard must decide.
                if try draw.chance(0.25) {
                    var edge = RuntimeEdge(id: "e\(edges.count + 1)", from: node.id, to: other)
                    if try draw.chance(0.6) { edge.priority = try draw.pick([1, 0, -1, 2]) }
                    if try draw.chance(0.5) { edge.guardExpression = try expressions.condition(draw) }
                    edges.append(edge)
                }
            }
        }
        for _ in 0..<(try draw.sized(0...6)) {
            let from = try draw.pick(nodes).id
            let to = try draw.chance(0.3) ? "missing" : try draw.pick(nodes).id
            let kind = try draw.pick([RuntimeEdge.Kind.normal, .normal, .normal] + RuntimeEdge.Kind.allCases)
            var edge = RuntimeEdge(id: "e\(edges.count + 1)", from: from, to: to, kind: kind)
            if try draw.chance(0.6) { edge.priority = try draw.pick([1, 0, 2, -1]) }
            // An edge to no node that would win, were it there.
            if to == "missing", try draw.chance(0.5) { edge.priority = 3 }
            if try draw.chance(0.5) { edge.guardExpression = try expressions.condition(draw) }
            // Inserted anywhere: document order breaks ties.
            edges.insert(edge, at: try draw.int(0...edges.count))
        }
        return edges
    }

    // MARK: Actions

    /// One step's actions. On the first screen goBack (which would end the flow) is drawn less often, so that runs go
    /// on past it; `current` holds the variables' values before the step, so that remove and append mostly name an
    /// item the list holds (remove takes out every equal one).
    func actions(
        _ draw: RuntimeDraw, flow: RuntimeFlow, backOnFirst: Bool, current: [String: RuntimeValue]
    ) throws(ChoiceSource.Stop) -> [RuntimeAction] {
        var actions: [RuntimeAction] = []
        for _ in 0..<(1 + (try draw.weighted([15, 4, 1]))) {
            let kinds = capabilities.actions
            let weights = kinds.map {
                ["goNext": 9, "goBack": backOnFirst ? 2 : 3, "navigate": 3, "closeFlow": 1, "setVariable": 5][$0] ?? 1
            }
            switch kinds[try draw.weighted(weights)] {
            case "goBack": actions.append(.goBack)
            case "navigate":
                actions.append(.navigate(try draw.chance(0.3) ? "nowhere" : try draw.pick(flow.nodes).id))
            case "closeFlow": actions.append(.closeFlow)
            case "setVariable":
                // Division by zero, on a number variable when there is one (it is rare otherwise).
                let numbers = flow.variables.filter { $0.type == .number }
                if !numbers.isEmpty, try draw.chance(0.45) {
                    actions.append(
                        .setVariable(key: try draw.pick(numbers).key, operation: "divide", value: .number(0)))
                    continue
                }
                // A list now and then by choice: its operations are the ones that go wrong with repeated items.
                let lists = flow.variables.filter { $0.type == .list }
                var listChosen = false
                if !lists.isEmpty { listChosen = try draw.chance(0.25) }
                let variable =
                    listChosen ? try draw.pick(lists) : try draw.member(of: flow.variables, missing: 0.08)
                let operation: String
                if try draw.chance(0.04) {
                    operation = "square"
                } else if let variable, variable.type == .number, try draw.chance(0.25) {
                    operation = "divide"
                } else if let variable, try draw.chance(0.7) {
                    operation = try draw.pick(Self.operations[variable.type]!)
                } else {
                    operation = try draw.pick(RuntimeAction.operations)
                }
                let type = variable?.type ?? .number
                let value: RuntimeValue?
                switch operation {
                case "set": value = try self.value(draw, type: type, item: variable?.listItemType, stray: 0.2)
                case "append", "remove":
                    if let key = variable?.key, case .list(let items)? = current[key], !items.isEmpty,
                        try draw.chance(operation == "remove" ? 0.8 : 0.4)
                    {
                        // An item the list holds twice, when there is one: removing it shows whether every one goes.
                        let repeated = items.filter { item in items.filter { $0 == item }.count > 1 }
                        let preferRepeated = try draw.chance(0.7)
                        value = try draw.pick(repeated.isEmpty || !preferRepeated ? items : repeated)
                    } else {
                        value = try self.value(draw, type: variable?.listItemType ?? .string, stray: 0.1)
                    }
                case "divide" where try draw.chance(0.5): value = .number(0)
                case "increment", "decrement", "multiply", "divide":
                    value = try draw.chance(0.3) ? nil : try self.value(draw, type: .number, stray: 0.1)
                default: value = nil
                }
                actions.append(.setVariable(key: variable?.key ?? "ghost", operation: operation, value: value))
            default: actions.append(.goNext)
            }
        }
        return actions
    }
}
