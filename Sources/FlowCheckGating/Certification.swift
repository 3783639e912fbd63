package import ConformanceRules
package import FlowCheckCore
import FlowCheckEngine
package import FlowCheckRecords
import FlowCheckSuites

/// What `flowcheck certify` writes next to its report: what was certified, against which corpus and kit, with
/// which seeds, and the decision.
package struct Certificate: Codable, Hashable, Sendable {
    /// The decision.
    package enum Decision: String, Codable, Hashable, Sendable {
        /// Every suite conforming and every judged golden case passed.
        case certified
        /// Something failed, errored, or was not exercised; ``Certificate/reasons`` says what.
        case notCertified = "not certified"
        /// Nothing could be run: there is nothing to certify.
        case refused
    }

    /// The kit that certified.
    package var kit: KitInfo
    /// The hash of the golden corpus run.
    package var corpusHash: String
    /// The implementation certified.
    package var implementation: ImplementationInfo
    /// What it declared.
    package var capabilities: Capabilities
    /// What the certificate does not cover.
    package var notCertified: [String]
    /// The run's seed.
    package var seed: UInt64
    /// Each suite's seed.
    package var suiteSeeds: [String: UInt64]
    /// Runs per suite requested.
    package var runsPerSuite: Int
    /// Generated cases run in all.
    package var runs: Int
    /// What the suites exercised, one count per unit.
    package var exercised: [UnitCount]
    /// Golden cases by how they ended: passed, failed, errored, skipped, and deviations (failed on SHOULD rules
    /// only in a run that is not strict, not counted as failed).
    package var cases: [String: Int]
    /// The verdict of the run it rests on.
    package var verdict: ConformanceVerdict
    /// The decision.
    package var decision: Decision
    /// The rules the decision holds the implementation to: `MUST`, or `MUST and SHOULD` for a strict run
    /// (`--strict`).
    package var level: String
    /// Deviations from SHOULD rules found (listed under ``failures``, each marked): they do not stand in the way of a
    /// certificate at the MUST level.
    package var deviations: Int
    /// The rules at the certified level the run could not judge (unresolved: units blamed on them diverged, and
    /// no case of their own was found): the certificate does not vouch for them.
    package var unresolved: [String]
    /// Why it was not certified or refused; empty when certified.
    package var reasons: [String]
    /// Exactly what the certificate covers, one line per dimension: suites, modes, behaviors, profiles, and for
    /// decoding the component types and migrations.
    package var scope: [String]
    /// Every rule of every suite, with its status and the steps or documents behind it (a suite not run: not
    /// certified).
    package var rules: [RuleEntry]
    /// Every failure found, MUST first, each with its minimal input, its diff and the command that replays it.
    package var failures: [FailureEntry]
    /// The golden cases that did not pass, deviations among them.
    package var goldenCases: [GoldenEntry]

    /// One failure behind the decision.
    package struct FailureEntry: Codable, Hashable, Sendable {
        /// The failure's id, as in the JSON lines.
        package var id: String
        /// Its suite.
        package var suite: Suite
        /// A divergence or a breakdown.
        package var kind: FailureRecord.Kind
        /// MUST or SHOULD.
        package var level: Rule.Level
        /// The rules it breaks.
        package var rules: [String]
        /// What diverged, in one line.
        package var description: String
        /// Whether it breaks SHOULD rules only, in a run that was not strict: reported, not in the way of a
        /// certificate.
        package var deviation: Bool
        /// The command that replays it.
        package var replay: String
        /// Its minimal input, as the text report prints it.
        package var input: [String]
        /// What differs, `-` model and `+` implementation.
        package var diff: String
    }

    /// A golden case that did not pass.
    package struct GoldenEntry: Codable, Hashable, Sendable {
        /// The case's id.
        package var id: String
        /// failed, errored or skipped.
        package var status: String
        /// The rules it broke.
        package var rules: [String]
        /// Whether it breaks SHOULD rules only, in a run that was not strict.
        package var deviation: Bool
        /// Why, in one line (a skipped or errored case's reason).
        package var message: String?
        /// What differs, for a failed case.
        package var diff: String?
    }

    /// One rule behind the decision.
    package struct RuleEntry: Codable, Hashable, Sendable {
        /// The rule's ID.
        package var id: String
        /// MUST or SHOULD.
        package var level: Rule.Level
        /// broken, held, not exercised or not certified.
        package var status: RuleStatus.Standing
        /// The steps or documents that fell under it.
        package var triggered: UnitCount
    }

    /// The certificate of a run of the corpus and every declared suite; the decision reads the run's verdict.
    package init(record: RunRecord, runsPerSuite: Int) {
        let verdict = record.verdict
        kit = record.header.kit
        corpusHash = record.header.corpusHash ?? "none"
        implementation = record.header.implementation
        capabilities = record.header.capabilities
        notCertified = record.header.notCertified
        seed = record.header.seed
        suiteSeeds = Dictionary(uniqueKeysWithValues: record.suites.map { ($0.suite.rawValue, $0.seed) })
        self.runsPerSuite = runsPerSuite
        runs = verdict.runs
        exercised = verdict.exercised
        let tally = verdict.corpus ?? RunVerdict.CorpusTally(passed: 0, failed: 0, errored: 0, skipped: 0, malformed: 0)
        cases = [
            "passed": tally.passed, "failed": tally.failed, "errored": tally.errored, "skipped": tally.skipped,
            "deviations": tally.deviations,
        ]
        self.verdict = verdict.overall
        scope = Self.scope(record.header.capabilities)
        // A spec-driven run certifies against that spec (a backend, its contract): the scope names it.
        if let spec = record.header.spec {
            scope.append("spec: \(spec.file)" + (spec.clientVersion.map { " for client \($0)" } ?? ""))
        }
        rules = record.suites.flatMap { suite in
            suite.ruleStatuses(failures: record.failures).map {
                RuleEntry(
                    id: $0.rule.id, level: $0.rule.level, status: $0.standing,
                    triggered: UnitCount($0.triggered, suite.triggeredUnit))
            }
        }
        let judged = Set(record.suites.map(\.suite))
        for suite in SuiteRegistry.all where !judged.contains(suite.suite) {
            rules += suite.rules.map {
                RuleEntry(id: $0.id, level: $0.level, status: .notCertified, triggered: UnitCount(0, suite.unit))
            }
        }
        failures = record.failures.map {
            FailureEntry(
                id: $0.id, suite: $0.suite, kind: $0.kind, level: $0.level, rules: $0.ruleIDs,
                description: $0.description, deviation: record.isDeviation($0), replay: $0.replay, input: $0.input,
                diff: $0.diff)
        }
        goldenCases = record.cases.filter { $0.status != .passed }.map {
            GoldenEntry(
                id: $0.id, status: $0.status.rawValue, rules: $0.rules, deviation: record.isDeviation($0),
                message: $0.message, diff: $0.diff)
        }
        level = verdict.level
        deviations = verdict.deviations
        let strict = record.header.strict == true
        unresolved = rules.filter { $0.status == .unresolved && ($0.level == .must || strict) }.map(\.id)
        var reasons: [String] = []
        if !verdict.suites.isEmpty && verdict.suites.allSatisfy({ $0.verdict == .errored }) && tally.passed == 0 {
            decision = .refused
            reasons.append("every suite errored and no golden case passed: there is nothing to certify")
        } else {
            for suite in verdict.suites where suite.verdict != .conforming {
                var reason = "the \(suite.suite) suite is \(suite.verdict.label.dropFirst(2))"
                if !suite.unexercisedRules.isEmpty {
                    reason += " (not exercised: " + suite.unexercisedRules.joined(separator: ", ") + ")"
                }
                reasons.append(reason)
            }
            if let signal = record.interrupted { reasons.append("the run was interrupted (\(signal)) before it ended") }
            if verdict.suites.isEmpty { reasons.append("no suite ran") }
            let cut = verdict.suites.filter { $0.stoppedByTimeLimit != nil }
            if !cut.isEmpty {
                reasons.append(
                    "the time limit cut \(counted(cut.count, "suite")) short: "
                        + cut.map(\.suite.rawValue).joined(separator: ", "))
            }
            if tally.failed > 0 { reasons.append("\(counted(tally.failed, "golden case")) failed") }
            if tally.errored > 0 { reasons.append("\(counted(tally.errored, "golden case")) could not be run") }
            if tally.malformed > 0 {
                reasons.append("\(counted(tally.malformed, "golden case file")) could not be read")
            }
            // Every suite run that has golden cases needs some of its own that ran: a decoder is not certified by
            // stack cases. A suite without (the server's) is certified by its generated runs alone.
            let cased = verdict.suites.filter { SuiteRegistry.named($0.suite)?.hasGoldenCases ?? true }
            if tally.judged == 0 && (!cased.isEmpty || verdict.suites.isEmpty) {
                reasons.append("no golden case could be run")
            }
            for suite in cased
            where !record.cases.contains(where: { $0.suite == suite.suite.rawValue && $0.status != .skipped }) {
                reasons.append("no golden case of the \(suite.suite) suite could be run")
            }
            decision = reasons.isEmpty ? .certified : .notCertified
        }
        self.reasons = reasons
    }

    /// What the capabilities cover, one line per dimension of the suites they declare.
    static func scope(_ capabilities: Capabilities) -> [String] {
        var lines = [
            "suites: "
                + (capabilities.suites.isEmpty ? "none" : capabilities.suites.map(\.rawValue).joined(separator: ", "))
        ]
        // Suites that share a dimension (navigation and session) give it once.
        for suite in SuiteRegistry.all where capabilities.suites.contains(suite.suite) {
            for line in suite.scope(capabilities) where !lines.contains(line) { lines.append(line) }
        }
        return lines
    }
}
