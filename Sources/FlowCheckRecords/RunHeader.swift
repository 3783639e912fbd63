public import ConformanceRules
public import FlowCheckCore
import Foundation

/// The first line of a run's records: who ran against what, with which seed and suites.
public struct RunHeader: Codable, Hashable, Sendable {
    /// Always `header`.
    public var type = "header"
    /// The record format's version (``RecordFormat/version``).
    public var formatVersion = RecordFormat.version
    /// The same for every shard of one run, and different for another run: a hash of the kit, the implementation,
    /// what it declared, the seed, the suites and the budget. Files of different runs are never merged.
    public var runID: String
    /// The kit's name and version.
    public var kit: KitInfo
    /// Who the implementation says it is.
    public var implementation: ImplementationInfo
    /// What the implementation declared.
    public var capabilities: Capabilities
    /// What the run does not certify because the implementation did not declare it, one sentence each.
    public var notCertified: [String]
    /// The run's seed: the same seed replays the same run.
    public var seed: UInt64
    /// The suites the run covered, in run order.
    public var suites: [Suite]
    /// `i/n` when the run was one shard of n.
    public var shard: String?
    /// The hash of the golden corpus the run used, when it ran the corpus.
    public var corpusHash: String?
    /// For a spec-driven run: the spec and which of its navigations were exercised.
    public var spec: SpecCoverage?
    /// `true` for a run that holds the implementation to SHOULD rules as to MUST rules (`--strict`): a deviation from
    /// a SHOULD rule then fails it; `nil` otherwise.
    public var strict: Bool?

    /// Creates a header.
    public init(
        kit: KitInfo, implementation: ImplementationInfo, capabilities: Capabilities, notCertified: [String],
        seed: UInt64,
        suites: [Suite], shard: String? = nil, corpusHash: String? = nil, spec: SpecCoverage? = nil,
        budget: String = ""
    ) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let declared = (try? encoder.encode(capabilities)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        runID = ContentHash.of(
            [
                kit.name, kit.version, implementation.name, implementation.version, implementation.language, declared,
                "\(seed)", suites.map(\.rawValue).joined(separator: ","), budget,
            ].joined(separator: "\u{1F}"))
        self.kit = kit
        self.implementation = implementation
        self.capabilities = capabilities
        self.notCertified = notCertified
        self.seed = seed
        self.suites = suites
        self.shard = shard
        self.corpusHash = corpusHash
        self.spec = spec
    }
}

/// Which of an app spec's navigations a spec-driven run exercised.
public struct SpecCoverage: Hashable, Codable, Sendable {
    /// The spec file.
    public var file: String
    /// Every navigation the spec declares, by name.
    public var navigations: [String]
    /// The navigations the run performed at least once.
    public var exercised: [String]
    /// The client version each construct was resolved for (`--client-version`); `nil` for every variant.
    public var clientVersion: String?
    /// The client suite: the spec's screens and component rels (`SCREEN.rel`), and those its responses carried.
    public var components: [String]?
    /// The components the client suite's responses carried at least once.
    public var componentsExercised: [String]?

    /// The screens the spec's navigations (origin and destination) and components name, in first-named order.
    public var screens: [String] { Self.screens(navigations: navigations, components: components ?? []) }

    /// The screens the run's exercised navigations and components name.
    public var screensExercised: [String] {
        Self.screens(navigations: exercised, components: componentsExercised ?? [])
    }

    /// Screens from navigation names (`HOME.OPEN_CART → CART (CHECKOUT/START_NEW)`) and rels (`HOME.appbar`).
    private static func screens(navigations: [String], components: [String]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        func add(_ name: Substring) {
            let screen = String(name)
            if !screen.isEmpty, seen.insert(screen).inserted { result.append(screen) }
        }
        for navigation in navigations {
            add(navigation.prefix { $0 != "." })
            if let arrow = navigation.range(of: "→ ") {
                add(navigation[arrow.upperBound...].prefix { $0 != " " })
            }
        }
        for component in components { add(component.prefix { $0 != "." }) }
        return result
    }

    /// Creates spec coverage.
    public init(file: String, navigations: [String], exercised: [String], clientVersion: String? = nil) {
        self.clientVersion = clientVersion
        self.file = file
        self.navigations = navigations
        self.exercised = exercised
    }
}
