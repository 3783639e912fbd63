/// The labels a value's units (steps) were given, each named once with the number of units that had it.
///
/// A property whose values count their own labels hands them over this way: a run of 50 steps then passes a handful
/// of labels, where a label per step was retained, tallied and released at every step of every run.
public struct LabelCounts: Sendable {
    /// The distinct labels.
    public var labels: [String] {
        guard let table else { return named }
        return positions.map { table[$0] }
    }
    /// How many units had each label, by position.
    public var counts: [Int] { unitPositions.map { Self.grouping($0, tableSize: table?.count ?? 0).counts } ?? given }
    /// The counts given, when the labels were given counted.
    private let given: [Int]
    /// The labels given by name.
    private let named: [String]
    /// For labels counted by position: the list every value of the property shares, and where each label is in it.
    let table: [String]?
    var positions: [Int] {
        unitPositions.map { Self.grouping($0, tableSize: table?.count ?? 0).positions } ?? givenPositions
    }
    /// The positions given, when the labels were given counted.
    private let givenPositions: [Int]
    /// For labels given per unit: each unit's label, as its position in ``table``. The coverage table counts these
    /// as they come, which costs less than grouping them first: a run's units are a few dozen steps.
    let unitPositions: [UInt16]?

    /// Labels with their counts, each label once.
    public init(labels: [String], counts: [Int]) {
        precondition(labels.count == counts.count, "one count per label")
        self.named = labels
        given = counts
        table = nil
        givenPositions = []
        unitPositions = nil
    }

    /// Labels given by their positions in `table`, a list every value of the property shares (a stored constant),
    /// each position once, with their counts. The coverage table then adds them up by position, without hashing a
    /// label per run.
    public init(table: [String], positions: [Int], counts: [Int]) {
        precondition(positions.count == counts.count, "one count per label")
        precondition(positions.allSatisfy(table.indices.contains), "a label position outside its table")
        self.table = table
        givenPositions = positions
        given = counts
        named = []
        unitPositions = nil
    }

    /// One label per unit, each given by its position in `table` (a list of at most 65,536 labels that every value
    /// of the property shares, a stored constant), in the units' order.
    public init(table: [String], unitPositions: [UInt16]) {
        precondition(unitPositions.allSatisfy { Int($0) < table.count }, "a label position outside its table")
        self.table = table
        self.unitPositions = unitPositions
        givenPositions = []
        given = []
        named = []
    }

    /// The distinct positions of `units`, in the order they first appear, with the number of units at each.
    private static func grouping(_ units: [UInt16], tableSize: Int) -> (positions: [Int], counts: [Int]) {
        // A few dozen units look each position up among the few met so far; more are counted in a table's worth of
        // counts.
        var positions: [Int] = []
        var counts: [Int] = []
        if units.count <= 64 {
            for unit in units {
                if let index = positions.firstIndex(of: Int(unit)) {
                    counts[index] += 1
                } else {
                    positions.append(Int(unit))
                    counts.append(1)
                }
            }
            return (positions, counts)
        }
        var byPosition = [Int](repeating: 0, count: tableSize)
        for unit in units {
            if byPosition[Int(unit)] == 0 { positions.append(Int(unit)) }
            byPosition[Int(unit)] += 1
        }
        return (positions, positions.map { byPosition[$0] })
    }

    /// The counts of one label per unit.
    public init(_ perUnit: [String]) {
        var labels: [String] = [], counts: [Int] = []
        for label in perUnit {
            // Unequal labels mostly differ in length, which is known without a call into the string comparison.
            let length = label.utf8.count
            if let index = labels.firstIndex(where: { $0.utf8.count == length && $0 == label }) {
                counts[index] += 1
            } else {
                labels.append(label)
                counts.append(1)
            }
        }
        self.init(labels: labels, counts: counts)
    }

    /// The number of units.
    public var units: Int { unitPositions?.count ?? given.reduce(0, +) }

    /// One label per unit, grouped by label in the order the labels first appear.
    public var perUnit: [String] {
        var result: [String] = []
        for (label, count) in zip(labels, counts) { result += repeatElement(label, count: count) }
        return result
    }
}
