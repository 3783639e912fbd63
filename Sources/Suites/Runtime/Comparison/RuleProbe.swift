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
                // A probe the implementation cannot answer says nothing: it is not counted as failed.
                return ProbeResults.memo.value(for: implementation) { ProbeResults() }.result(
                    RuleProbes.index(of: probe)
                ) { probe.fails(on: implementation) ?? false }
            }
        }
    }
}

/// Each probe's result on one implementation, filled in as the probes are asked: probes are asked again at every
/// divergence the shrinker meets, and an implementation answers a probe the same way every time.
final class ProbeResults: @unchecked Sendable {
    /// The results of every implementation asked during the run.
    static let memo = ImplementationMemo<ProbeResults>()

    private let lock = NSLock()
    private var failed: [Int: Bool] = [:]

    /// The result of the probe at `index`, computed the first time.
    func result(_ index: Int, compute: () -> Bool) -> Bool {
        lock.lock()
        let known = failed[index]
        lock.unlock()
        if let known { return known }
        let result = compute()
        lock.lock()
        failed[index] = result
        lock.unlock()
        return result
    }
}
