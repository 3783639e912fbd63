/// Budgets for one shrink.
public struct ShrinkLimit: Hashable, Sendable {
    /// The most test executions the shrinker may spend.
    public var calls: Int
    /// The most wall-clock time it may spend; `nil` for none.
    public var time: Duration?
    /// The most executions that fail (in any way) it may spend; `nil` for no limit but ``calls``. For a failure
    /// whose every reproduction is costly (a breakdown restarts the implementation) where a passing try is not.
    public var failingCalls: Int?

    /// Creates a budget.
    public init(calls: Int = 100_000, time: Duration? = .seconds(60), failingCalls: Int? = nil) {
        self.calls = calls
        self.time = time
        self.failingCalls = failingCalls
    }
}

/// What a shrink cost and achieved.
public struct ShrinkStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Test executions (candidates tried).
    public var calls = 0
    /// Candidates that were simpler and still failed.
    public var improvements = 0
    /// Test executions that failed, the same way or another.
    public var failingCalls = 0
    /// Choices in the first failure found, and in the shrunk one.
    public var choicesBefore = 0, choicesAfter = 0
    /// Wall-clock time spent.
    public var duration: Duration = .zero
    /// Whether a budget stopped the shrink before it reached a fixpoint.
    public var stoppedByBudget = false

    public var description: String {
        "\(calls) candidates tried, \(improvements) improvements, \(choicesBefore) → \(choicesAfter) choices, "
            + duration.millisecondsText + (stoppedByBudget ? " (stopped by the shrink budget)" : "")
    }
}

/// Shrinks a failing choice sequence to a simpler one that still fails.
///
/// The passes work on choices alone, guided by the spans generators record:
/// delete spans (pairs of sibling spans too, such as a push and the pop that
/// undoes it), delete blocks of choices, replace a span by a descendant of the
/// same kind, zero spans, collapse a span to its first choice at zero, lower
/// each choice by binary search, lower a choice while deleting a later span
/// (for lengths drawn before their elements), lower equal choices together,
/// lower pairs together, move value from one choice to a later one, and sort
/// runs of sibling spans. Passes repeat until none makes progress or the budget
/// runs out; at that fixpoint costlier passes that change two things at once are
/// tried (lower a choice while zeroing a later one; when asked, switch a span to
/// a shorter alternative), and the others run again after one succeeds. A
/// candidate is kept only when it is simpler in shortlex order and still fails.
final class Shrinker {
    private let execute: ([UInt64]) -> TestRun
    private let limit: ShrinkLimit
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var tried = Set<ChoiceKey>()
    private(set) var best: TestRun
    private(set) var statistics = ShrinkStatistics()

    /// Whether a candidate's outcome is the failure being shrunk: by default any failure; the engine asks for the
    /// same origin, so that a shrink never slips into another bug.
    private let accepts: (TestOutcome) -> Bool

    /// Told of a simpler candidate that failed but was not accepted (another origin).
    var sawOther: ((TestRun) -> Void)?

    /// Whether the pass that switches a span to a shorter alternative runs (see ``switchBranches()``).
    private let switchesBranches: Bool

    init(
        failing: TestRun, limit: ShrinkLimit, execute: @escaping ([UInt64]) -> TestRun,
        switchesBranches: Bool = false, accepts: @escaping (TestOutcome) -> Bool = \.isFailure
    ) {
        precondition(failing.outcome.isFailure)
        self.switchesBranches = switchesBranches
        self.best = failing
        self.limit = limit
        self.execute = execute
        self.accepts = accepts
        self.started = clock.now
        statistics.choicesBefore = failing.choices.count
    }

    /// When requested, shrinking stops at once with the smallest failure found so far.
    var stop: StopRequest?

    private var exhausted: Bool {
        if statistics.calls >= limit.calls { return true }
        if let failing = limit.failingCalls, statistics.failingCalls >= failing { return true }
        if stop?.isRequested == true { return true }
        if let time = limit.time, clock.now - started > time { return true }
        return false
    }

    /// Runs every pass until a fixpoint or the budget.
    func shrink() -> TestRun {
        let passes: [() -> Bool] = [
            deleteSiblingChunks, deleteSpans, deleteSiblingPairs, deleteBlocks, replaceWithDescendants, zeroSpans,
            collapseSpans, minimizeChoices, lowerAndDelete, lowerDuplicates, lowerPairs, redistribute,
            deleteAndMaximize, sortSiblings,
        ]
        // Costlier passes that change two things at once, tried only at the others' fixpoint; after one succeeds
        // the others run again on what it found.
        let escalations: [() -> Bool] = [lowerWithLaterZeroed] + (switchesBranches ? [switchBranches] : [])
        var progress = true
        while progress && !exhausted {
            progress = false
            for pass in passes where !exhausted {
                if pass() { progress = true }
            }
            if !progress {
                for pass in escalations where !exhausted {
                    if pass() {
                        progress = true
                        break
                    }
                }
            }
        }
        statistics.stoppedByBudget = exhausted && progress
        statistics.duration = clock.now - started
        statistics.choicesAfter = best.choices.count
        return best
    }

    /// Tries a candidate; keeps it when it is simpler and still fails.
    @discardableResult
    func consider(_ candidate: [UInt64]) -> Bool {
        guard isSimpler(candidate, than: best.choices), !exhausted, tried.insert(ChoiceKey(candidate)).inserted else {
            return false
        }
        return keep(execute(candidate))
    }

    /// Counts a test execution and keeps its run when it is simpler than the best and fails the same way.
    private func keep(_ run: TestRun) -> Bool {
        statistics.calls += 1
        if run.outcome.isFailure { statistics.failingCalls += 1 }
        guard run.outcome.isFailure, isSimpler(run.choices, than: best.choices) else { return false }
        guard accepts(run.outcome) else {
            sawOther?(run)
            return false
        }
        best = run
        statistics.improvements += 1
        return true
    }

    // MARK: Deletion

    private func deleteSpans() -> Bool {
        var progress = false
        var index = 0
        while index < best.spans.count && !exhausted {
            let span = best.spans[index]
            var candidate = best.choices
            candidate.removeSubrange(span.start..<span.end)
            if span.count > 0 && consider(candidate) { progress = true } else { index += 1 }
        }
        return progress
    }

    /// Deletes chunks of a run of sibling spans (the elements of one array): half the run,
    /// then quarters, and so on, starting over after each success. A large input whose
    /// failure lives in one element loses the rest in a logarithmic number of successes,
    /// where deleting elements one by one would cost one test per element.
    private func deleteSiblingChunks() -> Bool {
        var progress = false
        var restarted = true
        while restarted && !exhausted {
            restarted = false
            let runs = siblingRuns().filter { $0.count >= 4 }.sorted { $0.count > $1.count }
            search: for run in runs {
                var size = run.count / 2
                while size >= 2 && !exhausted {
                    var start = 0
                    while start + size <= run.count && !exhausted {
                        var candidate = best.choices
                        candidate.removeSubrange(run[start].start..<run[start + size - 1].end)
                        if consider(candidate) {
                            progress = true
                            restarted = true
                            break search
                        }
                        start += size
                    }
                    size /= 2
                }
            }
        }
        return progress
    }

    /// Deletes two sibling spans of the same kind at once, such as a push and the pop that undoes it.
    private func deleteSiblingPairs() -> Bool {
        var progress = false
        var i = 0
        while i < best.spans.count && !exhausted {
            var j = i + 1
            var advanced = true
            while j < best.spans.count && !exhausted {
                let a = best.spans[i], b = best.spans[j]
                if b.depth == a.depth && b.label == a.label && b.start >= a.end && a.count > 0 && b.count > 0 {
                    var candidate = best.choices
                    candidate.removeSubrange(b.start..<b.end)
                    candidate.removeSubrange(a.start..<a.end)
                    if consider(candidate) { progress = true; advanced = false; break }
                }
                j += 1
            }
            if advanced { i += 1 }
        }
        return progress
    }

    private func deleteBlocks() -> Bool {
        var progress = false
        for size in [8, 4, 2, 1] {
            var start = best.choices.count - size
            while start >= 0 && !exhausted {
                var candidate = best.choices
                if start + size <= candidate.count {
                    candidate.removeSubrange(start..<(start + size))
                    if consider(candidate) { progress = true }
                }
                start -= 1
            }
        }
        return progress
    }

    /// Replaces a span by a descendant span with the same label: a node by one of its sub-expressions.
    private func replaceWithDescendants() -> Bool {
        var progress = false
        var i = 0
        while i < best.spans.count && !exhausted {
            let outer = best.spans[i]
            var replaced = false
            for inner in best.spans[(i + 1)...] where !exhausted {
                guard inner.start < outer.end else { break }
                guard inner.label == outer.label, inner.depth > outer.depth, inner.end <= outer.end,
                    inner.count < outer.count
                else { continue }
                let candidate =
                    Array(best.choices[..<outer.start]) + best.choices[inner.start..<inner.end]
                    + best.choices[outer.end...]
                if consider(candidate) { progress = true; replaced = true; break }
            }
            if !replaced { i += 1 }
        }
        return progress
    }

    private func zeroSpans() -> Bool {
        eachSpan { span in
            guard best.choices[span.start..<span.end].contains(where: { $0 != 0 }) else { return nil }
            var candidate = best.choices
            for k in span.start..<span.end { candidate[k] = 0 }
            return candidate
        }
    }

    /// Replaces a span by its first choice at zero, the rest deleted: a span that opens with a choice among
    /// alternatives (no zones, the legacy chrome, both) whose first alternative draws nothing more. Zeroing the span
    /// in place leaves its other choices to the draws after it, which then read other values.
    private func collapseSpans() -> Bool {
        eachSpan { span in
            guard span.count >= 2, best.choices[span.start] != 0 else { return nil }
            var candidate = best.choices
            candidate.replaceSubrange(span.start..<span.end, with: [0])
            return candidate
        }
    }

    /// Tries, for each span of the best run in turn, the candidate `edit` makes of it (`nil`: none).
    private func eachSpan(_ edit: (ChoiceSource.Span) -> [UInt64]?) -> Bool {
        var progress = false
        var index = 0
        while index < best.spans.count && !exhausted {
            let span = best.spans[index]
            index += 1
            if let candidate = edit(span), consider(candidate) { progress = true }
        }
        return progress
    }

    // MARK: Lowering

    /// Lowers a known-failing `value` toward 0 through `attempt`, which says whether
    /// a lower value still fails: tries 0, then a binary search, then the few
    /// values just below the result (the search can miss them when failure is not monotone).
    private func lower(_ value: UInt64, _ attempt: (UInt64) -> Bool) -> Bool {
        guard value > 0 else { return false }
        if attempt(0) { return true }
        var low: UInt64 = 0, high = value, progress = false
        while low + 1 < high && !exhausted {
            let mid = low + (high - low) / 2
            if attempt(mid) { high = mid; progress = true } else { low = mid }
        }
        var probe = high
        for _ in 0..<8 where probe > 1 && !exhausted {
            probe -= 1
            if attempt(probe) { high = probe; progress = true }
        }
        return progress
    }

    private func minimizeChoices() -> Bool {
        var progress = false
        var index = 0
        while index < best.choices.count && !exhausted {
            let length = best.choices.count
            let value = best.choices[index]
            let lowered = lower(value) { v in
                guard best.choices.count == length else { return false }
                var candidate = best.choices
                candidate[index] = v
                return consider(candidate)
            }
            if lowered { progress = true }
            index += 1
        }
        return progress
    }

    /// Lowers a choice by one and deletes a later span at the same time: a length
    /// drawn before its elements can only shrink together with one of them.
    private func lowerAndDelete() -> Bool {
        var progress = false
        var index = 0
        while index < best.spans.count && !exhausted {
            let span = best.spans[index]
            var accepted = false
            let before = best.choices[..<span.start].indices.reversed().filter { best.choices[$0] > 0 }.prefix(8)
            for position in before where span.count > 0 && !exhausted {
                var candidate = best.choices
                candidate[position] -= 1
                candidate.removeSubrange(span.start..<span.end)
                if consider(candidate) { accepted = true; break }
            }
            if accepted { progress = true } else { index += 1 }
        }
        return progress
    }

    /// Lowers every choice that holds the same value together, such as the two
    /// copies of a duplicated element.
    private func lowerDuplicates() -> Bool {
        var progress = false
        let values = Set(best.choices.filter { $0 > 0 }).sorted()
        for value in values where !exhausted {
            let positions = best.choices.indices.filter { best.choices[$0] == value }
            guard positions.count >= 2 else { continue }
            let length = best.choices.count
            let lowered = lower(value) { v in
                guard best.choices.count == length,
                    positions.allSatisfy({ best.choices[$0] == best.choices[positions[0]] })
                else { return false }
                var candidate = best.choices
                for p in positions { candidate[p] = v }
                return consider(candidate)
            }
            if lowered { progress = true }
        }
        return progress
    }

    /// Subtracts the same amount from two nearby choices, keeping their difference.
    private func lowerPairs() -> Bool {
        pairwise { i, j in
            let a = best.choices[i], b = best.choices[j]
            guard a > 0 && b > 0 else { return false }
            let amount = min(a, b)
            let length = best.choices.count
            // Lower the smaller of the two toward 0, moving the other by the same amount.
            return lower(amount) { v in
                // An accepted candidate may have changed the sequence's length: the indices no longer apply.
                guard best.choices.count == length else { return false }
                let delta = amount - v
                var candidate = best.choices
                guard candidate[i] >= delta, candidate[j] >= delta else { return false }
                candidate[i] -= delta
                candidate[j] -= delta
                return consider(candidate)
            }
        }
    }

    /// Moves value from a choice to a later one, keeping their sum: what a
    /// property about a total needs (bound5).
    private func redistribute() -> Bool {
        pairwise { i, j in
            let a = best.choices[i], b = best.choices[j]
            guard a > 0 else { return false }
            let length = best.choices.count
            return lower(a) { v in
                guard best.choices.count == length else { return false }
                let delta = a - v
                var candidate = best.choices
                candidate[i] = v
                candidate[j] = b.addingReportingOverflow(delta).overflow ? .max : b + delta
                return consider(candidate)
            }
        }
    }

    /// Calls `body` for pairs of choices at most 8 apart, the later one first in
    /// the inner loop, while the sequence keeps its length.
    private func pairwise(_ body: (Int, Int) -> Bool) -> Bool {
        var progress = false
        var i = 0
        while i < best.choices.count && !exhausted {
            var j = i + 1
            while j < min(best.choices.count, i + 9) && !exhausted {
                let length = best.choices.count
                if body(i, j) { progress = true }
                if best.choices.count != length { break }
                j += 1
            }
            i += 1
        }
        return progress
    }

    /// Deletes a small span, or two adjacent sibling spans, and sets a nearby
    /// choice to its maximum (replay clamps it to the choice's bound): elements
    /// whose sum overflows can only merge into one extreme element this way (bound5).
    private func deleteAndMaximize() -> Bool {
        var progress = false
        var index = 0
        while index < best.spans.count && !exhausted {
            let span = best.spans[index]
            var regions = [span.start..<span.end]
            if let next = best.spans[(index + 1)...].first(where: {
                $0.start == span.end && $0.depth == span.depth && $0.label == span.label
            }) {
                regions.append(span.start..<next.end)
            }
            var accepted = false
            for region in regions where !region.isEmpty && region.count <= 16 && !accepted {
                let window = max(0, region.lowerBound - 8)..<min(best.choices.count, region.upperBound + 8)
                for position in window where !region.contains(position) && !exhausted {
                    var candidate = best.choices
                    candidate[position] = .max
                    candidate.removeSubrange(region)
                    if consider(candidate) { accepted = true; break }
                }
            }
            if accepted { progress = true } else { index += 1 }
        }
        return progress
    }

    // MARK: Escalations

    /// Lowers a choice while setting a later one to 0: an earlier choice can decide what a later one means (a
    /// stack's depth and which flow a step names on it), and then neither lowers alone. Only choices at most 64
    /// apart, both above 0.
    private func lowerWithLaterZeroed() -> Bool {
        var progress = false
        var i = 0
        while i < best.choices.count && !exhausted {
            var j = i + 1
            while j < min(best.choices.count, i + 65) && !exhausted {
                let length = best.choices.count
                let value = best.choices[i]
                if value > 0 && best.choices[j] > 0 {
                    let lowered = lower(value) { v in
                        guard best.choices.count == length else { return false }
                        var candidate = best.choices
                        candidate[i] = v
                        candidate[j] = 0
                        return consider(candidate)
                    }
                    if lowered { progress = true }
                    if best.choices.count != length { break }
                }
                j += 1
            }
            i += 1
        }
        return progress
    }

    /// Switches a span to the next alternative of its first choice when that alternative draws fewer choices, the
    /// rest of the span drawn at its smallest, then at its largest (a replay clamps each choice to its bound), and
    /// deletes a leading run of the sibling spans after it. A generator's compact alternative (a deep stack drawn
    /// from a handful of choices rather than one per screen) can stand for a long input and the steps that built it
    /// up, which no deletion or lowering reaches. A switch that deletes nothing is not kept: a generator puts the
    /// alternative a reader finds simplest first (a short plain stack before a deep one), whatever it costs in
    /// choices. Off unless asked for: a caller runs it last, after its own passes, so that it never takes the
    /// place of a reader's simpler input that those passes would have reached (a step absorbed into a short stack).
    private func switchBranches() -> Bool {
        var progress = false
        var index = 0
        while index < best.spans.count && !exhausted {
            let span = best.spans[index]
            index += 1
            guard span.count >= 2, best.choices[span.start] < .max else { continue }
            for fill in [UInt64(0), .max] where !exhausted {
                let prefix = Array(best.choices[..<span.start]), suffix = Array(best.choices[span.end...])
                var probe = prefix
                probe.append(best.choices[span.start] + 1)
                probe += repeatElement(fill, count: span.count - 1)
                probe += suffix
                guard tried.insert(ChoiceKey(probe)).inserted else { continue }
                statistics.calls += 1
                let run = execute(probe)
                if run.outcome.isFailure { statistics.failingCalls += 1 }
                // Where the span now ends: the spans before it are unchanged, so it keeps its index.
                guard index - 1 < run.spans.count, run.spans[index - 1].start == span.start,
                    run.spans[index - 1].label == span.label, run.spans[index - 1].count < span.count
                else { continue }
                let switched = prefix + run.choices[span.start..<run.spans[index - 1].end]
                // The siblings that follow the span without a gap: a leading run of them may go with it.
                var siblings: [ChoiceSource.Span] = []
                var end = span.end
                for other in best.spans[index...] where other.start >= end {
                    if other.start > end || other.depth < span.depth { break }
                    if other.depth == span.depth {
                        siblings.append(other)
                        end = other.end
                    }
                }
                var accepted = false
                for deleted in stride(from: siblings.count, through: 1, by: -1) where !exhausted {
                    let rest = siblings[deleted - 1].end
                    if consider(switched + best.choices[rest...]) {
                        accepted = true
                        break
                    }
                }
                if accepted {
                    progress = true
                    break
                }
            }
        }
        return progress
    }

    // MARK: Reordering

    /// Sorts runs of adjacent sibling spans with the same label (the elements of
    /// one array) by their choices, then tries swapping neighbours that are out of order.
    private func sortSiblings() -> Bool {
        var progress = false
        for run in siblingRuns() where !exhausted {
            guard run.count >= 2, run.last!.end <= best.choices.count else { continue }
            let slices = run.map { Array(best.choices[$0.start..<$0.end]) }
            let sorted = slices.sorted { isSimpler($0, than: $1) }
            if sorted != slices {
                let candidate = Array(best.choices[..<run[0].start]) + sorted.joined() + best.choices[run.last!.end...]
                if consider(candidate) { progress = true; continue }
                for k in 0..<(slices.count - 1) where isSimpler(slices[k + 1], than: slices[k]) && !exhausted {
                    var swapped = slices
                    swapped.swapAt(k, k + 1)
                    let candidate =
                        Array(best.choices[..<run[0].start]) + swapped.joined() + best.choices[run.last!.end...]
                    if consider(candidate) { progress = true; break }
                }
            }
        }
        return progress
    }

    /// Runs of adjacent sibling spans (same depth and label, each starting where the last ended).
    /// One pass: a run waits in a table under the position where it ends, so that a large input's
    /// tens of thousands of spans cost linear time, not quadratic.
    private func siblingRuns() -> [[ChoiceSource.Span]] {
        struct Key: Hashable { var end: Int; var depth: Int; var label: String }
        var runs: [[ChoiceSource.Span]] = []
        var open: [Key: Int] = [:]
        for span in best.spans where span.count > 0 {
            let key = Key(end: span.start, depth: span.depth, label: span.label)
            if let index = open.removeValue(forKey: key) {
                runs[index].append(span)
                open[Key(end: span.end, depth: span.depth, label: span.label)] = index
            } else {
                runs.append([span])
                open[Key(end: span.end, depth: span.depth, label: span.label)] = runs.count - 1
            }
        }
        return runs.filter { $0.count >= 2 }
    }
}
