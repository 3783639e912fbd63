public import GoldenCorpus
public import ConformanceRules
public import NavigationModel

/// One golden case: an initial stack, a profile, and commands with the reply each must get.
///
/// The format is meant for any implementation in any language: send `reset` with
/// `profile` and `initial`, then each step's `command`, and compare the reply with
/// `expect` (the outcome, the reason when the implementation reports reasons, the
/// state). See `Corpus/README.md`.
public struct GoldenCase: Hashable, Codable, Sendable, Identifiable {
    /// Where a case comes from.
    public typealias Origin = CaseOrigin

    /// One command and the reply it must get.
    public struct Step: Hashable, Codable, Sendable {
        /// The command, exactly as the process protocol sends it (without `seq`).
        public var command: NavigationCommand
        /// The reply the reference model gives.
        public var expect: NavigationReply

        /// Creates a step.
        public init(command: NavigationCommand, expect: NavigationReply) {
            self.command = command
            self.expect = expect
        }
    }

    /// A stable, unique identifier such as `flows-keep-seed`.
    public var id: String
    /// `navigation` or `session`.
    public var suite: String
    /// One sentence saying what the case shows.
    public var description: String
    /// The IDs of the rules the case exercises (see `NavigationRules` in NavigationModel).
    public var rules: [String]
    /// The features it belongs to, from the registry `Feature` (NavigationModel).
    public var features: [String]
    /// MUST or SHOULD: the level of the strictest rule the case relies on.
    public var level: Rule.Level
    /// Where the case comes from.
    public var origin: Origin
    /// The nesting profile.
    public var profile: NavigationProfile
    /// The stack the implementation is reset to.
    public var initial: ScreenStack
    /// The commands, in order.
    public var steps: [Step]

    /// Creates a case from its parts.
    public init(
        id: String, suite: String, description: String, rules: [String], features: [String], level: Rule.Level,
        origin: Origin, profile: NavigationProfile, initial: ScreenStack, steps: [Step]
    ) {
        self.id = id
        self.suite = suite
        self.description = description
        self.rules = rules
        self.features = features
        self.level = level
        self.origin = origin
        self.profile = profile
        self.initial = initial
        self.steps = steps
    }
}
