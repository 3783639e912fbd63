import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckRecords
import Foundation

/// The CLI's `--skip`, `--baseline` and `--update-baseline` for a test: which failures the test tolerates, keyed by
/// cause so that the same bug at another seed is still expected.
struct TestGate {
    var skip: SkipList
    var baseline: Baseline?
    var baselinePath: String?
    /// `FLOWCHECK_UPDATE_BASELINE=1`: write this run's failures to the baseline instead of gating on it.
    var updates: Bool

    /// The gate the call and the environment ask for; `nil` when neither names a skip list or a baseline.
    static func make(
        skip: String?, baseline: String?, environment: [String: String]
    ) throws(FileFormatError) -> TestGate? {
        let skipPath = skip ?? environment["FLOWCHECK_SKIP"]
        let baselinePath = baseline ?? environment["FLOWCHECK_BASELINE"]
        guard skipPath != nil || baselinePath != nil else { return nil }
        let updates = environment["FLOWCHECK_UPDATE_BASELINE"].map { $0 == "1" || $0 == "true" } ?? false
        let list = try skipPath.map(SkipList.load) ?? SkipList()
        // A baseline being written may not exist yet.
        let expected = try updates ? nil : baselinePath.map(Baseline.load)
        return TestGate(skip: list, baseline: expected, baselinePath: baselinePath, updates: updates)
    }

    /// Whether the gate excuses every failure of a run: each expected by the baseline (by cause) or skipped.
    func excusesAll(_ record: RunRecord) -> Bool {
        // A suite that could not run to the end is never excused; stale entries and coverage are not judged on one
        // replayed run, only whether each failure is skipped or expected, by the gate's own matching.
        guard record.errors.isEmpty else { return false }
        let judged = Gate(skip: skip, baseline: baseline).decide(record).judged
        guard let baseline else { return judged.isEmpty }
        return baseline.gate(failures: judged).newFailures.isEmpty
    }

    /// Decides on the run: the record carries the gate for every report, and the lines say what was excused, new
    /// or stale. Writing the baseline, the gate passes unless the run could not be judged.
    func decide(_ record: inout RunRecord) -> (passed: Bool, lines: [String]) {
        let decision = Gate(skip: skip, baseline: baseline).decide(record)
        guard updates, let baselinePath else {
            record.gate = decision.record
            let sentence = decision.record.map { [$0.sentence(verdict: record.verdict.overall.title)] } ?? []
            return (decision.passed, decision.lines + sentence)
        }
        let written = Baseline(
            expectedFailures: decision.judged.map { .init(cause: $0.cause, example: $0.id, replay: $0.replay) })
        let url = URL(fileURLWithPath: baselinePath)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(written.fileText.utf8).write(to: url, options: .atomic)
        } catch {
            return (false, ["could not write the baseline \(baselinePath): \(error.localizedDescription)"])
        }
        let judged = record.verdict.overall != .errored && record.verdict.overall != .insufficientCoverage
        let count = written.expectedFailures.count
        return (judged, ["wrote \(baselinePath): \(count) expected failure\(count == 1 ? "" : "s")"])
    }
}
