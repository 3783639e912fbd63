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
    public let counts: [Int]
    /// The labels given by name.
    private let named: [String]
    /// For labels counted by position: the list every value of the property shares, and where each label is in it.
    let table: [String]?
    let positions: [Int]

    /// Labels with their counts, each label once.
    public init(labels: [String], counts: [Int]) {
        precondition(labels.count == counts.count, "one count per label")
        self.named = labels
        self.counts = counts
        table = nil
        positions = []
    }

    /// Labels given by their positions in `table`, a list every value of the property shares (a stored constant),
    /// each position once, with their counts. The coverage table then adds them up by position, without hashing a
    /// label per run.
    public init(table: [String], positions: [Int], counts: [Int]) {
        precondition(positions.count == counts.count, "one count per label")
        precondition(positions.allSatisfy(table.indices.contains), "a label position outside its table")
        self.table = table
        self.positions = positions
        self.counts = counts
        named = []
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
    public var units: Int { counts.reduce(0, +) }

    /// One label per unit, grouped by label in the order the labels first appear.
    public var perUnit: [String] {
        var result: [String] = []
        for (label, count) in zip(labels, counts) { result += repeatElement(label, count: count) }
        return result
    }
}
