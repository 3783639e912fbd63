import FlowCheckRecords
import PropertyTesting

// The search for a failure of a rule's own, for each rule a diverging unit was blamed on and no failure names.
extension ConformanceRunner {
    /// The most witnesses the search for one rule starts from, the fewest-explained first.
    static let searchWitnesses = 8
    /// The most candidates a search tries from a witness after the first.
    static let laterWitnessCalls = 300
    /// How long the search for one rule may take in all: a rule broken only after another (a cascade) is never found
    /// alone, and an implementation whose steps go over a network makes each candidate slow.
    static let searchTime = Duration.seconds(10)

    /// Searches, for each rule a diverging unit was blamed on and no failure names, a failure of its own: from one of
    /// the first runs that diverged under it, the smallest case still blamed on it that falls under no rule a
    /// failure already names (which would explain the case as well). A found failure that names that rule alone is
    /// added; the rules whose search found no such case, or ended on other rules too, are returned, to be reported
    /// unresolved and searched.
    ///
    /// It works on the failures as described (after the suite's own last pass), so that a rule is covered exactly
    /// when a reported failure names it. The cap, the time limit and a stop request bound it as they bound the rest.
    func search<S: ConformanceSuite>(
        _ suite: S, property: Property<S.Case>, check: CheckResult<S.Case>, box: SubjectBox<S.Subject>,
        context: SuiteContext, outcome: inout SuiteOutcome, knownCauses: Set<[String]>
    ) -> [String] {
        let started = ContinuousClock.now
        var covered = Set(outcome.failures.flatMap(\.ruleIDs)).union(knownCauses.joined())
        // A rule named only beside others, by failures no smaller ones explain, is searched for alone too: found, it
        // lets those combinations fold into the failures of their rules (one cause shown once, under its own rule).
        let alone = Set(outcome.failures.filter { $0.ruleIDs.count == 1 }.flatMap(\.ruleIDs)).union(
            knownCauses.joined())
        let combined = outcome.failures.filter { $0.kind == .divergence && $0.ruleIDs.count > 1 }.flatMap(\.ruleIDs)
        var searched: [String] = []
        // One memo for every rule's search: they shrink from the same witnesses, so their candidates repeat.
        let memo = OutcomeMemo(limit: 32_768)
        for trigger in check.divergedTriggers.keys.sorted()
        where !covered.contains(trigger) || combined.contains(trigger) && !alone.contains(trigger) {
            let causes = Set(outcome.failures.filter { $0.kind == .divergence }.map { Set($0.ruleIDs) }).count
            if stop?.isRequested == true || outcome.error != nil || causes >= options.maxFailures { break }
            var configuration = check.configuration
            if let limit = options.timeLimit {
                let left = limit - check.duration - (ContinuousClock.now - started)
                if left <= .zero { break }
                configuration.shrinkLimit.time = configuration.shrinkLimit.time.map { min($0, left) } ?? left
            }
            // From the witness that falls under the fewest rules other failures name, then under the fewest rules
            // (the earliest among equals).
            let witnesses = (check.witnesses[trigger] ?? []).enumerated().sorted {
                (Set($0.element.rules).intersection(covered).count, $0.element.rules.count, $0.offset)
                    < (Set($1.element.rules).intersection(covered).count, $1.element.rules.count, $1.offset)
            }.map(\.element)
            // Blamed on it first, or at a later divergence (with the rules blamed there). A witness is only blamed
            // on the rule: a rejected document is blamed on every rule it falls under, and another bug may have
            // rejected it. So a few are tried, each until one ends on a failure of the rule's own.
            var own: FailureRecord?
            let ruleDeadline = ContinuousClock.now + Self.searchTime
            for (index, witness) in witnesses.prefix(Self.searchWitnesses).enumerated() {
                let left = ruleDeadline - ContinuousClock.now
                guard own == nil, stop?.isRequested != true, left > .zero else { break }
                // The first witness is shrunk as far as the limits go; the next ones, most often other bugs'
                // documents, within a few hundred candidates each.
                var configuration = configuration
                configuration.shrinkLimit.time = configuration.shrinkLimit.time.map { min($0, left) } ?? left
                if index > 0 {
                    configuration.shrinkLimit.calls = min(configuration.shrinkLimit.calls, Self.laterWitnessCalls)
                }
                guard case .failed(let falsification) = property.replay(choices: witness.choices).outcome,
                    let blamed = ([falsification.unitTriggers ?? []] + falsification.later).first(where: {
                        $0.contains(trigger)
                    }),
                    var found = property.shrink(
                        from: witness.choices, configuration: configuration, target: trigger, allowed: Set(blamed),
                        excluded: covered.subtracting([trigger]), memo: memo)
                else { continue }
                found.run = witness.run
                // The units blamed on it that no failure naming it counts already (a combination folds in its own).
                let counted = outcome.failures.filter { $0.ruleIDs.contains(trigger) }.map(\.occurrences).reduce(0, +)
                found.occurrences = max(1, (check.divergedTriggers[trigger] ?? 1) - counted)
                // Only a failure of the rule alone: a document blamed on it and on another rule too (a rejected
                // document blames every rule it falls under) cannot say which of them the implementation broke.
                if case .success(let failure) = describe(
                    found, suite: suite, property: property, check: check, box: box, context: context),
                    Set(failure.ruleIDs) == [trigger], failure.kind == .divergence
                {
                    own = failure
                }
            }
            guard let failure = own else {
                searched.append(trigger)
                continue
            }
            covered.formUnion(failure.ruleIDs)
            outcome.failures = FailureRecord.folded(outcome.failures + [failure])
        }
        return searched.sorted()
    }
}
