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
    case depthLimit64 = "decoder-depth-limit-64"
    case depthOffByOne = "decoder-depth-off-by-one"
    case depthCountsProps = "decoder-depth-counts-props"
    case variableUnknownTypeFailsFlow = "decoder-variable-unknown-type-fails-flow"
    case variableUnknownLifecycleFailsFlow = "decoder-variable-unknown-lifecycle-fails-flow"
    case listWithoutItemTypeKept = "decoder-list-without-item-type-kept"
    case duplicateEdgeIDsKept = "decoder-duplicate-edge-ids-kept"
    case edgeGuardFailsFlow = "decoder-edge-guard-fails-flow"
    case unknownScreenTypeDropsScreen = "decoder-unknown-screen-type-drops-screen"
    case contentVersionStringFails = "decoder-content-version-string-fails"
    case schemaVersionPatchRejected = "decoder-schema-version-patch-rejected"
    case nonObjectZoneCounted = "decoder-non-object-zone-counted"
    case resolveMissingFieldsRejected = "decoder-resolve-missing-fields-rejected"
    case conditionExpressionFailsFlow = "decoder-condition-expression-fails-flow"
    case migrationSingleStep = "decoder-migration-single-step"
    case hugeVersionTreatedAsMissing = "decoder-huge-version-treated-as-missing"
    case loneSurrogateRefused = "decoder-lone-surrogate-refused"

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
        case .depthLimit64:
            return "layouts nested deeper than 64 components are refused (a recursion guard set too low)"
        case .depthOffByOne: return "a layout exactly at the depth limit (200) is refused: the check is off by one"
        case .depthCountsProps:
            return "a guard refuses text nested deeper than 256 levels, so deep props and a layout at the limit fail"
        case .variableUnknownTypeFailsFlow:
            return "a variable with a type outside the four fails the whole flow (as one public SDK does)"
        case .variableUnknownLifecycleFailsFlow:
            return "a variable with an unknown lifecycle or source kind fails the whole flow (as one public SDK does)"
        case .listWithoutItemTypeKept: return "a list variable without a listItemType is kept"
        case .duplicateEdgeIDsKept: return "an edge repeating an earlier edge's id is kept"
        case .edgeGuardFailsFlow:
            return "an edge whose guard the SDK cannot parse fails the whole flow (as one public SDK does)"
        case .unknownScreenTypeDropsScreen: return "a screen whose screenType is not one of the four is dropped"
        case .contentVersionStringFails:
            return "a content version written as a string fails the whole flow (as one public SDK does)"
        case .schemaVersionPatchRejected: return "a schema_version \"N.M.P\" is refused: only N and N.M are read"
        case .nonObjectZoneCounted: return "a zone that is not an object (\"top\", true) counts as a zone"
        case .resolveMissingFieldsRejected:
            return "a resolve response without flow_id or cache_ttl_seconds is refused, though its flow is whole"
        case .conditionExpressionFailsFlow:
            return "a condition or assign node whose expression the SDK cannot parse fails the whole flow"
        case .migrationSingleStep: return "only the first migration step that applies is run, never a chain"
        case .hugeVersionTreatedAsMissing:
            return "a content version of a billion or more is read as missing (1) and migrated, not left untransformed"
        case .loneSurrogateRefused:
            return "a string with a lone surrogate escape (\\ud800) rejects the whole document as invalid_flow_schema"
        }
    }

    /// The fewest nodes a document needs to show the bug: what the kit's minimizer must reach.
    package var minimalNodes: Int {
        switch self {
        // Dropping a node lets a later node of its id in, out of order: a third node shows it.
        case .unsupportedNodesDropped, .unknownScreenTypeDropsScreen: return 3
        case .unknownNodeKindBecomesScreen, .conditionExpressionFailsFlow, .unknownComponentFailsScreen:
            return 2
        default: return 1
        }
    }
}
