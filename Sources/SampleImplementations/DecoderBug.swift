/// A realistic bug planted in the sample decoder: a mutant the decoding suite must catch.
package enum DecoderBug: String, CaseIterable, Sendable {
    case unknownComponentFailsScreen = "decoder-unknown-component-fails-screen"
    case unknownTypeDropsSiblings = "decoder-unknown-type-drops-siblings"
    case unknownNodeKindBecomesScreen = "decoder-unknown-node-kind-becomes-screen"
    case unknownEdgeKindFailsFlow = "decoder-unknown-edge-kind-fails-flow"
    case chromeIgnored = "decoder-chrome-ignored"
    case majorSchemaVersionAccepted = "decoder-major-schema-version-accepted"
    case malformedChildDropsParent = "decoder-malformed-child-drops-parent"
    case emptyEntryRejected = "decoder-empty-entry-rejected"
    case unsupportedNodesDropped = "decoder-unsupported-nodes-dropped"
    case danglingEdgesKept = "decoder-dangling-edges-kept"
    case hideChromeIgnored = "decoder-hide-chrome-ignored"
    case stringSchemaVersionRejected = "decoder-string-schema-version-rejected"

    package var summary: String {
        switch self {
        case .unknownComponentFailsScreen:
            return "one unknown component makes the whole screen fail to decode (the screen is dropped)"
        case .unknownTypeDropsSiblings: return "an unknown component type drops all of its siblings"
        case .unknownNodeKindBecomesScreen:
            return "an unknown node kind becomes an empty screen named Unknown (as one public SDK does)"
        case .unknownEdgeKindFailsFlow: return "an unknown edge kind makes the whole flow fail (as one public SDK does)"
        case .chromeIgnored: return "the legacy chrome is ignored: no zones without persistentUI"
        case .majorSchemaVersionAccepted:
            return "a resolve response with a future schema_version major is decoded instead of refused"
        case .malformedChildDropsParent: return "a malformed child drops its parent component with all its siblings"
        case .emptyEntryRejected: return "an empty entryNodeId is refused instead of falling back to the first screen"
        case .unsupportedNodesDropped: return "api, event and subflow nodes are dropped instead of kept as unsupported"
        case .danglingEdgesKept: return "edges that name a missing node are kept"
        case .hideChromeIgnored: return "the legacy props.hideChrome does not hide the zones"
        case .stringSchemaVersionRejected: return "a schema_version written as a string (\"1.2\") is refused"
        }
    }
}
