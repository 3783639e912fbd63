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
        if runtime.nodes.contains("abTest"), !runtime.injectableRandom {
            result.append("abTest nodes (the implementation does not take the kit's random draws)")
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
        if !runtime.nodes.contains("abTest") || !runtime.injectableRandom {
            out.formUnion([.runAbWeights, .runAbZero, .runAbSticky, .runAbExposure, .runAbEmpty])
        }
        if !runtime.actions.contains("goBack") { out.formUnion([.runBack, .runBackDismiss]) }
        if !runtime.actions.contains("navigate") { out.formUnion([.runNavigate, .runNavigateUnknown]) }
        if !runtime.actions.contains("closeFlow") { out.insert(.runClose) }
        if !runtime.actions.contains("setVariable") {
            out.formUnion([.runSetOp, .runSetWritable, .runSetDivZero])
        }
        return rules.map(\.id).filter(out.contains)
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<RuntimeCase> {
        var runtime = capabilities.runtime
        if !runtime.injectableRandom { runtime.nodes.removeAll { $0 == "abTest" } }
        return RuntimeGenerator(capabilities: runtime, maxSteps: context.maxSteps).generator
    }

    package func recordedSection(of capabilities: Capabilities) -> [String: JSONValue] { capabilities.runtime.fields }

    package func scope(_ capabilities: Capabilities) -> [String] {
        let runtime = capabilities.runtime
        return [
            "logic nodes: " + (runtime.nodes.isEmpty ? "none" : runtime.nodes.joined(separator: ", ")),
            "actions: " + runtime.actions.joined(separator: ", "),
            "injectable random: " + (runtime.injectableRandom ? "yes" : "no"),
        ]
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        let runtime = capabilities.runtime
        var labels = ["start", "outcome completed", "interpolation", "unsupported node", "cycle", "outcome error"]
        if runtime.actions.contains("goBack") { labels.append("outcome dismissed") }
        if runtime.nodes.contains("condition") { labels.append("condition node") }
        if runtime.nodes.contains("assign") { labels.append("assign node") }
        if runtime.nodes.contains("abTest"), runtime.injectableRandom {
            labels += ["abTest assignment", "abTest sticky"]
        }
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
        guard let divergence = RuntimeComparison.firstDivergence(value, actual, implementation: subject) else {
            return nil
        }
        let step = divergence.step
        let explained = Set(divergence.rules + divergence.alternatives)
        let masked = value.expected[step].rules.filter { !explained.contains($0) }
        var compared = value.triggers(through: step)
        // A blamed rule counts as compared at the diverging step, even where the reference did not go through it.
        for rule in divergence.rules where compared[rule] == nil { compared[rule] = 1 }
        let stepText = step == 0 ? "the start" : "step \(step)"
        return Falsification(
            origin: divergence.rules.joined(separator: ", "),
            message: "\(stepText) broke " + divergence.rules.joined(separator: ", "),
            unitTriggers: divergence.rules,
            unitRules: divergence.alternatives.isEmpty ? nil : (divergence.rules + divergence.alternatives),
            size: step + 1, comparedTriggers: compared, later: [], masked: masked)
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
