import FlowRuntimeModel
import Foundation

/// Small runs that each show whether an implementation follows one rule, judged only on the parts the rule decides.
///
/// A divergence in a long walk can often be explained by several of the rules the step went through, and which
/// choice the implementation made otherwise is not always visible from the outside (a runtime that draws again
/// where it should reuse an assignment shifts every later draw). The suite then asks the implementation directly:
/// of the rules that could explain the difference, the one whose probe it fails is broken. A probe's result depends
/// only on the implementation, so it is run once per implementation and remembered.
package struct RuleProbe: Sendable {
    /// The rule the probe shows.
    package var rule: String
    /// The run: a few nodes and actions.
    package var value: RuntimeCase
    /// The parts of each step compared.
    var parts: Set<RuntimeComparison.Part>

    /// The logic node kinds and actions the run uses, which an implementation must declare for the probe to apply.
    var needs: (nodes: Set<String>, actions: Set<String>) {
        let nodes = Set(value.flow.nodes.map(\.kindName)).intersection(RuntimeCapabilities.knownNodes)
        return (nodes, Set(value.steps.joined().map(\.kind)))
    }

    /// Whether `implementation` shows otherwise than the reference on the probe's parts; `nil` when it cannot be
    /// asked (it throws, or replies with the wrong number of steps).
    package func fails(on implementation: any FlowRuntimeImplementation) -> Bool? {
        guard
            let actual = try? implementation.run(
                value.flow, context: value.context, draws: value.draws, steps: value.steps),
            actual.count == value.expected.count
        else { return nil }
        return zip(value.expected, actual).contains { expected, actual in
            !Set(RuntimeComparison.parts(expected.observation, actual)).isDisjoint(with: parts)
        }
    }
}

extension RuleProbe {
    /// The rule of the first of `candidates` (in their order) whose probe `implementation` fails, or `nil`.
    static func broken(
        among candidates: [String], implementation: any FlowRuntimeImplementation, capabilities: RuntimeCapabilities
    ) -> String? {
        candidates.first { rule in
            (RuleProbes.byRule[rule] ?? []).contains { probe in
                let needs = probe.needs
                guard needs.nodes.isSubset(of: capabilities.nodes), needs.actions.isSubset(of: capabilities.actions),
                    !needs.nodes.contains("abTest") || capabilities.injectableRandom
                else { return false }
                return ProbeMemo.shared.fails(probe, index: RuleProbes.index(of: probe), on: implementation)
            }
        }
    }
}

/// What each implementation did on each probe, remembered for the run: probes are asked again at every divergence
/// the shrinker meets.
final class ProbeMemo: @unchecked Sendable {
    static let shared = ProbeMemo()

    /// One implementation's results; the implementation held weakly, so that an entry whose implementation is gone
    /// (and whose identifier a new one may reuse) is recognized as stale.
    private final class Entry {
        weak var implementation: AnyObject?
        var failed: [Int: Bool] = [:]
        init(_ implementation: AnyObject) { self.implementation = implementation }
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func fails(_ probe: RuleProbe, index: Int, on implementation: any FlowRuntimeImplementation) -> Bool {
        let id = ObjectIdentifier(implementation)
        lock.lock()
        let entry = entries[id].flatMap { $0.implementation === implementation ? $0 : nil }
        let known = entry?.failed[index]
        lock.unlock()
        if let known { return known }
        // A probe the implementation cannot answer says nothing: it is not counted as failed.
        let failed = probe.fails(on: implementation) ?? false
        lock.lock()
        defer { lock.unlock() }
        if entries[id]?.implementation !== implementation {
            // Entries of implementations gone are dropped as new ones come.
            entries = entries.filter { $0.value.implementation != nil }
            entries[id] = Entry(implementation)
        }
        entries[id]?.failed[index] = failed
        return failed
    }
}
