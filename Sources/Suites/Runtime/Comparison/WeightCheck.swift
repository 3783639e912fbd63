import FlowRuntimeModel
import Foundation

/// The statistical check of a runtime that picks variants with its own random numbers (`injectableRandom: false`):
/// a flow of one abTest node started many times, each start a new session, and the picks counted against the
/// weights with Pearson's chi-square test.
///
/// Each variant of a run is compared exactly otherwise (the reference follows the variant the runtime picked, so
/// stickiness, exposure and the walk are checked on every run); only how often each variant comes out needs counting.
/// The test rejects at p < 10⁻⁶, so a correct runtime fails it about once in a million runs, while a runtime that
/// reads weights as percentages, favours the first variant or ever picks a zero-weight one fails it every time.
enum WeightCheck {
    /// One test: a node's weights, how many starts, and what came out.
    struct Trial: Sendable {
        /// The rule the test certifies.
        var rule: String
        /// The variants' weights, in order.
        var weights: [Double]
        /// How many starts.
        var starts: Int
        /// How often each variant came out, in order, then how often none or another did.
        var counts: [Int] = []
        /// Pearson's statistic over the variants with a share.
        var statistic = 0.0

        /// The variants' shares: their weights over the sum, or equal shares when every weight is zero.
        var shares: [Double] {
            let total = weights.reduce(0, +)
            return total == 0 ? weights.map { _ in 1 / Double(weights.count) } : weights.map { $0 / total }
        }

        /// The statistic's critical value at p = 10⁻⁶, by degrees of freedom (the variants with a share, less one).
        var critical: Double {
            let degrees = shares.filter { $0 > 0 }.count - 1
            return [1: 23.928, 2: 27.631, 3: 30.663][degrees] ?? .infinity
        }

        /// Whether the picks fit the weights: no variant without a share, no start without a pick, and the
        /// statistic under its critical value.
        var passed: Bool {
            guard counts.count == weights.count + 1, counts[weights.count] == 0 else { return false }
            for (share, count) in zip(shares, counts) where share == 0 && count > 0 { return false }
            return statistic < critical
        }

        /// The flow each start runs: the abTest node, then a screen per variant.
        var flow: RuntimeFlow {
            var nodes = [
                RuntimeNode(
                    id: "split", name: "Split",
                    kind: .abTest(
                        experimentKey: WeightCheck.experimentKey,
                        variants: weights.indices.map { index in
                            RuntimeNode.Variant(
                                id: Self.variantID(index), label: "Variant \(Self.variantID(index))",
                                weight: weights[index], targetNodeId: "screen_" + Self.variantID(index))
                        }))
            ]
            nodes += weights.indices.map { index in
                RuntimeNode(
                    id: "screen_" + Self.variantID(index), name: "Screen \(Self.variantID(index))",
                    kind: .screen(texts: []))
            }
            return RuntimeFlow(id: "weights", entry: "split", nodes: nodes, edges: [])
        }

        static func variantID(_ index: Int) -> String { String(UnicodeScalar(UInt8(97 + index))) }

        /// The counts as lines, expected (`-`) beside observed (`+`).
        var lines: (expected: [String], observed: [String]) {
            var expected: [String] = []
            var observed: [String] = []
            for (index, share) in shares.enumerated() {
                let id = Self.variantID(index)
                expected.append(
                    "variant \(id) (weight \(RuntimeValue.display(weights[index]))): \(Self.percent(share))")
                observed.append(
                    "variant \(id) (weight \(RuntimeValue.display(weights[index]))): "
                        + Self.percent(Double(counts[index]) / Double(starts)))
            }
            expected.append("no variant: " + Self.percent(0))
            observed.append("no variant: " + Self.percent(Double(counts[weights.count]) / Double(starts)))
            return (expected, observed)
        }

        static func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }
    }

    /// The experiment key of the check's flows.
    static let experimentKey = "flowcheck_weights"

    /// The tests: weights as shares of their sum (5, 3 and 2 are 50%, 30% and 20%; a zero weight never comes out),
    /// and equal shares when every weight is zero.
    static let plan: [Trial] = [
        Trial(rule: .runAbWeights, weights: [5, 3, 2, 0], starts: 1_000),
        Trial(rule: .runAbZero, weights: [0, 0], starts: 400),
    ]

    /// The tests run on `implementation`; `nil` when it cannot be asked (it throws).
    static func run(on implementation: any FlowRuntimeImplementation) -> [Trial]? {
        var results: [Trial] = []
        for var trial in plan {
            let flow = trial.flow
            var counts = Array(repeating: 0, count: trial.weights.count + 1)
            for _ in 0..<trial.starts {
                guard let shown = try? implementation.startFlow(flow, context: [:], draws: []) else { return nil }
                let picked = shown.assignments[experimentKey].flatMap { id in
                    trial.weights.indices.first { Trial.variantID($0) == id }
                }
                counts[picked ?? trial.weights.count] += 1
            }
            trial.counts = counts
            trial.statistic = zip(trial.shares, counts).reduce(0) { sum, pair in
                let (share, count) = pair
                guard share > 0 else { return sum }
                let expected = share * Double(trial.starts)
                return sum + (Double(count) - expected) * (Double(count) - expected) / expected
            }
            results.append(trial)
        }
        return results
    }

    /// The tests' results on `implementation`, run once and remembered.
    static func results(for implementation: any FlowRuntimeImplementation) -> [Trial]? {
        memo.value(for: implementation) { run(on: implementation) }
    }

    static let memo = ImplementationMemo<[Trial]?>()

    /// The first test `implementation` fails whose rule `value` goes through, and the first step that does: a run
    /// that assigns a variant by the weights (or by equal shares) stands for the test's failure.
    static func failedTrial(
        under value: RuntimeCase, implementation: any FlowRuntimeImplementation
    ) -> (trial: Trial, step: Int)? {
        guard let results = results(for: implementation) else { return nil }
        for trial in results where !trial.passed {
            if let step = value.expected.firstIndex(where: { $0.rules.contains(trial.rule) }) { return (trial, step) }
        }
        return nil
    }
}
