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
    /// Whether it picks variants with random numbers of its own instead of the kit's draws, as a runtime without an
    /// injectable random source does (`injectableRandom: false`).
    package let ownRandom: Bool
    /// Its own random numbers: a SplitMix64 state (a fixed start, so that the kit's own tests are repeatable).
    private var randomState: UInt64 = 0x2545_F491_4F6C_DD1D

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

    package init(bugs: Set<RuntimeBug> = [], ownRandom: Bool = false) {
        self.bugs = bugs
        self.ownRandom = ownRandom
    }

    package func makeWorker() -> SampleFlowRunner { SampleFlowRunner(bugs: bugs, ownRandom: ownRandom) }

    package var info: ImplementationInfo {
        let planted = RuntimeBug.allCases.filter(bugs.contains).map(\.rawValue)
        let name = ownRandom ? "sample runtime with its own random numbers" : "sample runtime"
        return ImplementationInfo(
            name: planted.isEmpty ? name : "\(name) (mutant \(planted.joined(separator: ", ")))",
            version: KitInfo.current.version, language: "Swift")
    }

    package var capabilities: Capabilities {
        var declared = Capabilities(suites: [.runtime])
        declared.runtime = RuntimeCapabilities(injectableRandom: !ownRandom)
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
        if nodesByID[entry] == nil {
            if bugs.contains(.noEntryFallback) {
                entry = ""
            } else {
                entry = (flow.nodes.first { $0.isScreen } ?? flow.nodes.first)?.id ?? ""
            }
        }
        if entry.isEmpty {
            ended = .error
        } else {
            go(to: entry)
        }
        return observe()
    }

    package func act(_ actions: [RuntimeAction]) throws -> RuntimeObservation {
        analytics = []
        let endedBefore = ended != nil
        for action in actions {
            if ended != nil, endedBefore || !bugs.contains(.actionsAfterCloseRun) { break }
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
        if ended != nil {
            // Only the planted bug gets here: an action list going on after closeFlow.
            if case .setVariable(let key, let operation, let value) = action { set(key, operation, value) }
            return
        }
        guard let current = backStack.last else { return }
        switch action {
        case .goNext:
            let next = edge(from: current, kinds: [.normal])
            exitScreen(current)
            if let next { go(to: next) } else { finish(.completed) }
        case .goBack:
            guard backStack.count > 1 else {
                if bugs.contains(.backOnFirstIgnored) { return }
                exitScreen(current)
                analytics.append(RuntimeEvent("flow_exit", ["screen_id": .string(current)]))
                ended = .dismissed
                return
            }
            exitScreen(current)
            backStack.removeLast()
            let previous = backStack[backStack.count - 1]
            if nodesByID[previous]?.isScreen ?? false {
                view(previous)
            } else {
                // Only the planted bug keeps logic nodes here: back onto one runs it again.
                backStack.removeLast()
                go(to: previous)
            }
        case .navigate(let target):
            guard nodesByID[target] != nil else {
                if bugs.contains(.navigateUnknownCompletes) {
                    exitScreen(current)
                    finish(.completed)
                }
                return
            }
            exitScreen(current)
            go(to: target)
        case .closeFlow:
            exitScreen(current)
            if bugs.contains(.closeReportedDismissed) {
                analytics.append(RuntimeEvent("flow_exit", ["screen_id": .string(current)]))
                ended = .dismissed
            } else {
                finish(.completed)
            }
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
            if let value, !bugs.contains(.setIgnored),
                let new = Self.convert(value, to: variable.type, item: variable.listItemType)
            {
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
            if bugs.contains(.removeFirstOnly) {
                if let index = items.firstIndex(of: item) { items.remove(at: index) }
            } else {
                items.removeAll { $0 == item }
            }
            store[key] = .list(items)
        case ("reset", _): store[key] = bugs.contains(.resetToZero) ? Self.zero(variable.type) : initial[key]
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
                // Only a planted bug follows an edge to nowhere.
                ended = .error
                return
            }
            if case .screen = current.kind {
                backStack.append(node)
                view(node)
                return
            }
            hops += 1
            if hops > ReferenceRuntime.maxLogicVisits {
                if bugs.contains(.cycleCompletes) { finish(.completed) } else { ended = .error }
                return
            }
            if bugs.contains(.logicInHistory) { backStack.append(node) }
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
            guard let holds = test(condition, depth: 0) else {
                ended = .error
                return nil
            }
            if let branch = edge(from: node.id, kinds: [holds ? .conditionTrue : .conditionFalse]) { return branch }
            return bugs.contains(.missingBranchEnds) ? nil : edge(from: node.id, kinds: [.normal])
        case .assign(let assignments):
            for assignment in assignments {
                guard let variable = flow.variables.first(where: { $0.key == assignment.variableKey }),
                    let value = SampleExpression(bugs: bugs, variables: store).evaluate(assignment.expression),
                    let converted = Self.convert(value, to: variable.type, item: variable.listItemType)
                else { continue }
                store[variable.key] = converted
            }
            return edge(from: node.id, kinds: [.normal])
        case .abTest(let key, let offered):
            // Variants leading nowhere are left out; only the planted bug keeps them.
            let variants = offered.filter { nodesByID[$0.targetNodeId] != nil || bugs.contains(.danglingFollowed) }
            guard !variants.isEmpty else { return edge(from: node.id, kinds: [.normal]) }
            let chosen: RuntimeNode.Variant
            if let assigned = experiments[key], !bugs.contains(.abNotSticky) {
                // A key assigned a variant this node does not offer keeps it and takes the normal edge.
                guard let sticky = variants.first(where: { $0.id == assigned }) else {
                    return edge(from: node.id, kinds: [.normal])
                }
                chosen = sticky
                if bugs.contains(.exposureEveryVisit) { expose(key, chosen) }
            } else {
                guard let picked = pick(variants) else { return edge(from: node.id, kinds: [.normal]) }
                experiments[key] = picked.id
                chosen = picked
                expose(key, chosen)
            }
            return chosen.targetNodeId
        case .unsupported:
            return bugs.contains(.unsupportedEnds) ? nil : edge(from: node.id, kinds: [.normal])
        }
    }

    private func expose(_ key: String, _ variant: RuntimeNode.Variant) {
        analytics.append(
            RuntimeEvent(
                "experiment_exposure",
                [
                    "experiment_id": .string(key), "variant_id": .string(variant.id),
                    "variant_name": .string(variant.label),
                ]))
    }

    private func pick(_ variants: [RuntimeNode.Variant]) -> RuntimeNode.Variant? {
        let draw = ownRandom ? nextRandom() : draws.isEmpty ? 0 : draws[drawsUsed % draws.count]
        drawsUsed += 1
        var weights = variants.map { $0.weight > 0 ? $0.weight : 0 }
        let total = weights.reduce(0, +)
        if total == 0 {
            if bugs.contains(.zeroWeightsNeverPicked) { return nil }
            weights = Array(repeating: 1, count: variants.count)
        }
        let point = draw * (bugs.contains(.weightsAsPercentages) && total > 0 ? 100 : weights.reduce(0, +))
        var upTo = 0.0
        for (variant, weight) in zip(variants, weights) {
            upTo += weight
            if point < upTo { return variant }
        }
        return variants.last
    }

    /// A number in [0, 1) from its own generator (SplitMix64).
    private func nextRandom() -> Double {
        randomState &+= 0x9E37_79B9_7F4A_7C15
        var mixed = randomState
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(UInt64(1) << 53)
    }

    /// The target of the edge goNext (or a logic node) follows among `from`'s edges of `kinds`.
    private func edge(from id: String, kinds: Set<RuntimeEdge.Kind>) -> String? {
        var best: RuntimeEdge?
        for edge in flow.edges where edge.from == id {
            if !bugs.contains(.edgeKindIgnored) || kinds != [.normal] {
                guard kinds.contains(edge.kind) else { continue }
            }
            guard nodesByID[edge.to] != nil || bugs.contains(.danglingFollowed) else { continue }
            if let guardText = edge.guardExpression, !guardText.allSatisfy(\.isWhitespace),
                !bugs.contains(.guardIgnored)
            {
                guard SampleExpression(bugs: bugs, variables: store).evaluate(guardText) == .bool(true) else {
                    continue
                }
            }
            guard let current = best else {
                best = edge
                continue
            }
            if bugs.contains(.priorityIgnored) { continue }
            let (mine, theirs) = (edge.priority ?? 0, current.priority ?? 0)
            if bugs.contains(.priorityLowestWins) ? mine < theirs : mine > theirs { best = edge }
        }
        return best?.to
    }

    /// Whether `condition` holds, or `nil` where the planted bug throws.
    private func test(_ condition: RuntimeCondition, depth: Int) -> Bool? {
        if depth >= RuntimeCondition.maxDepth { return false }
        switch condition {
        case .expression(let text):
            return SampleExpression(bugs: bugs, variables: store).evaluate(text) == .bool(true)
        case .all(let members):
            var result = true
            for member in members {
                guard let holds = test(member, depth: depth + 1) else { return nil }
                result = result && holds
            }
            return result
        case .any(let members):
            var result = false
            for member in members {
                guard let holds = test(member, depth: depth + 1) else { return nil }
                result = result || holds
            }
            return result
        case .not(let inner): return test(inner, depth: depth + 1).map { !$0 }
        case .test(let op, let key, let right):
            return compare(op, store[key], right)
        }
    }

    private func compare(_ op: String, _ value: RuntimeValue?, _ right: RuntimeValue?) -> Bool? {
        let negated = op == "not_equals" || op == "not_contains"
        let positive = ["not_equals": "equals", "not_contains": "contains", "is_not_empty": "is_empty"][op] ?? op
        guard RuntimeCondition.knownOperators.contains(op) else {
            return bugs.contains(.unknownOperatorThrows) ? nil : false
        }
        guard let value else {
            if bugs.contains(.missingVariableThrows) { return nil }
            if op == "not_equals", bugs.contains(.notEqualsMissingFalse) { return false }
            return op == "is_empty" || negated
        }
        let result: Bool?
        switch (positive, value, right) {
        case ("is_empty", .string(let text), _): result = text.isEmpty
        case ("is_empty", .list(let items), _): result = items.isEmpty
        case ("equals", .string, .string?), ("equals", .number, .number?), ("equals", .bool, .bool?):
            result = value == right
        case ("contains", .string(let text), .string(let part)?): result = text.scalarsContain(part)
        case ("contains", .list(let items), let item?):
            let fits = items.isEmpty || items.contains { $0.type == item.type }
            result = fits ? items.contains(item) : nil
        case ("starts_with", .string(let text), .string(let part)?): result = text.scalarsHavePrefix(part)
        case ("ends_with", .string(let text), .string(let part)?): result = text.scalarsHaveSuffix(part)
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
        let index = bugs.contains(.screenIndexCountsViews) ? viewed : screens.firstIndex { $0.id == id } ?? 0
        viewed += 1
        let event = RuntimeEvent(
            "screen_view",
            [
                "screen_id": .string(id), "screen_name": .string(nodesByID[id]?.name ?? ""),
                "screen_index": .number(Double(index)),
            ])
        if bugs.contains(.viewBeforeExit), let exit = analytics.lastIndex(where: { $0.name == "screen_exit" }) {
            analytics.insert(event, at: exit)
        } else {
            analytics.append(event)
        }
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
        if bugs.contains(.numericStringsNotCoerced), variable.type == .number, case .string = raw { raw = nil }
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
        case (.string, _): return .string(display(value, []))
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
                result += Self.display(value, bugs)
            } else if bugs.contains(.unknownTokenKept) {
                result += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// How a value shows in an expression's concatenation (the interpolation's bug is not planted there).
    static func display(_ value: RuntimeValue) -> String { display(value, []) }

    static func display(_ value: RuntimeValue, _ bugs: Set<RuntimeBug>) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return items.map { display($0, bugs) }.joined(separator: ", ")
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15, !bugs.contains(.wholeNumbersWithFraction) {
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
