import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import FlowSchema
package import Foundation
package import GoldenCorpus

/// The decoding suite's golden cases (`Corpus/decoding`): checked against the reference decoder and run against a
/// decoder.
///
/// A case's expectation comes from the reference decoder with the documented component types and migrations. A case
/// applies to an implementation when the reference decoder, given what the implementation declared (its component
/// types, whether it migrates), still meets that expectation; otherwise it is skipped as not certified. A case the
/// reference decoder itself does not meet, with the documented options, is wrong: it is a corpus error (errored, with
/// the diff), never a skip. A failed case names the rules the implementation broke, by cause, which may differ from
/// those the case is about.
package struct DecodingCorpus: GoldenCaseFormat {
    package init() {}

    /// The cases of a corpus, as the generic corpus commands see them.
    package static func goldenCases(in corpus: URL) -> GoldenCases { GoldenCases(DecodingCorpus(), corpus: corpus) }

    package func load(corpus: URL) -> (cases: [(file: String, value: DecodingGoldenCase)], errors: [CorpusError]) {
        let (cases, errors) = DecodingGoldenCase.load(corpus: corpus)
        return (cases.map { ($0.file, $0.decodingCase) }, errors)
    }

    package func id(of goldenCase: DecodingGoldenCase) -> String { goldenCase.id }

    package func content(of cases: [DecodingGoldenCase]) -> Data {
        var content = Data()
        for c in cases { content += Data((c.id + "\u{0}" + c.text + "\u{0}").utf8) }
        return content
    }

    /// The case against the reference decoder, with the diff when it does not meet it.
    package func verify(_ c: DecodingGoldenCase, file: String) -> GoldenCases.Verified {
        let decoded = ReferenceFlowDecoder.decode(c.text)
        guard !c.expected.isMet(by: decoded) else {
            return .init(lines: ["PASS \(file) [\(c.rules.joined(separator: ", "))]"], held: true)
        }
        let diff = DecodingAnalysis.diff(c.expected.outcome, decoded)
        return .init(
            lines: [
                "FAIL \(file): \(c.description)",
                "  the reference decoder differs from the case (- expected, + decoded):",
                "  " + diff.replacingOccurrences(of: "\n", with: "\n  "),
            ], held: false)
    }

    package func trials(
        of c: DecodingGoldenCase, file: String, capabilities: Capabilities
    ) -> [GoldenCaseTrial<DecodingGoldenCase>] {
        let features = Array(Set(c.rules.compactMap { DecodingRules.named($0)?.feature })).sorted()
        let record = CaseRecord(
            id: c.id, file: file, suite: Suite.decoding.rawValue, description: c.description, features: features,
            rules: c.rules, level: Rule.Level(rawValue: c.level) ?? .must, status: .passed)
        return [GoldenCaseTrial(value: c, record: record, skipID: c.id, problem: problem(c, capabilities))]
    }

    private func problem(
        _ c: DecodingGoldenCase, _ capabilities: Capabilities
    ) -> GoldenCaseTrial<DecodingGoldenCase>
        .Problem?
    {
        guard capabilities.suites.contains(.decoding) else {
            return .unsupported("not certified: suite decoding not declared")
        }
        let documented = ReferenceFlowDecoder.decode(c.text)
        guard c.expected.isMet(by: documented) else {
            // The case, not the implementation, is wrong: said so, with what the reference decodes.
            return .corpusError(
                message: "corpus error: the reference decoder does not meet this case's expectation "
                    + "(\(DecodingAnalysis.summary(c.expected.outcome)) expected, "
                    + "\(DecodingAnalysis.summary(documented)) decoded); fix the case (flowcheck corpus verify shows "
                    + "the diff)",
                diff: DecodingAnalysis.diff(c.expected.outcome, documented))
        }
        guard c.expected.isMet(by: ReferenceFlowDecoder.decode(c.text, options: capabilities.decoderOptions)) else {
            return .unsupported(
                "not certified: the case needs component types or migrations the implementation does not declare")
        }
        return nil
    }

    package func subject(_ implementation: any Implementation) -> (any DecodingImplementation)? {
        implementation as? any DecodingImplementation
    }

    package var notSubject: String { "not certified: the implementation does not decode" }

    package func judge(
        _ c: DecodingGoldenCase, on decoder: any DecodingImplementation, capabilities: Capabilities,
        into result: inout CaseRecord
    ) throws {
        let outcome = try decoder.decode(c.text)
        // A document that repeats a key may be read with its first occurrences (DEC-DUPLICATE-KEY), and a bare
        // flow's schema_version as the gate.
        let alternatives = DecodingCheck.alternatives(c.text, options: capabilities.decoderOptions)
        guard !c.expected.isMet(by: outcome) && !alternatives.contains(where: { $0.agrees(with: outcome) }) else {
            return
        }
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(c.text, options: capabilities.decoderOptions, trace: &trace)
        result.status = .failed
        result.message = "\(DecodingAnalysis.summary(expected)) expected, \(DecodingAnalysis.summary(outcome)) decoded"
        result.diff = DecodingAnalysis.diff(expected, outcome)
        let broken = DecodingCheck.broken(trace: trace, expected: expected, actual: outcome)
        if !broken.isEmpty {
            result.broken = broken
            // A failure is as binding as the rules it breaks, not the rules the case is about.
            result.level = Rule.Level.binding(of: broken, DecodingRules.named)
        }
    }
}
