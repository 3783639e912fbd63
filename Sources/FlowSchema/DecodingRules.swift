public import ConformanceRules

extension Suite {
    /// Lenient decoding of flow documents (DEC- rules).
    public static let decoding = Suite("decoding")
}

/// The rules of lenient decoding, with the IDs reports cite.
///
/// MUST where seed 001 or the public docs say it; SHOULD where they are silent and the kit decides.
/// The normative text is the FlowSchema module's Decoding article, which groups the rules by feature:
/// input, components, nodes, edges, entry, legacy fields and versions.
public enum DecodingRules {
    /// The rule with this ID, or `nil` when no rule has it.
    public static func named(_ id: String) -> Rule? { byID[id] }

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// Every decoding rule: document-level rules first, then components, nodes, edges, entry and versions.
    public static let all: [Rule] = [
        rule(.decJSON, .must, "input", "Text that is not JSON, or not a JSON object, is invalid_flow_schema."),
        rule(
            .decRoot, .must, "input",
            "A flow without a string id, an array of nodes or a string entryNodeId is invalid_flow_schema."),
        rule(
            .decResolve, .must, "input",
            "A resolve response's flow_schema is decoded as the flow; a resolve response without one is invalid_flow_schema."
        ),
        rule(
            .decSchemaVersion, .must, "input",
            "schema_version is a whole number N or \"N\", \"N.M\", \"N.M.P\" of digits (missing means 1); a major above the supported one, however large, is unsupported_schema_version, a newer minor or patch decodes best-effort; anything else is invalid_flow_schema."
        ),
        rule(
            .decDuplicateKey, .should, "input",
            "An object that repeats a key is read with the last occurrence or the first, never rejected for it."),
        rule(
            .decUnknownComponent, .must, "components",
            "A component type outside the declared set decodes as unknown: it renders nothing, keeps its id, and its subtree is not decoded; its siblings and screen stay."
        ),
        rule(
            .decMalformedChild, .must, "components",
            "A child that is not an object, lacks a string id or type, or has non-array children or non-object props is skipped; its siblings and parent stay."
        ),
        rule(
            .decMalformedLayout, .should, "components",
            "A screen whose layout is malformed keeps its node, with an empty (null) layout."),
        rule(
            .decNodeUnsupported, .must, "nodes",
            "Nodes of kind api, event and subflow are kept but marked unsupported (skipped when rendering)."),
        rule(
            .decNodeUnknown, .must, "nodes",
            "A node of any other kind is skipped, never turned into a screen; its neighbours stay."),
        rule(
            .decMalformedNode, .must, "nodes",
            "A node without a string id and kind is skipped; a supported node is never lost because another node is broken."
        ),
        rule(.decDuplicateNode, .should, "nodes", "A node whose id repeats an earlier node's is skipped."),
        rule(
            .decLogicNode, .should, "nodes",
            "condition, assign and abTest nodes are kept whatever their expressions, assignments and variants hold: those are evaluated when the flow runs."
        ),
        rule(
            .decScreenType, .should, "nodes",
            "A screen whose screenType is not standard, modal, bottomSheet or fullScreen is kept, presented as standard."
        ),
        rule(
            .decEdge, .should, "edges",
            "An edge that is malformed, has an unknown kind, or names a node that was not decoded is skipped; its guard, label, priority and transition never decide it; the flow still decodes."
        ),
        rule(
            .decDuplicateEdge, .should, "edges", "An edge whose id repeats an earlier kept edge's is skipped."),
        rule(
            .decVariable, .should, "variables",
            "A variable without a string key, with a type outside string, number, boolean and list, a list without a valid listItemType, or a repeated key is skipped; an unknown scope, lifecycle or source kind keeps it; the flow still decodes."
        ),
        rule(
            .decZone, .should, "legacy",
            "A zone that is not an object is absent, a persistentUI that is not an object means no zones, and a zone with visible: false is still a zone."
        ),
        rule(.decNoScreen, .must, "entry", "A flow with no decodable screen node is invalid_flow_schema."),
        rule(.decEntry, .must, "entry", "entryNodeId must name a decoded node, else invalid_flow_schema."),
        rule(.decEntryEmpty, .should, "entry", "An empty entryNodeId falls back to the first screen node."),
        rule(
            .decLegacyChrome, .must, "legacy",
            "Without persistentUI, chrome.header and chrome.footer become the navigationBar and footer zones."),
        rule(
            .decLegacyOverrides, .must, "legacy",
            "A screen's chromeOverrides stands for its absent screenSettings; props.hideChrome true hides every zone."),
        rule(
            .decVersion, .must, "versions",
            "A missing or unreadable content version (a string, a fraction, below 1) means 1; a whole number above 8, however large, is stamped 8 and left untransformed."
        ),
        rule(
            .decMigrate, .must, "versions",
            "Versions 1 to 7 migrate to 8: checkbox becomes a toggle variant (→3), carousel, video, lottie, chart, spacer and divider are removed with their subtrees (→4), the checkbox toggle becomes a stack block (→5), card (→7) and chip (→8) become stacks."
        ),
        rule(.decIgnoreFields, .must, "input", "Unknown fields anywhere are ignored."),
        rule(
            .decString, .should, "input",
            "A surrogate escape without its other half decodes as U+FFFD and never fails the flow."),
        rule(
            .decCanonical, .must, "input",
            "A document that decodes is described exactly by its canonical form: id, version 8, entry, nodes in order with their layouts, edges, zones and variables; no rule of leniency excuses a difference in them."
        ),
        rule(
            .decDepth, .should, "components",
            "Components nested deeper than the limit (200, which keeps the document within the JSON parser's 512 levels) are invalid_flow_schema with their path, never a crash; a component at the limit decodes, and props nested deep never count."
        ),
    ]

    private static func rule(_ id: String, _ level: Rule.Level, _ feature: String, _ summary: String) -> Rule {
        Rule(
            id: id, suite: .decoding, level: level, feature: feature, summary: summary,
            source: level == .must
                ? "FlowPilot schema and SDK decoding docs (seed 001)" : "kit decision (the sources are silent)")
    }
}
