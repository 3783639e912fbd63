public import ConformanceRules
public import JSON

/// How one golden case ended against an implementation.
public struct CaseRecord: Hashable, Codable, Sendable {
    /// How a case ended.
    public enum Status: String, Hashable, Codable, Sendable, CaseIterable {
        /// Every reply matched the golden one.
        case passed
        /// A reply differed from the golden one.
        case failed
        /// The skip list named it, or the implementation does not declare a feature it needs.
        case skipped
        /// The implementation could not run it, or its file could not be read.
        case errored
    }

    /// Always `case`.
    public var type = "case"
    /// The case's id.
    public var id: String
    /// The case's file, relative to the corpus folder.
    public var file: String
    /// The suite the case belongs to.
    public var suite: String
    /// The `suite` of a golden-case file that could not be read: an errored case, counted as malformed.
    public static let unreadableFile = "corpus"

    /// Whether this is a golden-case file that could not be read.
    public var isMalformed: Bool { suite == Self.unreadableFile && status == .errored }
    /// What the case shows, in one sentence.
    public var description: String
    /// The capability features the case needs.
    public var features: [String]
    /// The IDs of the rules the case exercises.
    public var rules: [String]
    /// How binding the case's rules are.
    public var level: Rule.Level
    /// How the case ended.
    public var status: Status
    /// Why it was skipped, or what went wrong.
    public var message: String?
    /// The first step whose reply differs.
    public var step: Int?
    /// The golden reply at ``step``, in the JSON the suite's cases write it in (a stepped suite's reply).
    public var expected: JSONValue?
    /// The implementation's reply at ``step``, in the same JSON.
    public var actual: JSONValue?
    /// The diff at ``step``: `-` golden, `+` implementation.
    public var diff: String?
    /// For a failed navigation or session case, the rules the implementation broke, by cause (which may differ from
    /// the rules the case is about); `nil` otherwise.
    public var broken: [String]?

    /// Creates a case record that passed; the runner fills in the rest.
    public init(
        id: String, file: String, suite: String, description: String, features: [String], rules: [String],
        level: Rule.Level, status: Status
    ) {
        self.id = id
        self.file = file
        self.suite = suite
        self.description = description
        self.features = features
        self.rules = rules
        self.level = level
        self.status = status
    }
}
