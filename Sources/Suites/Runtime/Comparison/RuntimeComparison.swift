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
        var parts: [Part] = []
        if expected.screen != actual.screen { parts.append(.screen) }
        if expected.history != actual.history { parts.append(.history) }
        if expected.texts != actual.texts { parts.append(.texts) }
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
            let (rules, alternatives) = blame(differing, expected: step, actual: actual[index])
            return Divergence(step: index, parts: differing, rules: rules, alternatives: alternatives)
        }
        return nil
    }

    /// What each rule decides, for picking among the rules a diverging step went through.
    static let decides: [String: Set<Part>] = {
        let walk: Set<Part> = [.screen, .history, .outcome, .texts]
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
            String.runAssign, .runAssignNoValue, .runSetOp, .runSetWritable, .runSetUnknown, .runSetDivZero,
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
        .runCondMissingEdge, .runCondBranch, .runSetDivZero, .runSetUnknown, .runSetWritable, .runSetOp,
        .runAssignNoValue, .runAssign, .runVarContextKey, .runVarCoerce, .runVarFallback, .runVarSource,
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
