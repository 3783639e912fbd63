public import ConformanceRules
public import FlowCheckCore
import Foundation

/// Everything a run wrote, or the shards of one run merged: what every report format renders.
///
/// Written as JSON lines: a ``RunHeader``, a ``SuiteRecord`` per suite, a ``FailureRecord`` per failure, an
/// ``ErrorRecord`` per suite that could not run to the end, a ``CaseRecord`` per golden case, and a closing
/// ``SummaryRecord`` with the verdict.
public struct RunRecord: Hashable, Sendable {
    /// Who ran against what; for merged shards, the first shard's header.
    public let header: RunHeader
    /// One record per suite, shards merged.
    public let suites: [SuiteRecord]
    /// Every minimal failure, MUST first.
    public let failures: [FailureRecord]
    /// Suites that could not run to the end.
    public let errors: [ErrorRecord]
    /// Golden cases run against the implementation.
    public let cases: [CaseRecord]
    /// Wall time, summed over the shards.
    public let seconds: Double
    /// How many files were merged.
    public let shards: Int
    /// What stopped the run early (`SIGINT`, `SIGTERM`), when something did.
    public let interrupted: String?
    /// The verdict, computed once from the records by `Verdict.init(suites:corpus:interrupted:)` (FlowCheckCore).
    public let verdict: RunVerdict
    /// What a CI gate (`--skip`, `--baseline`) decided on the run, when one gated it; every report shows it beside
    /// the verdict, and the exit code follows it.
    public var gate: GateRecord?

    /// Creates the record of a run and computes its verdict.
    public init(
        header: RunHeader, suites: [SuiteRecord], failures: [FailureRecord], errors: [ErrorRecord], cases: [CaseRecord],
        seconds: Double, shards: Int = 1, interrupted: String? = nil
    ) {
        self.header = header
        self.suites = suites
        self.failures = failures
        self.errors = errors
        self.cases = cases
        self.seconds = seconds
        self.shards = shards
        self.interrupted = interrupted
        // A suite found a failure when it is its own, or one reported under an earlier suite that it met too.
        func found(_ record: SuiteRecord, _ failure: FailureRecord) -> Bool {
            failure.suite == record.suite || (record.reportedElsewhere ?? []).contains(failure.id)
        }
        // Without --strict, a divergence breaking SHOULD rules only is a deviation: reported, failing nothing.
        let strict = header.strict == true
        func fails(_ failure: FailureRecord) -> Bool {
            failure.kind == .divergence && (strict || failure.level == .must)
        }
        func deviates(_ failure: FailureRecord) -> Bool { failure.kind == .divergence && !fails(failure) }
        let suiteVerdicts = suites.map { record in
            RunVerdict.SuiteVerdict(
                suite: record.suite, runs: record.runs, exercised: record.exercised,
                failures: failures.filter { fails($0) && found(record, $0) }.count,
                missingCoverage: record.missingCoverage,
                error: errors.filter { $0.suite == record.suite }.map(\.message).first,
                stoppedByTimeLimit: record.stoppedByTimeLimit,
                breakdowns: failures.filter { $0.kind == .breakdown && found(record, $0) }.count,
                // A suite cut short (a failure cap, a time limit, a stop) judges what it ran: its counts stand.
                unexercisedRules: header.shard != nil && shards == 1 ? [] : record.unexercisedRules(failures: failures),
                deviations: failures.filter { deviates($0) && found(record, $0) }.count,
                unresolvedRules: record.ruleStatuses(failures: failures).filter { $0.standing == .unresolved }.map(
                    \.rule.id), interrupted: record.interrupted)
        }
        let corpus =
            header.corpusHash == nil && cases.isEmpty
            ? nil
            : RunVerdict.CorpusTally(
                passed: cases.filter { $0.status == .passed }.count,
                failed: cases.filter { $0.status == .failed && !Self.isDeviation($0, strict: strict) }.count,
                errored: cases.filter { $0.status == .errored && !$0.isMalformed }.count,
                skipped: cases.filter { $0.status == .skipped }.count,
                malformed: cases.filter(\.isMalformed).count,
                deviations: cases.filter { Self.isDeviation($0, strict: strict) }.count)
        // A failure a later suite met again is reported once, under the suite that found it first: counted once.
        let reported = failures.filter { failure in suites.contains { found($0, failure) } }
        verdict = RunVerdict(
            suites: suiteVerdicts, corpus: corpus, interrupted: interrupted,
            distinctFailures: reported.filter { !deviates($0) }.count,
            distinctDeviations: reported.filter(deviates).count, strict: strict)
    }

    /// Whether a failure is a deviation: a divergence breaking SHOULD rules only, in a run that is not strict. It is
    /// reported in every output with its counterexample, and fails nothing.
    public func isDeviation(_ failure: FailureRecord) -> Bool {
        failure.kind == .divergence && failure.level == .should && header.strict != true
    }

    /// Whether a golden case's failure is a deviation: it is about SHOULD rules only, in a run that is not strict.
    public func isDeviation(_ goldenCase: CaseRecord) -> Bool {
        Self.isDeviation(goldenCase, strict: header.strict == true)
    }

    private static func isDeviation(_ goldenCase: CaseRecord, strict: Bool) -> Bool {
        goldenCase.status == .failed && goldenCase.level == .should && !strict
    }

    /// The failures of one suite.
    public func failures(of suite: Suite) -> [FailureRecord] { failures.filter { $0.suite == suite } }

    /// The records as JSON lines, without trailing newlines.
    public func lines() -> [String] {
        var lines = [RecordFormat.line(header)]
        for suite in suites {
            lines.append(RecordFormat.line(suite))
            lines += failures(of: suite.suite).map(RecordFormat.line)
            lines += errors.filter { $0.suite == suite.suite }.map(RecordFormat.line)
        }
        lines += cases.map(RecordFormat.line)
        lines.append(
            RecordFormat.line(SummaryRecord(verdict: verdict, seconds: (seconds * 1000).rounded() / 1000, gate: gate)))
        return lines
    }

    /// The records as the text of a JSON-lines file.
    public var text: String { lines().joined(separator: "\n") + "\n" }
}

extension RunRecord {
    /// The same record with every wall-clock figure zeroed, so that what is rendered or fuzzed from it is byte-stable.
    package var timeless: RunRecord {
        let suites = suites.map { suite -> SuiteRecord in
            var suite = suite
            suite.seconds = 0
            return suite
        }
        var record = RunRecord(
            header: header, suites: suites, failures: failures, errors: errors, cases: cases, seconds: 0,
            interrupted: interrupted)
        record.gate = gate
        return record
    }
}
