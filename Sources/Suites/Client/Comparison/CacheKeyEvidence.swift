import JSON
import RUFClientModel

/// Which differing cache entries a cache keyed by `rel` alone explains (RUF-CACHE-KEY), worked out before the
/// entries are judged one by one.
///
/// Such a cache shows in many ways: an entry of a screen the step never wrote disappears or changes because the step
/// wrote the same `rel` for another screen, one of two same-`rel` components of a response is lost to the one written
/// after it, or a merge starts from another screen's component. Judged alone, each of those looks like another rule
/// (a partial response, a rollback, an unknown behavior not cached), so the evidence is gathered across the whole
/// step first.
struct CacheKeyEvidence {
    /// A cache entry: a screen and a `rel`.
    struct Entry: Hashable {
        var screen: String
        var rel: String
    }

    /// Entries only the rel-keyed cache explains.
    private(set) var forced: Set<Entry> = []
    /// Entries it explains as well as another rule does (a component with an unknown behavior or strategy that is
    /// gone): put down to it only when some entry forces it.
    private(set) var ambiguous: Set<Entry> = []

    /// Whether the entry is put down to the rel-keyed cache.
    func explains(_ entry: Entry) -> Bool {
        forced.contains(entry) || (!forced.isEmpty && ambiguous.contains(entry))
    }

    /// Whether the cache the implementation held before the step has a `rel` on two screens, which a cache keyed by
    /// rel alone cannot hold.
    static func refuted(by before: [String: [String: ClientComponent]]) -> Bool {
        var rels: Set<String> = []
        for components in before.values {
            for rel in components.keys where !rels.insert(rel).inserted { return true }
        }
        return false
    }

    /// The evidence of one step: the entries that differ, the entries the step writes in the client's order, the
    /// response's components (`isResponse`: the step is a response), and the caches: the reference's before the step,
    /// the implementation's (`shown`: the same, unless the step is compared past an earlier divergence), and after.
    init(
        differing: [Entry], written: [Entry], sent: [Entry: JSONValue], isResponse: Bool,
        before: [String: [String: ClientComponent]], shown: [String: [String: ClientComponent]],
        expected: [String: [String: ClientComponent]], actual: [String: [String: ClientComponent]]
    ) {
        guard !Self.refuted(by: shown) else { return }
        func value(_ cache: [String: [String: ClientComponent]], _ entry: Entry) -> ClientComponent? {
            cache[entry.screen]?[entry.rel]
        }
        let writtenSet = Set(written)
        // Entries the step did not write that changed, each where the step wrote its rel for another screen; all of
        // them, or another rule is the likelier cause. A response's own screens losing what it left out, and any
        // entry lost when only an optimistic update wrote its rel, a response dropping what it left out explains as
        // well (RUF-PARTIAL, which such a loss breaks on its face).
        let sentScreens = Set(sent.keys.map(\.screen))
        let unwritten = differing.filter { !writtenSet.contains($0) }
        let takenByRel = unwritten.allSatisfy { entry in
            if isResponse && sentScreens.contains(entry.screen) { return false }
            let writers = isResponse ? Array(sent.keys) : written
            return writers.contains { $0.rel == entry.rel && $0.screen != entry.screen }
        }
        if !unwritten.isEmpty && takenByRel { forced.formUnion(unwritten) }
        for entry in differing where writtenSet.contains(entry) {
            let first = written.firstIndex(of: entry) ?? 0
            let later = written[(first + 1)...].filter { $0.rel == entry.rel && $0.screen != entry.screen }
            if value(actual, entry) == nil, value(expected, entry) != nil,
                later.contains(where: { value(actual, $0) != nil })
            {
                // Lost to a later component of the same rel. Unknown behaviors and strategies can also make a
                // client drop a component.
                let component = sent[entry]
                let strategy = component.flatMap { RUFMergeStrategy(json: $0["mergeStrategy"]) } ?? .replace
                let unknown =
                    strategy.isUnknown || component?["behavior"]?.stringValue == ClientGenerator.unknownBehavior
                if unknown { ambiguous.insert(entry) } else { forced.insert(entry) }
                continue
            }
            // Merged into another screen's component of the same rel.
            guard let component = sent[entry], let merged = value(actual, entry) else { continue }
            let strategy = RUFMergeStrategy(json: component["mergeStrategy"]) ?? .replace
            let others = before.filter { $0.key != entry.screen }.compactMap { $0.value[entry.rel] }
            if others.contains(where: { strategy.merge(component, into: $0) == merged }),
                strategy.merge(component, into: value(before, entry)) != merged
            {
                forced.insert(entry)
            }
        }
    }
}
