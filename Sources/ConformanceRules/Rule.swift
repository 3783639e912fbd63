/// A normative rule with the stable ID that reports cite, such as `NAV-PUSH-KEEP` or `DEC-UNKNOWN-COMPONENT`.
///
/// Every suite's rules share this one type, so reports, baselines and certificates treat them alike.
/// Each suite's catalogue (`NavigationRules`, `DecodingRules`) lists its own.
public struct Rule: Hashable, Codable, Sendable, Identifiable, CustomStringConvertible {
    /// How binding a rule is: MUST where the sources say it, SHOULD where they are silent or contradict
    /// each other and the kit decides.
    public enum Level: String, Hashable, Codable, Sendable, Comparable {
        /// The sources require it; certification needs it.
        case must
        /// The kit's decision where the sources are silent.
        case should

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs == .must && rhs == .should }

        /// How binding a failure of `rules` is: MUST when any of them is, or is not known to `named`.
        package static func binding(of rules: [String], _ named: (String) -> Rule?) -> Level {
            rules.contains { (named($0)?.level ?? .must) == .must } ? .must : .should
        }
    }

    /// The stable ID, such as `NAV-PUSH-KEEP`.
    public let id: String
    /// The suite that judges the rule.
    public let suite: Suite
    /// MUST or SHOULD.
    public let level: Level
    /// The feature the rule belongs to; reports group rules and skip lists name features by it.
    public let feature: String
    /// One sentence an SDK author understands.
    public let summary: String
    /// Where the rule comes from.
    public let source: String

    /// Creates a rule.
    public init(id: String, suite: Suite, level: Level, feature: String, summary: String, source: String) {
        self.id = id
        self.suite = suite
        self.level = level
        self.feature = feature
        self.summary = summary
        self.source = source
    }

    public var description: String { "\(id) (\(level.rawValue.uppercased())): \(summary)" }
}
