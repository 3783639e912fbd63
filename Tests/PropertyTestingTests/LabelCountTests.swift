import Testing
@testable import PropertyTesting

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
}
