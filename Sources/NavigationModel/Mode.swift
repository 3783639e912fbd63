/// A directive's stack mode, such as `PUSH` or `POP_TO`.
///
/// Stored as its raw string so that an unknown mode sent by a server, or
/// reported by an implementation, can be represented and rejected rather than
/// failing to decode.
public struct Mode: KnownWord, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The mode as the wire spells it.
    public let rawValue: String
    /// The mode's position among the known modes, or -1. Comparing modes happens on every
    /// generated step, and comparing these small numbers spares the string comparisons.
    package let known: Int8

    /// Creates a mode from its wire spelling; any string is accepted, see ``isKnown``.
    public init(rawValue: String) {
        self.rawValue = rawValue
        known = Mode.position(of: rawValue)
    }
    /// Creates a mode from its wire spelling.
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

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
    public static let push: Mode = "PUSH"
    /// Removes the top entry and pushes the target in its place.
    public static let replace: Mode = "REPLACE"
    /// Clears the stack; the target becomes the new root.
    public static let reset: Mode = "RESET"
    /// Removes the top entry.
    public static let pop: Mode = "POP"
    /// Rolls back an optimistic change; with nothing pending, changes nothing.
    public static let failed: Mode = "FAILED"
    /// Starts a presented (modal) layer with the target.
    public static let present: Mode = "PRESENT"
    /// Removes the whole top presented layer.
    public static let dismiss: Mode = "DISMISS"
    /// Removes every entry above the topmost entry showing a screen.
    public static let popTo: Mode = "POP_TO"
    /// Returns to the root of the top layer (owned) or of the stack (shared).
    public static let popToRoot: Mode = "POP_TO_ROOT"

    /// Every mode the model knows, in a stable order.
    public static let known: [Mode] = [.push, .replace, .reset, .pop, .failed, .present, .dismiss, .popTo, .popToRoot]

    /// The modes that carry a destination (`screen` and `flow`).
    public static let withDestination: [Mode] = [.push, .replace, .reset, .present]

    /// The modes a client may apply optimistically (RUF protocol).
    public static let optimistic: [Mode] = [.push, .replace, .reset]

    /// Whether the model knows this mode.
    public var isKnown: Bool { known >= 0 }
}

/// A flow behavior: what happens to the flow's earlier screens before the new one is shown.
public struct Behavior: KnownWord, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The behavior as the wire spells it.
    public let rawValue: String
    /// The behavior's position among the three, or -1 (see ``Mode``: it spares string comparisons).
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

    /// Push without removing any existing screen.
    public static let keep: Behavior = "KEEP"
    /// Remove every screen of the flow in the top layer, then push.
    public static let removePrevious: Behavior = "REMOVE_PREVIOUS"
    /// As ``removePrevious``, and the new screen becomes the flow's root.
    public static let startNew: Behavior = "START_NEW"

    /// The three behaviors of the RUF protocol.
    public static let known: [Behavior] = [.keep, .removePrevious, .startNew]

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
    public static let unknownMode: RejectionReason = "unknownMode"
    /// A destination mode or POP_TO lacks a non-empty `screen`.
    public static let missingScreen: RejectionReason = "missingScreen"
    /// A destination mode lacks a `flow` object with a non-empty `name`.
    public static let missingFlow: RejectionReason = "missingFlow"
    /// The flow behavior is not KEEP, REMOVE_PREVIOUS or START_NEW.
    public static let unknownBehavior: RejectionReason = "unknownBehavior"
    /// POP on a stack holding only its root.
    public static let cannotPopRoot: RejectionReason = "cannotPopRoot"
    /// DISMISS while the top layer is the root layer.
    public static let nothingToDismiss: RejectionReason = "nothingToDismiss"
    /// POP_TO names a screen that is not in the searched range.
    public static let targetNotFound: RejectionReason = "targetNotFound"
    /// An optimistic change while another is still pending.
    public static let actionInFlight: RejectionReason = "actionInFlight"
    /// An optimistic change whose mode is not PUSH, REPLACE or RESET.
    public static let notOptimistic: RejectionReason = "notOptimistic"
    /// An optimistic change without an `id` to match the server's answer.
    public static let missingId: RejectionReason = "missingId"

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
