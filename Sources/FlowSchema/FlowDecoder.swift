import JSON

/// The reference decoder of flow documents: lenient where seed 001 says so, strict where a flow cannot be shown.
///
/// Pure: text in, ``DecodeOutcome`` out. Every rule it follows has an ID in ``DecodingRules``.
public enum FlowDecoder {
    /// Decodes a bare FlowDefinition or a resolve response.
    public static func decode(_ text: String, options: DecoderOptions = DecoderOptions()) -> DecodeOutcome {
        do {
            return .flow(try decodeFlow(text, options: options))
        } catch {
            return .error(error)
        }
    }

    static func invalid(_ message: String) -> DecodeError {
        DecodeError(code: DecodeError.invalidFlowSchema, message: message)
    }

    static func decodeFlow(_ text: String, options: DecoderOptions) throws(DecodeError) -> CanonicalFlow {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw invalid("the document is not JSON (\(error))")  // DEC-JSON
        }
        guard root.isObject else { throw invalid("$ is not a JSON object") }
        var flow = root, base = "$"
        if let wrapped = root["flow_schema"] {  // DEC-RESOLVE
            let major = try schemaMajor(root["schema_version"])
            if major > options.supportedSchemaMajor {
                throw DecodeError(
                    code: DecodeError.unsupportedSchemaVersion,
                    message:
                        "$.schema_version has major \(major); this decoder supports up to \(options.supportedSchemaMajor)"
                )
            }
            guard wrapped.isObject else {
                throw invalid("$.flow_schema is not an object (a resolve response without a flow)")
            }
            flow = wrapped
            base = "$.flow_schema"
        }
        guard let id = flow["id"]?.stringValue else { throw invalid("\(base).id is missing or not a string") }  // DEC-ROOT
        guard let nodeValues = flow["nodes"]?.arrayValue else {
            throw invalid("\(base).nodes is missing or not an array")
        }
        guard let entryNodeId = flow["entryNodeId"]?.stringValue else {
            throw invalid("\(base).entryNodeId is missing or not a string")
        }

        // DEC-VERSION: missing or unreadable means 1; above 8 is stamped 8 and left untransformed.
        var version = 1
        if let number = flow["version"]?.numberValue, number >= 1, number == number.rounded(), number < 1e9 {
            version = Int(number)
        }
        let migrateFrom =
            options.migrations && version < DecoderOptions.currentContentVersion
            ? version : DecoderOptions.currentContentVersion

        var nodes: [CanonicalFlow.Node] = []
        var seen = Set<String>()
        for (index, value) in nodeValues.enumerated() {
            guard let nodeID = value["id"]?.stringValue, let kind = value["kind"]?.stringValue, !seen.contains(nodeID)
            else { continue }  // DEC-MALFORMED-NODE, DEC-DUPLICATE-NODE
            if kind == "screen" {
                let layout = try component(
                    value["layout"], path: "\(base).nodes[\(index)].layout", version: migrateFrom, depth: 0,
                    options: options)
                nodes.append(
                    .init(id: nodeID, kind: kind, supported: true, layout: layout, hidesZones: hidesZones(value)))
            } else if DecoderOptions.supportedNodeKinds.contains(kind) {
                nodes.append(.init(id: nodeID, kind: kind, supported: true))
            } else if DecoderOptions.unsupportedNodeKinds.contains(kind) {
                nodes.append(.init(id: nodeID, kind: kind, supported: false))  // DEC-NODE-UNSUPPORTED
            } else {
                continue  // DEC-NODE-UNKNOWN
            }
            seen.insert(nodeID)
        }

        guard let firstScreen = nodes.first(where: { $0.kind == "screen" }) else {
            throw invalid("\(base).nodes holds no screen node that could be decoded")  // DEC-NO-SCREEN
        }
        var entry = entryNodeId
        if entry.isEmpty { entry = firstScreen.id }  // DEC-ENTRY-EMPTY
        guard seen.contains(entry) else {
            throw invalid("\(base).entryNodeId \"\(entryNodeId)\" names no decoded node")  // DEC-ENTRY
        }

        var edges: [CanonicalFlow.Edge] = []
        for value in flow["edges"]?.arrayValue ?? [] {  // DEC-EDGE
            guard let edgeID = value["id"]?.stringValue, let from = value["fromNodeId"]?.stringValue,
                let to = value["toNodeId"]?.stringValue,
                seen.contains(from), seen.contains(to)
            else { continue }
            let kind = value["kind"] == nil || value["kind"] == .null ? "normal" : value["kind"]?.stringValue ?? ""
            guard DecoderOptions.edgeKinds.contains(kind) else { continue }
            edges.append(.init(id: edgeID, from: from, to: to, kind: kind))
        }

        return CanonicalFlow(
            id: id, version: DecoderOptions.currentContentVersion, entry: entry, nodes: nodes, edges: edges,
            zones: zones(flow), variables: (flow["variables"]?.arrayValue ?? []).compactMap { $0["key"]?.stringValue })
    }

    /// `schema_version`: an integer N or a string "N", "N.M" or "N.M.P"; missing means 1 (DEC-SCHEMA-VERSION).
    static func schemaMajor(_ value: JSONValue?) throws(DecodeError) -> Int {
        switch value {
        case nil, .null?: return 1
        case .number(let n)? where n >= 0 && n == n.rounded() && n < 1e9: return Int(n)
        case .string(let s)?:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            if (1...3).contains(parts.count),
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil && Int($0)! >= 0 })
            {
                return Int(parts[0])!
            }
            throw invalid("$.schema_version \"\(s)\" is not N, N.M or N.M.P")
        default:
            throw invalid("$.schema_version is neither a whole number nor a version string")
        }
    }

    /// A component, or `nil` when it is malformed (skipped) or removed by a migration.
    static func component(
        _ value: JSONValue?, path: String, version: Int, depth: Int, options: DecoderOptions
    ) throws(DecodeError) -> CanonicalFlow.Component? {
        guard let value, let id = value["id"]?.stringValue, var type = value["type"]?.stringValue else { return nil }  // DEC-MALFORMED-CHILD
        if let children = value["children"], children != .null, children.arrayValue == nil { return nil }
        if let props = value["props"], props != .null, !props.isObject { return nil }
        guard depth < options.maxComponentDepth else {
            throw invalid("\(path) nests components deeper than \(options.maxComponentDepth) levels")  // DEC-DEPTH
        }
        // Migrations, oldest first (DEC-MIGRATE-*): only the steps whose effect on the tree the docs state.
        var checkboxVariant = value["props"]?["variant"]?.stringValue == "checkbox"
        if version <= 2 && type == "checkbox" { type = "toggle"; checkboxVariant = true }
        if version <= 3 && DecoderOptions.strippedBy4.contains(type) { return nil }
        if version <= 4 && type == "toggle" && checkboxVariant { type = "stack" }
        if version <= 6 && type == "card" { type = "stack" }
        if version <= 7 && type == "chip" { type = "stack" }
        guard options.componentTypes.contains(type) else {
            return .init(id: id, type: "unknown")  // DEC-UNKNOWN-COMPONENT: renders nothing, keeps its id, subtree not decoded
        }
        var children: [CanonicalFlow.Component] = []
        for (index, child) in (value["children"]?.arrayValue ?? []).enumerated() {
            if let decoded = try component(
                child, path: "\(path).children[\(index)]", version: version, depth: depth + 1, options: options)
            {
                children.append(decoded)
            }
        }
        return .init(id: id, type: type, children: children)
    }

    /// Whether a screen hides every zone: `screenSettings.hideAllZones`, with the legacy `chromeOverrides`
    /// standing in for absent `screenSettings`, and legacy `props.hideChrome` (DEC-LEGACY-*).
    static func hidesZones(_ screen: JSONValue) -> Bool {
        let settings =
            screen["screenSettings"].flatMap { $0.isObject ? $0 : nil }
            ?? screen["chromeOverrides"].flatMap { $0.isObject ? $0 : nil }
        return settings?["hideAllZones"]?.boolValue == true || screen["props"]?["hideChrome"]?.boolValue == true
    }

    /// The zones that exist: `persistentUI`, or the legacy `chrome` (header, footer) when it is absent (DEC-LEGACY-CHROME).
    static func zones(_ flow: JSONValue) -> [String] {
        func present(_ value: JSONValue?) -> Bool { value != nil && value != .null }
        if let persistent = flow["persistentUI"], persistent != .null {
            guard persistent.isObject else { return [] }
            return ["navigationBar", "footer", "overlay"].filter { present(persistent[$0]) }
        }
        guard let chrome = flow["chrome"], chrome.isObject else { return [] }
        return (present(chrome["header"]) ? ["navigationBar"] : []) + (present(chrome["footer"]) ? ["footer"] : [])
    }
}
