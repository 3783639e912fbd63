import FlowSchema
import Foundation

/// A flow decoder written the way an SDK author would: Foundation's JSONDecoder with the SDK's
/// own Decodable types, made lenient with wrappers (`LossyArray` skips an element that fails to
/// decode; `AnyJSON` keeps an untyped value). Independent of the reference decoder.
struct SampleDecoder {
    let componentTypes: [String]
    let bug: DecoderBug?

    // MARK: Lenient wrappers

    /// Decodes what it can of an array, skipping elements that fail.
    struct LossyArray<Element: Decodable>: Decodable {
        var elements: [Element]
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            elements = []
            while !container.isAtEnd {
                if let element = try? container.decode(Element.self) {
                    elements.append(element)
                } else {
                    // Skipping must consume the element: a container that did not move would loop forever.
                    let before = container.currentIndex
                    _ = try? container.decode(Skip.self)
                    if container.currentIndex == before { break }
                }
            }
        }
    }

    /// Decodes nothing: moves an unkeyed container past an element that failed, at no cost (decoding the element
    /// as a value would cost the square of its depth in Foundation's coding paths).
    struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Any JSON value, kept loosely; a number no `Double` holds (`1e400`) is `unreadable`, so decoding one never fails.
    enum AnyJSON: Decodable, Equatable {
        case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])
        case unreadable
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() {
                self = .null
            } else if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let n = try? c.decode(Double.self) {
                self = .number(n)
            } else if let s = try? c.decode(String.self) {
                self = .string(s)
            } else if let a = try? c.decode([AnyJSON].self) {
                self = .array(a)
            } else if let o = try? c.decode([String: AnyJSON].self) {
                self = .object(o)
            } else {
                self = .unreadable
            }
        }
        var object: [String: AnyJSON]? { if case .object(let o) = self { return o }; return nil }
    }

    // MARK: The SDK's types

    struct Component: Decodable {
        var id: String
        var type: String
        var props: Props?
        var children: [Component?]?

        private enum CodingKeys: String, CodingKey { case id, type, props, children }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            type = try c.decode(String.self, forKey: .type)
            props = try c.decodeIfPresent(Props.self, forKey: .props)
            // Each child decodes on its own: one malformed child is nil, not fatal.
            if c.contains(.children), !(try c.decodeNil(forKey: .children)) {
                var list = try c.nestedUnkeyedContainer(forKey: .children)
                var children: [Component?] = []
                while !list.isAtEnd {
                    if let child = try? list.decode(Component.self) {
                        children.append(child)
                    } else {
                        let before = list.currentIndex
                        _ = try? list.decode(Skip.self)
                        children.append(nil)
                        if list.currentIndex == before { break }
                    }
                }
                self.children = children
            }
        }
    }

    /// The props the SDK reads; the rest of the bag is data it never decodes (decoding all of it would cost the
    /// square of its depth in Foundation's coding paths).
    struct Props: Decodable {
        var variant: String?
        private enum CodingKeys: String, CodingKey { case variant }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            variant = try? c.decodeIfPresent(String.self, forKey: .variant)
        }
    }

    struct Node: Decodable {
        var id: String
        var kind: String
        var layout: Component?
        var layoutMalformed = false
        var props: [String: AnyJSON]?
        var screenSettings: [String: AnyJSON]?
        var chromeOverrides: [String: AnyJSON]?
        var screenType: AnyJSON?
        /// A condition's expression, or an assign node's expressions.
        var expressions: [String] = []

        private enum CodingKeys: String, CodingKey {
            case id, kind, layout, props, screenSettings, chromeOverrides, screenType, condition, assignments
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            kind = try c.decode(String.self, forKey: .kind)
            layout = try? c.decodeIfPresent(Component.self, forKey: .layout)
            props = try? c.decodeIfPresent([String: AnyJSON].self, forKey: .props)
            screenSettings = try? c.decodeIfPresent([String: AnyJSON].self, forKey: .screenSettings)
            chromeOverrides = try? c.decodeIfPresent([String: AnyJSON].self, forKey: .chromeOverrides)
            screenType = try? c.decodeIfPresent(AnyJSON.self, forKey: .screenType)
            if let condition = try? c.decodeIfPresent(String.self, forKey: .condition) { expressions.append(condition) }
            if let assignments = try? c.decodeIfPresent([[String: AnyJSON]].self, forKey: .assignments) {
                for case .string(let expression)? in assignments.map({ $0["expression"] }) {
                    expressions.append(expression)
                }
            }
        }
    }

    struct Edge: Decodable {
        var id: String
        var fromNodeId: String
        var toNodeId: String
        var kind: String?
        var `guard`: AnyJSON?
    }

    struct Variable: Decodable {
        var key: String
        var type: String?
        var listItemType: String?
        var lifecycle: AnyJSON?
        var source: AnyJSON?
    }

    struct Flow: Decodable {
        var id: String
        var version: AnyJSON?
        var nodes: LossyArray<Node>
        var entryNodeId: String
        var edges: LossyArray<Edge>?
        var persistentUI: AnyJSON?
        var chrome: AnyJSON?
        var variables: LossyArray<Variable>?

        private enum CodingKeys: String, CodingKey {
            case id, version, nodes, entryNodeId, edges, persistentUI, chrome, variables
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            version = try? c.decodeIfPresent(AnyJSON.self, forKey: .version)
            nodes = try c.decode(LossyArray<Node>.self, forKey: .nodes)
            entryNodeId = try c.decode(String.self, forKey: .entryNodeId)
            edges = try? c.decodeIfPresent(LossyArray<Edge>.self, forKey: .edges)
            persistentUI = try? c.decodeIfPresent(AnyJSON.self, forKey: .persistentUI)
            chrome = try? c.decodeIfPresent(AnyJSON.self, forKey: .chrome)
            variables = try? c.decodeIfPresent(LossyArray<Variable>.self, forKey: .variables)
        }
    }

    /// A resolve response: the version gate, then the flow, decoded straight into the SDK's types.
    struct Envelope: Decodable {
        var schemaVersion: AnyJSON?
        var hasFlowSchema: Bool
        var flow: Flow?
        var flowIsObject: Bool
        var hasServiceFields: Bool

        private enum CodingKeys: String, CodingKey { case schema_version, flow_schema, flow_id, cache_ttl_seconds }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            hasFlowSchema = c.contains(.flow_schema)
            hasServiceFields = c.contains(.flow_id) && c.contains(.cache_ttl_seconds)
            schemaVersion = try c.decodeIfPresent(AnyJSON.self, forKey: .schema_version)
            flowIsObject = (try? c.nestedContainer(keyedBy: CodingKeys.self, forKey: .flow_schema)) != nil
            flow = try? c.decodeIfPresent(Flow.self, forKey: .flow_schema)
        }
    }

    func fail(_ message: String) -> DecodeOutcome {
        .error(DecodeError(code: DecodeError.invalidFlowSchema, message: message))
    }

    func decode(_ text: String) -> DecodeOutcome {
        if bug == .depthCountsProps, Self.nesting(text) > 256 {
            return fail("the document nests deeper than 256 levels")
        }
        let data = Data(Self.replacingLoneSurrogates(text).utf8)
        // Not JSON, or not an object: the keyed envelope cannot decode either way.
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
            return fail("the document is not a JSON object")
        }
        guard envelope.hasFlowSchema else {
            do { return build(try JSONDecoder().decode(Flow.self, from: data)) } catch {
                return fail("not a flow: \(error)")
            }
        }
        var major = 1
        switch envelope.schemaVersion {
        case .number(let n)? where n >= 0 && n == n.rounded(): major = n < 1e9 ? Int(n) : Int.max
        case .string(let s)?:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            guard bug != .stringSchemaVersionRejected,
                (1...(bug == .schemaVersionPatchRejected ? 2 : 3)).contains(parts.count),
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "0123456789".contains($0) } })
            else {
                return fail("bad schema_version")
            }
            // All digits: a number too long for an Int is still a (very new) major.
            major = Int(parts[0]) ?? Int.max
        case nil, .null?: major = 1
        default: return fail("bad schema_version")
        }
        if major > 1 && bug != .majorSchemaVersionAccepted {
            return .error(
                DecodeError(code: DecodeError.unsupportedSchemaVersion, message: "schema_version major \(major)"))
        }
        guard envelope.flowIsObject else { return fail("flow_schema is not an object") }
        if bug == .resolveMissingFieldsRejected && !envelope.hasServiceFields { return fail("flow_id missing") }
        guard let flow = envelope.flow else { return fail("flow_schema is not a flow") }
        return build(flow)
    }

    func build(_ flow: Flow) -> DecodeOutcome {
        var version = 1
        if case .number(let n)? = flow.version, n >= 1, n == n.rounded() { version = n > 8 ? 9 : Int(n) }
        if bug == .hugeVersionTreatedAsMissing, case .number(let n)? = flow.version, n >= 1e9 { version = 1 }
        if bug == .contentVersionStringFails, case .string? = flow.version { return fail("version is not a number") }
        let migrateFrom = min(version, 8)
        var nodes: [CanonicalFlow.Node] = []
        // A set: large documents must decode in linear time.
        var ids: Set<String> = []
        for node in flow.nodes.elements where !ids.contains(node.id) {
            if bug == .conditionExpressionFailsFlow, node.expressions.contains(where: { !Self.parses($0) }) {
                return fail("node \(node.id) has an expression the SDK cannot parse")
            }
            switch node.kind {
            case "screen":
                if bug == .unknownScreenTypeDropsScreen, let type = node.screenType,
                    !["standard", "modal", "bottomSheet", "fullScreen"].contains(where: { type == .string($0) })
                {
                    continue
                }
                var layout: CanonicalFlow.Component?
                if let raw = node.layout {
                    if tooDeep(raw, depth: 0, version: migrateFrom) {
                        return fail("a layout nests components deeper than \(Self.maxDepth) levels")
                    }
                    if bug == .depthLimit64 && tooDeep(raw, depth: Self.maxDepth - 64, version: migrateFrom) {
                        return fail("a layout nests components deeper than \(Self.maxDepth) levels")
                    }
                    layout = component(raw, version: migrateFrom)
                    if bug == .unknownComponentFailsScreen && containsUnknown(raw, version: migrateFrom) { continue }
                }
                let settings = node.screenSettings ?? node.chromeOverrides
                var hides = settings?["hideAllZones"] == .bool(true)
                if bug != .hideChromeIgnored && node.props?["hideChrome"] == .bool(true) { hides = true }
                nodes.append(.init(id: node.id, kind: "screen", supported: true, layout: layout, hidesZones: hides))
            case "condition", "assign", "abTest":
                nodes.append(.init(id: node.id, kind: node.kind, supported: true))
            case "api", "event", "subflow":
                if bug == .unsupportedNodesDropped { continue }
                nodes.append(.init(id: node.id, kind: node.kind, supported: false))
            default:
                guard bug == .unknownNodeKindBecomesScreen else { continue }
                nodes.append(.init(id: node.id, kind: "screen", supported: true, layout: nil, hidesZones: false))
            }
            ids.insert(node.id)
        }
        guard let firstScreen = nodes.first(where: { $0.kind == "screen" }) else { return fail("no screen node") }
        var entry = flow.entryNodeId
        if entry.isEmpty {
            if bug == .emptyEntryRejected { return fail("entryNodeId is empty") }
            entry = firstScreen.id
        }
        guard ids.contains(entry) else { return fail("entryNodeId names no node") }

        var edges: [CanonicalFlow.Edge] = []
        var edgeIDs: Set<String> = []
        let kinds = ["normal", "conditionTrue", "conditionFalse", "error", "event", "abVariant"]
        for edge in flow.edges?.elements ?? [] {
            let kind = edge.kind ?? "normal"
            if bug == .edgeGuardFailsFlow, case .string(let expression)? = edge.guard, !Self.parses(expression) {
                return fail("edge \(edge.id) has a guard the SDK cannot parse")
            }
            if !kinds.contains(kind) {
                if bug == .unknownEdgeKindFailsFlow { return fail("unknown edge kind \(kind)") }
                continue
            }
            guard bug == .danglingEdgesKept || (ids.contains(edge.fromNodeId) && ids.contains(edge.toNodeId)) else {
                continue
            }
            if edgeIDs.insert(edge.id).inserted || bug == .duplicateEdgeIDsKept {
                edges.append(.init(id: edge.id, from: edge.fromNodeId, to: edge.toNodeId, kind: kind))
            }
        }

        var zones: [String] = []
        if let persistent = flow.persistentUI, persistent != .null {
            if let object = persistent.object {
                zones = ["navigationBar", "footer", "overlay"].filter {
                    bug == .nonObjectZoneCounted ? object[$0] != nil && object[$0] != .null : object[$0]?.object != nil
                }
            }
        } else if bug != .chromeIgnored, let chrome = flow.chrome?.object {
            if chrome["header"]?.object != nil { zones.append("navigationBar") }
            if chrome["footer"]?.object != nil { zones.append("footer") }
        }
        var keys: [String] = []
        for variable in flow.variables?.elements ?? [] where !variable.key.isEmpty && !keys.contains(variable.key) {
            guard let type = variable.type, ["string", "number", "boolean", "list"].contains(type) else {
                if bug == .variableUnknownTypeFailsFlow { return fail("variable \(variable.key) has an unknown type") }
                continue
            }
            if type == "list" && !["string", "number", "boolean"].contains(variable.listItemType ?? "")
                && bug != .listWithoutItemTypeKept
            {
                continue
            }
            if bug == .variableUnknownLifecycleFailsFlow {
                let lifecycle = variable.lifecycle.map { $0 == .string("static") || $0 == .string("session") } ?? true
                let kind = variable.source?.object?["kind"]
                let source = kind.map { $0 == .string("constant") || $0 == .string("sdk") } ?? true
                if !lifecycle || !source { return fail("variable \(variable.key) has an unknown lifecycle or source") }
            }
            keys.append(variable.key)
        }
        return .flow(
            CanonicalFlow(
                id: flow.id, version: 8, entry: entry, nodes: nodes, edges: edges, zones: zones,
                variables: keys))
    }

    /// The text with every unpaired UTF-16 surrogate escape (`\ud800` alone) turned into U+FFFD: Foundation refuses
    /// a document for one, where an editor that cut an emoji in half wrote it.
    static func replacingLoneSurrogates(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "\\")) else { return text }
        func code(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                let value = UInt32(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
            else { return nil }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                out.append(bytes[index])
                index += 1
                continue
            }
            if let high = code(at: index), (0xD800...0xDFFF).contains(high) {
                if high <= 0xDBFF, let low = code(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    out += bytes[index..<(index + 12)]
                    index += 12
                } else {
                    out += Array("\\ufffd".utf8)
                    index += 6
                }
                continue
            }
            // Any other escape is copied whole, so an escaped backslash is never read as the start of one.
            out += bytes[index...(index + 1)]
            index += 2
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// How deep brackets nest in a text, strings skipped: the mutant's guard against deep input.
    static func nesting(_ text: String) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == 34 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 34: inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Whether the SDK's small expression parser reads an expression: comparisons and logic of names and literals.
    static func parses(_ expression: String) -> Bool {
        let operators = ["==", "!=", ">=", "<=", ">", "<", "&&", "||", "!", "+", "-"]
        var depth = 0
        for character in expression {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if depth < 0 { return false }
        }
        let tokens = expression.split(separator: " ")
        guard depth == 0, !tokens.isEmpty, let last = tokens.last, !operators.contains(String(last)) else {
            return false
        }
        return tokens.allSatisfy { token in
            operators.contains(String(token))
                || token.allSatisfy { $0.isLetter || $0.isNumber || "._\"()".contains($0) }
        }
    }

    /// The SDK's migration table, newest rule last.
    func migratedType(_ component: Component, version: Int) -> String? {
        var type = component.type
        var checkbox = component.props?.variant == "checkbox"
        if version <= 2 && type == "checkbox" {
            type = "toggle"
            checkbox = true
            // The mutant stops after the first step that changed something.
            if bug == .migrationSingleStep { return type }
        }
        if version <= 3 && ["carousel", "video", "lottie", "chart", "spacer", "divider"].contains(type) { return nil }
        if version <= 4 && type == "toggle" && checkbox { type = "stack" }
        if version <= 6 && type == "card" { type = "stack" }
        if version <= 7 && type == "chip" { type = "stack" }
        return type
    }

    func component(_ raw: Component, version: Int) -> CanonicalFlow.Component? {
        guard let type = migratedType(raw, version: version) else { return nil }
        guard componentTypes.contains(type) else { return .init(id: raw.id, type: "unknown") }
        let children = raw.children ?? []
        if bug == .malformedChildDropsParent && children.contains(where: { $0 == nil }) { return nil }
        var decoded = children.compactMap { $0 }.compactMap { component($0, version: version) }
        if bug == .unknownTypeDropsSiblings && decoded.contains(where: { $0.type == "unknown" }) {
            decoded = decoded.filter { $0.type == "unknown" }
        }
        return .init(id: raw.id, type: type, children: decoded)
    }

    /// The most nested components a layout may hold (DEC-DEPTH).
    static let maxDepth = 200

    /// Whether the layout nests well-formed components past ``maxDepth``; a removed or unknown component's subtree
    /// is never looked into, as it is never decoded.
    func tooDeep(_ raw: Component, depth: Int, version: Int) -> Bool {
        if depth >= Self.maxDepth - (bug == .depthOffByOne ? 1 : 0) { return true }

        guard let type = migratedType(raw, version: version), componentTypes.contains(type) else { return false }
        return (raw.children ?? []).compactMap { $0 }.contains { tooDeep($0, depth: depth + 1, version: version) }
    }

    func containsUnknown(_ raw: Component, version: Int) -> Bool {
        guard let type = migratedType(raw, version: version) else { return false }
        if !componentTypes.contains(type) { return true }
        return (raw.children ?? []).compactMap { $0 }.contains { containsUnknown($0, version: version) }
    }
}
