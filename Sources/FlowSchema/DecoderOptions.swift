/// What a decoder supports: the kit decodes with the implementation's declared options.
public struct DecoderOptions: Hashable, Codable, Sendable {
    /// The component types the implementation knows; any other decodes as `unknown`.
    public var componentTypes: [String]
    /// The highest wire `schema_version` major it supports.
    public var supportedSchemaMajor: Int
    /// Whether it migrates content versions 1 to 7 to 8.
    public var migrations: Bool
    /// The deepest component nesting decoded; deeper is an `invalid_flow_schema` error.
    public var maxComponentDepth: Int

    /// Creates options; the defaults describe the documented SDK.
    public init(
        componentTypes: [String] = DecoderOptions.standardComponentTypes, supportedSchemaMajor: Int = 1,
        migrations: Bool = true, maxComponentDepth: Int = 200
    ) {
        self.componentTypes = componentTypes
        self.supportedSchemaMajor = supportedSchemaMajor
        self.migrations = migrations
        self.maxComponentDepth = maxComponentDepth
    }

    /// The 14 component kinds of the documented SDK (version 1.0).
    public static let standardComponentTypes = [
        "screenRoot", "stack", "text", "image", "button", "input", "toggle", "progress", "ringProgress", "icon",
        "slider",
        "lottie", "comparisonChart", "custom",
    ]

    /// Node kinds that are evaluated or rendered.
    public static let supportedNodeKinds = ["screen", "condition", "assign", "abTest"]
    /// Node kinds that are declared, kept, and skipped when rendering.
    public static let unsupportedNodeKinds = ["api", "event", "subflow"]
    /// Edge kinds.
    public static let edgeKinds = ["normal", "conditionTrue", "conditionFalse", "error", "event", "abVariant"]
    /// The current content version.
    public static let currentContentVersion = 8
    /// Screen presentation styles; a screen with another one is kept and presented as standard (DEC-SCREEN-TYPE).
    public static let screenTypes = ["standard", "modal", "bottomSheet", "fullScreen"]
    /// Variable types, list item types, lifecycles and source kinds the schema documents (DEC-VARIABLE).
    public static let variableTypes = ["string", "number", "boolean", "list"]
    /// List item types.
    public static let listItemTypes = ["string", "number", "boolean"]
    /// Variable lifecycles.
    public static let lifecycles = ["static", "session"]
    /// Variable source kinds.
    public static let sourceKinds = ["constant", "sdk"]
    /// How deep props may nest before a document counts as carrying deep props (DEC-DEPTH: they never count).
    static let deepProps = 32
    /// How deep components nest before a document falls under DEC-DEPTH while it still decodes.
    static let deepLayout = 32
    /// Component types removed, with their subtrees, by the 3→4 migration.
    public static let strippedBy4 = ["carousel", "video", "lottie", "chart", "spacer", "divider"]
}
