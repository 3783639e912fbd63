@testable import PropertyTesting
import Testing

/// Step labels counted by the value must enter the coverage table exactly as one label per step did.
@Suite("Label counts")
struct LabelCountTests {
    @Test("Runs counted by label give each label its runs and its steps; a run's own labels count once, no steps")
    func tableFromCounts() {
        let runs: [(run: [String], steps: [String])] = [
            (["spec A"], ["PUSH", "POP", "PUSH", "PUSH"]),
            ([], []),
            (["spec A", "spec A", "spec B"], ["POP", "spec B"]),
        ]
        var table = CoverageTable()
        for (run, steps) in runs {
            let counts = LabelCounts(steps)
            #expect(counts.units == steps.count)
            #expect(counts.perUnit.sorted() == steps.sorted())
            table.add(runLabels: run, stepLabels: counts, steps: counts.units)
        }
        #expect(table.runs(with: "PUSH") == 1 && table.steps(with: "PUSH") == 3)
        #expect(table.runs(with: "POP") == 2 && table.steps(with: "POP") == 2)
        #expect(table.runs(with: "spec A") == 2 && table.steps(with: "spec A") == 0)
        #expect(table.runs(with: "spec B") == 1 && table.steps(with: "spec B") == 1)
        #expect(table.runs == 3 && table.steps == 6)
    }

    @Test("Labels come in the order they first appear, each once")
    func firstOrder() {
        let counts = LabelCounts(["b", "a", "b", "c", "a", "b"])
        #expect(counts.labels == ["b", "a", "c"] && counts.counts == [3, 2, 1])
        #expect(counts.perUnit == ["b", "b", "b", "a", "a", "c"])
    }

    static let table = ["PUSH", "POP", "spec B", "REPLACE"]

    /// The runs of ``tableFromCounts()``, each run's step labels as positions in ``table`` with their counts.
    static let positional: [(run: [String], positions: [Int], counts: [Int])] = [
        (["spec A"], [0, 1], [3, 1]),
        ([], [], []),
        (["spec A", "spec A", "spec B"], [1, 2], [1, 1]),
    ]

    static func tables() -> (positional: CoverageTable, byName: CoverageTable) {
        var positional = CoverageTable(), byName = CoverageTable()
        for (run, positions, counts) in Self.positional {
            let given = LabelCounts(table: Self.table, positions: positions, counts: counts)
            #expect(given.labels == positions.map { Self.table[$0] })
            positional.add(runLabels: run, stepLabels: given, steps: given.units)
            let named = LabelCounts(labels: given.labels, counts: counts)
            byName.add(runLabels: run, stepLabels: named, steps: named.units)
        }
        return (positional, byName)
    }

    @Test("Labels given by position in a shared table count as the same labels given by name")
    func positionalMatchesByName() {
        let (positional, byName) = Self.tables()
        #expect(positional == byName)
        #expect(positional.runsWithLabel == byName.runsWithLabel)
        #expect(positional.runsWithLabel == ["PUSH": 1, "POP": 2, "spec A": 2, "spec B": 1])
        #expect(positional.stepsWithLabel == ["PUSH": 3, "POP": 2, "spec B": 1])
        #expect(positional.labels == byName.labels)
        for label in Self.table + ["spec A", "unseen"] {
            #expect(positional.runs(with: label) == byName.runs(with: label))
            #expect(positional.steps(with: label) == byName.steps(with: label))
        }
        #expect(positional.runs(with: "REPLACE") == 0 && positional.runsWithLabel["REPLACE"] == nil)
    }

    @Test("Labels given per unit, by position, count as the same labels given by name, and group on demand")
    func perUnitMatchesByName() {
        let (_, byName) = Self.tables()
        var perUnit = CoverageTable()
        for (run, positions, counts) in Self.positional {
            // Each run's units, interleaved so that a label comes back after another: a run counts once per label.
            var units: [UInt16] = []
            var left = counts
            while left.contains(where: { $0 > 0 }) {
                for index in positions.indices where left[index] > 0 {
                    units.append(UInt16(positions[index]))
                    left[index] -= 1
                }
            }
            let given = LabelCounts(table: Self.table, unitPositions: units)
            #expect(given.units == counts.reduce(0, +))
            #expect(given.labels == positions.map { Self.table[$0] } && given.counts == counts)
            perUnit.add(runLabels: run, stepLabels: given, steps: given.units)
        }
        #expect(perUnit == byName)
        #expect(perUnit.runsWithLabel == ["PUSH": 1, "POP": 2, "spec A": 2, "spec B": 1])
        #expect(perUnit.stepsWithLabel == ["PUSH": 3, "POP": 2, "spec B": 1])
        var merged = perUnit
        merged.merge(byName)
        var twiceByName = byName
        twiceByName.merge(byName)
        #expect(merged == twiceByName)
    }

    @Test("Labels given per unit in a table with a name twice are counted by name, each run once per name")
    func perUnitFallsBackToNames() {
        let repeated = ["A", "B", "A"]
        var perUnit = CoverageTable(), byName = CoverageTable()
        for units: [UInt16] in [[0, 2, 0, 1], [2, 2], []] {
            let given = LabelCounts(table: repeated, unitPositions: units)
            perUnit.add(runLabels: [], stepLabels: given, steps: given.units)
            let named = units.map { repeated[Int($0)] }
            byName.add(runLabels: [], stepLabels: LabelCounts(named), steps: named.count)
        }
        #expect(perUnit == byName)
        #expect(perUnit.steps(with: "A") == 5 && perUnit.runs(with: "A") == 2)
        #expect(perUnit.steps(with: "B") == 1 && perUnit.runs(with: "B") == 1)
    }

    @Test("More than 64 units per run group the same as a few")
    func manyUnits() {
        let units = (0..<200).map { UInt16([3, 1, 3, 0][$0 % 4]) }
        let given = LabelCounts(table: Self.table, unitPositions: units)
        #expect(given.labels == ["REPLACE", "POP", "PUSH"] && given.counts == [100, 50, 50])
        #expect(given.units == 200)
    }

    @Test("Merged tables add up, whether their labels came by position or by name")
    func merged() {
        let (positional, byName) = Self.tables()
        var both = positional
        both.merge(byName)
        var twiceByName = byName
        twiceByName.merge(byName)
        #expect(both == twiceByName)
        #expect(both.runsWithLabel["POP"] == 4 && both.stepsWithLabel["PUSH"] == 6)
        var twice = positional
        twice.merge(positional)
        #expect(twice == twiceByName)
    }

    @Test("A table with a label twice, and tables past the few held by position, are counted by name")
    func fallsBackToNames() {
        var table = CoverageTable()
        let repeated = ["A", "B", "A"]
        table.add(
            runLabels: [], stepLabels: LabelCounts(table: repeated, positions: [0, 2], counts: [1, 2]), steps: 3)
        var byName = CoverageTable()
        byName.add(runLabels: [], stepLabels: LabelCounts(labels: ["A", "A"], counts: [1, 2]), steps: 3)
        #expect(table == byName)
        #expect(table.steps(with: "A") == 3 && table.runs(with: "B") == 0)
        for run in 0..<(CoverageTable.positionalLists + 2) {
            // Each list made anew: none shares storage with another.
            let list = ["X", "Y", "Z\(run)"]
            table.add(runLabels: [], stepLabels: LabelCounts(table: list, positions: [0], counts: [1]), steps: 1)
        }
        #expect(table.runs(with: "X") == CoverageTable.positionalLists + 2)
        #expect(table.steps(with: "X") == CoverageTable.positionalLists + 2)
        #expect(table.runs == CoverageTable.positionalLists + 3)
    }
}
