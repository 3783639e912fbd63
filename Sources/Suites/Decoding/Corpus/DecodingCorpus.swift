import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import FlowSchema
package import Foundation
import GoldenCorpus
package import PropertyTesting

/// The decoding suite's golden cases (`Corpus/decoding`): checked against the reference decoder and run against a
/// decoder.
package enum DecodingCorpus {
    /// The cases of a corpus, as the generic corpus commands see them.
    package static func goldenCases(in corpus: URL) -> GoldenCases {
        let (cases, errors) = DecodingGoldenCase.load(corpus: corpus)
        var content = Data()
        for (_, c) in cases.sorted(by: { $0.decodingCase.id < $1.decodingCase.id }) {
            content += Data((c.id + "\u{0}" + c.text + "\u{0}").utf8)
        }
        return GoldenCases(
            ids: cases.map(\.decodingCase.id), errors: errors, content: content,
            verify: { verify(cases) },
            run: { run(decoding: cases, on: $0, skip: $1, shard: $2, stop: $3) })
    }

    /// Each case against the reference decoder, with the diff of one it does not meet.
    static func verify(_ cases: [(file: String, decodingCase: DecodingGoldenCase)]) -> [GoldenCases.Verified] {
        cases.map { file, c in
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
    }

    /// Runs the decoding cases (or this shard's) against a decoder.
    ///
    /// A case's expectation comes from the reference decoder with the documented component types and
    /// migrations. A case applies to an implementation when the reference decoder, given what the implementation
    /// declared (its component types, whether it migrates), still meets that expectation; otherwise it is skipped
    /// as not certified. A case the reference decoder itself does not meet, with the documented options, is wrong:
    /// it is a corpus error (errored, with the diff), never a skip. A failed case names the rules the implementation
    /// broke, by cause, which may differ from those the case is about.
    package static func run(
        decoding cases: [(file: String, decodingCase: DecodingGoldenCase)], on implementation: any Implementation,
        skip: (_ id: String, _ features: [String]) -> String? = { _, _ in nil },
        shard: (index: Int, count: Int)? = nil, stop: StopRequest? = nil
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
            var reason = skip(c.id, features)
            if reason == nil && !capabilities.suites.contains(.decoding) {
                reason = "not certified: suite decoding not declared"
            }
            let documented = ReferenceFlowDecoder.decode(c.text)
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
            if reason == nil
                && !c.expected.isMet(by: ReferenceFlowDecoder.decode(c.text, options: capabilities.decoderOptions))
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
                    let expected = ReferenceFlowDecoder.decode(
                        c.text, options: capabilities.decoderOptions, trace: &trace)
                    result.status = .failed
                    result.message =
                        "\(DecodingAnalysis.summary(expected)) expected, \(DecodingAnalysis.summary(outcome)) decoded"
                    result.diff = DecodingAnalysis.diff(expected, outcome)
                    let broken = DecodingCheck.broken(trace: trace, expected: expected, actual: outcome)
                    if !broken.isEmpty {
                        result.broken = broken
                        // A failure is as binding as the rules it breaks, not the rules the case is about.
                        result.level = Rule.Level.binding(of: broken, DecodingRules.named)
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

}
