/// How an entry was put on the stack.
///
/// Entry 0 is the only `root`; a `modal` entry starts a new layer.
public enum Presentation: String, Hashable, Codable, Sendable, CaseIterable {
    /// The bottom entry of the stack.
    case root
    /// An entry pushed inside the current layer.
    case push
    /// An entry that starts a presented layer.
    case modal
}

/// One screen on the navigation stack, with the flow context the client recorded for it.
///
/// JSON shape: `{"screen": "HOME", "flow": "DISCOVERY" | null, "flowRoot": false, "presentation": "root"}`.
/// `flow` is always written, as `null` when the entry has no flow, so that
/// implementations in any language read one shape.
public struct Entry: Hashable, Codable, Sendable {
    /// The screen's name, for example `PRODUCT`. Never empty.
    public var screen: String
    /// The flow the screen was pushed in, or `nil` when it belongs to none.
    public var flow: String?
    /// Whether this entry is the first (root) screen of its flow in its layer.
    public var flowRoot: Bool
    /// How the entry was put on the stack.
    public var presentation: Presentation

    /// Creates an entry.
    public init(screen: String, flow: String?, flowRoot: Bool, presentation: Presentation) {
        self.screen = screen
        self.flow = flow
        self.flowRoot = flowRoot
        self.presentation = presentation
    }

    private enum CodingKeys: String, CodingKey {
        case screen, flow, flowRoot, presentation
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        screen = try container.decode(String.self, forKey: .screen)
        flow = try container.decodeIfPresent(String.self, forKey: .flow)
        flowRoot = try container.decode(Bool.self, forKey: .flowRoot)
        presentation = try container.decode(Presentation.self, forKey: .presentation)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(screen, forKey: .screen)
        if let flow { try container.encode(flow, forKey: .flow) } else { try container.encodeNil(forKey: .flow) }
        try container.encode(flowRoot, forKey: .flowRoot)
        try container.encode(presentation, forKey: .presentation)
    }
}

extension Entry: CustomStringConvertible {
    /// A compact form used in diffs and reports: `PRODUCT(DISCOVERY)*` where `*` marks a flow root,
    /// prefixed with `^` for a modal base.
    public var description: String {
        var text = presentation == .modal ? "^" : ""
        text += screen
        if let flow { text += "(\(flow))" }
        if flowRoot { text += "*" }
        return text
    }
}
