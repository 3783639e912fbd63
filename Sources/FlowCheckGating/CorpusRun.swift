import ConformanceRules
import FlowCheck
import FlowCheckCore
import FlowCheckRecords
import FlowSchema
import Foundation
import GoldenCorpus
import JSON
import NavigationModel
import PropertyTesting

/// Runs golden cases against an implementation, and turns counterexamples into golden cases.
public enum CorpusRun {
    /// Runs every case (or this shard's), skipping those the skip list names or the capabilities cannot run; once
    /// `stop` is requested, no further case starts.
    public static func run(
        _ cases: [CorpusLoader.LoadedCase], on implementation: any Implementation,
        skip: SkipList = SkipList(), shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
    ) -> [CaseRecord] {
        let capabilities = implementation.capabilities
        var results: [CaseRecord] = []
        let selected = cases.enumerated().filter {
            shard.map({ [index = $0.offset] in index % $0.count == $0.index }) ?? true
        }
        for loaded in selected.flatMap({ profileVariants($0.element, declared: capabilities.nesting) }) {
            if stop?.isRequested == true { break }
            let c = loaded.goldenCase
            var result = CaseRecord(
                id: c.id, file: loaded.file, suite: c.suite, description: c.description, features: c.features,
                rules: c.rules, level: c.level, status: .passed)
            // A profile variant (`id@shared`) is skipped by its case's id.
            let caseID = c.id.split(separator: "@").first.map(String.init) ?? c.id
            let reason = skip.reason(id: caseID, features: c.features) ?? unsupported(c, capabilities)
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
                    !ReplyComparison.matches(c.steps[$0].expect, replies[$0], reasons: capabilities.reasons)
                }) {
                    result.status = .failed
                    result.step = step
                    result.expected = c.steps[step].expect
                    result.actual = replies[step]
                    result.diff = ReplyComparison.diff(expected: c.steps[step].expect, actual: replies[step])
                    result.broken = CaseAttribution.rules(
                        suite: Suite(c.suite), profile: c.profile, initial: c.initial,
                        commands: c.steps.map(\.command), replies: replies, reasons: capabilities.reasons)
                    // A failure is as binding as the rules it breaks, not the rules the case is about.
                    if let broken = result.broken, !broken.isEmpty {
                        result.level = level(of: broken, NavigationRules.named)
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
        _ loaded: CorpusLoader.LoadedCase, declared: [Profile.Nesting]
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
        guard capabilities.suites.contains(Suite(c.suite)) else {
            return "not certified: suite \(c.suite) not declared"
        }
        guard capabilities.nesting.contains(c.profile.nesting) else {
            return "not certified: nesting \(c.profile.nesting.rawValue) not declared"
        }
        if c.profile.flows && !capabilities.flows { return "not certified: the case has flows, which are not declared" }
        if !c.profile.flows && capabilities.flows {
            return "not certified: the case is for implementations without flows"
        }
        if !capabilities.modals && c.initial.contains(where: { $0.presentation == .modal }) {
            return "not certified: the case has a presented layer, and modal layers are not declared"
        }
        for step in c.steps {
            if let mode = step.command.directive?.mode, mode.isKnown, !capabilities.modes.contains(mode) {
                return "not certified: mode \(mode) not declared"
            }
            // Without flows a behavior means nothing: the flow object is ignored (NAV-FLOWLESS).
            if capabilities.flows, let behavior = step.command.directive?.flow?.behavior, behavior.isKnown,
                !capabilities.behaviors.contains(behavior)
            {
                return "not certified: behavior \(behavior) not declared"
            }
        }
        if c.initial.contains(where: { $0.presentation == .modal }) && !capabilities.modes.contains(.present) {
            return "not certified: presented layers need PRESENT, which is not declared"
        }
        return nil
    }

    /// Runs the decoding cases (or this shard's) against a decoder.
    ///
    /// A case's expectation comes from the reference decoder with the documented component types and
    /// migrations. A case applies to an implementation when the reference decoder, given what the implementation
    /// declared (its component types, whether it migrates), still meets that expectation; otherwise it is skipped
    /// as not certified. A case the reference decoder itself does not meet, with the documented options, is wrong:
    /// it is a corpus error (errored, with the diff), never a skip. A failed case names the rules the implementation
    /// broke, by cause, which may differ from those the case is about.
    public static func run(
        decoding cases: [(file: String, decodingCase: DecodingCase)], on implementation: any Implementation,
        skip: SkipList = SkipList(), shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
    ) -> [CaseRecord] {
        let capabilities = implementation.capabilities
        var results: [CaseRecord] = []
        for (index, loaded) in cases.enumerated() where shard.map({ index % $0.count == $0.index }) ?? true {
            if stop?.isRequested == true { break }
            let c = loaded.decodingCase
            let features = Array(Set(c.rules.compactMap { DecodingRules.named($0)?.feature })).sorted()
            var result = CaseRecord(
                id: c.id, file: loaded.file, suite: Suite.decoding.rawValue, description: c.description,
                features: features, rules: c.rules, level: Rule.Level(rawValue: c.level) ?? .must, status: .passed)
            var reason = skip.reason(id: c.id, features: features)
            if reason == nil && !capabilities.suites.contains(.decoding) {
                reason = "not certified: suite decoding not declared"
            }
            let documented = FlowDecoder.decode(c.text)
            if reason == nil && !c.expected.isMet(by: documented) {
                // The case, not the implementation, is wrong: said so, with what the reference decodes.
                result.status = .errored
                result.message =
                    "corpus error: the reference decoder does not meet this case's expectation "
                    + "(\(DecodingAnalysis.summary(c.expected.outcome)) expected, \(DecodingAnalysis.summary(documented)) "
                    + "decoded); fix the case (flowcheck corpus verify shows the diff)"
                result.diff = DecodingAnalysis.diff(c.expected.outcome, documented)
                results.append(result)
                continue
            }
            if reason == nil && !c.expected.isMet(by: FlowDecoder.decode(c.text, options: capabilities.decoderOptions))
            {
                reason =
                    "not certified: the case needs component types or migrations the implementation does not declare"
            }
            guard reason == nil, let decoder = implementation as? any DecodingImplementation else {
                result.status = .skipped
                result.message = reason ?? "not certified: the implementation does not decode"
                results.append(result)
                continue
            }
            do {
                let outcome = try decoder.decode(c.text)
                // A document that repeats a key may be read with its first occurrences (DEC-DUPLICATE-KEY), and a
                // bare flow's schema_version as the gate.
                let alternatives = DecodingCheck.alternatives(c.text, options: capabilities.decoderOptions)
                if !c.expected.isMet(by: outcome) && !alternatives.contains(where: { $0.agrees(with: outcome) }) {
                    var trace = DecodeTrace()
                    let expected = FlowDecoder.decode(c.text, options: capabilities.decoderOptions, trace: &trace)
                    result.status = .failed
                    result.message =
                        "\(DecodingAnalysis.summary(expected)) expected, \(DecodingAnalysis.summary(outcome)) decoded"
                    result.diff = DecodingAnalysis.diff(expected, outcome)
                    let broken = DecodingCheck.broken(trace: trace, expected: expected, actual: outcome)
                    if !broken.isEmpty {
                        result.broken = broken
                        // A failure is as binding as the rules it breaks, not the rules the case is about.
                        result.level = level(of: broken, DecodingRules.named)
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

    /// How binding a failure of `rules` is: MUST when any of them is, or is not known to `named`.
    static func level(of rules: [String], _ named: (String) -> Rule?) -> Rule.Level {
        Rule.Level.binding(of: rules, named)
    }

    /// A hash of the corpus content (not its formatting): the same cases give the same hash everywhere.
    public static func hash(
        _ cases: [CorpusLoader.LoadedCase], decoding: [(file: String, decodingCase: DecodingCase)] = [],
        other: [(id: String, content: String)] = []
    ) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let sorted = cases.map(\.goldenCase).sorted { $0.id < $1.id }
        var data = (try? encoder.encode(sorted)) ?? Data()
        for (_, c) in decoding.sorted(by: { $0.decodingCase.id < $1.decodingCase.id }) {
            data += Data((c.id + "\u{0}" + c.text + "\u{0}").utf8)
        }
        // Other suites' cases (the client's), by id, each as its content in canonical JSON.
        for (id, content) in other.sorted(by: { $0.id < $1.id }) {
            data += Data((id + "\u{0}" + content + "\u{0}").utf8)
        }
        return "fnv1a64:" + FailureIdentity.hex(FailureIdentity.fnv1a(data))
    }

    /// A counterexample as a golden case whose expectations come from the model, with an id derived from its content.
    /// `nil` for a failure whose suite has no golden-case format yet (decoding failures are saved by hand).
    public static func goldenCase(for failure: FailureRecord) -> GoldenCase? {
        guard let detail = failure.detail.decoded(as: StepFailureDetail.self) else { return nil }
        return GoldenCase(
            id: failure.id, suite: failure.suite.rawValue, description: "Regression: \(failure.description).",
            rules: failure.ruleIDs,
            features: failure.features, level: failure.level, origin: .regression,
            profile: detail.profile, initial: detail.initial,
            steps: detail.trace.map { GoldenCase.Step(command: $0.command, expect: $0.expected) })
    }

    /// What saving a case did.
    public typealias SaveOutcome = GoldenCorpus.SaveOutcome

    /// Writes a case into `folder/<suite>/<id>.json`; a file with the same name and other content is never overwritten.
    public static func save(_ goldenCase: GoldenCase, into folder: URL) throws -> SaveOutcome {
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
