import ConformanceRules
import FlowCheckCore
extension FailureRecord {
    /// One suite's failures with one failure per cause, smallest first: two that shrank to the same cause (the same
    /// origin, or for divergences the same rules broken) are one, with the runs of both counted; then a divergence
    /// whose rules the failures with fewer rules already name between them is folded into the one that shares most
    /// of its rules. Such a combined-cause failure repeats the single-cause ones, and is not listed again.
    ///
    /// The runner folds a suite's failures so; merged shards, each of which folded its own, are folded again.
    public static func folded(_ failures: [FailureRecord]) -> [FailureRecord] {
        var merged: [FailureRecord] = []
        for failure in failures.sorted(by: { $0.size.value < $1.size.value }) {
            if let index = merged.firstIndex(where: {
                $0.origin == failure.origin
                    || ($0.kind == .divergence && failure.kind == .divergence
                        && Set($0.ruleIDs) == Set(failure.ruleIDs))
            }) {
                merged[index].occurrences += failure.occurrences
            } else {
                merged.append(failure)
            }
        }
        return foldingCombinations(merged)
    }

    /// Removes from `found`, one suite's failures, each that breaks the same rules as a failure of an earlier suite
    /// in `earlier` (a breakdown: broke down the same way, too), and counts it there, with a note, its id recorded in
    /// the suite's `record` as reported elsewhere. The session suite drives navigation too: such a failure is one
    /// bug, met through another kind of step, reported once, where it was first found.
    public static func foldReportedElsewhere(
        _ found: inout [FailureRecord], into earlier: inout [FailureRecord], record: inout SuiteRecord
    ) {
        found.removeAll { failure in
            let rules = Set(failure.ruleIDs)
            // The same rules; or, for a divergence, a combination the earlier suites' smaller failures name between
            // them (folded into the one sharing most of its rules).
            let smaller = earlier.indices.filter {
                earlier[$0].kind == .divergence && earlier[$0].suite != failure.suite
                    && earlier[$0].ruleIDs.count < rules.count && !rules.isDisjoint(with: earlier[$0].ruleIDs)
            }
            let combination =
                failure.kind == .divergence && rules.count > 1
                    && rules.isSubset(of: smaller.flatMap { earlier[$0].ruleIDs })
                ? smaller.max {
                    rules.intersection(earlier[$0].ruleIDs).count < rules.intersection(earlier[$1].ruleIDs).count
                } : nil
            guard
                let index = earlier.firstIndex(where: {
                    $0.kind == failure.kind && $0.suite != failure.suite && Set($0.ruleIDs) == rules
                        && (failure.kind == .divergence || $0.origin == failure.origin)
                }) ?? combination
            else { return false }
            let note = "the \(failure.suite) suite found this failure too"
            if !earlier[index].notes.contains(note) { earlier[index].notes.append(note) }
            earlier[index].occurrences += failure.occurrences
            if !(record.reportedElsewhere ?? []).contains(earlier[index].id) {
                record.reportedElsewhere = (record.reportedElsewhere ?? []) + [earlier[index].id]
            }
            return true
        }
    }

    /// MUST first (a breakdown counts as MUST), then the smallest: fewest steps (nodes, inputs), then the shortest
    /// input as a reader sees it (a 2-entry initial stack before a 3-entry one): the order every report lists
    /// failures in.
    public static func ordered(_ failures: [FailureRecord]) -> [FailureRecord] {
        failures.sorted {
            ($0.level == .must ? 0 : 1, $0.size.value, $0.input.map(\.count).reduce(0, +))
                < ($1.level == .must ? 0 : 1, $1.size.value, $1.input.map(\.count).reduce(0, +))
        }
    }

    /// Folds each divergence whose rules the divergences with fewer rules name between them into the one sharing most
    /// of its rules; the rest keep their order.
    static func foldingCombinations(_ failures: [FailureRecord]) -> [FailureRecord] {
        var result = failures
        var folded = Set<Int>()
        // Fewest rules first, so that every failure a combination could repeat has been judged before it.
        for index in failures.indices.sorted(by: { failures[$0].ruleIDs.count < failures[$1].ruleIDs.count }) {
            let rules = Set(failures[index].ruleIDs)
            guard failures[index].kind == .divergence, rules.count > 1 else { continue }
            let smaller = result.indices.filter {
                !folded.contains($0) && result[$0].kind == .divergence && result[$0].ruleIDs.count < rules.count
                    && !rules.isDisjoint(with: result[$0].ruleIDs)
            }
            guard rules.isSubset(of: smaller.flatMap { result[$0].ruleIDs }),
                let into = smaller.max(by: {
                    rules.intersection(result[$0].ruleIDs).count < rules.intersection(result[$1].ruleIDs).count
                })
            else { continue }
            result[into].occurrences += failures[index].occurrences
            folded.insert(index)
        }
        return result.indices.filter { !folded.contains($0) }.map { result[$0] }
    }
}
