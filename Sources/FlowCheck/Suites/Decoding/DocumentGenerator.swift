import FlowCheckCore
import FlowSchema
import JSON
import PropertyTesting

/// A generated flow document: its text and what it exercises.
package struct GeneratedDocument: Hashable, Sendable {
    /// The exact text handed to the decoders.
    package var text: String
    /// Coverage labels: every kind of damage and feature the document holds.
    package var labels: [String]
    /// How many nodes it has (before any damage).
    package var nodeCount: Int
}

/// Generates flow documents: valid flows (several screens, deep component trees, every node kind,
/// variables, persistent UI or legacy chrome, content versions 1 to 8), then damaged ones:
/// unknown component types at any depth, each kind of malformed child, unknown and unsupported
/// node kinds, broken edges, future schema versions in a resolve response, truncated or non-JSON text.
///
/// Every node and component is its own span, so the shrinker deletes them whole.
package struct DocumentGenerator: Sendable {
    /// What the implementation declared: its component types, schema major and migrations shape the documents.
    package let capabilities: Capabilities
    /// The most nodes in one document.
    package let maxNodes: Int
    /// The average number of nodes a document gets.
    package let averageNodes: Double

    /// Creates a generator for an implementation's declared capabilities.
    package init(capabilities: Capabilities, maxNodes: Int = 12, averageNodes: Double = 3) {
        self.capabilities = capabilities
        self.maxNodes = maxNodes
        self.averageNodes = averageNodes
    }

    /// Types that are never in a declared set: they must decode as unknown.
    static let unknownTypes = ["hologram", "webPanel", "confetti"]
    /// Legacy types that migrations rewrite or remove.
    static let legacyTypes = ["checkbox", "card", "chip", "spacer", "carousel", "divider", "video", "chart"]
    static let malformedChildKinds = ["not-object", "no-id", "bad-type", "bad-children", "bad-props"]

    /// The generator of documents, each with its text and coverage labels.
    package var documents: Gen<GeneratedDocument> {
        let generator = self
        return Gen { source throws(ChoiceSource.Stop) in try generator.document(source) }
    }

    /// Every label the decoding suite must exercise for these capabilities.
    package static func requiredLabels(for capabilities: Capabilities) -> [String] {
        var labels = [
            "unknown-component", "malformed-layout", "node:unsupported", "node:unknown-kind", "node:malformed",
            "edge:unknown-kind", "edge:dangling", "edge:malformed", "entry:empty", "entry:missing", "entry:absent",
            "no-screen",
            "resolve-response", "schema:future-major", "schema:string", "zones:persistent", "zones:chrome",
            "screen:hide-chrome", "screen:chrome-overrides", "text:not-json", "text:truncated", "duplicate-node",
        ]
        labels += malformedChildKinds.map { "malformed-child:\($0)" }
        labels += ["version:future", "version:missing", "version:unreadable"]
        if capabilities.migrations { labels += (1...7).map { "version:\($0)" } }
        return labels
    }

    // MARK: Drawing

    final class Context {
        var labels: [String] = []
        var componentCount = 0
        var deepLayoutPending = false
        func label(_ label: String) { if !labels.contains(label) { labels.append(label) } }
    }

    func pick<T>(_ source: ChoiceSource, _ options: [T]) throws(ChoiceSource.Stop) -> T {
        options[Int(try source.draw(upTo: UInt64(options.count - 1)))]
    }

    func document(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> GeneratedDocument {
        let context = Context()
        // 0 is the simplest choice and means the current version. A missing or unreadable version means 1, so it
        // migrates like 1 when migrations are declared (DEC-VERSION).
        var version = 8
        var written: JSONValue? = .number(8)
        switch Int(try source.draw(upTo: 11)) {
        case let old where (1...7).contains(old) && capabilities.migrations:
            version = old
            written = .number(Double(old))
            context.label("version:\(old)")
        case 9:
            version = 9
            written = .number(9)
            context.label("version:future")
        case 10:
            version = capabilities.migrations ? 1 : 8
            written = nil
            context.label("version:missing")
        case 11:
            version = capabilities.migrations ? 1 : 8
            written = .string("8")
            context.label("version:unreadable")
        default:
            break
        }
        // About one document in six nests a layout past the limit (one whole screen, so that the rest of the document
        // stays judged in the others).
        let deep = try source.drawBool(probability: 0.18)
        context.deepLayoutPending = deep && capabilities.componentTypes.contains("stack")
        var nodes: [JSONValue] = []
        var ids: [String] = []
        var screenIDs: [String] = []
        while true {
            let node = try source.span("node") { () throws(ChoiceSource.Stop) -> (JSONValue, String?, Bool)? in
                // At the maximum the flag is still drawn, as a certain 0, to keep deletions aligned.
                if !nodes.isEmpty,
                    !(try source.drawBool(probability: nodes.count < maxNodes ? averageNodes / (averageNodes + 1) : 0))
                        || nodes.count >= maxNodes
                {
                    return nil
                }
                return try self.node(source, index: nodes.count, version: version, context: context, ids: ids)
            }
            guard let (value, id, isScreen) = node else { break }
            nodes.append(value)
            if let id { ids.append(id); if isScreen { screenIDs.append(id) } }
        }
        if screenIDs.isEmpty { context.label("no-screen") }

        var flow: [(key: String, value: JSONValue)] = [
            ("id", .string("flow")), ("name", .string("Generated")),
        ]
        if let written { flow.append(("version", written)) }
        // Entry: the first screen, or (damage) naming no node, empty, or absent (so the flow has no root).
        switch try source.draw(upTo: 7) {
        case 6, 7: flow.append(("entryNodeId", .string("nowhere"))); context.label("entry:missing")
        case 4, 5: flow.append(("entryNodeId", .string(""))); context.label("entry:empty")
        case 3: context.label("entry:absent")
        default: flow.append(("entryNodeId", .string(screenIDs.first ?? ids.first ?? "nowhere")))
        }
        flow.append(("nodes", .array(nodes)))
        flow.append(("edges", .array(try edges(source, ids: ids, context: context))))
        switch try source.draw(upTo: 3) {
        case 1:
            context.label("zones:persistent")
            var zones: [(key: String, value: JSONValue)] = []
            for zone in ["navigationBar", "footer", "overlay"] where try source.drawBool(probability: 0.6) {
                zones.append((zone, .object([("height", .number(44))])))
            }
            flow.append(("persistentUI", .object(zones)))
        case 2:
            context.label("zones:chrome")
            var chrome: [(key: String, value: JSONValue)] = []
            if try source.drawBool(probability: 0.7) {
                chrome.append(("header", .object([("title", .string("Acme"))])))
            }
            if try source.drawBool(probability: 0.5) { chrome.append(("footer", .object([]))) }
            flow.append(("chrome", .object(chrome)))
        case 3:
            flow.append(("persistentUI", .object([("footer", .object([]))])))
            flow.append(("chrome", .object([("header", .object([]))])))
        default: break
        }
        var variables: [JSONValue] = []
        while try source.span(
            "variable",
            { () throws(ChoiceSource.Stop) -> Bool in
                try source.drawBool(probability: variables.count < 4 ? 0.4 : 0) && variables.count < 4
            })
        {
            var pairs: [(key: String, value: JSONValue)] = [
                ("key", .string("v\(variables.count)")), ("type", .string("string")), ("scope", .string("global")),
            ]
            if let extra = try undocumentedField(source, probability: 0.05, context: context) { pairs.append(extra) }
            variables.append(.object(pairs))
        }
        flow.append(("variables", .array(variables)))
        flow.append(("metadata", .object([("generatedBy", .string("FlowCheck"))])))
        if let extra = try undocumentedField(source, probability: 0.05, context: context) { flow.append(extra) }

        var root = JSONValue.object(flow)
        if try source.drawBool(probability: 0.25) {
            context.label("resolve-response")
            let versions: [(JSONValue, String?)] = [
                (.number(1), nil), (.string("1"), "schema:string"), (.string("1.2"), "schema:string"),
                (.string("1.4.1"), "schema:string"), (.number(2), "schema:future-major"),
                (.string("3.0"), "schema:future-major"),
            ]
            let (schema, label) = try pick(source, versions)
            if let label { context.label(label) }
            root = .object([
                ("flow_id", .string("flow")), ("schema_version", schema), ("flow_schema", root),
                ("cache_ttl_seconds", .number(300)),
            ])
        }
        var text = JSONWriter.write(root, sortedKeys: false)
        switch try source.draw(upTo: 19) {
        case 19: text = "<html><body>502 Bad Gateway</body></html>"; context.label("text:not-json")
        case 18:
            text = String(text.prefix(Int(try source.draw(upTo: UInt64(max(text.count - 1, 1))))))
            context.label("text:truncated")
        default: break
        }
        return GeneratedDocument(text: text, labels: context.labels, nodeCount: nodes.count)
    }

    func node(
        _ source: ChoiceSource, index: Int, version: Int, context: Context, ids: [String]
    ) throws(ChoiceSource.Stop) -> (JSONValue, String?, Bool) {
        var id = "n\(index)"
        if !ids.isEmpty, try source.drawBool(probability: 0.08) { id = ids[0]; context.label("duplicate-node") }
        // 0 screen (the simplest), then logic kinds, unsupported kinds, an unknown kind, a malformed node.
        switch try source.draw(upTo: 15) {
        case 0...7:
            var pairs: [(key: String, value: JSONValue)] = [
                ("id", .string(id)), ("name", .string("Screen \(index)")), ("kind", .string("screen")),
            ]
            if try source.drawBool(probability: 0.11) {
                context.label("malformed-layout")
                pairs.append(("layout", .string("not a layout")))
            } else if context.deepLayoutPending {
                // DEC-DEPTH: one level past the limit, on the document's first screen.
                context.deepLayoutPending = false
                context.label("deep-layout")
                pairs.append(("layout", Self.chain(depth: capabilities.decoderOptions.maxComponentDepth + 1)))
            } else {
                pairs.append(
                    ("layout", try component(source, depth: 0, version: version, context: context, root: true)))
            }
            switch try source.draw(upTo: 9) {
            case 9: context.label("screen:hide-chrome"); pairs.append(("props", .object([("hideChrome", .bool(true))])))
            case 8:
                context.label("screen:chrome-overrides");
                pairs.append(("chromeOverrides", .object([("hideAllZones", .bool(try source.drawBool()))])))
            case 7: pairs.append(("screenSettings", .object([("hideAllZones", .bool(true))])))
            default: break
            }
            if let extra = try undocumentedField(source, probability: 0.03, context: context) { pairs.append(extra) }
            return (.object(pairs), id, true)
        case 8...10:
            let kind = try pick(source, ["condition", "assign", "abTest"])
            return (.object([("id", .string(id)), ("name", .string(kind)), ("kind", .string(kind))]), id, false)
        case 11, 12:
            context.label("node:unsupported")
            let kind = try pick(source, ["api", "event", "subflow"])
            return (.object([("id", .string(id)), ("kind", .string(kind)), ("request", .object([]))]), id, false)
        case 13, 14:
            context.label("node:unknown-kind")
            return (
                .object([("id", .string(id)), ("kind", .string(try pick(source, ["webview", "quiz", "video"])))]), nil,
                false
            )
        default:
            context.label("node:malformed")
            return (
                try pick(
                    source,
                    [
                        JSONValue.object([("kind", .string("screen"))]),
                        .object([("id", .number(7)), ("kind", .string("screen"))]), .string("node"),
                    ]), nil, false
            )
        }
    }

    /// A component tree; at small rates an unknown or legacy type, or a malformed child.
    func component(
        _ source: ChoiceSource, depth: Int, version: Int, context: Context, root: Bool = false
    ) throws(ChoiceSource.Stop) -> JSONValue {
        context.componentCount += 1
        let id = "c\(context.componentCount)"
        if !root, try source.drawBool(probability: 0.11) {
            let kind = try pick(source, Self.malformedChildKinds)
            context.label("malformed-child:\(kind)")
            switch kind {
            case "not-object": return .number(42)
            case "no-id": return .object([("type", .string("text"))])
            case "bad-type": return .object([("id", .string(id)), ("type", .number(3))])
            case "bad-children":
                return .object([("id", .string(id)), ("type", .string("stack")), ("children", .string("none"))])
            default: return .object([("id", .string(id)), ("type", .string("text")), ("props", .array([]))])
            }
        }
        var type: String
        let containers = ["stack", "screenRoot", "button"].filter(capabilities.componentTypes.contains)
        let leaves = capabilities.componentTypes.filter { !containers.contains($0) }
        let roll = try source.draw(upTo: 19)
        if roll == 19 {
            type = try pick(source, Self.unknownTypes)
            context.label("unknown-component")
        } else if roll >= 16 && version < 8 {
            type = try pick(source, Self.legacyTypes)
        } else if depth < 5 && !containers.isEmpty && (root || roll < 8) {
            type = try pick(source, containers)
        } else {
            type = try pick(source, leaves.isEmpty ? ["text"] : leaves)
        }
        var pairs: [(key: String, value: JSONValue)] = [("id", .string(id)), ("type", .string(type))]
        if type == "toggle", try source.drawBool(probability: 0.3) {
            pairs.append(("props", .object([("variant", .string("checkbox"))])))
        }
        var children: [JSONValue] = []
        if depth < 5 {
            while true {
                let child = try source.span("component") { () throws(ChoiceSource.Stop) -> JSONValue? in
                    let more = type == "stack" || type == "screenRoot" || Self.unknownTypes.contains(type) ? 0.6 : 0.15
                    guard try source.drawBool(probability: children.count < 4 ? more : 0), children.count < 4 else {
                        return nil
                    }
                    return try self.component(source, depth: depth + 1, version: version, context: context)
                }
                guard let child else { break }
                children.append(child)
            }
        }
        if !children.isEmpty { pairs.append(("children", .array(children))) }
        if let extra = try undocumentedField(source, probability: 0.015, context: context) { pairs.append(extra) }
        return .object(pairs)
    }

    /// A field the schema does not document (DEC-IGNORE-FIELDS), as a newer editor might write; `nil` most times.
    func undocumentedField(
        _ source: ChoiceSource, probability: Double, context: Context
    ) throws(ChoiceSource.Stop) -> (key: String, value: JSONValue)? {
        guard try source.drawBool(probability: probability) else { return nil }
        context.label("undocumented-field")
        let values: [JSONValue] = [
            .string("reviewed"), .number(2), .bool(true), .null, .array([.string("a")]),
            .object([("layout", .string("not a layout")), ("kind", .string("screen"))]),
        ]
        return (try pick(source, ["x-editor-note", "a11yHints", "_rev", "experimental"]), try pick(source, values))
    }

    /// A chain of stacks `depth` components deep.
    static func chain(depth: Int) -> JSONValue {
        var layout = JSONValue.object([("id", .string("deep\(depth - 1)")), ("type", .string("stack"))])
        for level in stride(from: depth - 2, through: 0, by: -1) {
            layout = .object([
                ("id", .string("deep\(level)")), ("type", .string("stack")), ("children", .array([layout])),
            ])
        }
        return layout
    }

    func edges(_ source: ChoiceSource, ids: [String], context: Context) throws(ChoiceSource.Stop) -> [JSONValue] {
        var edges: [JSONValue] = []
        guard !ids.isEmpty else { return edges }
        while true {
            let edge = try source.span("edge") { () throws(ChoiceSource.Stop) -> JSONValue? in
                guard try source.drawBool(probability: edges.count < 6 ? 0.6 : 0), edges.count < 6 else { return nil }
                let from = try pick(source, ids)
                var to = try pick(source, ids)
                var kind: JSONValue = .string(try pick(source, DecoderOptions.edgeKinds))
                switch try source.draw(upTo: 8) {
                case 8: kind = .string("teleport"); context.label("edge:unknown-kind")
                case 7: to = "gone"; context.label("edge:dangling")
                case 6:
                    context.label("edge:malformed");
                    return .object([("fromNodeId", .string(from)), ("toNodeId", .string(to))])
                case 5: kind = .null
                default: break
                }
                var pairs: [(key: String, value: JSONValue)] = [
                    ("id", .string("e\(edges.count)")), ("fromNodeId", .string(from)), ("toNodeId", .string(to)),
                    ("kind", kind),
                ]
                if let extra = try undocumentedField(source, probability: 0.03, context: context) {
                    pairs.append(extra)
                }
                return .object(pairs)
            }
            guard let edge else { break }
            edges.append(edge)
        }
        return edges
    }
}
