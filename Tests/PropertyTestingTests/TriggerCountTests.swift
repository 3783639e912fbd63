@testable import PropertyTesting
import Testing

/// Triggers counted by position in a shared list of names must add up to what counting them by name gives.
@Suite("Trigger counts")
struct TriggerCountTests {
    static let names = ["A", "B", "C"]

    @Test("Runs counted by position in one shared list add up as if counted by name")
    func positionalMatchesByName() {
        var positional = CoverageTable(), byName = CoverageTable()
        let runs = [[1, 0, 2], [0, 0, 0], [3, 1, 0]]
        for counts in runs {
            positional.add(TriggerCounts(names: Self.names, counts: counts))
            byName.add(TriggerCounts(TriggerCounts(names: Self.names, counts: counts).byName))
        }
        #expect(positional.triggered == ["A": 4, "B": 1, "C": 2])
        #expect(positional.triggered == byName.triggered)
        #expect(positional == byName)
    }

    @Test("Counts by name keep a name with no units; by position only names with units appear")
    func zeroCounts() {
        var table = CoverageTable()
        table.add(TriggerCounts(["X": 0]))
        table.add(TriggerCounts(names: Self.names, counts: [0, 2, 0]))
        #expect(table.triggered == ["X": 0, "B": 2])
        #expect(TriggerCounts(names: Self.names, counts: [0, 2, 0]).byName == ["B": 2])
    }

    @Test("Lists that are not the same storage, past the lists held by position, and merged tables all count")
    func manyListsAndMerge() {
        var table = CoverageTable(), other = CoverageTable()
        // Each list below is made anew, so none shares storage with another: past the few held by position, the
        // rest are counted by name.
        for run in 0..<(CoverageTable.positionalLists + 3) {
            table.add(TriggerCounts(names: ["A", "B"], counts: [run, 1]))
        }
        other.add(TriggerCounts(names: Self.names, counts: [1, 1, 1]))
        other.add(TriggerCounts(["A": 5]))
        table.merge(other)
        let runs = CoverageTable.positionalLists + 3
        #expect(table.triggered == ["A": (0..<runs).reduce(0, +) + 1 + 5, "B": runs + 1, "C": 1])
    }
}
