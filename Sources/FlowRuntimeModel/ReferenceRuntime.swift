/// The kit's reference runtime: runs a flow the way <doc:Runtime> says, one step at a time, and notes the rules
/// each step went through. A pure value: no clock, no I/O; the random draws for abTest nodes are given.
public struct ReferenceRuntime: Sendable {
    /// The most logic nodes one walk passes before it gives up with an error (RUN-CYCLE).
    public static let maxLogicVisits = 100

    /// The flow being run.
    public let flow: RuntimeFlow
    /// The app's context: flat keys to values.
    public let context: [String: RuntimeValue]
    /// The numbers in [0, 1) that pick variants, used in order and from the first again when spent.
    public let draws: [Double]

    private var drawIndex = 0
    private var startingValues: [String: RuntimeValue] = [:]
    package private(set) var variables: [String: RuntimeValue] = [:]
    private var history: [String] = []
    private var assignments: [String: String] = [:]
    private var outcome: RuntimeOutcome?
    private var shownAny = false
    private var events: [RuntimeEvent] = []
    private var rules = RuleList()
    private var decisions = DecisionLog(flip: .none)
    private var writes: [String: RuleList] = [:]
    private var lastTouches: [String: RuleList] = [:]

    /// Variants chosen from outside, by experiment key: an implementation that cannot take the kit's draws picks
    /// its own, and the reference follows the pick when the variant has a share (a positive weight, or any when
    /// every weight is zero), drawing nothing for it. Stickiness, exposure and the walk are then compared exactly.
    public var pinned: [String: String] = [:]

    /// The choices the next step makes the other way; none by default. The suite sets it to tell which choice an
    /// implementation made otherwise.
    public var flip = Flip.none

    /// Which choices a step makes the other way.
    public enum Flip: Hashable, Sendable {
        /// None: the reference's own step.
        case none
        /// The choice at this index of the step's ``Step/decisions``.
        case choice(Int)
        /// Every choice made under this rule, each the same other way (`way`: for RUN-EDGE-PRIORITY 0 leaves the
        /// priorities out, 1 lets the lowest win), as a runtime that gets the rule wrong everywhere would.
        case rule(String, way: Int)
    }

    /// A runtime for `flow`, not started.
    public init(flow: RuntimeFlow, context: [String: RuntimeValue] = [:], draws: [Double] = []) {
        self.flow = flow
        self.context = context
        self.draws = draws
    }

    /// One step's result: what the runtime shows after it and the rules it went through.
    public struct Step: Hashable, Sendable {
        /// The observation after the step.
        public var observation: RuntimeObservation
        /// The rules the step went through, in order, each once.
        public var rules: [String]
        /// The rule of each choice the step made that could have gone the other way, in order (see ``flip``).
        public var decisions: [String]
        /// The rules each variable written (or refused) in the step went through, by key.
        public var writes: [String: [String]]
        /// The rules of the last write (or refusal) of each variable in the step, by key: what decided the value it
        /// ends the step with.
        public var lastTouches: [String: [String]] = [:]
    }

    /// Starts the flow: its variables from their sources, `flow_start`, then the walk from the entry node.
    public mutating func start() -> Step {
        begin()
        fire(RuntimeEvent("flow_start", ["flow_id": .string(flow.id)]), .runEventStart)
        resolveVariables()
        if flow.node(flow.entry) != nil {
            rules.add(.runStart)
            walk(from: flow.entry)
        } else if let fallback = flow.nodes.first(where: \.isScreen) ?? flow.nodes.first {
            rules.add(.runStartFallback)
            walk(from: fallback.id)
        } else {
            rules.add(.runNoScreen)
            end(.error)
        }
        return step()
    }

    /// Runs one interaction's action list, top to bottom; the rest of the list is skipped once the flow ends.
    public mutating func act(_ actions: [RuntimeAction]) -> Step {
        begin()
        if actions.count > 1 { rules.add(.runActionOrder) }
        for (index, action) in actions.enumerated() {
            guard outcome == nil else {
                // The actions not run: a variable they would have set is named with the rule that kept it.
                let rule = index == 0 ? String.runEnded : .runCloseRest
                rules.add(rule)
                for case .setVariable(let key, _, _) in actions[index...] {
                    touch(key)
                    note(rule, for: key)
                }
                break
            }
            perform(action)
        }
        return step()
    }

    private mutating func begin() {
        events = []
        rules = RuleList()
        decisions = DecisionLog(flip: flip)
        writes = [:]
        lastTouches = [:]
    }

    private func step() -> Step {
        var rules = rules
        let screen = outcome == nil ? history.last : nil
        var texts: [String] = []
        if let screen, case .screen(let raw)? = flow.node(screen)?.kind {
            texts = raw.map { RuntimeInterpolation.render($0, variables: variables, rules: &rules) }
        }
        let observation = RuntimeObservation(
            screen: screen, history: history, texts: texts, variables: variables, assignments: assignments,
            events: events, outcome: outcome)
        return Step(
            observation: observation, rules: rules.ids, decisions: decisions.rules,
            writes: writes.mapValues(\.ids), lastTouches: lastTouches.mapValues(\.ids))
    }

    // MARK: Actions

    private mutating func perform(_ action: RuntimeAction) {
        guard let current = history.last else { return }
        switch action {
        case .goNext:
            let next = follow(current)
            leaveScreen(current)
            guard let next else {
                rules.add(.runComplete)
                complete()
                return
            }
            rules.add(.runNextEdge)
            walk(from: next)
        case .goBack:
            guard history.count > 1 else {
                rules.add(.runBackDismiss)
                leaveScreen(current)
                fire(RuntimeEvent("flow_exit", ["screen_id": .string(current)]), .runEventEnd)
                end(.dismissed)
                return
            }
            rules.add(.runBack)
            leaveScreen(current)
            history.removeLast()
            view(history[history.count - 1])
        case .navigate(let target):
            guard flow.node(target) != nil else {
                rules.add(.runNavigateUnknown)
                return
            }
            rules.add(.runNavigate)
            leaveScreen(current)
            walk(from: target)
        case .closeFlow:
            rules.add(.runClose)
            leaveScreen(current)
            complete()
        case .setVariable(let key, let operation, let value):
            set(key, operation, value)
        }
    }

    private mutating func set(_ key: String, _ operation: String, _ value: RuntimeValue?) {
        touch(key)
        guard let declaration = flow.variable(key), let old = variables[key] else {
            note(.runSetUnknown, for: key)
            return
        }
        guard declaration.writable else {
            note(.runSetWritable, for: key)
            return
        }
        // `set` is the operation the editor's pages name; the others are the kit's list.
        note(operation == "set" ? .runSetValue : .runSetOp, for: key)
        let amount = value?.converted(to: .number).flatMap { if case .number(let n) = $0 { n } else { nil } }
        let item = declaration.listItemType.flatMap { value?.converted(to: $0) }
        var new: RuntimeValue?
        switch (operation, old) {
        case ("set", _):
            new = value?.converted(to: declaration.type, itemType: declaration.listItemType)
            if let new, new != value { note(.runVarCoerce, for: key) }
        case ("toggle", .bool(let flag)): new = .bool(!flag)
        case ("increment", .number(let number)): new = .number(number + (value == nil ? 1 : amount ?? .nan))
        case ("decrement", .number(let number)): new = .number(number - (value == nil ? 1 : amount ?? .nan))
        case ("multiply", .number(let number)): new = amount.map { .number(number * $0) }
        case ("divide", .number(let number)):
            if amount == 0 { note(.runSetDivZero, for: key) }
            new = amount.flatMap { $0 == 0 ? nil : .number(number / $0) }
        case ("append", .list(let items)): new = item.map { .list(items + [$0]) }
        case ("remove", .list(let items)): new = item.map { removed in .list(items.filter { $0 != removed }) }
        case ("reset", _): new = startingValues[key]
        default: new = nil
        }
        // An amount that is not a number leaves the value as it was.
        if case .number(let number)? = new, number.isNaN { new = nil }
        if let new { variables[key] = new }
    }

    // MARK: The walk

    /// Goes from `id` through logic nodes until a screen shows or the flow ends.
    private mutating func walk(from id: String) {
        var current = id
        var visits = 0
        while true {
            guard let node = flow.node(current) else {
                finish()
                return
            }
            if case .screen = node.kind {
                history.append(node.id)
                view(node.id)
                return
            }
            visits += 1
            guard visits <= Self.maxLogicVisits else {
                rules.add(.runCycle)
                end(.error)
                return
            }
            guard let next = leave(node) else {
                finish()
                return
            }
            current = next
        }
    }

    /// Evaluates a logic node and gives the node it leads to, if any.
    private mutating func leave(_ node: RuntimeNode) -> String? {
        switch node.kind {
        case .screen: return nil
        case .condition(let condition):
            let lookup = variables
            var conditionRules = RuleList()
            let holds = condition.evaluate(
                lookup: { lookup[$0] }, depth: 0, rules: &conditionRules, decisions: &decisions)
            rules.add(conditionRules.ids)
            rules.add(.runCondBranch)
            if let branch = follow(node.id, kinds: [holds ? .conditionTrue : .conditionFalse]) { return branch }
            rules.add(.runCondMissingEdge)
            return decisions.decide(.runCondMissingEdge) ? nil : follow(node.id)
        case .assign(let assignments):
            rules.add(.runAssign)
            for assignment in assignments { assign(assignment) }
            return follow(node.id)
        case .abTest(let key, let offered):
            // A variant whose target names no node is left out, as if it were not there (RUN-EDGE-DANGLING).
            let variants = offered.filter { flow.node($0.targetNodeId) != nil }
            if variants.count < offered.count { rules.add(.runEdgeDangling) }
            guard !variants.isEmpty else {
                rules.add(.runAbEmpty)
                return follow(node.id)
            }
            let variant: RuntimeNode.Variant
            if let assigned = assignments[key] {
                // A key assigned a variant this node does not offer keeps it: the node's normal edge, no draw.
                guard let sticky = variants.first(where: { $0.id == assigned }) else {
                    rules.add(.runAbEmpty)
                    // Flipped, the node draws among its own variants: the key reassigned and exposed again.
                    var drawn: RuntimeNode.Variant?
                    for variant in variants where decisions.decide(.runAbEmpty) { drawn = variant }
                    guard let drawn else { return follow(node.id) }
                    assignments[key] = drawn.id
                    fire(exposure(key, drawn), .runAbEmpty)
                    return drawn.targetNodeId
                }
                rules.add(.runAbSticky)
                variant = choice(among: variants, picked: sticky, rule: .runAbSticky)
                // Flipped, stickiness is a draw on every visit: the key reassigned and exposed again.
                if variant.id != sticky.id {
                    assignments[key] = variant.id
                    fire(exposure(key, variant), .runAbSticky)
                }
            } else {
                variant = pinnedVariant(key, variants) ?? pick(variants)
                assignments[key] = variant.id
                fire(exposure(key, variant), .runAbExposure)
            }
            return variant.targetNodeId
        case .unsupported:
            rules.add(.runUnsupported)
            return decisions.decide(.runUnsupported) ? nil : follow(node.id)
        }
    }

    /// The node the edge chosen among `id`'s edges of `kinds` leads to; each edge rule that decided the choice is a
    /// choice of its own, whose flip takes the edge chosen without that rule.
    private mutating func follow(_ id: String, kinds: Set<RuntimeEdge.Kind> = [.normal]) -> String? {
        let (next, edgeRules, alternatives) = choose(from: id, kinds: kinds)
        rules.add(edgeRules)
        var target = next
        for (rule, way, alternative) in alternatives where decisions.decide(rule, way: way) { target = alternative }
        return target
    }

    /// `picked`, or when this choice is flipped another of `variants` (each other one a choice of its own).
    private func exposure(_ key: String, _ variant: RuntimeNode.Variant) -> RuntimeEvent {
        RuntimeEvent(
            "experiment_exposure",
            [
                "experiment_id": .string(key), "variant_id": .string(variant.id),
                "variant_name": .string(variant.label),
            ])
    }

    private mutating func choice(
        among variants: [RuntimeNode.Variant], picked: RuntimeNode.Variant, rule: String
    ) -> RuntimeNode.Variant {
        var chosen = picked
        for other in variants where other.id != picked.id && decisions.decide(rule) { chosen = other }
        return chosen
    }

    private mutating func assign(_ assignment: RuntimeNode.Assignment) {
        let lookup = variables
        let evaluation = RuntimeExpression.evaluate(assignment.expression) { lookup[$0] }
        rules.add(evaluation.rules)
        let key = assignment.variableKey
        touch(key)
        writes[key, default: RuleList()].add(evaluation.rules)
        lastTouches[key, default: RuleList()].add(evaluation.rules)
        guard let declaration = flow.variable(key) else {
            note(.runSetUnknown, for: key)
            return
        }
        note(.runAssign, for: key)
        guard let value = evaluation.value?.converted(to: declaration.type, itemType: declaration.listItemType)
        else {
            note(.runAssignNoValue, for: key)
            return
        }
        if value != evaluation.value { note(.runVarCoerce, for: key) }
        variables[key] = value
    }

    /// The variant the next draw picks: weights are shares of their sum; when every weight is zero, all are equal.
    /// The variant ``pinned`` gives `key`, when it is one with a share: a positive weight, or any when every weight
    /// is zero.
    private mutating func pinnedVariant(_ key: String, _ variants: [RuntimeNode.Variant]) -> RuntimeNode.Variant? {
        guard let id = pinned[key], let variant = variants.first(where: { $0.id == id }) else { return nil }
        let allZero = variants.allSatisfy { $0.weight <= 0 }
        guard variant.weight > 0 || allZero else { return nil }
        rules.add(allZero ? .runAbZero : .runAbWeights)
        return variant
    }

    private mutating func pick(_ variants: [RuntimeNode.Variant]) -> RuntimeNode.Variant {
        let draw = draws.isEmpty ? 0 : draws[drawIndex % draws.count]
        drawIndex += 1
        var weights = variants.map { Swift.max($0.weight, 0) }
        let allZero = weights.allSatisfy { $0 == 0 }
        if allZero {
            rules.add(.runAbZero)
            weights = weights.map { _ in 1 }
        } else {
            rules.add(.runAbWeights)
        }
        let target = draw * weights.reduce(0, +)
        var cumulative = 0.0
        var picked = variants[variants.count - 1]
        for (index, weight) in weights.enumerated() {
            cumulative += weight
            if target < cumulative {
                picked = variants[index]
                break
            }
        }
        return choice(among: variants, picked: picked, rule: allZero ? .runAbZero : .runAbWeights)
    }

    /// The edge to follow among `from`'s edges of `kinds`: edges to no node left out, then edges whose guard does not
    /// hold, then the highest priority, the first in document order among equals. Each rule is noted when it
    /// decided the choice: when leaving it out would have chosen another edge.
    private func choose(
        from id: String, kinds: Set<RuntimeEdge.Kind>
    ) -> (String?, [String], [(rule: String, way: Int, target: String?)]) {
        var rules = RuleList()
        let lookup = variables
        let outgoing = flow.edges.filter { $0.from == id }
        // Every outgoing edge's guard, evaluated once; only the edges of `kinds` count toward the rules.
        let holds = outgoing.map { edge -> Bool in
            // An empty guard is no guard, as an editor that saves `""` for none means it.
            guard let guardExpression = edge.guardExpression,
                guardExpression.unicodeScalars.contains(where: { !" \t\n\r".unicodeScalars.contains($0) })
            else { return true }
            let evaluation = RuntimeExpression.evaluate(guardExpression) { lookup[$0] }
            if kinds.contains(edge.kind) { rules.add(evaluation.rules) }
            return evaluation.value == .bool(true)
        }
        func best(
            kind: Bool = true, guards: Bool = true, dangling: Bool = true, priority: Bool = true, lowest: Bool = false
        ) -> Int? {
            var chosen: Int?
            for index in outgoing.indices {
                let edge = outgoing[index]
                if kind, !kinds.contains(edge.kind) { continue }
                if guards, !holds[index] { continue }
                if dangling, flow.node(edge.to) == nil { continue }
                guard let current = chosen else {
                    chosen = index
                    continue
                }
                let (mine, theirs) = (edge.priority ?? 0, outgoing[current].priority ?? 0)
                if priority, lowest ? mine < theirs : mine > theirs { chosen = index }
            }
            return chosen
        }
        let chosen = best()
        var alternatives: [(rule: String, way: Int, target: String?)] = []
        for (rule, way, other) in [
            (String.runEdgeGuard, 0, best(guards: false)), (.runEdgePriority, 0, best(priority: false)),
            (.runEdgePriority, 1, best(lowest: true)), (.runEdgeDangling, 0, best(dangling: false)),
            (.runEdgeKind, 0, best(kind: false)),
        ] where other != chosen {
            rules.add(rule)
            alternatives.append((rule, way, other.map { outgoing[$0].to }))
        }
        return (chosen.map { outgoing[$0].to }, rules.ids, alternatives)
    }

    // MARK: Events and endings

    private mutating func view(_ id: String) {
        shownAny = true
        let screens = flow.nodes.filter(\.isScreen)
        let index = screens.firstIndex { $0.id == id } ?? 0
        fire(
            RuntimeEvent(
                "screen_view",
                [
                    "screen_id": .string(id), "screen_name": .string(flow.node(id)?.name ?? ""),
                    "screen_index": .number(Double(index)),
                ]), .runEventView)
    }

    private mutating func leaveScreen(_ id: String) {
        fire(RuntimeEvent("screen_exit", ["screen_id": .string(id)]), .runEventExit)
    }

    /// The walk found no edge: the end of the flow if a screen was shown, an error if none ever was.
    private mutating func finish() {
        guard shownAny else {
            rules.add(.runNoScreen)
            end(.error)
            return
        }
        rules.add(.runComplete)
        complete()
    }

    private mutating func complete() {
        fire(RuntimeEvent("flow_complete"), .runEventEnd)
        end(.completed)
    }

    private mutating func end(_ ending: RuntimeOutcome) {
        outcome = ending
        rules.add(.runOutcome)
    }

    private mutating func fire(_ event: RuntimeEvent, _ rule: String) {
        if !events.isEmpty { rules.add(.runEventOrder) }
        events.append(event)
        rules.add(rule)
    }

    // MARK: Variables

    /// Begins a write (or refusal) of `key`: what it notes replaces the last one's rules.
    private mutating func touch(_ key: String) { lastTouches[key] = RuleList() }

    /// Notes a rule a variable's write (or its refusal) went through.
    private mutating func note(_ rule: String, for key: String) {
        rules.add(rule)
        writes[key, default: RuleList()].add(rule)
        lastTouches[key, default: RuleList()].add(rule)
    }

    private mutating func resolveVariables() {
        for declaration in flow.variables where variables[declaration.key] == nil {
            var value: RuntimeValue?
            let key = declaration.key
            switch declaration.source {
            case .constant(let constant):
                value = constant?.converted(to: declaration.type, itemType: declaration.listItemType)
                if value != nil { note(value == constant ? .runVarSource : .runVarCoerce, for: key) }
            case .sdk(let path):
                if path.contains(".") { note(.runVarContextKey, for: key) }
                if let raw = context[path] {
                    value = raw.converted(to: declaration.type, itemType: declaration.listItemType)
                    note(value == raw ? .runVarSource : .runVarCoerce, for: key)
                }
            }
            if value == nil {
                note(.runVarFallback, for: key)
                value =
                    declaration.defaultValue?.converted(to: declaration.type, itemType: declaration.listItemType)
                    ?? declaration.type.zero
            }
            variables[declaration.key] = value
            startingValues[declaration.key] = value
        }
    }
}
