package import FlowCheckCore
import FlowCheckRuntimeSuite
package import FlowRuntimeModel

/// A flow runtime written the way an SDK author would write one: a session object that walks the graph, keeps a
/// back stack of screens and a store of variables, and tells analytics as it goes. It is not a wrapper over the
/// reference runtime, so that when the two agree it means something.
///
/// With ``RuntimeBug``s it becomes a mutant that the kit must catch.
package final class SampleFlowRunner: FlowRuntimeImplementation, ParallelImplementation {
    /// The planted bugs.
    package let bugs: Set<RuntimeBug>

    private var flow = RuntimeFlow(id: "", entry: "", nodes: [], edges: [])
    private var nodesByID: [String: RuntimeNode] = [:]
    private var draws: [Double] = []
    private var drawsUsed = 0
    private var store: [String: RuntimeValue] = [:]
    private var initial: [String: RuntimeValue] = [:]
    private var backStack: [String] = []
    private var experiments: [String: String] = [:]
    private var ended: RuntimeOutcome?
    private var viewed = 0
    private var analytics: [RuntimeEvent] = []

    package init(bugs: Set<RuntimeBug> = []) { self.bugs = bugs }

    package func makeWorker() -> SampleFlowRunner { SampleFlowRunner(bugs: bugs) }

    package var info: ImplementationInfo {
        let planted = RuntimeBug.allCases.filter(bugs.contains).map(\.rawValue)
        return ImplementationInfo(
            name: planted.isEmpty ? "sample runtime" : "sample runtime (mutant \(planted.joined(separator: ", ")))",
            version: KitInfo.current.version, language: "Swift")
    }

    package var capabilities: Capabilities {
        var declared = Capabilities(suites: [.runtime])
        declared.runtime = RuntimeCapabilities()
        return declared
    }

    // MARK: The protocol

    package func startFlow(
        _ flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double]
    ) throws -> RuntimeObservation {
        self.flow = flow
        nodesByID = [:]
        for node in flow.nodes where nodesByID[node.id] == nil { nodesByID[node.id] = node }
        self.draws = draws
        drawsUsed = 0
        store = [:]
        backStack = []
        experiments = [:]
        ended = nil
        viewed = 0
        analytics = [RuntimeEvent("flow_start", ["flow_id": .string(flow.id)])]
        for variable in flow.variables where store[variable.key] == nil {
            store[variable.key] = startingValue(of: variable, context: context)
        }
        initial = store
        var entry = flow.entry
        if nodesByID[entry] == nil { entry = (flow.nodes.first { $0.isScreen } ?? flow.nodes.first)?.id ?? "" }
        if entry.isEmpty {
            ended = .error
        } else {
            go(to: entry)
        }
        return observe()
    }

    package func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation {
        analytics = []
        for action in actions {
            if ended != nil { break }
            run(action)
        }
        return observe()
    }

    private func observe() -> RuntimeObservation {
        let screen = ended == nil ? backStack.last : nil
        var texts: [String] = []
        if let screen, case .screen(let raw)? = nodesByID[screen]?.kind { texts = raw.map(interpolate) }
        return RuntimeObservation(
            screen: screen, history: backStack.filter { nodesByID[$0]?.isScreen ?? false }, texts: texts,
            variables: store, assignments: experiments, events: analytics, outcome: ended)
    }

    // MARK: Actions

    private func run(_ action: RuntimeAction) {
        guard ended == nil, let current = backStack.last else { return }
        switch action {
        case .goNext:
            let next = edge(from: current, kinds: [.normal])
            exitScreen(current)
            if let next { go(to: next) } else { finish(.completed) }
        case .goBack:
            guard backStack.count > 1 else {
                exitScreen(current)
                analytics.append(RuntimeEvent("flow_exit", ["screen_id": .string(current)]))
                ended = .dismissed
                return
            }
            exitScreen(current)
            backStack.removeLast()
            view(backStack[backStack.count - 1])
        case .navigate(let target):
            guard nodesByID[target] != nil else { return }
            exitScreen(current)
            go(to: target)
        case .closeFlow:
            exitScreen(current)
            finish(.completed)
        case .setVariable(let key, let operation, let value):
            set(key, operation, value)
        }
    }

    private func set(_ key: String, _ operation: String, _ value: RuntimeValue?) {
        guard let variable = flow.variables.first(where: { $0.key == key }), let old = store[key] else { return }
        guard variable.writable || bugs.contains(.writableIgnored) else { return }
        var amount: Double?
        switch value {
        case .number(let number)?: amount = number
        case .string(let text)?: amount = Self.numeric(text)
        default: amount = nil
        }
        let item = variable.listItemType.flatMap { type in value.flatMap { Self.convert($0, to: type) } }
        switch (operation, old) {
        case ("set", _):
            if let value, let new = Self.convert(value, to: variable.type, item: variable.listItemType) {
                store[key] = new
            }
        case ("toggle", .bool(let flag)): store[key] = .bool(!flag)
        case ("increment", .number(let number)):
            if value == nil {
                store[key] = .number(number + 1)
            } else if let amount {
                store[key] = .number(number + amount)
            }
        case ("decrement", .number(let number)):
            if value == nil {
                store[key] = .number(number - 1)
            } else if let amount {
                store[key] = .number(number - amount)
            }
        case ("multiply", .number(let number)): if let amount { store[key] = .number(number * amount) }
        case ("divide", .number(let number)): if let amount, amount != 0 { store[key] = .number(number / amount) }
        case ("append", .list(let items)): if let item { store[key] = .list(items + [item]) }
        case ("remove", .list(var items)):
            guard let item else { return }
            items.removeAll { $0 == item }
            store[key] = .list(items)
        case ("reset", _): store[key] = initial[key]
        default: break
        }
    }

    // MARK: Walking the graph

    /// Shows `id`, or runs logic nodes from it until a screen shows or the flow ends.
    private func go(to id: String) {
        var node = id
        var hops = 0
        while ended == nil {
            guard let current = nodesByID[node] else {
                finish(viewed > 0 ? .completed : .error)
                return
            }
            if case .screen = current.kind {
                backStack.append(node)
                view(node)
                return
            }
            hops += 1
            if hops > ReferenceRuntime.maxLogicVisits {
                ended = .error
                return
            }
            guard let next = evaluate(current) else {
                if ended == nil { finish(viewed > 0 ? .completed : .error) }
                return
            }
            node = next
        }
    }

    private func evaluate(_ node: RuntimeNode) -> String? {
        switch node.kind {
        case .screen: return nil
        case .condition(let condition):
            let holds = test(condition, depth: 0)
            if let branch = edge(from: node.id, kinds: [holds ? .conditionTrue : .conditionFalse]) { return branch }
            return edge(from: node.id, kinds: [.normal])
        case .assign(let assignments):
            for assignment in assignments {
                guard let variable = flow.variables.first(where: { $0.key == assignment.variableKey }),
                    let value = SampleExpression(bugs: bugs, variables: store).evaluate(assignment.expression),
                    let converted = Self.convert(value, to: variable.type, item: variable.listItemType)
                else { continue }
                store[variable.key] = converted
            }
            return edge(from: node.id, kinds: [.normal])
        case .abTest(let key, let variants):
            guard !variants.isEmpty else { return edge(from: node.id, kinds: [.normal]) }
            var chosen = experiments[key].flatMap { id in variants.first { $0.id == id } }
            let fresh = chosen == nil
            if chosen == nil {
                let picked = pick(variants)
                experiments[key] = picked.id
                chosen = picked
            }
            if fresh || bugs.contains(.exposureEveryVisit), let chosen {
                analytics.append(
                    RuntimeEvent(
                        "experiment_exposure",
                        [
                            "experiment_id": .string(key), "variant_id": .string(chosen.id),
                            "variant_name": .string(chosen.label),
                        ]))
            }
            guard let target = chosen?.targetNodeId, nodesByID[target] != nil else {
                return edge(from: node.id, kinds: [.normal])
            }
            return target
        case .unsupported:
            return edge(from: node.id, kinds: [.normal])
        }
    }

    private func pick(_ variants: [RuntimeNode.Variant]) -> RuntimeNode.Variant {
        let draw = draws.isEmpty ? 0 : draws[drawsUsed % draws.count]
        drawsUsed += 1
        var weights = variants.map { $0.weight > 0 ? $0.weight : 0 }
        let total = weights.reduce(0, +)
        if total == 0 { weights = Array(repeating: 1, count: variants.count) }
        let point = draw * weights.reduce(0, +)
        var upTo = 0.0
        for (variant, weight) in zip(variants, weights) {
            upTo += weight
            if point < upTo { return variant }
        }
        return variants[variants.count - 1]
    }

    /// The target of the edge goNext (or a logic node) follows among `from`'s edges of `kinds`.
    private func edge(from id: String, kinds: Set<RuntimeEdge.Kind>) -> String? {
        var best: RuntimeEdge?
        for edge in flow.edges where edge.from == id {
            guard kinds.contains(edge.kind), nodesByID[edge.to] != nil else { continue }
            if let guardText = edge.guardExpression {
                guard SampleExpression(bugs: bugs, variables: store).evaluate(guardText) == .bool(true) else {
                    continue
                }
            }
            guard let current = best else {
                best = edge
                continue
            }
            if (edge.priority ?? 0) > (current.priority ?? 0) { best = edge }
        }
        return best?.to
    }

    /// Whether `condition` holds.
    private func test(_ condition: RuntimeCondition, depth: Int) -> Bool {
        if depth >= RuntimeCondition.maxDepth { return false }
        switch condition {
        case .expression(let text):
            return SampleExpression(bugs: bugs, variables: store).evaluate(text) == .bool(true)
        case .all(let members):
            // Every member is evaluated (no early exit), as the reference does; the result is the same.
            return members.map { test($0, depth: depth + 1) }.allSatisfy { $0 }
        case .any(let members): return members.map { test($0, depth: depth + 1) }.contains(true)
        case .not(let inner): return !test(inner, depth: depth + 1)
        case .test(let op, let key, let right): return compare(op, store[key], right)
        }
    }

    private func compare(_ op: String, _ value: RuntimeValue?, _ right: RuntimeValue?) -> Bool {
        let negated = op == "not_equals" || op == "not_contains"
        let positive = ["not_equals": "equals", "not_contains": "contains", "is_not_empty": "is_empty"][op] ?? op
        guard RuntimeCondition.knownOperators.contains(op) else {
            return false
        }
        guard let value else {
            if op == "not_equals", bugs.contains(.notEqualsMissingFalse) { return false }
            return op == "is_empty" || negated
        }
        let result: Bool?
        switch (positive, value, right) {
        case ("is_empty", .string(let text), _): result = text.isEmpty
        case ("is_empty", .list(let items), _): result = items.isEmpty
        case ("equals", .string, .string?), ("equals", .number, .number?), ("equals", .bool, .bool?):
            result = value == right
        case ("contains", .string(let text), .string(let part)?): result = part.isEmpty || text.contains(part)
        case ("contains", .list(let items), let item?):
            let fits = items.isEmpty || items.contains { $0.type == item.type }
            result = fits ? items.contains(item) : nil
        case ("starts_with", .string(let text), .string(let part)?): result = text.hasPrefix(part)
        case ("ends_with", .string(let text), .string(let part)?): result = text.hasSuffix(part)
        case ("greater_than", .number(let a), .number(let b)?): result = a > b
        case ("less_than", .number(let a), .number(let b)?): result = a < b
        case ("greater_than_or_equals", .number(let a), .number(let b)?): result = a >= b
        case ("less_than_or_equals", .number(let a), .number(let b)?): result = a <= b
        default: result = nil
        }
        guard let result else {
            // A mismatch: false, and its negation true.
            return negated && !(op == "not_contains" && bugs.contains(.notContainsMismatchFalse))
        }
        return op == positive ? result : !result
    }

    // MARK: Events

    private func view(_ id: String) {
        let screens = flow.nodes.filter(\.isScreen)
        let index = screens.firstIndex { $0.id == id } ?? 0
        viewed += 1
        analytics.append(
            RuntimeEvent(
                "screen_view",
                [
                    "screen_id": .string(id), "screen_name": .string(nodesByID[id]?.name ?? ""),
                    "screen_index": .number(Double(index)),
                ]))
    }

    private func exitScreen(_ id: String) {
        analytics.append(RuntimeEvent("screen_exit", ["screen_id": .string(id)]))
    }

    private func finish(_ outcome: RuntimeOutcome) {
        if outcome == .completed { analytics.append(RuntimeEvent("flow_complete")) }
        ended = outcome
    }

    // MARK: Variables

    private func startingValue(of variable: RuntimeVariable, context: [String: RuntimeValue]) -> RuntimeValue {
        var raw: RuntimeValue?
        switch variable.source {
        case .constant(let value): raw = value
        case .sdk(let path):
            if bugs.contains(.dottedPathSplit), path.contains(".") {
                // Read as a path: the first part's object, then the rest; the context is flat, so nothing is found.
                raw = nil
            } else {
                raw = context[path]
            }
        }
        if let raw, let value = Self.convert(raw, to: variable.type, item: variable.listItemType) { return value }
        if let fallback = variable.defaultValue,
            let value = Self.convert(fallback, to: variable.type, item: variable.listItemType)
        {
            return value
        }
        return Self.zero(variable.type)
    }

    static func zero(_ type: RuntimeValueType) -> RuntimeValue {
        switch type {
        case .string: return .string("")
        case .number: return .number(0)
        case .boolean: return .bool(false)
        case .list: return .list([])
        }
    }

    static func numeric(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
            !text.hasPrefix("."), !text.hasPrefix("-."), !text.hasSuffix("."),
            text.dropFirst().allSatisfy({ $0 != "-" })
        else { return nil }
        return Double(text)
    }

    static func convert(
        _ value: RuntimeValue, to type: RuntimeValueType, item: RuntimeValueType? = nil
    ) -> RuntimeValue? {
        switch (type, value) {
        case (.string, .list): return nil
        case (.string, _): return .string(display(value))
        case (.number, .number), (.boolean, .bool): return value
        case (.number, .string(let text)): return numeric(text).map { .number($0) }
        case (.boolean, .number(let number)): return .bool(number != 0)
        case (.boolean, .string(let text)):
            if ["true", "1", "yes"].contains(text.lowercased()) { return .bool(true) }
            if ["false", "0", "no"].contains(text.lowercased()) { return .bool(false) }
            return nil
        case (.list, .list(let items)):
            guard let item else { return value }
            let converted = items.compactMap { convert($0, to: item) }
            return converted.count == items.count ? .list(converted) : nil
        default: return nil
        }
    }

    private func interpolate(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            result += rest[..<open.lowerBound]
            let key = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: " ")
            if let value = store[key] {
                result += Self.display(value)
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    static func display(_ value: RuntimeValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return items.map { display($0) }.joined(separator: ", ")
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 {
                return String(Int64(number))
            }
            return "\(number)"
        }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var slice = self[...]
        while slice.first == set { slice = slice.dropFirst() }
        while slice.last == set { slice = slice.dropLast() }
        return String(slice)
    }
}
