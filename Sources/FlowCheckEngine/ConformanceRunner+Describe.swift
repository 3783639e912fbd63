import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import Foundation
import JSON
import PropertyTesting

// A counterexample described: refined, replayed, turned into a failure record; or kept as found when it cannot be.
extension ConformanceRunner {
    /// Refines, replays and describes one counterexample; the abort when it would not replay.
    func describe<S: ConformanceSuite>(
        _ found: Counterexample<S.Case>, suite: S, property: Property<S.Case>, check: CheckResult<S.Case>,
        box: SubjectBox<S.Subject>, context: SuiteContext, deadline: ShrinkDeadline? = nil
    ) -> Result<FailureRecord, Abort> {
        var replayed = Duration.zero
        return describe(
            found, suite: suite, property: property, check: check, box: box, context: context, deadline: deadline,
            replayed: &replayed)
    }

    /// Refines, replays and describes one counterexample; `replayed` is how long its describing replay took.
    func describe<S: ConformanceSuite>(
        _ found: Counterexample<S.Case>, suite: S, property: Property<S.Case>, check: CheckResult<S.Case>,
        box: SubjectBox<S.Subject>, context: SuiteContext, deadline: ShrinkDeadline?, replayed: inout Duration
    ) -> Result<FailureRecord, Abort> {
        let capabilities = implementation.capabilities
        // The suite's own pass shares what is left of the time limit, like the engine's shrinking.
        var refining = check.configuration
        if let total = refining.timeLimit {
            let left = max(total - check.duration, .milliseconds(1))
            refining.shrinkLimit.time = refining.shrinkLimit.time.map { min($0, left) } ?? left
        }
        // After a stop request nothing more is shrunk, and the one replay that describes a failure may wait only a
        // moment: the user asked for the results so far, not for a hang to run out its step timeout.
        let stopped = stop?.isRequested == true
        if found.origin == "breakdown: timeout", let deadline, !stopped {
            deadline.set(ShrinkDeadline.forHang(tries: Self.hangShrinkCalls) { _ = try? property.judge(found.value) })
        }
        let shrunk =
            stopped
            ? found
            : suite.refine(
                found, property: property, capabilities: capabilities, context: context, configuration: refining)
        deadline?.set(nil)
        // A stop request that came before the shrink ended (the engine's or the suite's) cut it short.
        let cutShort = stop?.isRequested == true
        // Regenerate the failure's run as the engine drew it, to report its size before shrinking.
        let original = try? suite.generator(capabilities, context: context).run(
            .run(max(found.run, 0), of: check.configuration.seed))
        let failing = FailingCase(
            value: shrunk.value, original: original, shrink: shrunk.shrink,
            replay: replayText(options.replay(for: suite, run: found.run >= 0 ? found.run : nil)),
            target: found.target)
        // Describing replays the failure: give it whole step timeouts, so a time limit spent on shrinking
        // cannot throw away the failure found (a stop request may have come while it was shrunk).
        (implementation as? any TimeBoundImplementation)?.stopBy =
            stop?.isRequested == true ? .now + Self.stoppedReplayGrace : nil
        // A breakdown is described from a fresh process: one that shows only on an aged process (after so many
        // commands, so much memory) must not pass for the input's.
        if found.origin.hasPrefix("breakdown: ") { (implementation as? any RecoveringImplementation)?.startAfresh() }
        let began = ContinuousClock.now
        defer { replayed = ContinuousClock.now - began }
        do {
            var failure = try suite.describe(failing, on: box.subject, capabilities: capabilities)
            failure.occurrences = found.occurrences
            // Stopped before (or while) it was shrunk: its size must not read as a shrink's result.
            if cutShort {
                failure.shrinkStopped = stop?.reason ?? "a stop request"
                failure.oneMinimal = false
            }
            if failure.origin.isEmpty { failure.origin = found.origin }
            return .success(failure)
        } catch {
            return .failure(error)
        }
    }

    /// A failure as the engine found it, when the run was stopped before it could be replayed and described: its
    /// rules (those its failing unit was blamed on), the engine's message, and the command that replays it.
    func undescribed<S: ConformanceSuite>(_ found: Counterexample<S.Case>, suite: S) -> FailureRecord {
        let replay = replayText(options.replay(for: suite, run: found.run >= 0 ? found.run : nil))
        let blamed = Set(found.unitTriggers ?? [])
        let why =
            "found on run \(found.run) and not described: the run was stopped (\(stop?.reason ?? "interrupted")) "
            + "before its minimal case was replayed; replay it alone with \(replay)"
        let content = Data((suite.suite.rawValue + "\u{0}" + found.origin).utf8)
        var record = FailureRecord(
            id: "stopped-" + FailureIdentity.hex(FailureIdentity.fnv1a(content)),
            suite: suite.suite, description: "\(found.origin) (not described: the run was stopped)",
            rules: suite.rules.filter { blamed.contains($0.id) }, features: [], size: UnitCount(0, suite.unit),
            originalSize: UnitCount(0, suite.unit), oneMinimal: false, shrinkCandidates: found.shrink.calls,
            divergedAt: "run \(found.run)", input: [], diffHeading: "What the engine saw", diff: found.message,
            violations: [], storyboard: Storyboard(columns: [], rows: []), replay: replay, detail: .null)
        record.origin = found.origin
        record.occurrences = found.occurrences
        record.notes = [why]
        if found.origin.hasPrefix("breakdown: ") {
            record.kind = .breakdown
            record.breakdown = FailureRecord.BreakdownDetail(message: found.message, stderrTail: [])
        }
        return record
    }
}
