package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import Foundation
import JSON
package import PropertyTesting
import RUFServerModel
import RUFSpec

/// The server suite: sessions generated from a backend's app spec, sent to it as a client sends them, and every
/// answer checked against the spec for the session's client version (SRV- rules).
package struct ServerSuite: ConformanceSuite {
    package var suite: Suite { .server }
    package var summary: String {
        "a RUF backend's answers to create and action requests, against its spec (SRV- rules)"
    }
    package var unit: UnitCount.Unit { Self.answerUnit }
    package var seedSalt: UInt64 { 6 }
    package var rules: [Rule] { ServerRules.all }
    package var requiredProtocol: String { "RUFBackend" }
    package var followsSpec: Bool { true }
    /// A backend's golden cases would be sessions of its own spec: the kit's corpus has none, and its generated runs
    /// alone certify it.
    package var hasGoldenCases: Bool { false }

    /// What the suite counts: a backend's answers (a request sent twice is answered twice).
    package static let answerUnit = UnitCount.Unit(rawValue: "answer")
    /// What a session that broke down is measured in: the requests sent, the last one unanswered.
    package static let requestUnit = UnitCount.Unit(rawValue: "request")

    /// Creates the suite.
    package init() {}

    package func subject(_ implementation: any Implementation) -> (any RUFBackend)? {
        implementation as? any RUFBackend
    }

    package func uncertifiedRules(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        guard let spec = context.spec?.spec else { return rules.map(\.id) }
        let out = Set(Self.outOfScope(spec).flatMap(\.rules))
        return rules.map(\.id).filter(out.contains)
    }

    package func notCertified(_ capabilities: Capabilities) -> [String] { [] }

    package func notCertified(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        guard let spec = context.spec?.spec else { return ["suite server (no app spec was given: --spec)"] }
        return Self.outOfScope(spec).map(\.sentence)
    }

    /// What a spec gives no way to exercise: the rules about it, and why, in one sentence.
    static func outOfScope(_ spec: Spec) -> [(rules: [String], sentence: String)] {
        var result: [(rules: [String], sentence: String)] = []
        let actions = spec.screens.flatMap { $0.actions.flatMap { [$0] + $0.versions.map(\.construct) } }
        if !actions.contains(where: { !$0.navigatesTo.isEmpty }) {
            result.append(
                (
                    [.srvNavID, .srvNavValid, .srvNavDeclared, .srvNavIDUnique, .srvCurrentFollowsNav],
                    "navigation (the spec's actions declare no navigates_to)"
                ))
        }
        if !actions.contains(where: { !$0.navigatesTo.isEmpty && !$0.errors.isEmpty }) {
            result.append(([.srvNavFailed], "FAILED navigations (no action declares both navigates_to and errors)"))
        }
        if !actions.contains(where: SessionCheck.forcesUpdate) {
            result.append(([.srvForceUpdate], "forced updates (no action variant navigates only to FORCE_UPDATE)"))
        }
        let versions = ServerGenerator.versions(of: spec, first: nil)
        if !versions.contains(where: { SessionCheck(spec: spec, clientVersion: $0).picksOlderVariant }) {
            result.append(([.srvVersionResolution], "version resolution (the spec declares no versions)"))
        }
        return result
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<ServerCase> {
        guard let plan = context.spec, let spec = plan.spec else {
            return .constant(ServerCase(clientVersion: "", requests: [], spec: Spec(file: "")))
        }
        return ServerGenerator(spec: spec, clientVersion: plan.clientVersion, maxSteps: context.maxSteps).generator
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        ["create", "action", "sent again"]
    }

    package func runLabels(_ value: ServerCase) -> [String] {
        ["client version " + value.clientVersion] + (value.observed?.navigations ?? [])
            + (value.observed?.carried ?? [])
    }

    package func unitLabels(_ value: ServerCase) -> [String] { value.observed?.labels ?? [] }

    package func triggers(_ value: ServerCase, capabilities: Capabilities) -> TriggerCounts {
        TriggerCounts(value.observed?.triggers ?? [:])
    }

    package func check(
        _ value: ServerCase, on subject: any RUFBackend, capabilities: Capabilities
    ) throws -> Falsification? {
        guard !value.requests.isEmpty else { throw Abort("the server suite needs the backend's app spec (--spec)") }
        return Self.falsification(value, try ServerExchange.run(value, on: subject, spec: value.spec))
    }

    package func checkWhileGenerating(
        _ capabilities: Capabilities, context: SuiteContext, on subject: any RUFBackend
    ) -> CheckWhileGenerating<ServerCase>? {
        let generator = self.generator(capabilities, context: context)
        return { source throws(ChoiceSource.Stop) in
            var value = try generator.run(source)
            guard !value.requests.isEmpty else {
                return (value, .failure(Abort("the server suite needs the backend's app spec (--spec)")))
            }
            do {
                let exchange = try ServerExchange.run(value, on: subject, spec: value.spec)
                value.observed = ServerObservation(exchange, of: value)
                return (value, .success(Self.falsification(value, exchange)))
            } catch {
                return (value, .failure(error))
            }
        }
    }

    /// The first answer that broke rules, named by them; the rules later answers broke, for the engine to search.
    static func falsification(_ value: ServerCase, _ exchange: ServerExchange) -> Falsification? {
        guard let at = exchange.firstViolating else { return nil }
        let step = exchange.steps[at]
        let rules = ruleIDs(of: step.violations)
        var compared: [String: Int] = [:]
        for step in exchange.steps { for rule in step.triggers { compared[rule, default: 0] += 1 } }
        let later = exchange.steps[(at + 1)...].filter { !$0.violations.isEmpty }.map { ruleIDs(of: $0.violations) }
        return Falsification(
            origin: rules.sorted().joined(separator: ", "),
            message: "\(step.name) (\(value.requests[step.request].summary)) broke " + rules.joined(separator: ", "),
            unitTriggers: rules, size: at + 1, comparedTriggers: compared, later: later, masked: [])
    }

    /// The rules of some violations, each once, in their order.
    static func ruleIDs(of violations: [ServerViolation]) -> [String] {
        var seen: Set<String> = []
        return violations.map(\.rule).filter { seen.insert($0).inserted }
    }

    /// After the engine's shrinking, whole requests are deleted (the create stays) and requests sent twice are sent
    /// once, as long as the session fails the same way: which screen a later action is drawn on depends on the
    /// action before it, so the engine cannot always delete one alone.
    package func refine(
        _ counterexample: Counterexample<ServerCase>, property: Property<ServerCase>, capabilities: Capabilities,
        context: SuiteContext, configuration: Configuration
    ) -> Counterexample<ServerCase> {
        var best = counterexample
        var calls = 0
        func accept(_ candidate: ServerCase) -> Bool {
            calls += 1
            guard best.isKept(by: (try? property.judge(candidate)) ?? nil) else { return false }
            best.value = candidate
            return true
        }
        var progress = true
        while progress {
            progress = false
            var index = best.value.requests.count - 1
            while index >= 1 {
                var candidate = best.value
                candidate.requests.remove(at: index)
                if accept(candidate) { progress = true }
                index = min(index - 1, best.value.requests.count - 1)
            }
            for index in best.value.requests.indices where best.value.requests[index].sentTwice {
                var candidate = best.value
                candidate.requests[index].sentTwice = false
                if accept(candidate) { progress = true }
            }
        }
        best.shrink.calls += calls
        return best
    }

    package func describe(
        _ failing: FailingCase<ServerCase>, on subject: any RUFBackend, capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        try ServerFailure.describe(failing, on: subject)
    }
}

extension ServerObservation {
    /// What a played session exercised: each answer's rules, and its labels.
    init(_ exchange: ServerExchange, of value: ServerCase) {
        var carried: Set<String> = []
        defer { self.carried = carried.sorted() }
        for step in exchange.steps {
            for rule in step.triggers { triggers[rule, default: 0] += 1 }
            let request = value.requests[step.request]
            // One label per answer, the kind of request it answers (which the required coverage names); what the
            // answer carried is labelled per run.
            labels.append(step.again ? "sent again" : request.path == "/session/create" ? "create" : "action")
            let fields = step.json?.objectPairs ?? []
            if let mode = fields.first(where: { $0.key == "navigation" })?.value.objectPairs?
                .first(where: { $0.key == "mode" })?.value.stringValue
            {
                carried.insert("answer with navigation \(mode)")
            }
            if let result = fields.first(where: { $0.key == "actionResult" })?.value.objectPairs?
                .first(where: { $0.key == "type" })?.value.stringValue
            {
                carried.insert("answer with actionResult \(result)")
            }
            if !step.again,
                let navigation = Self.declaredNavigation(
                    step, request: request, spec: value.spec,
                    version: value.clientVersion)
            {
                navigations.append(navigation)
            }
        }
    }

    /// The coverage label of the spec's navigation an answer performed (`spec HOME.OPEN_PRODUCT → …`), as the
    /// spec-driven suites name them.
    static func declaredNavigation(
        _ step: ServerExchange.Step, request: ServerRequest, spec: Spec, version: String
    ) -> String? {
        guard case .action(let screenName, let type, _) = request.kind,
            let declared = spec.screens.first(where: { $0.name == screenName })?.actions
                .first(where: { $0.type?.value == type }),
            let navigation = step.json?.objectPairs?.first(where: { $0.key == "navigation" })?.value.objectPairs
        else { return nil }
        let field = { (name: String) in navigation.first { $0.key == name }?.value }
        let flow = field("flow")?.objectPairs
        let variant = SessionCheck(spec: spec, clientVersion: version).resolved(declared, declared.versions)
        guard
            let entry = variant.navigatesTo.first(where: {
                $0.screen?.value == field("screen")?.stringValue
                    && $0.flowName?.value == flow?.first { $0.key == "name" }?.value.stringValue
                    && $0.behavior?.value == flow?.first { $0.key == "behavior" }?.value.stringValue
            }), let screen = entry.screen, let flowName = entry.flowName, let behavior = entry.behavior
        else { return nil }
        return SpecPlan.Navigation(
            action: entry.action, screen: screen.value, flow: flowName.value, behavior: behavior.value
        ).label
    }
}
