import FlowCheckCore
package import FlowCheckRecords

/// How a CI pipeline gates on a run: the verdict's failures, less those a skip list names, against a baseline.
///
/// Without a skip list or a baseline, the gate passes exactly when the verdict is conforming.
package struct Gate: Sendable {
    /// Cases and features not to judge.
    package var skip: SkipList
    /// The failures expected, when the pipeline keeps a baseline.
    package var baseline: Baseline?

    /// Creates a gate.
    package init(skip: SkipList = SkipList(), baseline: Baseline? = nil) {
        self.skip = skip
        self.baseline = baseline
    }

    /// What the gate decided, and why, in lines to print.
    package struct Decision: Hashable, Sendable {
        /// Whether the pipeline passes.
        package var passed: Bool
        /// The ids of the failures judged (not skipped), for writing a new baseline.
        package var judged: [String]
        /// What to print: skipped failures, the baseline's new and stale entries.
        package var lines: [String]
    }

    /// A failure the gate judges: a counterexample, or a golden case that failed or could not be run.
    package struct Failure: Hashable, Sendable {
        /// The failure's or the case's id.
        package var id: String
        /// The features it touches, which a skip list may name.
        package var features: [String]

        /// Creates a failure.
        package init(id: String, features: [String]) {
            self.id = id
            self.features = features
        }
    }

    /// Every failure of a run: its counterexamples, then its failed or errored golden cases. A deviation from a SHOULD
    /// rule is not one, unless the run was strict.
    package static func failures(of record: RunRecord) -> [Failure] {
        record.failures.filter { !record.isDeviation($0) }.map { Failure(id: $0.id, features: $0.features) }
            + record.cases.filter { ($0.status == .failed && !record.isDeviation($0)) || $0.status == .errored }.map {
                Failure(id: $0.id, features: $0.features)
            }
    }

    /// Decides on a run: an errored or under-covered run never passes; otherwise the judged failures must all be
    /// expected by the baseline (and the baseline must hold no stale entry), or there must be none.
    package func decide(_ record: RunRecord) -> Decision {
        var judged: [String] = []
        var lines: [String] = []
        for failure in Self.failures(of: record) {
            if let reason = skip.reason(id: failure.id, features: failure.features) {
                lines.append("skipped failure \(failure.id): \(reason)")
            } else {
                judged.append(failure.id)
            }
        }
        let verdict = record.verdict.overall
        let broken = verdict == .errored || verdict == .insufficientCoverage
        guard let baseline else { return Decision(passed: !broken && judged.isEmpty, judged: judged, lines: lines) }
        let gate = baseline.gate(failures: judged)
        lines.append(
            "baseline: \(counted(gate.expected.count, "expected failure")), \(gate.newFailures.count) new, \(gate.stale.count) stale"
        )
        lines += gate.newFailures.map { "  new failure: \($0)" }
        lines += gate.stale.map { "  stale: \($0) now passes or no longer exists; run with --update-baseline" }
        return Decision(passed: !broken && gate.passes, judged: judged, lines: lines)
    }
}
