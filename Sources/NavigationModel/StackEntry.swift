/// How an entry was put on the stack.
///
/// Entry 0 is the only `root`; a `modal` entry starts a new layer.
public enum EntryPresentation: String, Hashable, Codable, Sendable, CaseIterable {
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
public struct StackEntry: Hashable, Codable, Sendable {
    /// The screen's name, for example `PRODUCT`. Never empty.
    public var screen: String
    /// The flow the screen was pushed in, or `nil` when it belongs to none.
    public var flow: String?
    /// Whether this entry is the first (root) screen of its flow in its layer.
    public var flowRoot: Bool
    /// How the entry was put on the stack.
    public var presentation: EntryPresentation

    /// Creates an entry.
    public init(screen: String, flow: String?, flowRoot: Bool, presentation: EntryPresentation) {
        self.screen = screen
        self.flow = flow
        self.flowRoot = flowRoot
        self.presentation = presentation
    }

    private enum CodingKeys: String, CodingKey {
        case screen, flow, flowRoot, presentation
    }

    /// Whether the entries at `a` and `b` have the same bytes, padding aside; such entries are equal (the converse
    /// does not hold: the same name can be held in two places).
    @inlinable
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let size = MemoryLayout<StackEntry>.size
        var offset = 0
        while offset + 8 <= size {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < size {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// The one-byte fields first: most unequal entries differ there, and comparing them reads no string.
    @inlinable
    public static func == (a: StackEntry, b: StackEntry) -> Bool {
        a.flowRoot == b.flowRoot && a.presentation == b.presentation && a.screen == b.screen && a.flow == b.flow
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        screen = try container.decode(String.self, forKey: .screen)
        flow = try container.decodeIfPresent(String.self, forKey: .flow)
        flowRoot = try container.decode(Bool.self, forKey: .flowRoot)
        presentation = try container.decode(EntryPresentation.self, forKey: .presentation)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(screen, forKey: .screen)
        if let flow { try container.encode(flow, forKey: .flow) } else { try container.encodeNil(forKey: .flow) }
        try container.encode(flowRoot, forKey: .flowRoot)
        try container.encode(presentation, forKey: .presentation)
    }
}

extension StackEntry: CustomStringConvertible {
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
