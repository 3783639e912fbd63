/// The name of a conformance suite, such as `navigation` or `decoding`.
///
/// A suite's identifier is declared next to its rules (`Suite.navigation` in NavigationModel,
/// `Suite.decoding` in FlowSchema), so adding a suite never edits a shared list.
public struct Suite: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The name as typed on the command line and written in reports.
    public let rawValue: String

    /// Creates a suite name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a suite name.
    public init(_ name: String) { self.rawValue = name }

    public var description: String { rawValue }

    public static func < (lhs: Suite, rhs: Suite) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
