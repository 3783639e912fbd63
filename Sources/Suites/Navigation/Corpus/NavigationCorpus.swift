import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
package import Foundation
package import GoldenCorpus
import JSON
import NavigationModel

/// The navigation and session suites' golden cases (`Corpus/navigation`, `Corpus/session`): checked against the
/// model, run against an implementation, and made from counterexamples.
package struct NavigationCorpus: GoldenCaseFormat {
    package init() {}

    /// The cases of a corpus, as the generic corpus commands see them.
    package static func goldenCases(in corpus: URL) -> GoldenCases { GoldenCases(NavigationCorpus(), corpus: corpus) }

    package func load(corpus: URL) -> (cases: [(file: String, value: GoldenCase)], errors: [CorpusError]) {
        let (cases, errors) = CorpusLoader.load(corpus: corpus)
        return (cases.map { ($0.file, $0.goldenCase) }, errors)
    }

    package func id(of goldenCase: GoldenCase) -> String { goldenCase.id }

    package func content(of cases: [GoldenCase]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(cases)) ?? Data()
    }

    /// The case against the model: a line, and the mismatches when it does not hold.
    package func verify(_ c: GoldenCase, file: String) -> GoldenCases.Verified {
        GoldenCases.Verified(file: file, rules: c.rules, description: c.description) { try CaseVerifier.verify(c) }
    }

    package func trials(of c: GoldenCase, file: String, capabilities: Capabilities) -> [GoldenCaseTrial<GoldenCase>] {
        Self.profileVariants(
            CorpusLoader.LoadedCase(file: file, goldenCase: c), declared: capabilities.navigation.nesting
        )
        .map { loaded in
            let c = loaded.goldenCase
            let record = CaseRecord(
                id: c.id, file: loaded.file, suite: c.suite, description: c.description, features: c.features,
                rules: c.rules, level: c.level, status: .passed)
            // A profile variant (`id@shared`) is skipped by its case's id.
            let caseID = c.id.split(separator: "@").first.map(String.init) ?? c.id
            return GoldenCaseTrial(
                value: c, record: record, skipID: caseID,
                problem: Self.unsupported(c, capabilities).map { .unsupported($0) })
        }
    }

    package func subject(_ implementation: any Implementation) -> (any NavigationImplementation)? {
        implementation as? any NavigationImplementation
    }

    package var notSubject: String { "not certified: the implementation does not navigate" }

    package func judge(
        _ c: GoldenCase, on navigator: any NavigationImplementation, capabilities: Capabilities,
        into result: inout CaseRecord
    ) throws {
        let reasons = capabilities.navigation.reasons
        let replies = try navigator.run(initial: c.initial, profile: c.profile, commands: c.steps.map(\.command))
        guard
            let step = c.steps.indices.first(where: {
                !ReplyComparison.matches(c.steps[$0].expect, replies[$0], reasons: reasons)
            })
        else { return }
        result.status = .failed
        result.step = step
        result.expected = .encoding(c.steps[step].expect)
        result.actual = .encoding(replies[step])
        result.diff = ReplyComparison.diff(expected: c.steps[step].expect, actual: replies[step])
        result.broken = CaseAttribution.rules(
            suite: Suite(c.suite), profile: c.profile, initial: c.initial, commands: c.steps.map(\.command),
            replies: replies, reasons: reasons)
        // A failure is as binding as the rules it breaks, not the rules the case is about.
        if let broken = result.broken, !broken.isEmpty {
            result.level = Rule.Level.binding(of: broken, NavigationRules.named)
        }
    }

    /// The case as written, and under each other declared nesting profile where the model gives the same replies
    /// (a PUSH is a PUSH in both; only POP_TO and POP_TO_ROOT tell the profiles apart), as `id@profile`.
    ///
    /// A case written for one profile then judges an implementation that declares only the other, and one that
    /// declares both is judged under each. A case whose own profile is not declared and that depends on it is kept
    /// as written, to be skipped as not certified.
    static func profileVariants(
        _ loaded: CorpusLoader.LoadedCase, declared: [NavigationProfile.Nesting]
    ) -> [CorpusLoader.LoadedCase] {
        let c = loaded.goldenCase
        guard c.suite == Suite.navigation.rawValue || c.suite == Suite.session.rawValue else { return [loaded] }
        var variants: [CorpusLoader.LoadedCase] = []
        for nesting in declared where nesting != c.profile.nesting {
            var other = c
            other.profile.nesting = nesting
            guard (try? CaseVerifier.verify(other))?.isEmpty == true else { continue }
            other.id = "\(c.id)@\(nesting.rawValue)"
            other.description +=
                " (also judged under the \(nesting.rawValue) profile, where the model gives the same replies)"
            variants.append(CorpusLoader.LoadedCase(file: loaded.file, goldenCase: other))
        }
        return declared.contains(c.profile.nesting) || variants.isEmpty ? [loaded] + variants : variants
    }

    /// Why the implementation cannot run a case, from what it declared; `nil` when it can.
    static func unsupported(_ c: GoldenCase, _ capabilities: Capabilities) -> String? {
        let navigation = capabilities.navigation
        guard capabilities.suites.contains(Suite(c.suite)) else {
            return "not certified: suite \(c.suite) not declared"
        }
        guard navigation.nesting.contains(c.profile.nesting) else {
            return "not certified: nesting \(c.profile.nesting.rawValue) not declared"
        }
        if c.profile.flows && !navigation.flows { return "not certified: the case has flows, which are not declared" }
        if !c.profile.flows && navigation.flows {
            return "not certified: the case is for implementations without flows"
        }
        if !navigation.modals && c.initial.contains(where: { $0.presentation == .modal }) {
            return "not certified: the case has a presented layer, and modal layers are not declared"
        }
        for step in c.steps {
            if let mode = step.command.directive?.mode, mode.isKnown, !navigation.modes.contains(mode) {
                return "not certified: mode \(mode) not declared"
            }
            // Without flows a behavior means nothing: the flow object is ignored (NAV-FLOWLESS).
            if navigation.flows, let behavior = step.command.directive?.flow?.behavior, behavior.isKnown,
                !navigation.behaviors.contains(behavior)
            {
                return "not certified: behavior \(behavior) not declared"
            }
        }
        if c.initial.contains(where: { $0.presentation == .modal }) && !navigation.modes.contains(.present) {
            return "not certified: presented layers need PRESENT, which is not declared"
        }
        return nil
    }

    /// A counterexample as a golden case whose expectations come from the model, with an id derived from its content.
    /// `nil` for a failure whose suite has no golden-case format yet (decoding failures are saved by hand).
    package static func goldenCase(for failure: FailureRecord) -> GoldenCase? {
        guard let detail = failure.detail.decoded(as: StepFailureDetail.self) else { return nil }
        return GoldenCase(
            id: failure.id, suite: failure.suite.rawValue, description: "Regression: \(failure.description).",
            rules: failure.ruleIDs,
            features: failure.features, level: failure.level, origin: .regression,
            profile: detail.profile, initial: detail.initial,
            steps: detail.trace.map { GoldenCase.Step(command: $0.command, expect: $0.expected) })
    }

    /// Writes a case into `folder/<suite>/<id>.json`; a file with the same name and other content is never overwritten.
    package static func save(_ goldenCase: GoldenCase, into folder: URL) throws -> SaveOutcome {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(goldenCase) + Data("\n".utf8)
        let directory = folder.appendingPathComponent(goldenCase.suite, isDirectory: true)
        let file = directory.appendingPathComponent("\(goldenCase.id).json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let existing = try? Data(contentsOf: file) {
            if let decoded = try? JSONDecoder().decode(GoldenCase.self, from: existing), decoded == goldenCase {
                return .unchanged(file.path)
            }
            return .conflict(file.path)
        }
        try data.write(to: file)
        return .written(file.path)
    }
}
