public import ConformanceRules
public import FlowCheckCore
public import JSON
public import NavigationModel

/// What a navigator declares, for the navigation and session suites (and the client suite, whose stack moves by the
/// same rules): the hello reply's `modes`, `behaviors`, `nesting`, `reasons`, `flows` and `modals`.
///
/// In Swift, `Capabilities(suites:modes:behaviors:nesting:…)` sets it; `capabilities.navigation` reads it.
public struct NavigationCapabilities: CapabilitySection {
    /// The stack modes it implements.
    public var modes: [NavigationMode]
    /// The flow behaviors it implements.
    public var behaviors: [FlowBehavior]
    /// The nesting profiles it implements.
    public var nesting: [NavigationProfile.Nesting]
    /// Whether it reports rejection reasons (they are compared only then).
    public var reasons: Bool
    /// Whether it keeps flows. A route-array library says `false`: the kit then generates no flow objects, expects
    /// none on the stack (NAV-FLOWLESS), and lists the flow rules as not certified.
    public var flows: Bool
    /// Whether it presents modal layers. With `false` the kit generates no presented layer, and PRESENT and DISMISS
    /// must not be declared.
    public var modals: Bool

    /// Creates the section; by default nothing is declared but flows and modal layers.
    public init(
        modes: [NavigationMode] = [], behaviors: [FlowBehavior] = [], nesting: [NavigationProfile.Nesting] = [],
        reasons: Bool = false, flows: Bool = true, modals: Bool = true
    ) {
        self.modes = modes
        self.behaviors = behaviors
        self.nesting = nesting
        self.reasons = reasons
        self.flows = flows
        self.modals = modals
    }

    public init() { self.init(modes: []) }

    public init(fields: [String: JSONValue]) throws(CapabilityError) {
        self.init()
        modes = try CapabilityField.strings(fields, "modes")?.map(NavigationMode.init(rawValue:)) ?? []
        behaviors = try CapabilityField.strings(fields, "behaviors")?.map(FlowBehavior.init(rawValue:)) ?? []
        let words: [String]
        if case .string(let one)? = fields["nesting"] {
            words = [one]
        } else {
            do {
                words = try CapabilityField.strings(fields, "nesting") ?? []
            } catch {
                throw CapabilityError(
                    field: "nesting",
                    message: "expected \"owned\", \"shared\" or an array of them, found "
                        + JSONWriter.write(fields["nesting"] ?? .null))
            }
        }
        nesting = try words.map { (word) throws(CapabilityError) in
            guard let nesting = NavigationProfile.Nesting(rawValue: word) else {
                throw CapabilityError(
                    field: "nesting", message: "\"\(word)\" is not a nesting (\"owned\" or \"shared\")")
            }
            return nesting
        }
        reasons = try CapabilityField.bool(fields, "reasons") ?? false
        flows = try CapabilityField.bool(fields, "flows") ?? true
        modals = try CapabilityField.bool(fields, "modals") ?? true
    }

    /// The section as the hello reply writes it: one nesting as a string, `flows` and `modals` only when off (so that
    /// the usual capabilities read as they always have).
    public var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "modes": .array(modes.map { .string($0.rawValue) }),
            "behaviors": .array(behaviors.map { .string($0.rawValue) }),
            "nesting": nesting.count == 1 ? .string(nesting[0].rawValue) : .array(nesting.map { .string($0.rawValue) }),
            "reasons": .bool(reasons),
        ]
        if !flows { fields["flows"] = .bool(false) }
        if !modals { fields["modals"] = .bool(false) }
        return fields
    }

    /// Every field the section may write.
    static let names = ["modes", "behaviors", "nesting", "reasons", "flows", "modals"]
}

extension Capabilities {
    /// Creates a navigator's capabilities: the navigation fields in their section, the rest as ``Capabilities``
    /// keeps them.
    public init(
        suites: [Suite], modes: [NavigationMode], behaviors: [FlowBehavior] = [],
        nesting: [NavigationProfile.Nesting] = [], reasons: Bool = false, batch: Bool = false, flows: Bool = true,
        modals: Bool = true, sections: [String: JSONValue] = [:]
    ) {
        self.init(suites: suites, batch: batch, sections: sections)
        navigation = NavigationCapabilities(
            modes: modes, behaviors: behaviors, nesting: nesting, reasons: reasons, flows: flows, modals: modals)
    }

    /// The navigation section: modes, behaviors, nesting, reasons, flows and modal layers. Reading it reads the
    /// declared fields each time: read it once where it is used often.
    public var navigation: NavigationCapabilities {
        get { self[NavigationCapabilities.self] }
        set {
            for name in NavigationCapabilities.names { sections[name] = nil }
            self[NavigationCapabilities.self] = newValue
        }
    }

    /// Every navigation capability the model knows, for the navigation and session suites.
    public static let full = Capabilities(
        suites: [.navigation, .session], modes: NavigationMode.known, behaviors: FlowBehavior.known,
        nesting: NavigationProfile.Nesting.allCases, reasons: true)

    /// The section as a record keeps it: written when a navigation suite is declared or modes are, as it always was.
    package var recordedNavigation: [String: JSONValue] {
        let navigation = self.navigation
        let declared = suites.contains(.navigation) || suites.contains(.session)
        return declared || !navigation.modes.isEmpty ? navigation.fields : [:]
    }
}
