import Testing
@testable import PropertyTesting

/// Step labels counted by the value must enter the coverage table exactly as one label per step did.
@Suite("Label counts")
struct LabelCountTests {
    @Test("Counting one label per step and adding the counts give the same table")
    func countsMatchPerStep() {
        let runs: [(run: [String], steps: [String])] = [
            (["spec A"], ["PUSH", "POP", "PUSH", "PUSH"]),
            ([], []),
            (["spec A", "spec A", "spec B"], ["POP", "spec B"]),
        ]
        var perStep = CoverageTable(), counted = CoverageTable()
        for (run, steps) in runs {
            perStep.add(runLabels: run, stepLabels: steps, steps: steps.count)
            let counts = LabelCounts(steps)
            #expect(counts.units == steps.count)
            #expect(counts.perUnit.sorted() == steps.sorted())
            counted.add(runLabels: run, stepLabels: counts, steps: counts.units)
        }
        #expect(perStep == counted)
        #expect(counted.runs(with: "PUSH") == 1 && counted.steps(with: "PUSH") == 3)
        #expect(counted.runs(with: "spec A") == 2 && counted.steps(with: "spec A") == 0)
        #expect(counted.runs(with: "spec B") == 1 && counted.steps(with: "spec B") == 1)
        #expect(counted.runs == 3 && counted.steps == 6)
    }

    @Test("Labels come in the order they first appear, each once")
    func firstOrder() {
        let counts = LabelCounts(["b", "a", "b", "c", "a", "b"])
        #expect(counts.labels == ["b", "a", "c"] && counts.counts == [3, 2, 1])
        #expect(counts.perUnit == ["b", "b", "b", "a", "a", "c"])
    }
}
