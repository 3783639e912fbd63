public import ConformanceRules
public import GoldenCorpus
public import JSON
public import NavigationModel
public import RUFClientModel

/// A golden client case: a starting stack, a profile and an action queue, and the inputs fed to a RUF client with
/// the observation each must give.
///
/// JSON shape: `{"id", "suite": "client", "description", "rules": ["RUF-..."], "level", "origin",
/// "profile": {"nesting"}, "initial": [Entry...], "actionQueue": "fifo" | "latest",
/// "steps": [{"input": ClientInput, "expect": {"state": ClientState, "events": [ClientEvent...]}}]}`.
/// Replay it in any language: reset the client to `initial` with `profile`, feed each `input`, and compare the
/// observation with `expect` as JSON (request ids renumbered `#1`, `#2`, … by first appearance). See
/// `Corpus/README.md`.
public struct ClientGoldenCase: Hashable, Sendable, Identifiable {
    /// One input and the observation it must give.
    public struct Step: Hashable, Sendable {
        /// The input, as the process protocol sends it.
        public var input: ClientInput
        /// The observation after it: `{"state", "events"}`, keys sorted.
        public var expect: JSONValue

        /// Creates a step; the expectation is kept with its keys sorted, as it is compared.
        public init(input: ClientInput, expect: JSONValue) {
            self.input = input
            self.expect = expect.canonical
        }
    }

    /// The folder, and the `suite` every client case names.
    public static let suite = "client"

    /// A stable, unique identifier such as `meta-shallow-merge`.
    public var id: String
    /// One sentence saying what the case shows.
    public var description: String
    /// The IDs of the RUF- rules the case exercises (see `ClientRules`).
    public var rules: [String]
    /// MUST or SHOULD: the level of the strictest rule the case relies on.
    public var level: Rule.Level
    /// Where the case comes from.
    public var origin: CaseOrigin
    /// The nesting profile.
    public var profile: NavigationProfile
    /// The stack the client is reset to.
    public var initial: ScreenStack
    /// How the client queues actions dispatched while one is in flight.
    public var actionQueue: ReferenceClient.Queueing
    /// The inputs, in order, with their expected observations.
    public var steps: [Step]

    /// Creates a case from its parts.
    public init(
        id: String, description: String, rules: [String], level: Rule.Level, origin: CaseOrigin,
        profile: NavigationProfile, initial: ScreenStack, actionQueue: ReferenceClient.Queueing, steps: [Step]
    ) {
        self.id = id
        self.description = description
        self.rules = rules
        self.level = level
        self.origin = origin
        self.profile = profile
        self.initial = initial
        self.actionQueue = actionQueue
        self.steps = steps
    }

    /// A case whose expectations are the reference client's observations after each input.
    public static func expecting(
        id: String, description: String, rules: [String], level: Rule.Level, origin: CaseOrigin,
        profile: NavigationProfile, initial: ScreenStack, actionQueue: ReferenceClient.Queueing, inputs: [ClientInput]
    ) throws(NavigationModelError) -> ClientGoldenCase {
        var client = try ReferenceClient(stack: initial, profile: profile, queueing: actionQueue)
        return ClientGoldenCase(
            id: id, description: description, rules: rules, level: level, origin: origin, profile: profile,
            initial: initial, actionQueue: actionQueue,
            steps: inputs.map { Step(input: $0, expect: client.apply($0).json) })
    }

    /// The features of its rules (`cache`, `meta`, …), as skip lists name them.
    public var features: [String] { Array(Set(rules.compactMap { ClientRules.named($0)?.feature })).sorted() }

    /// The strictest level among `rules`; `nil` when none is a known rule.
    public static func strictestLevel(of rules: [String]) -> Rule.Level? {
        rules.compactMap { ClientRules.named($0)?.level }.min()
    }

    /// The JSON form a case file holds, keys in the order the README lists them.
    public var json: JSONValue {
        var profilePairs: [(key: String, value: JSONValue)] = [("nesting", .string(profile.nesting.rawValue))]
        // Written only when off, as `NavigationProfile` itself does.
        if !profile.flows { profilePairs.append(("flows", .bool(false))) }
        return .object([
            ("id", .string(id)), ("suite", .string(Self.suite)), ("description", .string(description)),
            ("rules", .array(rules.map(JSONValue.string))), ("level", .string(level.rawValue)),
            ("origin", .string(origin.rawValue)), ("profile", .object(profilePairs)),
            ("initial", .array(initial.map(Self.entryJSON))), ("actionQueue", .string(actionQueue.rawValue)),
            ("steps", .array(steps.map(Self.stepJSON))),
        ])
    }

    /// The case file's text: ``json`` laid out for reading, ending with a newline.
    public var fileText: String { CaseText.pretty(json) + "\n" }

    static func entryJSON(_ entry: StackEntry) -> JSONValue {
        .object([
            ("screen", .string(entry.screen)), ("flow", entry.flow.map(JSONValue.string) ?? .null),
            ("flowRoot", .bool(entry.flowRoot)), ("presentation", .string(entry.presentation.rawValue)),
        ])
    }

    /// A step with `kind` first in its input and `state` before `events`, so that a file reads top-down.
    static func stepJSON(_ step: Step) -> JSONValue {
        let input = step.input.json.objectPairs ?? []
        let kind = input.filter { $0.key == "kind" }
        let expect: [(key: String, value: JSONValue)] = [
            ("state", step.expect["state"] ?? .null), ("events", step.expect["events"] ?? .array([])),
        ]
        return .object([
            ("input", .object(kind + input.filter { $0.key != "kind" })), ("expect", .object(expect)),
        ])
    }
}
