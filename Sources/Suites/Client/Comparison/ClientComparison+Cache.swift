import JSON
import NavigationModel
import RUFClientModel

/// The cache's part of a comparison: which rules a difference in the component cache breaks.
extension ClientComparison {
    static func cacheRules(
        expected: ClientObservation, actual: ClientObservation, step: Step, sentAction: RUFAction?
    ) -> Set<String> {
        let before = step.before
        var rules: Set<String> = []
        var missing: [(screen: String, rel: String)] = []
        let screens = Set(expected.state.cache.keys).union(actual.state.cache.keys)
        let optimistic = before.optimisticUpdateInFlight
        let rejected = step.response?.rejectsAction == true && optimistic != nil
        // A rejection that took the whole cache back to before the action: every component the response sent is as
        // it was then, and one of them could not be so by a merge (the optimistic one, or one sent to replace).
        let sent = (step.response?.screens ?? []).flatMap { screen in
            screen.components.map { (screen: screen.name, rel: $0.key, value: $0.value) }
        }
        // One the response changed, which no merge would have left as it was.
        let changedBeyondMerge = { (item: (screen: String, rel: String, value: JSONValue)) in
            expected.state.cache[item.screen]?[item.rel] != before.cacheWhenSent?[item.screen]?[item.rel]
                && ((item.screen == optimistic?.screen && item.rel == optimistic?.rel)
                    || (RUFMergeStrategy(json: item.value["mergeStrategy"]) ?? .replace) == .replace)
        }
        let revertedAll =
            rejected && !sent.isEmpty
            && sent.allSatisfy { actual.state.cache[$0.screen]?[$0.rel] == before.cacheWhenSent?[$0.screen]?[$0.rel] }
            && sent.contains(where: changedBeyondMerge)
        // A component with an unknown behavior or strategy left as it was could also be one the client did not take
        // (RUF-LENIENT); one known component so reverted settles it for all.
        let revertedForSure =
            revertedAll
            && sent.contains { item in
                changedBeyondMerge(item) && !(RUFMergeStrategy(json: item.value["mergeStrategy"])?.isUnknown ?? false)
                    && item.value["behavior"]?.stringValue != ClientGenerator.unknownBehavior
            }
        // The whole cache back to what it was when the action was sent (but for the waiting action the response lets
        // go), though it should show otherwise.
        let cacheBack =
            rejected && expected.state.cache != actual.state.cache
            && Self.removing(sentAction?.optimisticUpdate, from: actual.state.cache)
                == Self.removing(sentAction?.optimisticUpdate, from: before.cacheWhenSent ?? [:])
        // One component the response sent, of a known behavior and strategy, that no merge would have left as it
        // was, tells it for certain: every difference of the cache follows from that one rollback.
        let wholeCacheBack =
            cacheBack
            && sent.contains { item in
                !(RUFMergeStrategy(json: item.value["mergeStrategy"])?.isUnknown ?? false)
                    && item.value["behavior"]?.stringValue != ClientGenerator.unknownBehavior
                    && expected.state.cache[item.screen]?[item.rel] != actual.state.cache[item.screen]?[item.rel]
                    && changedBeyondMerge(item)
            }
        let evidence = cacheKeyEvidence(expected: expected, actual: actual, step: step, sentAction: sentAction)
        let relKeyed = !CacheKeyEvidence.refuted(by: step.shownCache ?? before.state.cache)
        for screen in screens {
            let old = expected.state.cache[screen] ?? [:], new = actual.state.cache[screen] ?? [:]
            for rel in Set(old.keys).union(new.keys) where old[rel] != new[rel] {
                if wholeCacheBack {
                    rules.insert(.rufComponentRollback)
                    continue
                }
                if evidence.explains(CacheKeyEvidence.Entry(screen: screen, rel: rel)) {
                    rules.insert(.rufCacheKey)
                    continue
                }
                let isOptimisticKey = optimistic.map { $0.screen == screen && $0.rel == rel } ?? false
                if step.dispatch != nil {
                    // The dispatched action's optimistic update: applied when it should wait, or not at all.
                    rules.insert(before.state.inFlight != nil ? .rufQueue : .rufComponentRollback)
                    continue
                }
                if let sent = sentAction?.optimisticUpdate, sent.screen == screen, sent.rel == rel {
                    rules.insert(.rufQueue)
                    continue
                }
                guard let response = step.response else {
                    rules.insert(.rufPartial)
                    continue
                }
                let sent = response.screens.first { $0.name == screen }?.components.first { $0.key == rel }
                let strategyOfSent = sent.flatMap { RUFMergeStrategy(json: $0.value["mergeStrategy"]) } ?? .replace
                let unknown =
                    strategyOfSent.isUnknown
                    || sent?.value["behavior"]?.stringValue == ClientGenerator.unknownBehavior
                if rejected, isOptimisticKey {
                    let kept = before.state.cache[screen]?[rel]
                    // The rejected optimistic value kept: as it was, or with what the response sent merged into it.
                    if new[rel] == (sent.map { strategyOfSent.merge($0.value, into: kept) } ?? kept) {
                        rules.insert(.rufComponentRollback)
                        continue
                    }
                    // The value the rollback restores was one the client should have kept for its unknown behavior.
                    if sent == nil, old[rel]?.behavior == ClientGenerator.unknownBehavior {
                        rules.insert(.rufLenient)
                        continue
                    }
                }
                // A rejection that took back what the response sent, to the cache of before the action.
                if revertedAll, sent != nil, !unknown || revertedForSure {
                    rules.insert(.rufComponentRollback)
                    continue
                }
                guard let sent else {
                    if new[rel] == nil && old[rel] != nil {
                        missing.append((screen, rel))
                    } else {
                        rules.insert(.rufPartial)
                    }
                    continue
                }
                let strategy = RUFMergeStrategy(json: sent.value["mergeStrategy"]) ?? .replace
                let unknownBehavior = sent.value["behavior"]?.stringValue == ClientGenerator.unknownBehavior
                // A component the client did not take (left as it was, or gone) for its unknown behavior or strategy:
                // after a rejection of its optimistic update, as the rollback left it.
                let left = rejected && isOptimisticKey ? before.cacheWhenSent?[screen]?[rel] : nil
                if unknownBehavior || strategy.isUnknown,
                    new[rel] == nil || new[rel] == before.state.cache[screen]?[rel] || (left != nil && new[rel] == left)
                {
                    rules.insert(.rufLenient)
                    continue
                }
                if new[rel] == nil {
                    if unknownBehavior || strategy.isUnknown {
                        rules.insert(.rufLenient)
                    } else if relKeyed, actual.state.cache.contains(where: { $0.key != screen && $0.value[rel] != nil })
                    {
                        rules.insert(.rufCacheKey)
                    } else {
                        rules.insert(mergeRule(strategy))
                    }
                    continue
                }
                switch strategy {
                case .unknown: rules.insert(.rufLenient)
                case .match:
                    // What the response merges into: after a rejection, the value from before the optimistic update.
                    let cached =
                        rejected && isOptimisticKey
                        ? before.cacheWhenSent?[screen]?[rel] : before.state.cache[screen]?[rel]
                    rules.insert(
                        onlyAdditionsDiffer(old[rel], new[rel], cached: cached) ? .rufMatchNoID : .rufMergeMatch)
                default: rules.insert(mergeRule(strategy))
                }
            }
        }
        // Entries gone that the response did not send: a rel sent for another screen took them (the cache is keyed
        // by rel alone), or the client dropped what the response left out.
        if !missing.isEmpty, let response = step.response {
            let sentRels = Set(response.screens.flatMap { screen in screen.components.map(\.key) })
            rules.insert(relKeyed && missing.allSatisfy { sentRels.contains($0.rel) } ? .rufCacheKey : .rufPartial)
        }
        // Otherwise, when the entries taken one by one would need several rules, the one rollback is the simpler
        // cause; with one rule, as likely as the rollback (a MATCH dropping an item leaves the list as it was), that
        // rule stands.
        if cacheBack && rules.count > 1 { return [.rufComponentRollback] }
        return rules
    }

    /// The entries of this step a cache keyed by rel alone explains, from the entries the step writes in the
    /// client's order: a rejected action's optimistic component restored, the response's components, the optimistic
    /// update of the action sent.
    private static func cacheKeyEvidence(
        expected: ClientObservation, actual: ClientObservation, step: Step, sentAction: RUFAction?
    ) -> CacheKeyEvidence {
        typealias Entry = CacheKeyEvidence.Entry
        let (old, new) = (expected.state.cache, actual.state.cache)
        var differing: [Entry] = []
        for screen in Set(old.keys).union(new.keys).sorted() {
            let a = old[screen] ?? [:], b = new[screen] ?? [:]
            for rel in Set(a.keys).union(b.keys).sorted() where a[rel] != b[rel] {
                differing.append(Entry(screen: screen, rel: rel))
            }
        }
        var written: [Entry] = []
        var sent: [Entry: JSONValue] = [:]
        if let response = step.response {
            if response.rejectsAction, let update = step.before.optimisticUpdateInFlight {
                written.append(Entry(screen: update.screen, rel: update.rel))
            }
            for screen in response.screens {
                for component in screen.components {
                    let entry = Entry(screen: screen.name, rel: component.key)
                    written.append(entry)
                    sent[entry] = component.value
                }
            }
        }
        if let update = sentAction?.optimisticUpdate { written.append(Entry(screen: update.screen, rel: update.rel)) }
        return CacheKeyEvidence(
            differing: differing, written: written, sent: sent, isResponse: step.response != nil,
            before: step.before.state.cache, shown: step.shownCache ?? step.before.state.cache, expected: old,
            actual: new)
    }

    /// The cache without the entry an optimistic update writes (all of it when there is none).
    private static func removing(
        _ update: OptimisticUpdate?, from cache: [String: [String: ClientComponent]]
    ) -> [String: [String: ClientComponent]] {
        guard let update else { return cache }
        var result = cache
        result[update.screen]?[update.rel] = nil
        if result[update.screen]?.isEmpty == true { result[update.screen] = nil }
        return result
    }

    private static func mergeRule(_ strategy: RUFMergeStrategy) -> String {
        switch strategy {
        case .append: return .rufMergeAppend
        case .match: return .rufMergeMatch
        case .replace: return .rufMergeReplace
        case .unknown: return .rufLenient
        }
    }

    /// Whether MATCH got every cached item right and differs only in the items it had to add (those without an id
    /// or with one not cached).
    private static func onlyAdditionsDiffer(
        _ expected: ClientComponent?, _ actual: ClientComponent?, cached: ClientComponent?
    ) -> Bool {
        guard case .object(let old)? = expected?.payload, case .object(let new)? = actual?.payload,
            old.map(\.key) == new.map(\.key)
        else { return false }
        let kept = cached?.payload.objectPairs ?? []
        for (a, b) in zip(old, new) where a.value != b.value {
            guard let x = a.value.arrayValue, let y = b.value.arrayValue else { return false }
            let count = kept.last { $0.key == a.key }?.value.arrayValue?.count ?? 0
            guard y.count >= count, Array(x.prefix(count)) == Array(y.prefix(count)) else { return false }
        }
        return true
    }
}
