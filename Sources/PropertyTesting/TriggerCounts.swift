/// How many of one value's units (steps, documents) fall under each named trigger, such as a rule.
///
/// A property whose triggers come from one fixed list counts by position in that list, shared by every value: a
/// coverage table then adds runs position by position. A dictionary per run was hashed key by key twice a run (made,
/// then merged), which cost a stack suite more than a tenth of its time.
public struct TriggerCounts: Sendable {
    /// The trigger names; for counts by position, one list shared by every value of a property.
    public let names: [String]
    /// The units under each name, by position.
    public let counts: [Int]
    /// Whether the names are a list shared by every value, so that counts add by position.
    let positional: Bool

    /// Counts by position in `names`, a list every value of the property shares (a stored constant).
    public init(names: [String], counts: [Int]) {
        precondition(names.count == counts.count, "one count per trigger name")
        self.names = names
        self.counts = counts
        positional = true
    }

    /// Counts by name.
    public init(_ counts: [String: Int]) {
        names = Array(counts.keys)
        self.counts = Array(counts.values)
        positional = false
    }

    /// No trigger.
    public static var none: TriggerCounts { TriggerCounts([:]) }

    /// The counts by name: every name given by name, and those counted by position with at least one unit.
    public var byName: [String: Int] {
        var result: [String: Int] = [:]
        for (name, count) in zip(names, counts) where !positional || count > 0 { result[name, default: 0] += count }
        return result
    }

    /// Whether `other` counts by position in the very list these counts do.
    func sharesNames(with other: [String]) -> Bool {
        positional && names.count == other.count
            && names.withUnsafeBufferPointer { a in
                other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
            }
    }
}
