package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
import FlowCheckNavigationSuite
package import FlowCheckRecords
package import Foundation
package import GoldenCorpus
package import JSON
import NavigationModel
package import PropertyTesting
import RUFClientModel

/// The client suite: session creates, user actions and Session responses fed to a RUF client, whose stack, component
/// cache, meta, requests, metrics and results are diffed against the reference client after every input (RUF-
/// rules).
package struct ClientSuite: ConformanceSuite {
    package var suite: Suite { .client }
    package var summary: String { "a RUF client's cache, meta, metrics, requests and navigation (RUF- rules)" }
    package var unit: UnitCount.Unit { .response }
    /// Actions and creates fall under rules too (a request's meta and id, one in flight).
    package var triggerUnit: UnitCount.Unit? { UnitCount.Unit(rawValue: "input") }
    package var seedSalt: UInt64 { 4 }
    package var rules: [Rule] { ClientRules.all }
    package var requiredProtocol: String { "ClientImplementation" }
    package var followsSpec: Bool { true }

    /// Creates the suite.
    package init() {}

    package func subject(_ implementation: any Implementation) -> (any ClientImplementation)? {
        implementation as? any ClientImplementation
    }

    package func problem(with capabilities: Capabilities) -> String? {
        do {
            _ = try capabilities.section(NavigationCapabilities.self)
            _ = try capabilities.section(ClientCapabilities.self)
        } catch {
            return "\(error)"
        }
        if capabilities.navigation.nesting.isEmpty { return "it declares no nesting profile" }
        if !capabilities.client.mergeStrategies.contains("REPLACE") {
            return "it does not declare REPLACE, the default"
        }
        return nil
    }

    package func notCertified(_ capabilities: Capabilities) -> [String] {
        let navigation = capabilities.navigation
        // Responses carry only the directives the client declares (its stack moves by the navigation rules).
        var result = NavigationMode.known.filter { !navigation.modes.contains($0) }.map {
            "mode \($0) (not declared)"
        }
        for behavior in FlowBehavior.known where !navigation.behaviors.contains(behavior) {
            result.append("behavior \(behavior) (not declared)")
        }
        for strategy in ["APPEND", "MATCH"] where !capabilities.client.mergeStrategies.contains(strategy) {
            result.append("merge strategy \(strategy) (not declared)")
        }
        if !capabilities.client.metrics { result.append("metrics (not declared: no metrics were sent)") }
        if !capabilities.client.optimisticComponents {
            result.append("optimistic component updates (not declared)")
        }
        if !capabilities.client.overHTTP {
            result.append("requests as the network sees them (RUF-REQUEST-WIRE: run the client under flowcheck serve)")
        }
        if !NavigationMode.optimistic.contains(where: navigation.modes.contains) {
            result.append("optimistic navigation (no optimistic mode declared)")
        }
        return result
    }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        let navigation = capabilities.navigation
        var out: Set<String> = []
        if !capabilities.client.mergeStrategies.contains("APPEND") { out.insert(.rufMergeAppend) }
        if !capabilities.client.mergeStrategies.contains("MATCH") {
            out.formUnion([.rufMergeMatch, .rufMatchNoID])
        }
        if !capabilities.client.metrics {
            out.formUnion([.rufNavMetrics, .rufScreenMetrics, .rufActionMetrics, .rufMetricOrder])
        }
        if !capabilities.client.optimisticComponents { out.insert(.rufComponentRollback) }
        if !capabilities.client.overHTTP { out.insert(.rufRequestWire) }
        let optimistic = NavigationMode.optimistic.contains(where: navigation.modes.contains)
        if !optimistic || !navigation.modes.contains(.failed) { out.insert(.rufRollback) }
        if !optimistic || !navigation.modes.contains(.pop) { out.insert(.rufNoOptimisticPop) }
        return rules.map(\.id).filter(out.contains)
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<ClientCase> {
        ClientGenerator(app: Self.app(context.spec), capabilities: capabilities, maxSteps: context.maxSteps).generator
    }

    /// The app runs are generated for: the spec's, or the kit's own.
    static func app(_ plan: SpecPlan?) -> ClientApp {
        guard let plan, let spec = plan.spec else { return .builtIn }
        return ClientApp(spec: spec, navigations: plan.declared)
    }

    package func recordedSection(of capabilities: Capabilities) -> [String: JSONValue] {
        // The client's stack moves by the navigation rules: their fields are its too.
        capabilities.client.fields.merging(capabilities.recordedNavigation) { client, _ in client }
    }

    package func goldenCases(in corpus: URL) -> GoldenCases? { ClientCorpusRun.goldenCases(in: corpus) }

    package func goldenCaseSaver(for failure: FailureRecord, into folder: URL) -> (() throws -> SaveOutcome)? {
        guard let clientCase = ClientCorpusRun.clientCase(for: failure) else { return nil }
        return { try ClientCorpusRun.save(clientCase, into: folder) }
    }

    package func scope(_ capabilities: Capabilities) -> [String] {
        let client = capabilities.client
        return [
            "merge strategies: "
                + (client.mergeStrategies.isEmpty ? "none" : client.mergeStrategies.joined(separator: ", ")),
            "metrics: " + (client.metrics ? "yes" : "no"),
            "optimistic component updates: " + (client.optimisticComponents ? "yes" : "no"),
            "action queue: " + client.actionQueue.rawValue,
            "requests: "
                + (client.overHTTP
                    ? "read off the network (flowcheck serve)"
                    : "as the harness reports them (networking not checked)"),
        ]
    }

    package func recordSpecCoverage(_ plan: SpecPlan, seen: Set<String>, into coverage: inout SpecCoverage?) {
        guard plan.spec != nil else { return }
        let app = Self.app(plan)
        let components = app.screens.flatMap { screen in screen.components.map { "\(screen.name).\($0.rel)" } }
        coverage?.components = components
        coverage?.componentsExercised = components.filter { seen.contains("spec rel \($0)") }
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        var labels = [
            "create", "action", "action while one is in flight", "meta patch", "no screens", "component REPLACE",
        ]
        for strategy in ["APPEND", "MATCH"] where capabilities.client.mergeStrategies.contains(strategy) {
            labels.append("component \(strategy)")
        }
        if NavigationMode.optimistic.contains(where: capabilities.navigation.modes.contains) {
            labels.append("rejected action")
            if capabilities.client.optimisticComponents { labels.append("optimistic component") }
        }
        return labels
    }

    package func runLabels(_ value: ClientCase) -> [String] { value.labels }

    package func unitLabels(_ value: ClientCase) -> [String] { value.responseLabels }

    package func triggers(_ value: ClientCase, capabilities: Capabilities) -> TriggerCounts {
        let out = Set(uncertifiedRules(capabilities))
        return TriggerCounts(value.triggers.filter { !out.contains($0.key) })
    }

    package func check(
        _ value: ClientCase, on subject: any ClientImplementation, capabilities: Capabilities
    ) throws -> Falsification? {
        // Only the kit's own server sees requests on the network: a declaration of it from anywhere else is refused.
        if capabilities.client.overHTTP && !(subject is ServedClient) {
            throw Abort("overHTTP is set by flowcheck serve alone; an implementation does not declare it")
        }
        let actual = try subject.run(initial: value.initial, profile: value.profile, inputs: value.inputs)
        guard actual.count == value.inputs.count else {
            throw ClientFailure.ReplyCount(inputs: value.inputs.count, replies: actual.count)
        }
        let (found, compared, unprobed) = ClientFailure.divergences(value, actual)
        guard let first = found else { return nil }
        let later = ClientFailure.probedLater(value, first: first, later: unprobed, implementation: subject)
        let divergence = ClientFailure.probed(value, first, implementation: subject)
        // A rule broken at a later divergence was compared there too.
        var triggers = value.triggers(upTo: compared)
        for rule in Set(later.flatMap(\.rules)) { triggers[rule, default: 0] += 1 }
        // The rules the diverging input fell under that the divergence is not blamed on, nor may be.
        let explained = Set(divergence.rules + divergence.alternatives)
        let masked = value.triggers(at: divergence.step).filter { !explained.contains($0) }
        return Falsification(
            origin: divergence.origin,
            message: "step \(divergence.step) (\(ClientFailure.summary(value.inputs[divergence.step]))) broke "
                + divergence.rules.joined(separator: ", "),
            unitTriggers: divergence.rules,
            unitRules: divergence.alternatives.isEmpty ? nil : Set(divergence.rules + divergence.alternatives).sorted(),
            size: divergence.step + 1, comparedTriggers: triggers,
            later: later.map(\.rules), masked: masked)
    }

    /// After the engine's shrinking, whole inputs are deleted, an action with its answer first, then one at a time,
    /// and two responses in a row are folded into one, as long as the run stays one a client could see and fails
    /// the same way: choices that decide what a later input means (the screen it lands on) can keep the engine from
    /// deleting them itself, and what one response carries the generator may have spread over two.
    package func refine(
        _ counterexample: Counterexample<ClientCase>, property: Property<ClientCase>, capabilities: Capabilities,
        context: SuiteContext, configuration: Configuration
    ) -> Counterexample<ClientCase> {
        var best = counterexample
        var calls = 0
        func accept(_ inputs: [ClientInput]) -> Bool {
            guard let candidate = best.value.with(inputs: inputs) else { return false }
            calls += 1
            guard best.isKept(by: (try? property.judge(candidate)) ?? nil) else { return false }
            best.value = candidate
            return true
        }
        var progress = true
        while progress {
            progress = false
            for width in [2, 1] {
                var start = best.value.inputs.count - width
                while start >= 1 {
                    var inputs = best.value.inputs
                    inputs.removeSubrange(start..<(start + width))
                    if accept(inputs) { progress = true }
                    // Removing the last two leaves one position fewer than the next pair would need.
                    start = min(start - 1, best.value.inputs.count - width)
                }
            }
            var at = best.value.inputs.count - 2
            while at >= 1 {
                var inputs = best.value.inputs
                if case .respond(let earlier) = inputs[at], case .respond(let later) = inputs[at + 1],
                    let merged = ResponseMerge.merged(earlier, later)
                {
                    inputs.replaceSubrange(at...(at + 1), with: [.respond(merged)])
                    if accept(inputs) { progress = true }
                }
                at -= 1
            }
        }
        best.shrink.calls += calls
        return best
    }

    package func describe(
        _ failing: FailingCase<ClientCase>, on subject: any ClientImplementation, capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        try ClientFailure.describe(failing, implementation: subject)
    }
}
