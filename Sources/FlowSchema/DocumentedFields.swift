import JSON

/// The fields the flow schema documents for each kind of object (seed 001), so that a field outside them, which the
/// decoder must ignore (DEC-IGNORE-FIELDS), can be told from a documented one it does not use.
///
/// Property bags (`props`, `metadata`, zones, settings) are untyped by design and are not checked.
enum DocumentedFields {
    /// FlowDefinition.
    static let flow: [String] = [
        "id", "name", "version", "appId", "createdAt", "updatedAt", "nodes", "edges", "entryNodeId", "chrome",
        "persistentUI", "variables", "globalStyles", "settings", "background", "metadata",
    ]

    /// Every node kind's fields: the base, then screen, condition, assign, abTest, api, event and subflow.
    static let node: [String] = [
        "id", "name", "kind", "tags", "metadata",
        "screenType", "layout", "props", "enterTransition", "exitTransition", "chromeOverrides", "screenSettings",
        "timeline", "analytics",
        "condition", "outputs", "assignments", "experimentKey", "variants",
        "request", "responseMapping", "onError", "eventType", "eventKey", "subflowId", "inputMapping",
        "outputMapping",
    ]

    /// FlowEdge.
    static let edge: [String] = [
        "id", "fromNodeId", "toNodeId", "kind", "label", "guard", "transition", "priority", "metadata",
    ]

    /// ComponentNode.
    static let component: [String] = [
        "id", "type", "props", "children", "bindings", "interactions", "metadata",
    ]

    /// FlowVariable.
    static let variable: [String] = [
        "key", "label", "type", "listItemType", "scope", "lifecycle", "source", "writable", "defaultValue",
    ]

    /// The resolve response (the placement resolve endpoint's documented fields).
    static let resolve: [String] = [
        "flow_id", "flow_version_id", "flow_version", "schema_version", "flow_schema", "media_base_url",
        "icon_base_url", "fonts", "experiment_id", "variant_id", "variant_name", "cache_ttl_seconds",
    ]

    /// The first key of an object outside `documented`, if any.
    // Lists, not sets: every object of a document is looked up, and comparing its few short keys with a few dozen
    // names costs less than hashing them.
    static func undocumented(_ value: JSONValue?, _ documented: [String]) -> String? {
        guard case .object(let pairs)? = value else { return nil }
        // Unequal names mostly differ in length, which is known without a call into the string comparison.
        return pairs.first { pair in
            let length = pair.key.utf8.count
            return !documented.contains { $0.utf8.count == length && $0 == pair.key }
        }?.key
    }
}
