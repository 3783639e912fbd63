package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import FlowRuntimeModel
package import JSON
package import PropertyTesting
package import Foundation
package import GoldenCorpus

/// The runtime suite: flows of screens and logic nodes started with a context and run through the user's action
/// lists, with what the runtime shows (screen, history, texts, variables, experiments, events, outcome) diffed
/// against the reference runtime after every step (RUN- rules).
package struct RuntimeSuite: ConformanceSuite {
    package var suite: Suite { .runtime }
    package var summary: String { "how a flow runs: edges, logic nodes, variables, events and outcomes (RUN- rules)" }
    package var unit: UnitCount.Unit { .step }
    package var seedSalt: UInt64 { 5 }
    package var rules: [Rule] { RuntimeRules.all }
    package var requiredProtocol: String { "FlowRuntimeImplementation" }

    /// Creates the suite.
    package init() {}

    package func subject(_ implementation: any Implementation) -> (any FlowRuntimeImplementation)? {
        implementation as? any FlowRuntimeImplementation
    }

    package func problem(with capabilities: Capabilities) -> String? {
        do {
            _ = try capabilities.section(RuntimeCapabilities.self)
        } catch {
            return "\(error)"
        }
        if !capabilities.runtime.actions.contains("goNext") {
            return "it does not declare goNext, which every flow uses"
        }
        return nil
    }

    package func notCertified(_ capabilities: Capabilities) -> [String] {
        let runtime = capabilities.runtime
        var result = RuntimeCapabilities.knownNodes.filter { !runtime.nodes.contains($0) }.map {
            "\($0) nodes (not declared)"
        }
        result += RuntimeCapabilities.knownActions.filter { !runtime.actions.contains($0) }.map {
            "the \($0) action (not declared)"
        }
        return result
    }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        let runtime = capabilities.runtime
        var out: Set<String> = []
        if !runtime.nodes.contains("condition") {
            out.formUnion([
                .runCondBranch, .runCondMissingEdge, .runCondExpression, .runCondOps, .runCondLogic,
                .runCondMissingVar, .runCondMismatch, .runCondUnknownOp,
            ])
        }
        if !runtime.nodes.contains("assign") { out.formUnion([.runAssign, .runAssignNoValue]) }
        if !runtime.nodes.contains("abTest") {
            out.formUnion([.runAbWeights, .runAbZero, .runAbSticky, .runAbExposure, .runAbEmpty])
        }
        if !runtime.actions.contains("goBack") { out.formUnion([.runBack, .runBackDismiss]) }
        if !runtime.actions.contains("navigate") { out.formUnion([.runNavigate, .runNavigateUnknown]) }
        if !runtime.actions.contains("closeFlow") { out.insert(.runClose) }
        if !runtime.actions.contains("setVariable") {
            out.formUnion([.runSetValue, .runSetOp, .runSetWritable, .runSetDivZero])
            // An undeclared variable is written only by an assignment or a Set Variable.
            if !runtime.nodes.contains("assign") { out.insert(.runSetUnknown) }
        }
        return rules.map(\.id).filter(out.contains)
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<RuntimeCase> {
        RuntimeGenerator(capabilities: capabilities.runtime, maxSteps: context.maxSteps).generator
    }

    package func recordedSection(of capabilities: Capabilities) -> [String: JSONValue] { capabilities.runtime.fields }

    package func scope(_ capabilities: Capabilities) -> [String] {
        let runtime = capabilities.runtime
        return [
            "logic nodes: " + (runtime.nodes.isEmpty ? "none" : runtime.nodes.joined(separator: ", ")),
            "actions: " + runtime.actions.joined(separator: ", "),
            "injectable random: "
                + (runtime.injectableRandom
                    ? "yes"
                    : "no (variants followed as picked, their shares counted over \(WeightCheck.plan.count) tests)"),
        ]
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        let runtime = capabilities.runtime
        var labels = ["start", "outcome completed", "interpolation", "unsupported node", "cycle", "outcome error"]
        if runtime.actions.contains("goBack") { labels.append("outcome dismissed") }
        if runtime.nodes.contains("condition") { labels.append("condition node") }
        if runtime.nodes.contains("assign") { labels.append("assign node") }
        if runtime.nodes.contains("abTest") { labels += ["abTest assignment", "abTest sticky"] }
        return labels
    }

    package func unitLabels(_ value: RuntimeCase) -> [String] { value.stepLabels }

    package func triggers(_ value: RuntimeCase, capabilities: Capabilities) -> TriggerCounts {
        let out = Set(uncertifiedRules(capabilities))
        return TriggerCounts(value.triggers().filter { !out.contains($0.key) })
    }

    package func check(
        _ value: RuntimeCase, on subject: any FlowRuntimeImplementation, capabilities: Capabilities
    ) throws -> Falsification? {
        let actual = try subject.run(value.flow, context: value.context, draws: value.draws, steps: value.steps)
        guard actual.count == value.steps.count + 1 else {
            throw Abort("the implementation replied \(actual.count) times to a start and \(value.steps.count) steps")
        }
        var value = value
        if !capabilities.runtime.injectableRandom {
            // Its own picks are followed; how often each variant comes out is counted once for the run.
            if let (trial, step) = WeightCheck.failedTrial(under: value, implementation: subject) {
                return Falsification(
                    origin: trial.rule, message: "\(step == 0 ? "the start" : "step \(step)") broke \(trial.rule)",
                    unitTriggers: [trial.rule], size: step + 1, comparedTriggers: value.triggers(through: step),
                    later: [], masked: [])
            }
            value = value.pinned(to: actual)
        }
        guard let divergence = RuntimeComparison.firstDivergence(value, actual, implementation: subject) else {
            return nil
        }
        let step = divergence.step
        let explained = Set(divergence.rules + divergence.alternatives)
        var compared = value.triggers(through: step)
        // A blamed rule counts as compared at the diverging step, even where the reference did not go through it.
        for rule in divergence.rules where compared[rule] == nil { compared[rule] = 1 }
        var masked: [String]
        var later: [[String]] = []
        if divergence.parts == [.events] {
            // Only the events differ: what the runtime shows agrees, so the rules deciding it were compared and the
            // steps after it can be compared still, as long as only their events differ (events out of order at
            // every screen would otherwise leave every other rule unseen).
            masked = value.expected[step].rules.filter { !explained.contains($0) && Self.eventRules.contains($0) }
            for index in (step + 1)..<value.expected.count {
                let expected = value.expected[index]
                let parts = RuntimeComparison.parts(expected.observation, actual[index])
                guard parts.isEmpty || parts == [.events] else { break }
                var blamed: [String] = []
                if !parts.isEmpty {
                    blamed = RuntimeComparison.eventRules(expected.observation.events, actual[index].events)
                    if blamed != divergence.rules, !later.contains(blamed) { later.append(blamed) }
                }
                for rule in expected.rules {
                    if blamed.isEmpty || blamed.contains(rule) || !Self.eventRules.contains(rule) {
                        compared[rule, default: 0] += 1
                    } else {
                        masked.append(rule)
                    }
                }
            }
        } else {
            masked = value.expected[step].rules.filter { !explained.contains($0) }
        }
        let stepText = step == 0 ? "the start" : "step \(step)"
        return Falsification(
            origin: divergence.rules.joined(separator: ", "),
            message: "\(stepText) broke " + divergence.rules.joined(separator: ", "),
            unitTriggers: divergence.rules,
            unitRules: divergence.alternatives.isEmpty ? nil : (divergence.rules + divergence.alternatives),
            size: step + 1, comparedTriggers: compared, later: later, masked: masked)
    }

    /// The rules that decide a step's events: where only the events differ, only these are left unseen.
    static let eventRules: Set<String> = [
        .runEventStart, .runEventView, .runEventExit, .runEventEnd, .runEventOrder, .runAbExposure,
    ]

    /// The engine's shrunk case made 1-minimal by editing the case itself (``RuntimeMinimizer``): the same rules
    /// blamed, or the shrink's target among them.
    package func refine(
        _ counterexample: Counterexample<RuntimeCase>, property: Property<RuntimeCase>, capabilities: Capabilities,
        context: SuiteContext, configuration: Configuration
    ) -> Counterexample<RuntimeCase> {
        guard let start = (try? property.judge(counterexample.value)) ?? nil else { return counterexample }
        let blamed = Set(start.unitTriggers ?? [])
        // A breakdown blames no rule: it is kept to its kind, within the engine's few restarts (a hang, which costs
        // a step timeout a try, is left as the engine shrank it).
        let breakdown = start.origin.hasPrefix("breakdown: ") && start.origin != "breakdown: timeout"
        guard !blamed.isEmpty || breakdown else { return counterexample }
        var minimizer = RuntimeMinimizer { candidate in
            guard let falsification = (try? property.judge(candidate)) ?? nil else { return false }
            if breakdown { return falsification.origin == start.origin }
            return Set(falsification.unitTriggers ?? []) == blamed
        }
        if breakdown { minimizer.failingBudget = start.shrinkFailingCalls }
        let minimal = minimizer.minimize(counterexample.value)
        guard minimal != counterexample.value else { return counterexample }
        var refined = counterexample
        refined.value = minimal
        refined.shrink.calls += minimizer.calls
        return refined
    }

    package func goldenCases(in corpus: URL) -> GoldenCases? { RuntimeCorpus.goldenCases(in: corpus) }

    package func goldenCaseSaver(for failure: FailureRecord, into folder: URL) -> (() throws -> SaveOutcome)? {
        guard let saved = RuntimeCorpus.regression(for: failure) else { return nil }
        return { try RuntimeCorpus.save(saved, into: folder) }
    }

    package func describe(
        _ failing: FailingCase<RuntimeCase>, on subject: any FlowRuntimeImplementation, capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        try RuntimeFailure.describe(failing, implementation: subject)
    }
}
