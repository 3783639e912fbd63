public import FlowCheckCore
public import FlowSchema
public import JSON

/// What a flow-document decoder declares: the hello reply's `componentTypes` and `migrations`.
///
/// Set it on an adapter's capabilities as `capabilities.decoding = DecodingCapabilities(migrations: true)`; a field
/// left out takes its default.
public struct DecodingCapabilities: CapabilitySection {
    /// The component types the decoder knows; others must decode as unknown.
    public var componentTypes: [String]
    /// Whether the decoder migrates content versions 1 to 7; without it only version-8 documents are given.
    public var migrations: Bool

    /// Creates the section; by default the 14 documented component kinds, without migrations.
    public init(componentTypes: [String] = DecoderOptions.standardComponentTypes, migrations: Bool = false) {
        self.componentTypes = componentTypes
        self.migrations = migrations
    }

    public init() { self.init(componentTypes: DecoderOptions.standardComponentTypes) }

    public init(fields: [String: JSONValue]) throws(CapabilityError) {
        self.init()
        componentTypes = try CapabilityField.strings(fields, "componentTypes") ?? componentTypes
        migrations = try CapabilityField.bool(fields, "migrations") ?? migrations
    }

    public var fields: [String: JSONValue] {
        ["componentTypes": .array(componentTypes.map(JSONValue.string)), "migrations": .bool(migrations)]
    }

    /// The options the reference decoder uses to judge this decoder.
    public var decoderOptions: DecoderOptions { DecoderOptions(componentTypes: componentTypes, migrations: migrations) }
}

extension Capabilities {
    /// The decoding suite's section: the component types the decoder knows and whether it migrates.
    public var decoding: DecodingCapabilities {
        get { self[DecodingCapabilities.self] }
        set { self[DecodingCapabilities.self] = newValue }
    }

    /// The options the reference decoder uses to judge this implementation.
    public var decoderOptions: DecoderOptions { decoding.decoderOptions }
}

extension Capabilities {
    /// A decoder that declares everything the reference decoder knows: the documented component kinds, and migrations.
    package static let fullDecoder: Capabilities = {
        var declared = Capabilities(suites: [.decoding])
        declared.decoding = DecodingCapabilities(migrations: true)
        return declared
    }()
}
