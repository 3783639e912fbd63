import FlowSchema
import NavigationModel

/// A conformance suite: a family of rules the kit can certify.
public enum Suite: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// Directives applied to a stack (NAV- rules).
    case navigation
    /// Optimistic navigation (SES- rules).
    case session
    /// Lenient decoding of flow documents (DEC- rules).
    case decoding

    public var description: String { rawValue }

    /// A stable number mixed into the check's seed, so that `--suite X --seed S`
    /// replays exactly what suite X did in a run of every suite with seed S.
    var seedSalt: UInt64 {
        switch self {
        case .navigation: return 1
        case .session: return 2
        case .decoding: return 3
        }
    }
}

/// Who the implementation under test is.
public struct ImplementationInfo: Hashable, Codable, Sendable {
    /// Its name, such as `acme-navigation-ios`.
    public var name: String
    /// Its version.
    public var version: String
    /// The language it is written in.
    public var language: String

    /// Creates implementation info.
    public init(name: String, version: String, language: String) {
        self.name = name
        self.version = version
        self.language = language
    }
}

/// What an implementation declares it supports: the kit generates only that,
/// and lists the rest as not certified.
///
/// JSON shape (the `capabilities` of the process protocol's hello reply):
/// `{"suites": [...], "modes": [...], "behaviors": [...], "nesting": "owned" | "shared" | ["owned", "shared"], "reasons": true, "batch": false}`.
public struct Capabilities: Hashable, Codable, Sendable {
    /// The suites it wants certified.
    public var suites: [Suite]
    /// The stack modes it implements.
    public var modes: [Mode]
    /// The flow behaviors it implements.
    public var behaviors: [Behavior]
    /// The nesting profiles it implements.
    public var nesting: [Profile.Nesting]
    /// Whether it reports rejection reasons (they are compared only then).
    public var reasons: Bool
    /// Whether it accepts the `batch` command (process protocol).
    public var batch: Bool
    /// The component types its decoder knows (decoding suite); others must decode as unknown.
    public var componentTypes: [String]
    /// Whether its decoder migrates content versions 1 to 7 (decoding suite); without it only version-8 documents are given.
    public var migrations: Bool

    /// Creates capabilities; the decoding ones default to the 14 documented component kinds, without migrations.
    public init(suites: [Suite], modes: [Mode], behaviors: [Behavior], nesting: [Profile.Nesting], reasons: Bool, batch: Bool = false,
                componentTypes: [String] = DecoderOptions.standardComponentTypes, migrations: Bool = false) {
        self.componentTypes = componentTypes
        self.migrations = migrations
        self.suites = suites
        self.modes = modes
        self.behaviors = behaviors
        self.nesting = nesting
        self.reasons = reasons
        self.batch = batch
    }

    /// Everything the model knows.
    public static let full = Capabilities(
        suites: [.navigation, .session, .decoding], modes: Mode.known, behaviors: Behavior.known,
        nesting: Profile.Nesting.allCases, reasons: true, migrations: true)

    private enum CodingKeys: String, CodingKey { case suites, modes, behaviors, nesting, reasons, batch, componentTypes, migrations }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Unknown suites (from a newer kit) are ignored rather than fatal.
        suites = try container.decode([String].self, forKey: .suites).compactMap(Suite.init(rawValue:))
        modes = try container.decode([Mode].self, forKey: .modes)
        behaviors = try container.decode([Behavior].self, forKey: .behaviors)
        if let one = try? container.decode(Profile.Nesting.self, forKey: .nesting) {
            nesting = [one]
        } else {
            nesting = try container.decode([Profile.Nesting].self, forKey: .nesting)
        }
        reasons = try container.decodeIfPresent(Bool.self, forKey: .reasons) ?? false
        batch = try container.decodeIfPresent(Bool.self, forKey: .batch) ?? false
        componentTypes = try container.decodeIfPresent([String].self, forKey: .componentTypes) ?? DecoderOptions.standardComponentTypes
        migrations = try container.decodeIfPresent(Bool.self, forKey: .migrations) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(suites, forKey: .suites)
        try container.encode(modes, forKey: .modes)
        try container.encode(behaviors, forKey: .behaviors)
        if nesting.count == 1 { try container.encode(nesting[0], forKey: .nesting) } else { try container.encode(nesting, forKey: .nesting) }
        try container.encode(reasons, forKey: .reasons)
        try container.encode(batch, forKey: .batch)
        if suites.contains(.decoding) {
            try container.encode(componentTypes, forKey: .componentTypes)
            try container.encode(migrations, forKey: .migrations)
        }
    }

    /// What the kit cannot certify because it was not declared, one sentence each.
    public var notCertified: [String] {
        var result: [String] = []
        for suite in Suite.allCases where !suites.contains(suite) { result.append("suite \(suite) (not declared)") }
        for mode in Mode.known where !modes.contains(mode) { result.append("mode \(mode) (not declared)") }
        for behavior in Behavior.known where !behaviors.contains(behavior) { result.append("behavior \(behavior) (not declared)") }
        for nesting in Profile.Nesting.allCases where !self.nesting.contains(nesting) { result.append("nesting \(nesting.rawValue) (not declared)") }
        if !reasons && (suites.contains(.navigation) || suites.contains(.session)) {
            result.append("rejection reasons (not reported, so not compared)")
        }
        if suites.contains(.decoding) && !migrations {
            result.append("content migrations (not declared: only version-8 documents were given)")
        }
        return result
    }
}

extension Capabilities {
    /// The options the reference decoder uses to judge this implementation.
    public var decoderOptions: DecoderOptions { DecoderOptions(componentTypes: componentTypes, migrations: migrations) }
}
