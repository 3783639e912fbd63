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
        /// The failures judged (not skipped), for writing a new baseline.
        package var judged: [Failure]
        /// What to print: skipped failures, the baseline's new and stale entries.
        package var lines: [String]
        /// What fails the gate whatever is expected (`errored`, `insufficient coverage`), or `nil`.
        package var blocked: String? = nil
        /// The decision as the run's record carries it, for every report; `nil` when nothing gated (no skip list,
        /// no baseline), where the verdict alone decides.
        package var record: GateRecord?
    }

    /// A failure the gate judges: a counterexample, or a golden case that failed or could not be run.
    package struct Failure: Hashable, Sendable {
        /// The failure's or the case's id.
        package var id: String
        /// What a baseline entry names to expect it: for a counterexample its suite and rules, or its suite and how
        /// it broke down; for a golden case its id.
        package var cause: String
        /// The features it touches, which a skip list may name.
        package var features: [String]
        /// The rules it breaks, which a skip list may name; none for a golden case or a breakdown.
        package var rules: [String]
        /// The command that replays it, for a counterexample.
        package var replay: String?

        /// Creates a failure.
        package init(
            id: String, cause: String? = nil, features: [String], rules: [String] = [], replay: String? = nil
        ) {
            self.id = id
            self.rules = rules
            self.cause = cause ?? id
            self.features = features
            self.replay = replay
        }

        /// A counterexample as the gate judges it.
        package init(_ failure: FailureRecord) {
            let cause =
                failure.kind == .breakdown
                ? "breakdown (\(failure.origin.hasPrefix("breakdown: ") ? failure.origin.dropFirst(11) : "error"))"
                : failure.ruleIDs.sorted().joined(separator: ", ") + (failure.aspect.map { " [\($0)]" } ?? "")
            self.init(
                id: failure.id, cause: "\(failure.suite): \(cause)", features: failure.features,
                rules: failure.kind == .breakdown ? [] : failure.ruleIDs, replay: failure.replay)
        }
    }

    /// Every failure of a run: its counterexamples, then its failed or errored golden cases. A deviation from a SHOULD
    /// rule is not one, unless the run was strict.
    package static func failures(of record: RunRecord) -> [Failure] {
        record.failures.filter { !record.isDeviation($0) }.map(Failure.init)
            + record.cases.filter { ($0.status == .failed && !record.isDeviation($0)) || $0.status == .errored }.map {
                Failure(id: $0.id, features: $0.features)
            }
    }

    /// Decides on a run: an errored or under-covered run never passes; otherwise the judged failures must all be
    /// expected by the baseline (and the baseline must hold no stale entry), or there must be none.
    package func decide(_ record: RunRecord) -> Decision {
        var judged: [Failure] = []
        var lines: [String] = []
        var excused: [GateRecord.Excused] = []
        let failures = Self.failures(of: record)
        // A rule or cause entry that skips nothing is said (it may be stale, or misspelt), never failed on: the bug
        // may simply not have shown at this seed.
        for (index, entry) in skip.skip.enumerated() where entry.rule != nil || entry.cause != nil {
            let used = failures.contains {
                entry.skips(id: $0.id, features: $0.features, rules: $0.rules, cause: $0.cause)
            }
            if !used {
                lines.append(
                    "skip list entry \(index + 1) (\(entry.rule ?? entry.cause ?? "")) matched no failure of this run")
            }
        }
        for failure in failures {
            if let reason = skip.reason(
                id: failure.id, features: failure.features, rules: failure.rules, cause: failure.cause)
            {
                lines.append("skipped failure \(failure.id): \(reason)")
                excused.append(.init(id: failure.id, by: "skipped", reason: reason))
            } else {
                judged.append(failure)
            }
        }
        // A run that could not be judged whole never passes, whatever a baseline expects: a suite that errored, or one
        // with a rule not exercised or required coverage missing (a divergent verdict outranks these, so they are
        // read from the suites).
        let suites = record.verdict.suites
        let blocked =
            record.verdict.overall == .errored || suites.contains { $0.verdict == .errored }
            ? "errored"
            : record.verdict.overall == .insufficientCoverage
                || suites.contains { !$0.unexercisedRules.isEmpty || !$0.missingCoverage.isEmpty }
                ? "insufficient coverage" : nil
        let broken = blocked != nil
        let by = [skip.skip.isEmpty ? nil : "the skip list", baseline == nil ? nil : "the baseline"].compactMap { $0 }
            .joined(separator: " and ")
        guard let baseline else {
            let passed = !broken && judged.isEmpty
            return Decision(
                passed: passed, judged: judged, lines: lines, blocked: blocked,
                record: by.isEmpty ? nil : GateRecord(passed: passed, by: by, excused: excused, blocked: blocked))
        }
        let gate = baseline.gate(failures: judged)
        lines.append(
            "baseline: \(counted(gate.expected.count, "expected failure")), \(gate.newFailures.count) new, \(gate.stale.count) stale"
        )
        let causes = Dictionary(judged.map { ($0.id, $0.cause) }, uniquingKeysWith: { first, _ in first })
        lines += gate.newFailures.map { "  new failure: \($0) (cause \(causes[$0] ?? $0))" }
        lines += gate.stale.map { "  stale: \($0) now passes or no longer exists; run with --update-baseline" }
        excused += gate.expected.map { .init(id: $0.id, by: "expected", reason: $0.cause) }
        let passed = !broken && gate.passes
        return Decision(
            passed: passed, judged: judged, lines: lines, blocked: blocked,
            record: GateRecord(
                passed: passed, by: by, excused: excused, newFailures: gate.newFailures, stale: gate.stale,
                blocked: blocked))
    }
}
