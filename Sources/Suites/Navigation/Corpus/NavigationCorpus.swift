import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
package import Foundation
package import GoldenCorpus
import JSON
import NavigationModel
package import PropertyTesting

/// The navigation and session suites' golden cases (`Corpus/navigation`, `Corpus/session`): checked against the
/// model, run against an implementation, and made from counterexamples.
package enum NavigationCorpus {
    /// The cases of a corpus, as the generic corpus commands see them.
    package static func goldenCases(in corpus: URL) -> GoldenCases {
        let (cases, errors) = CorpusLoader.load(corpus: corpus)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return GoldenCases(
            ids: cases.map(\.goldenCase.id), errors: errors,
            content: (try? encoder.encode(cases.map(\.goldenCase).sorted { $0.id < $1.id })) ?? Data(),
            verify: { verify(cases) },
            run: { run(cases, on: $0, skip: $1, shard: $2, stop: $3) })
    }

    /// Each case against the model: a line per case, and the mismatches of one that does not hold.
    static func verify(_ cases: [CorpusLoader.LoadedCase]) -> [GoldenCases.Verified] {
        cases.map { loaded in
            GoldenCases.Verified(
                file: loaded.file, rules: loaded.goldenCase.rules, description: loaded.goldenCase.description
            ) { try CaseVerifier.verify(loaded.goldenCase) }
        }
    }

    /// Runs every case (or this shard's), skipping those the skip list names or the capabilities cannot run; once
    /// `stop` is requested, no further case starts.
    package static func run(
        _ cases: [CorpusLoader.LoadedCase], on implementation: any Implementation,
        skip: (_ id: String, _ features: [String]) -> String? = { _, _ in nil },
        shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
    ) -> [CaseRecord] {
        let capabilities = implementation.capabilities
        let navigation = capabilities.navigation
        var results: [CaseRecord] = []
        let selected = cases.enumerated().filter {
            shard.map({ [index = $0.offset] in index % $0.count == $0.index }) ?? true
        }
        for loaded in selected.flatMap({ profileVariants($0.element, declared: navigation.nesting) }) {
            if stop?.isRequested == true { break }
            let c = loaded.goldenCase
            var result = CaseRecord(
                id: c.id, file: loaded.file, suite: c.suite, description: c.description, features: c.features,
                rules: c.rules, level: c.level, status: .passed)
            // A profile variant (`id@shared`) is skipped by its case's id.
            let caseID = c.id.split(separator: "@").first.map(String.init) ?? c.id
            let reason = skip(caseID, c.features) ?? unsupported(c, capabilities)
            guard reason == nil, let navigator = implementation as? any NavigationImplementation else {
                result.status = .skipped
                result.message = reason ?? "not certified: the implementation does not navigate"
                results.append(result)
                continue
            }
            do {
                let replies = try navigator.run(
                    initial: c.initial, profile: c.profile, commands: c.steps.map(\.command))
                if let step = c.steps.indices.first(where: {
                    !ReplyComparison.matches(c.steps[$0].expect, replies[$0], reasons: navigation.reasons)
                }) {
                    result.status = .failed
                    result.step = step
                    result.expected = c.steps[step].expect
                    result.actual = replies[step]
                    result.diff = ReplyComparison.diff(expected: c.steps[step].expect, actual: replies[step])
                    result.broken = CaseAttribution.rules(
                        suite: Suite(c.suite), profile: c.profile, initial: c.initial,
                        commands: c.steps.map(\.command), replies: replies, reasons: navigation.reasons)
                    // A failure is as binding as the rules it breaks, not the rules the case is about.
                    if let broken = result.broken, !broken.isEmpty {
                        result.level = Rule.Level.binding(of: broken, NavigationRules.named)
                    }
                }
            } catch {
                // A case cut off by the kit's own stop is not the implementation's error: it was not run to the end.
                if stop?.isRequested == true { break }
                result.status = .errored
                result.message = "\(error)"
            }
            results.append(result)
        }
        return results
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
