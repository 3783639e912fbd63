import FlowCheckCore
package import FlowRuntimeModel

/// Where an implementation's observations first differ from the reference runtime's, and which rule that breaks.
package enum RuntimeComparison {
    /// A part of an observation.
    package enum Part: String, CaseIterable, Sendable {
        case screen, history, texts, variables, assignments, events, outcome
    }

    /// The first step whose observation differs, and the rules it is blamed on.
    package struct Divergence: Sendable {
        /// The step: 0 is the start.
        package var step: Int
        /// The parts that differ.
        package var parts: [Part]
        /// The rules broken, the likeliest first.
        package var rules: [String]
        /// Other rules of the step that could explain the difference.
        package var alternatives: [String]
    }

    /// The parts of two observations that differ.
    package static func parts(_ expected: RuntimeObservation, _ actual: RuntimeObservation) -> [Part] {
        // Text is compared by its scalars: Swift's `==` would take an `é` written two ways as the same.
        func same(_ a: [String], _ b: [String]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.sameScalars(as: $1) }
        }
        var parts: [Part] = []
        if !same(expected.screen.map { [$0] } ?? [], actual.screen.map { [$0] } ?? []) { parts.append(.screen) }
        if !same(expected.history, actual.history) { parts.append(.history) }
        if !same(expected.texts, actual.texts) { parts.append(.texts) }
        if expected.variables != actual.variables { parts.append(.variables) }
        if expected.assignments != actual.assignments { parts.append(.assignments) }
        if expected.events != actual.events { parts.append(.events) }
        if expected.outcome != actual.outcome { parts.append(.outcome) }
        return parts
    }

    /// The first divergence of `actual` from the case's reference steps, if any.
    package static func firstDivergence(_ value: RuntimeCase, _ actual: [RuntimeObservation]) -> Divergence? {
        for (index, step) in value.expected.enumerated() where index < actual.count {
            let differing = parts(step.observation, actual[index])
            guard !differing.isEmpty else { continue }
            let (rules, alternatives) = blame(value, step: index, differing, actual: actual[index])
            return Divergence(step: index, parts: differing, rules: rules, alternatives: alternatives)
        }
        return nil
    }

    /// The first divergence, its rule found by asking the implementation too: an operator it evaluates otherwise
    /// (``ExpressionProbe``), a condition it tests otherwise (``ConditionProbe``), or a rule whose probe it fails
    /// (``RuleProbe``), before what the reference's flipped choices suggest.
    ///
    /// What the probes clear is not blamed: when every expression and condition of the flow evaluates as the
    /// reference's does, a walk that went elsewhere is the walk's own fault, however many flipped tests would have
    /// gone there too.
    package static func firstDivergence(
        _ value: RuntimeCase, _ actual: [RuntimeObservation], implementation: any FlowRuntimeImplementation
    ) -> Divergence? {
        guard var divergence = firstDivergence(value, actual) else { return nil }
        func blame(_ rule: String) {
            guard divergence.rules != [rule] else { return }
            divergence.alternatives = (divergence.rules + divergence.alternatives).filter { $0 != rule }
            divergence.rules = [rule]
        }
        let expected = value.expected[divergence.step]
        var cleared = Set<String>()
        if expected.rules.contains(where: { $0.hasPrefix("RUN-EXPR-") }) {
            if let rule = ExpressionProbe.rule(value, step: divergence.step, implementation: implementation) {
                blame(rule)
                return divergence
            }
            cleared.formUnion(expressionRules)
        }
        if !ConditionProbe.rules.isDisjoint(with: expected.rules) {
            if let rule = ConditionProbe.rule(value, step: divergence.step, implementation: implementation) {
                blame(rule)
                return divergence
            }
            cleared.formUnion(ConditionProbe.rules)
        }
        if let rule = probedRule(divergence, expected: expected, cleared: cleared, implementation: implementation) {
            blame(rule)
        } else if let blamed = divergence.rules.first, cleared.contains(blamed) {
            let left = (divergence.rules + divergence.alternatives).filter { !cleared.contains($0) }
            divergence.rules = [left.first ?? fallback(Set(divergence.parts))]
            divergence.alternatives = Array(left.dropFirst())
        }
        return divergence
    }

    /// Every expression rule: ``ExpressionProbe`` answers for them.
    static let expressionRules: Set<String> = [
        .runExprArithmetic, .runExprConcat, .runExprCompare, .runExprLogic, .runExprFunction, .runExprNoValue,
        .runExprDepth,
    ]

    /// The rule a probe shows broken: of the rules that could explain the difference (those blamed from the
    /// outside first, then the others the step went through that decide a differing part, the most specific first),
    /// the first whose probe the implementation fails.
    static func probedRule(
        _ divergence: Divergence, expected: ReferenceRuntime.Step, cleared: Set<String>,
        implementation: any FlowRuntimeImplementation
    ) -> String? {
        let parts = Set(divergence.parts).subtracting([.events])
        guard !parts.isEmpty else { return nil }
        let others = specificity.filter { rule in
            expected.rules.contains(rule) && !(decides[rule] ?? []).isDisjoint(with: parts)
        }
        var candidates: [String] = []
        for rule in divergence.rules + divergence.alternatives + others
        where !cleared.contains(rule) && RuleProbes.byRule[rule] != nil && !candidates.contains(rule) {
            candidates.append(rule)
        }
        return RuleProbe.broken(
            among: candidates, implementation: implementation, capabilities: implementation.capabilities.runtime)
    }

    /// The rule of a differing part itself, when no rule the step went through decides it.
    static func fallback(_ differing: Set<Part>) -> String {
        if differing.contains(.outcome) { return .runOutcome }
        if differing.contains(.screen) || differing.contains(.history) { return .runNextEdge }
        if differing.contains(.variables) { return .runSetOp }
        if differing.contains(.assignments) { return .runAbWeights }
        return .runInterp
    }

    /// The parts the walk through the graph decides.
    static let walkParts: Set<Part> = [.screen, .history, .outcome, .assignments]

    /// The rules a divergence at `step` is blamed on, and the others of the step that could explain it.
    ///
    /// Where the walk differs, the reference redoes the step with each of its choices flipped in turn: the first
    /// choice whose flip walks where the implementation did is the one it made otherwise, and its rule is broken.
    /// A choice whose flip walks elsewhere is cleared. Where the variables differ, the rules of the writes of the
    /// variables that differ decide; where only the events differ, the events do.
    static func blame(
        _ value: RuntimeCase, step: Int, _ differing: [Part], actual: RuntimeObservation
    ) -> (rules: [String], alternatives: [String]) {
        let expected = value.expected[step]
        if differing == [.events] { return (eventRules(expected.observation.events, actual.events), []) }
        var cleared = Set<String>()
        if !walkParts.isDisjoint(with: differing) {
            var reproducing: [String] = []
            let before = runtime(value, before: step)
            func walksAsImplementation(_ flip: ReferenceRuntime.Flip) -> Bool {
                var again = before
                again.flip = flip
                let flipped = step == 0 ? again.start().observation : again.act(value.steps[step - 1]).observation
                return Set(Self.parts(flipped, actual)).isDisjoint(with: walkParts)
            }
            // A rule got wrong everywhere in the step first (a walk may choose by priority several times), then one
            // choice at a time; a walk of many logic nodes makes many choices, and the first ones are tried.
            let rules = flipPreference.filter(expected.decisions.contains)
            for rule in rules
            where (0...(rule == .runEdgePriority ? 1 : 0)).contains(where: {
                walksAsImplementation(.rule(rule, way: $0))
            }) {
                reproducing.append(rule)
            }
            // Of several rules whose flips walk as the implementation did, the one chosen first in the step: the
            // walk went wrong there, and what came after it may agree by chance.
            if reproducing.count > 1 {
                let first = { (rule: String) in expected.decisions.firstIndex(of: rule) ?? Int.max }
                reproducing.sort { first($0) < first($1) }
                return ([reproducing[0]], Array(reproducing.dropFirst()))
            }
            if reproducing.isEmpty {
                for (index, rule) in expected.decisions.enumerated().prefix(Self.flipsTried)
                where !reproducing.contains(rule) && walksAsImplementation(.choice(index)) {
                    reproducing.append(rule)
                }
            }
            cleared = Set(rules).subtracting(reproducing)
            // Of several flips that walk where the implementation did, the one of the most specific rule.
            let ranked = flipPreference.filter(reproducing.contains)
            if let first = ranked.first { return ([first], Array(ranked.dropFirst())) }
        }
        let parts = Set(differing).subtracting([.events])
        if parts.isSubset(of: [.variables, .texts]), parts.contains(.variables) {
            let keys = Set(expected.observation.variables.keys).union(actual.variables.keys).filter {
                expected.observation.variables[$0] != actual.variables[$0]
            }
            // What decided the value a variable ends the step with is its last write (or refusal): an action run
            // after the end, a refused write, an operation; earlier writes of the step come after.
            let last = keys.sorted().flatMap { expected.lastTouches[$0] ?? [] }
            if let rule = specificity.first(where: last.contains) {
                return ([rule], specificity.filter { $0 != rule && last.contains($0) })
            }
            let written = keys.sorted().flatMap { expected.writes[$0] ?? [] }
            if let rule = specificity.first(where: written.contains) {
                return ([rule], specificity.filter { $0 != rule && written.contains($0) })
            }
            // Nothing the reference did or refused touched them: the implementation ran something the reference did
            // not (logic nodes a wrong step walked through); the step's own rule is blamed, never an expression's.
            let steps = specificity.filter {
                walkRules.contains($0) && expected.rules.contains($0) && !cleared.contains($0)
            }
            if let rule = steps.first { return ([rule], Array(steps.dropFirst())) }
        }
        let candidates = specificity.filter { rule in
            expected.rules.contains(rule) && !cleared.contains(rule) && !(decides[rule] ?? []).isDisjoint(with: parts)
        }
        if let first = candidates.first { return ([first], Array(candidates.dropFirst())) }
        // No rule the step went through decides what differs: the rule of the part itself.
        if parts.contains(.outcome) { return ([.runOutcome], []) }
        if parts.contains(.screen) || parts.contains(.history) { return ([.runNextEdge], []) }
        if parts.contains(.variables) { return ([.runSetOp], []) }
        if parts.contains(.assignments) { return ([.runAbWeights], []) }
        return ([.runInterp], [])
    }

    /// How many of a step's choices are flipped, at most, to find the one an implementation made otherwise.
    static let flipsTried = 64

    /// The flow's variables declared as constants holding the values `step` started from (for the start, those the
    /// variables start at), with those values: what a probe evaluates an expression or a condition with.
    static func startingConstants(
        _ value: RuntimeCase, step: Int
    ) -> (variables: [RuntimeVariable], values: [String: RuntimeValue]) {
        let values = step == 0 ? value.expected[0].observation.variables : runtime(value, before: step).variables
        let variables = value.flow.variables.map { declared -> RuntimeVariable in
            var constant = declared
            constant.source = .constant(values[declared.key])
            return constant
        }
        return (variables, values)
    }

    /// The reference runtime as it is before `step` (0 is the start).
    static func runtime(_ value: RuntimeCase, before step: Int) -> ReferenceRuntime {
        var runtime = ReferenceRuntime(flow: value.flow, context: value.context, draws: value.draws)
        runtime.pinned = value.pinned
        guard step > 0 else { return runtime }
        _ = runtime.start()
        for actions in value.steps[..<(step - 1)] { _ = runtime.act(actions) }
        return runtime
    }

    /// The rules whose flipped choice is blamed first when several flips walk where the implementation did: a
    /// choice of an edge, of a test, of a variant before the choices that end a walk early.
    static let flipPreference: [String] =
        [
            .runEdgePriority, .runEdgeGuard, .runEdgeKind, .runEdgeDangling,
        ] + DecisionLog.leafOrder + [
            .runAbZero, .runAbSticky, .runAbEmpty, .runAbWeights, .runCondMissingEdge, .runUnsupported,
        ]

    /// The rules of a step's own action or start, as opposed to those of what the walk met on the way.
    static let walkRules: Set<String> = [
        .runStart, .runStartFallback, .runNextEdge, .runBack, .runBackDismiss, .runNavigate, .runNavigateUnknown,
        .runClose, .runCloseRest, .runEnded, .runComplete, .runCycle, .runNoScreen, .runUnsupported,
    ]

    /// What each rule decides, for picking among the rules a diverging step went through.
    static let decides: [String: Set<Part>] = {
        // A walk that goes elsewhere runs other logic nodes: the walk's rules decide the variables and the
        // experiments' assignments too.
        let walk: Set<Part> = [.screen, .history, .outcome, .texts, .variables, .assignments]
        let values: Set<Part> = [.variables, .texts]
        var table: [String: Set<Part>] = [:]
        for rule in [
            String.runStart, .runStartFallback, .runNextEdge, .runEdgeKind, .runEdgeGuard, .runEdgePriority,
            .runEdgeDangling, .runComplete, .runBack, .runBackDismiss, .runNavigate, .runNavigateUnknown, .runClose,
            .runCondBranch, .runCondMissingEdge, .runCondExpression, .runCondOps, .runCondLogic, .runCondMissingVar,
            .runCondMismatch, .runCondUnknownOp, .runUnsupported, .runCycle, .runNoScreen, .runOutcome,
        ] {
            table[rule] = walk
        }
        for rule in [
            String.runAssign, .runAssignNoValue, .runSetValue, .runSetOp, .runSetWritable, .runSetUnknown,
            .runSetDivZero,
            .runVarSource, .runVarFallback, .runVarCoerce, .runVarContextKey,
        ] {
            table[rule] = values
        }
        for rule in [
            String.runExprArithmetic, .runExprConcat, .runExprCompare, .runExprLogic, .runExprFunction,
            .runExprNoValue, .runExprDepth, .runActionOrder, .runCloseRest, .runEnded,
        ] {
            table[rule] = walk.union(values)
        }
        for rule in [String.runAbWeights, .runAbZero, .runAbSticky, .runAbEmpty] {
            table[rule] = walk.union([.assignments])
        }
        table[.runInterp] = [.texts]
        table[.runInterpUnknown] = [.texts]
        return table
    }()

    /// The rules from the most specific to the most general: of the rules a diverging step went through that decide
    /// a differing part, the first here is blamed.
    static let specificity: [String] = [
        .runCycle, .runNoScreen, .runAbZero, .runAbEmpty, .runAbSticky, .runAbWeights, .runCondUnknownOp,
        .runCondMissingVar, .runCondMismatch, .runExprDepth, .runExprNoValue, .runExprFunction, .runExprConcat,
        .runExprArithmetic, .runExprCompare, .runExprLogic, .runCondExpression, .runCondLogic, .runCondOps,
        .runCondMissingEdge, .runCondBranch, .runSetDivZero, .runSetUnknown, .runSetWritable, .runVarCoerce,
        .runSetValue, .runSetOp, .runAssignNoValue, .runAssign, .runVarContextKey, .runVarFallback, .runVarSource,
        .runInterpUnknown, .runInterp, .runEdgeDangling, .runEdgeGuard, .runEdgePriority, .runEdgeKind,
        .runUnsupported, .runNavigateUnknown, .runCloseRest, .runEnded, .runBackDismiss, .runBack, .runNavigate,
        .runClose, .runComplete, .runStartFallback, .runStart, .runNextEdge, .runActionOrder, .runOutcome,
    ]

    /// The rules a divergence is blamed on, and the others of its step that could explain it.
    static func blame(
        _ differing: [Part], expected: ReferenceRuntime.Step, actual: RuntimeObservation
    ) -> (rules: [String], alternatives: [String]) {
        if differing == [.events] { return (eventRules(expected.observation.events, actual.events), []) }
        let parts = Set(differing).subtracting([.events])
        let candidates = specificity.filter { rule in
            expected.rules.contains(rule) && !(decides[rule] ?? []).isDisjoint(with: parts)
        }
        if let first = candidates.first { return ([first], Array(candidates.dropFirst())) }
        // No rule the step went through decides what differs: the rule of the part itself.
        if parts.contains(.outcome) { return ([.runOutcome], []) }
        if parts.contains(.screen) || parts.contains(.history) { return ([.runNextEdge], []) }
        if parts.contains(.variables) { return ([.runSetOp], []) }
        if parts.contains(.assignments) { return ([.runAbWeights], []) }
        return ([.runInterp], [])
    }

    /// The event rule a difference in events alone breaks: the order, when the same events fired in another order;
    /// otherwise the rule of the first event that is missing, extra or different.
    static func eventRules(_ expected: [RuntimeEvent], _ actual: [RuntimeEvent]) -> [String] {
        let written = { (events: [RuntimeEvent]) in events.map(\.description).sorted() }
        if written(expected) == written(actual) { return [.runEventOrder] }
        var unmatched = actual
        var culprit: RuntimeEvent?
        for event in expected {
            if let index = unmatched.firstIndex(of: event) {
                unmatched.remove(at: index)
            } else if culprit == nil {
                culprit = event
            }
        }
        guard let event = culprit ?? unmatched.first else { return [.runEventOrder] }
        switch event.name {
        case "flow_start": return [.runEventStart]
        case "screen_view": return [.runEventView]
        case "screen_exit": return [.runEventExit]
        case "experiment_exposure": return [.runAbExposure]
        default: return [.runEventEnd]
        }
    }
}
