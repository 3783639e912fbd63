import FlowCheckCore
import FlowCheckEngine
import NavigationModel
import PropertyTesting

/// What one run draws before its first step: which names it uses, which modes and behaviors it may draw (a swarm
/// run enables a random subset), and whether it spends its whole step budget.
///
/// Every choice's 0 is the plain run (standard names, everything enabled, steps ending at random), so shrinking moves
/// a failure toward it and keeps a shape only when the failure needs it.
package struct RunShape: Hashable, Sendable {
    /// The names the run draws from.
    var vocabulary: Vocabulary
    /// The modes the run's directives are drawn from (never empty).
    var modes: [NavigationMode]
    /// The flow behaviors the run's destinations are drawn from (never empty when any is declared).
    var behaviors: [FlowBehavior]
    /// Whether the run continues to its last allowed step.
    var long: Bool
    /// What the run's shape is, for the rates measured in the suites' articles: `names:tiny`, `names:varied`,
    /// `swarm`, `long`.
    var traits: [String] = []

    /// Runs in twenty drawn with the tiny and the varied name pools (15% and 10%); the rest use the standard one.
    static let tinyNames: UInt64 = 3, variedNames: UInt64 = 2
    /// Share of swarm runs, and the chance that a swarm run disables each mode or behavior.
    static let swarm = 0.35, disabled = 0.5
    /// Share of runs that take their whole step budget.
    static let longRuns = 0.10

    /// Draws a run's shape for `generator`; a spec's names are kept, never replaced by a pool.
    static func draw(_ source: ChoiceSource, for generator: PlanGenerator) throws(ChoiceSource.Stop) -> RunShape {
        try source.span("shape") { () throws(ChoiceSource.Stop) -> RunShape in
            var traits: [String] = []
            var vocabulary = generator.vocabulary
            if generator.spec == nil {
                // One in twenty, drawn uniformly: the lowest are the standard names, then tiny, then varied.
                let pool = try source.draw(upTo: 19)
                if pool >= 20 - variedNames {
                    vocabulary = .varied
                    traits.append("names:varied")
                } else if pool >= 20 - variedNames - tinyNames {
                    vocabulary = .tiny
                    traits.append("names:tiny")
                }
            }
            var modes = generator.modes, behaviors = generator.behaviors
            if try source.drawBool(probability: swarm) {
                traits.append("swarm")
                modes = try subset(source, of: modes)
                behaviors = try subset(source, of: behaviors)
            }
            let long = try source.drawBool(probability: longRuns)
            if long { traits.append("long") }
            return RunShape(vocabulary: vocabulary, modes: modes, behaviors: behaviors, long: long, traits: traits)
        }
    }

    /// The items whose "disabled" choice came out false; all of them when every one came out true.
    static func subset<T>(_ source: ChoiceSource, of items: [T]) throws(ChoiceSource.Stop) -> [T] {
        guard items.count > 1 else { return items }
        var kept: [T] = []
        for item in items where !(try source.drawBool(probability: disabled)) { kept.append(item) }
        return kept.isEmpty ? items : kept
    }
}
