public import JSON

/// The reference decoder of flow documents: lenient where seed 001 says so, strict where a flow cannot be shown.
///
/// Pure: text in, ``DecodeOutcome`` out. Every rule it follows has an ID in ``DecodingRules``.
public enum ReferenceFlowDecoder {
    /// Decodes a bare FlowDefinition or a resolve response.
    public static func decode(_ text: String, options: DecoderOptions = DecoderOptions()) -> DecodeOutcome {
        var trace = DecodeTrace()
        return decode(text, options: options, trace: &trace)
    }

    /// Decodes a document and records in `trace` every rule trigger it meets.
    public static func decode(
        _ text: String, options: DecoderOptions = DecoderOptions(), trace: inout DecodeTrace
    ) -> DecodeOutcome {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            trace.fatal = .decJSON
            return .error(invalid("the document is not JSON (\(error))"))
        }
        return decode(parsed: root, options: options, trace: &trace)
    }

    /// Decodes a document already parsed, as ``decode(_:options:trace:)`` decodes its text: for a caller that holds
    /// the value of a text it wrote (a writer's text parses back to the same value), so that the text is not parsed
    /// again.
    public static func decode(
        parsed root: JSONValue, options: DecoderOptions = DecoderOptions(), trace: inout DecodeTrace
    ) -> DecodeOutcome {
        do {
            let flow = try decodeFlow(root, options: options, trace: &trace)
            trace.hit(.decCanonical, "$")
            if trace.hits.contains(where: { $0.rule == .decVersion }) {
                trace.misreadings = misreadings(of: root, options: options).filter { $0 != flow }
            }
            if holdsReplacementCharacter(root) { trace.hit(.decString, "$") }
            hitDeepNestingElsewhere(root, trace: &trace)
            return .flow(flow)
        } catch {
            // A refused document falls under it too: a reader that refuses the text for a lone surrogate refuses it
            // before any gate (DecodingCheck.broken).
            if holdsReplacementCharacter(root) { trace.hit(.decString, "$") }
            hitDeepNestingElsewhere(root, trace: &trace)
            return .error(error)
        }
    }

    /// DEC-DEPTH on the whole document, for deep nesting the decode never reached (a layout or props in a node
    /// skipped whole, or past a gate): a reader that measures the depth of the text refuses the document for it,
    /// which no other rule explains.
    static func hitDeepNestingElsewhere(_ root: JSONValue, trace: inout DecodeTrace) {
        guard !trace.hits.contains(where: { $0.rule == .decDepth }), root.nesting >= DecoderOptions.deepProps
        else { return }
        trace.hit(.decDepth, "$", element: DecodeTrace.documentProps)
    }

    /// The flows decoded when an unreadable content `version` is taken at its face: a string of a number (`"8"`)
    /// as that number, a fraction (`7.5`) rounded down or to the nearest, a whole number above the current version as
    /// unreadable (1). Otherwise only readings from 2 are kept: a reading of 1 (or below) is what the rule says.
    static func misreadings(of root: JSONValue, options: DecoderOptions) -> [CanonicalFlow] {
        let wrapped = root["flow_schema"] != nil
        guard let flow = wrapped ? root["flow_schema"] : root, let written = flow["version"] else { return [] }
        var readings: [Double] = []
        // A reading of 1 is what the rule says for an unreadable version; for one above the current version it is
        // the misreading: a version taken as unreadable, with every migration run on a document to be left as is.
        var lowest = 2.0
        switch written {
        case .string(let text):
            if let number = Double(text), number.isFinite { readings = [number.rounded(.down)] }
        case .number(let number) where number.isFinite && number != number.rounded():
            readings = [number.rounded(.down), number.rounded()]
        case .number(let number) where number.isFinite && number > Double(DecoderOptions.currentContentVersion):
            (readings, lowest) = ([1], 1)
        default: break
        }
        var flows: [CanonicalFlow] = []
        for reading in readings where reading >= lowest {
            let replaced = setting("version", to: .number(reading), in: flow)
            let document = wrapped ? setting("flow_schema", to: replaced, in: root) : replaced
            var ignored = DecodeTrace()
            if case .flow(let misread) = decode(parsed: document, options: options, trace: &ignored),
                !flows.contains(misread)
            {
                flows.append(misread)
            }
        }
        return flows
    }

    /// A node with a string id and kind, decoded; `nil` for a kind the rules skip (DEC-NODE-UNKNOWN).
    static func node(
        _ value: JSONValue, id nodeID: String, kind: String, path: Location, version: Int, options: DecoderOptions,
        trace: inout DecodeTrace
    ) throws(FlowDecodeError) -> CanonicalFlow.Node? {
        if let key = DocumentedFields.undocumented(value, DocumentedFields.node) {
            trace.hit(.decIgnoreFields, at: .member(path, key), screen: nodeID, element: nodeID)
        }
        if kind == "screen" {
            let layout = try component(
                value["layout"], path: { .member(path, "layout") }, screen: nodeID, parent: nil,
                version: version,
                depth: 0, options: options, trace: &trace)
            // Missing, null or malformed. A missing one is marked: the simplest screen has none, and that names no
            // cause while another rule can (DecodingCheck). So is one a migration removed whole: stripping it is
            // DEC-MIGRATE's, but keeping the screen left without a layout is this rule's decision, as for a missing
            // one.
            let raw = value["layout"] ?? .null
            if layout == nil {
                let missing = raw == .null || removedByMigration(raw, version: version)
                trace.hit(
                    .decMalformedLayout, at: .member(path, "layout"), screen: nodeID,
                    element: missing ? DecodeTrace.missingLayout : nodeID)
            }
            if value["screenSettings"].map(\.isObject) != true, value["chromeOverrides"]?.isObject == true {
                trace.hit(
                    .decLegacyOverrides, at: .member(path, "chromeOverrides"), screen: nodeID, element: nodeID)
            }
            if value["props"]?["hideChrome"] != nil {
                trace.hit(
                    .decLegacyOverrides, at: .member(.member(path, "props"), "hideChrome"), screen: nodeID,
                    element: nodeID)
            }
            if let screenType = value["screenType"],
                !DecoderOptions.screenTypes.contains(screenType.stringValue ?? "")
            {
                trace.hit(.decScreenType, at: .member(path, "screenType"), screen: nodeID, element: nodeID)
            }
            return .init(id: nodeID, kind: kind, supported: true, layout: layout, hidesZones: hidesZones(value))
        } else if DecoderOptions.supportedNodeKinds.contains(kind) {
            // Expressions, assignments and variants are read when the flow runs, never when it is decoded.
            trace.hit(.decLogicNode, at: path, element: nodeID)
            return .init(id: nodeID, kind: kind, supported: true)
        } else if DecoderOptions.unsupportedNodeKinds.contains(kind) {
            trace.hit(.decNodeUnsupported, at: path, element: nodeID)
            return .init(id: nodeID, kind: kind, supported: false)
        } else {
            trace.hit(.decNodeUnknown, at: path, element: nodeID)
            return nil
        }
    }

    /// Whether a string anywhere in the value (keys included) holds U+FFFD, which a lone surrogate escape decodes
    /// to (DEC-STRING). Walked without recursion: a document may nest as deep as the parser reads.
    static func holdsReplacementCharacter(_ root: JSONValue) -> Bool {
        var pending = [root]
        while let value = pending.popLast() {
            switch value {
            case .string(let text): if text.unicodeScalars.contains("\u{FFFD}") { return true }
            case .array(let items): pending += items
            case .object(let pairs):
                for pair in pairs {
                    if pair.key.unicodeScalars.contains("\u{FFFD}") { return true }
                    pending.append(pair.value)
                }
            case .null, .bool, .number: break
            }
        }
        return false
    }

    /// An object with every occurrence of `key` given `value`.
    private static func setting(_ key: String, to value: JSONValue, in object: JSONValue) -> JSONValue {
        guard case .object(let pairs) = object else { return object }
        return .object(pairs.map { $0.key == key ? (key, value) : $0 })
    }

    static func invalid(_ message: String) -> FlowDecodeError {
        FlowDecodeError(code: FlowDecodeError.invalidFlowSchema, message: message)
    }

    static func decodeFlow(
        _ root: JSONValue, options: DecoderOptions, trace: inout DecodeTrace
    ) throws(FlowDecodeError) -> CanonicalFlow {
        guard root.isObject else {
            trace.fatal = .decJSON
            throw invalid("$ is not a JSON object")
        }
        if root.repeatsAKey {
            // The last occurrence counts here; the first is accepted too (DecodingCheck.acceptable).
            trace.hit(.decDuplicateKey, "$")
        }
        var flow = root, base = "$"
        if let wrapped = root["flow_schema"] {
            trace.hit(.decResolve, "$.flow_schema")
            if let key = DocumentedFields.undocumented(root, DocumentedFields.resolve) {
                trace.hit(.decIgnoreFields, at: .member(.root("$"), key))
            }
            if let version = root["schema_version"], version != .null {
                trace.hit(.decSchemaVersion, "$.schema_version")
            }
            trace.fatal = .decSchemaVersion
            let major = try schemaMajor(root["schema_version"])
            if major > options.supportedSchemaMajor {
                throw FlowDecodeError(
                    code: FlowDecodeError.unsupportedSchemaVersion,
                    message:
                        "$.schema_version has major \(major); this decoder supports up to \(options.supportedSchemaMajor)"
                )
            }
            trace.fatal = .decResolve
            guard wrapped.isObject else {
                throw invalid("$.flow_schema is not an object (a resolve response without a flow)")
            }
            trace.fatal = nil
            flow = wrapped
            base = "$.flow_schema"
        }
        trace.fatal = .decRoot
        guard let id = flow["id"]?.stringValue else { throw invalid("\(base).id is missing or not a string") }
        guard let nodeValues = flow["nodes"]?.arrayValue else {
            throw invalid("\(base).nodes is missing or not an array")
        }
        guard let entryNodeId = flow["entryNodeId"]?.stringValue else {
            throw invalid("\(base).entryNodeId is missing or not a string")
        }
        trace.fatal = nil
        if let key = DocumentedFields.undocumented(flow, DocumentedFields.flow) {
            trace.hit(.decIgnoreFields, at: .member(.root(base), key))
        }

        // DEC-VERSION: a whole number from 1 is the version, however large; anything else (missing, a string, a
        // fraction, zero or below, a number no double holds) means 1. Above 8 is stamped 8 and left untransformed.
        var version = 1
        if let number = flow["version"]?.numberValue, number.isFinite, number >= 1, number == number.rounded() {
            version = number > 8 ? 9 : Int(number)
        }
        if flow["version"]?.numberValue.map({ $0 >= 1 && $0 <= 8 && $0 == $0.rounded() }) != true {
            // The element says which half of the rule applies: a version above the current one is left untransformed.
            trace.hit(.decVersion, at: .member(.root(base), "version"), element: version > 8 ? "above" : "default")
        }
        let migrateFrom =
            options.migrations && version < DecoderOptions.currentContentVersion
            ? version : DecoderOptions.currentContentVersion

        var nodes: [CanonicalFlow.Node] = []
        var seen = Set<String>()
        for (index, value) in nodeValues.enumerated() {
            let path = Location.child(.root(base), "nodes", index)
            guard let nodeID = value["id"]?.stringValue, let kind = value["kind"]?.stringValue else {
                trace.hit(.decMalformedNode, at: path)
                continue
            }
            guard !seen.contains(nodeID) else {
                trace.hit(.decDuplicateNode, at: path, element: nodeID)
                var scratch = DecodeTrace()
                if let skipped = try? node(
                    value, id: nodeID, kind: kind, path: path, version: migrateFrom, options: options, trace: &scratch)
                {
                    let between = nodes.drop { $0.id != nodeID }.dropFirst().map(\.id)
                    trace.duplicates.append(.init(node: skipped, between: between))
                }
                continue
            }
            guard
                let node = try node(
                    value, id: nodeID, kind: kind, path: path, version: migrateFrom, options: options, trace: &trace)
            else { continue }
            nodes.append(node)
            seen.insert(nodeID)
        }

        guard let firstScreen = nodes.first(where: { $0.kind == "screen" }) else {
            trace.fatal = .decNoScreen
            throw invalid("\(base).nodes holds no screen node that could be decoded")
        }
        var entry = entryNodeId
        if entry.isEmpty {
            trace.hit(.decEntryEmpty, at: .member(.root(base), "entryNodeId"))
            entry = firstScreen.id
        }
        guard seen.contains(entry) else {
            trace.fatal = .decEntry
            throw invalid("\(base).entryNodeId \"\(entryNodeId)\" names no decoded node")
        }

        let edges = edges(flow, base: base, nodes: seen, trace: &trace)
        let zones = zones(flow, base: base, trace: &trace)
        let variables = variables(flow, base: base, trace: &trace)
        return CanonicalFlow(
            id: id, version: DecoderOptions.currentContentVersion, entry: entry, nodes: nodes, edges: edges,
            zones: zones, variables: variables)
    }

    /// Whether a component is removed whole by the 3→4 migration (a removal, not damage).
    static func removedByMigration(_ value: JSONValue, version: Int) -> Bool {
        guard version <= 3, var type = value["type"]?.stringValue else { return false }
        if version <= 2 && type == "checkbox" { type = "toggle" }
        return DecoderOptions.strippedBy4.contains(type)
    }

    /// A component, or `nil` when it is malformed (skipped) or removed by a migration.
    /// `path` is made only when the component is named in a hit or an error, or has children: a box per component
    /// was a tenth of the reference decoder's allocations.
    static func component(
        _ value: JSONValue?, path makePath: () -> Location, screen: String, parent: String?, version: Int, depth: Int,
        options: DecoderOptions, trace: inout DecodeTrace
    ) throws(FlowDecodeError) -> CanonicalFlow.Component? {
        var made: Location?
        func path() -> Location {
            if let made { return made }
            let location = makePath()
            made = location
            return location
        }
        let props = value?["props"], members = value?["children"]
        guard let value, let id = value["id"]?.stringValue, var type = value["type"]?.stringValue,
            members.map({ $0 == .null || $0.arrayValue != nil }) ?? true,
            props.map({ $0 == .null || $0.isObject }) ?? true
        else {
            // The layout itself is judged by its screen (DEC-MALFORMED-LAYOUT).
            if let parent, value != nil {
                trace.hit(.decMalformedChild, at: path(), screen: screen, element: parent)
            }
            return nil
        }
        guard depth < options.maxComponentDepth else {
            trace.fatal = .decDepth
            throw invalid("\(path().text) nests components deeper than \(options.maxComponentDepth) levels")
        }
        // Two cases the rule must keep decoding: components nested deep (up to the deepest level allowed), and props
        // nested deep, which are data, not components, and never count.
        if depth == min(DecoderOptions.deepLayout, options.maxComponentDepth - 1) {
            trace.hit(.decDepth, at: path(), screen: screen, element: "deep")
        }
        if let props, props.nesting >= DecoderOptions.deepProps {
            trace.hit(.decDepth, at: .member(path(), "props"), screen: screen, element: id)
        }
        // Migrations, oldest first (DEC-MIGRATE): only the steps whose effect on the tree the docs state.
        let original = type
        var checkboxVariant = props?["variant"]?.stringValue == "checkbox"
        if version <= 2 && type == "checkbox" { type = "toggle"; checkboxVariant = true }
        if version <= 3 && DecoderOptions.strippedBy4.contains(type) {
            trace.hit(.decMigrate, at: path(), screen: screen, element: parent ?? id)
            return nil
        }
        if version <= 4 && type == "toggle" && checkboxVariant { type = "stack" }
        if version <= 6 && type == "card" { type = "stack" }
        if version <= 7 && type == "chip" { type = "stack" }
        if type != original || (version <= 2 && checkboxVariant && original == "toggle") {
            trace.hit(.decMigrate, at: path(), screen: screen, element: id)
        }
        if let key = DocumentedFields.undocumented(value, DocumentedFields.component) {
            trace.hit(.decIgnoreFields, at: .member(path(), key), screen: screen, element: id)
        }
        guard options.componentTypes.contains(type) else {
            // Renders nothing, keeps its id; its subtree is not decoded.
            trace.hit(.decUnknownComponent, at: path(), screen: screen, element: id)
            return .init(id: id, type: "unknown")
        }
        var children: [CanonicalFlow.Component] = []
        for (index, child) in (members?.arrayValue ?? []).enumerated() {
            if let decoded = try component(
                child, path: { .child(path(), "children", index) }, screen: screen, parent: id, version: version,
                depth: depth + 1, options: options, trace: &trace)
            {
                children.append(decoded)
            }
        }
        return .init(id: id, type: type, children: children)
    }
}
