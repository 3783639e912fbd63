import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
import FlowCheckNavigationSuite
package import FlowCheckRecords
package import Foundation
package import GoldenCorpus
import JSON
import NavigationModel
import RUFClientModel

/// The client suite's golden cases (`Corpus/client`): checked against the reference client, run against a RUF client
/// and judged as the client suite judges (each observation compared with the case's, request ids renumbered by first
/// appearance), and made from client counterexamples.
///
/// A case applies when the implementation declares the client suite and everything the case uses (its merge
/// strategies, metrics, optimistic component updates, modes); a case written for a nesting profile or an action queue
/// the implementation does not declare is judged under the declared one when the reference client gives the same
/// observations there (a changed profile shows in the id, `id@shared`), and skipped otherwise.
package struct ClientCorpusRun: GoldenCaseFormat {
    /// The client folder of a corpus, as the generic corpus commands see it.
    package static func goldenCases(in corpus: URL) -> GoldenCases { GoldenCases(ClientCorpusRun(), corpus: corpus) }

    package init() {}

    package func load(corpus: URL) -> (cases: [(file: String, value: ClientGoldenCase)], errors: [CorpusError]) {
        let (cases, errors) = ClientGoldenCase.load(corpus: corpus)
        return (cases.map { ($0.file, $0.clientCase) }, errors)
    }

    package func id(of goldenCase: ClientGoldenCase) -> String { goldenCase.id }

    package func content(of cases: [ClientGoldenCase]) -> Data {
        var content = Data()
        for c in cases { content += Data((c.id + "\u{0}" + JSONWriter.write(c.json) + "\u{0}").utf8) }
        return content
    }

    /// The case against the reference client: a line, and the mismatches when it does not hold.
    package func verify(_ c: ClientGoldenCase, file: String) -> GoldenCases.Verified {
        GoldenCases.Verified(file: file, rules: c.rules, description: c.description) {
            try ClientCaseVerifier.verify(c)
        }
    }

    package func trials(
        of original: ClientGoldenCase, file: String, capabilities: Capabilities
    ) -> [GoldenCaseTrial<ClientGoldenCase>] {
        let (c, adaptation) = Self.adapted(original, to: capabilities)
        let record = CaseRecord(
            id: c.id, file: file, suite: ClientGoldenCase.suite, description: c.description, features: c.features,
            rules: c.rules, level: c.level, status: .passed)
        let reason = Self.unsupported(client: c, capabilities) ?? adaptation
        return [
            GoldenCaseTrial(value: c, record: record, skipID: original.id, problem: reason.map { .unsupported($0) })
        ]
    }

    package func subject(_ implementation: any Implementation) -> (any ClientImplementation)? {
        implementation as? any ClientImplementation
    }

    package var notSubject: String { "not certified: the implementation is not a RUF client" }

    package func judge(
        _ c: ClientGoldenCase, on client: any ClientImplementation, capabilities: Capabilities,
        into result: inout CaseRecord
    ) throws {
        let inputs = c.steps.map(\.input)
        let observations = try client.run(initial: c.initial, profile: c.profile, inputs: inputs)
        guard observations.count == inputs.count else {
            result.status = .errored
            result.message = "the implementation gave \(observations.count) observations for \(inputs.count) inputs"
            return
        }
        Self.judge(c, observations, into: &result)
    }

    /// Marks `result` failed at the first observation that differs from the case's, with a diff and the rules the
    /// difference breaks (named by the suite's comparison, against the reference client's state before the input).
    static func judge(_ c: ClientGoldenCase, _ observations: [ClientObservation], into result: inout CaseRecord) {
        var comparison = ClientComparison()
        var reference = try? ReferenceClient(stack: c.initial, profile: c.profile, queueing: c.actionQueue)
        for (step, observation) in observations.enumerated() {
            let before = reference
            let modelled = reference?.apply(c.steps[step].input)
            let actual = comparison.normalized(observation, placedLike: modelled)
            let actualJSON = actual.json.canonical
            guard actualJSON != c.steps[step].expect else { continue }
            result.status = .failed
            result.step = step
            result.diff = ClientComparison.diff(expected: c.steps[step].expect, actual: actualJSON)
            if let before, let modelled {
                let rules = ClientComparison.brokenRules(
                    expected: modelled, actual: actual, input: c.steps[step].input, before: before)
                if !rules.isEmpty {
                    result.broken = rules
                    // A failure is as binding as the rules it breaks, not the rules the case is about.
                    result.level = Rule.Level.binding(of: rules, ClientRules.named)
                }
            }
            return
        }
    }

    /// The case as it is judged against `capabilities`: under a declared nesting profile and action queue where the
    /// reference client gives the same observations; else as written, with why it cannot be judged.
    static func adapted(
        _ c: ClientGoldenCase, to capabilities: Capabilities
    ) -> (ClientGoldenCase, reason: String?) {
        var judged = c
        if !capabilities.navigation.nesting.contains(c.profile.nesting) {
            let other = capabilities.navigation.nesting.first { nesting in
                var variant = c
                variant.profile.nesting = nesting
                return (try? ClientCaseVerifier.verify(variant))?.isEmpty == true
            }
            guard let other else {
                return (c, "not certified: nesting \(c.profile.nesting.rawValue) not declared")
            }
            judged.profile.nesting = other
            judged.id = "\(c.id)@\(other.rawValue)"
            judged.description +=
                " (judged under the \(other.rawValue) profile, where the reference client gives the same observations)"
        }
        if capabilities.client.actionQueue != c.actionQueue {
            var variant = judged
            variant.actionQueue = capabilities.client.actionQueue
            guard (try? ClientCaseVerifier.verify(variant))?.isEmpty == true else {
                return (
                    c,
                    "not certified: the case queues actions \(c.actionQueue.rawValue), the implementation declares "
                        + "actionQueue \(capabilities.client.actionQueue.rawValue)"
                )
            }
        }
        return (judged, nil)
    }

    /// Why a RUF client cannot run a case, from what it declared; `nil` when it can.
    static func unsupported(client c: ClientGoldenCase, _ capabilities: Capabilities) -> String? {
        let navigation = capabilities.navigation
        guard capabilities.suites.contains(.client) else { return "not certified: suite client not declared" }
        if !navigation.modals && c.initial.contains(where: { $0.presentation == .modal }) {
            return "not certified: the case has a presented layer, and modal layers are not declared"
        }
        for step in c.steps {
            var directives: [NavigationDirective] = []
            switch step.input {
            case .create: continue
            case .dispatch(let action):
                if action.optimisticUpdate != nil && !capabilities.client.optimisticComponents {
                    return "not certified: the case updates a component optimistically, which is not declared"
                }
                if let directive = action.optimisticNavigation { directives.append(directive) }
            case .respond(let response):
                if let directive = response.navigation { directives.append(directive) }
                let fires =
                    !response.actionMetrics.isEmpty
                    || response.screens.contains { !$0.metrics.isEmpty || !$0.navigationMetrics.isEmpty }
                if fires && !capabilities.client.metrics {
                    return "not certified: the case fires metrics, which are not declared"
                }
                for screen in response.screens {
                    for component in screen.components {
                        let strategy = RUFMergeStrategy(json: component.value["mergeStrategy"]) ?? .replace
                        if [.append, .match].contains(strategy),
                            !capabilities.client.mergeStrategies.contains(strategy.name)
                        {
                            return "not certified: merge strategy \(strategy.name) not declared"
                        }
                    }
                }
            }
            for directive in directives {
                if let mode = directive.mode, mode.isKnown, !navigation.modes.contains(mode) {
                    return "not certified: mode \(mode) not declared"
                }
                if directive.flow != nil && !navigation.flows {
                    return "not certified: the case has flows, which are not declared"
                }
            }
        }
        return nil
    }

    /// A client counterexample as a golden case: its inputs, with the reference client's observations as the
    /// expectations and an id derived from its content. `nil` for another suite's failure, or a detail that is not
    /// a client run's.
    package static func clientCase(for failure: FailureRecord) -> ClientGoldenCase? {
        let detail = failure.detail
        guard failure.suite == .client, let initial = detail["initial"]?.decoded(as: ScreenStack.self),
            let profile = detail["profile"]?.decoded(as: NavigationProfile.self),
            let queueing = detail["actionQueue"]?.stringValue.flatMap(ReferenceClient.Queueing.init(rawValue:)),
            let inputValues = detail["inputs"]?.arrayValue
        else { return nil }
        let inputs = inputValues.compactMap(ClientInput.init(json:))
        guard inputs.count == inputValues.count, !inputs.isEmpty else { return nil }
        return try? ClientGoldenCase.expecting(
            id: failure.id, description: "Regression: \(failure.description).", rules: failure.ruleIDs,
            level: ClientGoldenCase.strictestLevel(of: failure.ruleIDs) ?? failure.level, origin: .regression,
            profile: profile, initial: initial, actionQueue: queueing, inputs: inputs)
    }

    /// Writes a client case into `folder/client/<id>.json`; a file with the same name and other content is never
    /// overwritten.
    package static func save(_ clientCase: ClientGoldenCase, into folder: URL) throws -> SaveOutcome {
        try SaveOutcome.save(
            clientCase.fileText, id: clientCase.id, suite: ClientGoldenCase.suite, into: folder
        ) { data, name in (try? ClientGoldenCase.read(data, file: name)) == clientCase }
    }
}
