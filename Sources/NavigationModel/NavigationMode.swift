/// A directive's stack mode, such as `PUSH` or `POP_TO`.
///
/// Stored as its raw string so that an unknown mode sent by a server, or
/// reported by an implementation, can be represented and rejected rather than
/// failing to decode.
public struct NavigationMode: KnownWord, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The mode as the wire spells it.
    public let rawValue: String
    /// The mode's position among the known modes, or -1. Comparing modes happens on every
    /// generated step, and comparing these small numbers spares the string comparisons.
    package let known: Int8

    /// Creates a mode from its wire spelling; any string is accepted, see ``isKnown``.
    public init(rawValue: String) {
        self.rawValue = rawValue
        known = NavigationMode.position(of: rawValue)
    }
    /// Creates a mode from its wire spelling.
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

    /// A known mode, spelled and placed by the caller. The named modes below are made with it each time they are
    /// asked for: a stored constant is initialized lazily, and every use of one on Linux calls `swift_once` (on
    /// every generated step).
    private init(raw: String, known: Int8) {
        rawValue = raw
        self.known = known
    }

    private static func position(of raw: String) -> Int8 {
        switch raw {
        case "PUSH": return 0
        case "REPLACE": return 1
        case "RESET": return 2
        case "POP": return 3
        case "FAILED": return 4
        case "PRESENT": return 5
        case "DISMISS": return 6
        case "POP_TO": return 7
        case "POP_TO_ROOT": return 8
        default: return -1
        }
    }

    /// Adds the target on top of the top layer.
    public static var push: NavigationMode { NavigationMode(raw: "PUSH", known: 0) }
    /// Removes the top entry and pushes the target in its place.
    public static var replace: NavigationMode { NavigationMode(raw: "REPLACE", known: 1) }
    /// Clears the stack; the target becomes the new root.
    public static var reset: NavigationMode { NavigationMode(raw: "RESET", known: 2) }
    /// Removes the top entry.
    public static var pop: NavigationMode { NavigationMode(raw: "POP", known: 3) }
    /// Rolls back an optimistic change; with nothing pending, changes nothing.
    public static var failed: NavigationMode { NavigationMode(raw: "FAILED", known: 4) }
    /// Starts a presented (modal) layer with the target.
    public static var present: NavigationMode { NavigationMode(raw: "PRESENT", known: 5) }
    /// Removes the whole top presented layer.
    public static var dismiss: NavigationMode { NavigationMode(raw: "DISMISS", known: 6) }
    /// Removes every entry above the topmost entry showing a screen.
    public static var popTo: NavigationMode { NavigationMode(raw: "POP_TO", known: 7) }
    /// Returns to the root of the top layer (owned) or of the stack (shared).
    public static var popToRoot: NavigationMode { NavigationMode(raw: "POP_TO_ROOT", known: 8) }

    /// Every mode the model knows, in a stable order.
    public static let known: [NavigationMode] = [
        .push, .replace, .reset, .pop, .failed, .present, .dismiss, .popTo, .popToRoot,
    ]

    /// The modes that carry a destination (`screen` and `flow`).
    public static let withDestination: [NavigationMode] = [.push, .replace, .reset, .present]

    /// The modes a client may apply optimistically (RUF protocol).
    public static let optimistic: [NavigationMode] = [.push, .replace, .reset]

    /// Whether the model knows this mode.
    public var isKnown: Bool { known >= 0 }

    /// Whether this is one of ``withDestination``, from its position alone: every directive is validated several
    /// times a generated step, and reading the list costs a lazy initialization check and a scan each time.
    package var hasDestination: Bool { known >= 0 && known <= 2 || known == 5 }

    /// Whether this is one of ``optimistic``, from its position alone (those are the first three known modes).
    package var isOptimistic: Bool { known >= 0 && known <= 2 }
}

/// A flow behavior: what happens to the flow's earlier screens before the new one is shown.
public struct FlowBehavior: KnownWord, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The behavior as the wire spells it.
    public let rawValue: String
    /// The behavior's position among the three, or -1 (see ``NavigationMode``: it spares string comparisons).
    package let known: Int8

    /// Creates a behavior from its wire spelling; any string is accepted, see ``isKnown``.
    public init(rawValue: String) {
        self.rawValue = rawValue
        switch rawValue {
        case "KEEP": known = 0
        case "REMOVE_PREVIOUS": known = 1
        case "START_NEW": known = 2
        default: known = -1
        }
    }
    /// Creates a behavior from its wire spelling.
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

    /// A known behavior, spelled and placed by the caller (see ``NavigationMode``: no lazily initialized constant).
    private init(raw: String, known: Int8) {
        rawValue = raw
        self.known = known
    }

    /// Push without removing any existing screen.
    public static var keep: FlowBehavior { FlowBehavior(raw: "KEEP", known: 0) }
    /// Remove every screen of the flow in the top layer, then push.
    public static var removePrevious: FlowBehavior { FlowBehavior(raw: "REMOVE_PREVIOUS", known: 1) }
    /// As ``removePrevious``, and the new screen becomes the flow's root.
    public static var startNew: FlowBehavior { FlowBehavior(raw: "START_NEW", known: 2) }

    /// The three behaviors of the RUF protocol.
    public static let known: [FlowBehavior] = [.keep, .removePrevious, .startNew]

    /// Whether this is one of the three behaviors.
    public var isKnown: Bool { known >= 0 }
}

/// Why the model rejected a directive or an optimistic change.
///
/// A raw string so an implementation's own codes can be represented and diffed.
public struct RejectionReason: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The reason code, such as `unknownMode`.
    public var rawValue: String
    /// Creates a reason from its code.
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// The mode is not one of the nine known modes.
    public static var unknownMode: RejectionReason { RejectionReason(rawValue: "unknownMode") }
    /// A destination mode or POP_TO lacks a non-empty `screen`.
    public static var missingScreen: RejectionReason { RejectionReason(rawValue: "missingScreen") }
    /// A destination mode lacks a `flow` object with a non-empty `name`.
    public static var missingFlow: RejectionReason { RejectionReason(rawValue: "missingFlow") }
    /// The flow behavior is not KEEP, REMOVE_PREVIOUS or START_NEW.
    public static var unknownBehavior: RejectionReason { RejectionReason(rawValue: "unknownBehavior") }
    /// POP on a stack holding only its root.
    public static var cannotPopRoot: RejectionReason { RejectionReason(rawValue: "cannotPopRoot") }
    /// DISMISS while the top layer is the root layer.
    public static var nothingToDismiss: RejectionReason { RejectionReason(rawValue: "nothingToDismiss") }
    /// POP_TO names a screen that is not in the searched range.
    public static var targetNotFound: RejectionReason { RejectionReason(rawValue: "targetNotFound") }
    /// An optimistic change while another is still pending.
    public static var actionInFlight: RejectionReason { RejectionReason(rawValue: "actionInFlight") }
    /// An optimistic change whose mode is not PUSH, REPLACE or RESET.
    public static var notOptimistic: RejectionReason { RejectionReason(rawValue: "notOptimistic") }
    /// An optimistic change without an `id` to match the server's answer.
    public static var missingId: RejectionReason { RejectionReason(rawValue: "missingId") }

    /// Every reason the model gives, in a stable order.
    public static let known: [RejectionReason] = [
        .unknownMode, .missingScreen, .missingFlow, .unknownBehavior, .cannotPopRoot,
        .nothingToDismiss, .targetNotFound, .actionInFlight, .notOptimistic, .missingId,
    ]
}

/// A word from a small known vocabulary (a mode, a behavior) that also holds unknown words.
///
/// Equality compares the word's position in its vocabulary when either side is known, and the raw
/// strings only when both are unknown: modes and behaviors are compared on every generated step.
/// JSON coding is the standard library's for string raw values: the word itself.
protocol KnownWord: RawRepresentable, Hashable where RawValue == String {
    /// The position in the vocabulary, or -1 for an unknown word.
    var known: Int8 { get }
}

extension KnownWord {
    public static func == (a: Self, b: Self) -> Bool {
        a.known >= 0 || b.known >= 0 ? a.known == b.known : a.rawValue == b.rawValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
