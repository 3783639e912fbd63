/// A number of things of one unit: steps, documents or responses are never added together.
///
/// Every output names the unit, so `116 steps` and `400 documents` cannot be confused.
public struct UnitCount: Hashable, Codable, Sendable, CustomStringConvertible {
    /// What a suite counts.
    public struct Unit: RawRepresentable, Hashable, Comparable, Codable, Sendable {
        /// The singular noun, such as `step`.
        public let rawValue: String
        /// Creates a unit from its singular noun.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A command applied to an implementation's state.
        public static let step = Unit(rawValue: "step")
        /// A document given to a decoder.
        public static let document = Unit(rawValue: "document")
        /// A server response given to a client.
        public static let response = Unit(rawValue: "response")

        public static func < (lhs: Unit, rhs: Unit) -> Bool { lhs.rawValue < rhs.rawValue }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// How many.
    public var value: Int
    /// Of what.
    public var unit: Unit

    /// Creates a count.
    public init(_ value: Int, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// `1 step`, `3 steps`.
    public var description: String { counted(value, unit.rawValue) }

    /// Counts summed per unit, units in the order they first appear; zero counts are left out.
    public static func totals(_ counts: [UnitCount]) -> [UnitCount] {
        var sums: [UnitCount] = []
        for count in counts {
            if let at = sums.firstIndex(where: { $0.unit == count.unit }) {
                sums[at].value += count.value
            } else {
                sums.append(count)
            }
        }
        return sums.filter { $0.value > 0 }
    }
}

/// A count with its noun, singular for one: `1 run`, `3 runs`.
///
/// Shared by every report format of the package, so they all say it the same way.
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
