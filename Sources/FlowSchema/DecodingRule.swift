/// The rules of lenient decoding, with the IDs reports cite.
///
/// MUST where seed 001 or the public docs say it; SHOULD where they are silent and the kit decides.
/// The normative text is the FlowSchema module's Decoding article.
public struct DecodingRule: Hashable, Sendable, Identifiable {
    /// How binding a rule is.
    public enum Level: String, Hashable, Sendable {
        /// Seed 001 or the public docs require it.
        case must
        /// The sources are silent; the kit decides and says so.
        case should
    }

    /// The rule's stable ID, such as `DEC-UNKNOWN-COMPONENT`, cited in reports.
    public let id: String
    /// How binding the rule is.
    public let level: Level
    /// The rule in one sentence.
    public let summary: String

    /// The rule with this ID, or `nil` when no rule has it.
    public static func named(_ id: String) -> DecodingRule? { all.first { $0.id == id } }

    /// Every decoding rule: document-level rules first, then components, nodes, edges, entry and versions.
    public static let all: [DecodingRule] = [
        .init(id: "DEC-JSON", level: .must, summary: "Text that is not JSON, or not a JSON object, is invalid_flow_schema."),
        .init(id: "DEC-ROOT", level: .must, summary: "A flow without a string id, an array of nodes or a string entryNodeId is invalid_flow_schema."),
        .init(id: "DEC-RESOLVE", level: .must, summary: "A resolve response's flow_schema is decoded as the flow; a resolve response without one is invalid_flow_schema."),
        .init(id: "DEC-SCHEMA-VERSION", level: .must, summary: "schema_version is N or \"N\", \"N.M\", \"N.M.P\" (missing means 1); a major above the supported one is unsupported_schema_version, a newer minor or patch decodes best-effort."),
        .init(id: "DEC-UNKNOWN-COMPONENT", level: .must, summary: "A component type outside the declared set decodes as unknown: it renders nothing, keeps its id, and its subtree is not decoded; its siblings and screen stay."),
        .init(id: "DEC-MALFORMED-CHILD", level: .must, summary: "A child that is not an object, lacks a string id or type, or has non-array children or non-object props is skipped; its siblings and parent stay."),
        .init(id: "DEC-MALFORMED-LAYOUT", level: .should, summary: "A screen whose layout is malformed keeps its node, with an empty (null) layout."),
        .init(id: "DEC-NODE-UNSUPPORTED", level: .must, summary: "Nodes of kind api, event and subflow are kept but marked unsupported (skipped when rendering)."),
        .init(id: "DEC-NODE-UNKNOWN", level: .must, summary: "A node of any other kind is skipped, never turned into a screen; its neighbours stay."),
        .init(id: "DEC-MALFORMED-NODE", level: .must, summary: "A node without a string id and kind is skipped; a supported node is never lost because another node is broken."),
        .init(id: "DEC-DUPLICATE-NODE", level: .should, summary: "A node whose id repeats an earlier node's is skipped."),
        .init(id: "DEC-EDGE", level: .should, summary: "An edge that is malformed, has an unknown kind, or names a node that was not decoded is skipped; the flow still decodes."),
        .init(id: "DEC-NO-SCREEN", level: .must, summary: "A flow with no decodable screen node is invalid_flow_schema."),
        .init(id: "DEC-ENTRY", level: .must, summary: "entryNodeId must name a decoded node, else invalid_flow_schema."),
        .init(id: "DEC-ENTRY-EMPTY", level: .should, summary: "An empty entryNodeId falls back to the first screen node."),
        .init(id: "DEC-LEGACY-CHROME", level: .must, summary: "Without persistentUI, chrome.header and chrome.footer become the navigationBar and footer zones."),
        .init(id: "DEC-LEGACY-OVERRIDES", level: .must, summary: "A screen's chromeOverrides stands for its absent screenSettings; props.hideChrome true hides every zone."),
        .init(id: "DEC-VERSION", level: .must, summary: "A missing content version means 1; a version above 8 is stamped 8 and left untransformed."),
        .init(id: "DEC-MIGRATE", level: .must, summary: "Versions 1 to 7 migrate to 8: checkbox becomes a toggle variant (→3), carousel, video, lottie, chart, spacer and divider are removed with their subtrees (→4), the checkbox toggle becomes a stack block (→5), card (→7) and chip (→8) become stacks."),
        .init(id: "DEC-IGNORE-FIELDS", level: .must, summary: "Unknown fields anywhere are ignored."),
        .init(id: "DEC-DEPTH", level: .should, summary: "Components nested deeper than the limit (200, which keeps the document within the JSON parser's 512 levels) are invalid_flow_schema with their path, never a crash."),
    ]
}
