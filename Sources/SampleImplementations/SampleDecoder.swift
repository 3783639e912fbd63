import FlowSchema

/// A flow decoder written the way an SDK author would: the SDK's own types, each read as a `Decodable` type reads
/// itself from Foundation's JSONDecoder, made lenient with wrappers (a lossy array skips an element that fails to
/// decode; `AnyJSON` keeps an untyped value). Independent of the reference decoder.
///
/// The JSON is read by a small reader of its own (``SampleJSON``) that gives what Foundation's JSONDecoder gives
/// Codable types (the first of a repeated key, a number no `Double` holds unreadable, 512 levels of nesting at most)
/// at a fraction of its cost: the sample decoder is the implementation under test of every decoding run, and
/// JSONDecoder made it most of a run's time.
struct SampleDecoder {
    let componentTypes: [String]
    /// The planted bugs: none, one, or several at once (a decoder with many bugs).
    let bugs: Set<DecoderBug>

    init(componentTypes: [String], bugs: Set<DecoderBug>) {
        self.componentTypes = componentTypes
        self.bugs = bugs
    }

    init(componentTypes: [String], bug: DecoderBug?) {
        self.init(componentTypes: componentTypes, bugs: bug.map { [$0] } ?? [])
    }

    /// A value that does not decode as the type asked for (`DecodingError` in Codable).
    struct Mismatch: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    // MARK: Lenient wrappers

    /// Any JSON value, kept loosely; a number no `Double` holds (`1e400`) is `unreadable`, so decoding one never fails.
    enum AnyJSON: Equatable {
        case null, bool(Bool), number(Double), string(String), array(Items), object(Fields)
        case unreadable
        var object: Fields? { if case .object(let o) = self { return o }; return nil }
        var string: String? { if case .string(let s) = self { return s }; return nil }
        var array: Items? { if case .array(let a) = self { return a }; return nil }
    }

    /// An array's elements, read one by one from the text's map (``SampleJSON/Map``) as an unkeyed container hands
    /// them to a `Decodable` type: no array of untyped values is made on the way.
    struct Items: Sequence, Equatable {
        let map: SampleJSON.Map
        /// The array's entry in the map.
        let index: Int

        func makeIterator() -> SampleJSON.Map.Elements { map.elements(of: index) }

        /// The number of elements: what `map` and the like reserve room for.
        var underestimatedCount: Int { map.entries[index].first }

        static func == (a: Items, b: Items) -> Bool { a.elementsEqual(b) }
    }

    /// An object's members in document order, read from the text's map (``SampleJSON/Map``); a repeated key reads as
    /// its first occurrence, as a keyed container and a `[String: AnyJSON]` do in Foundation.
    struct Fields: Equatable {
        /// One member, made a Swift value.
        struct Member {
            var key: String
            var value: AnyJSON
        }

        let map: SampleJSON.Map
        /// The object's entry in the map.
        let index: Int

        /// The members, each key made a string and each value its value.
        var pairs: [Member] { map.members(of: index) }

        /// The first value of `key`. Keys are compared byte for byte: for every key the SDK asks, that is Swift's
        /// string equality, since none has a letter (K, ;, `) that a non-ASCII character is canonically equivalent to.
        subscript(key: String) -> AnyJSON? {
            map.member(key, of: index).map(map.value(at:))
        }

        func contains(_ key: String) -> Bool { map.member(key, of: index) != nil }

        /// `decode(String.self, forKey:)`: present and a string.
        func string(_ key: String) throws(Mismatch) -> String {
            guard case .string(let s)? = self[key] else { throw Mismatch("\(key) is missing or not a string") }
            return s
        }

        /// `decodeIfPresent(String.self, forKey:)`: absent or null is nil, anything but a string fails.
        func optionalString(_ key: String) throws(Mismatch) -> String? {
            switch self[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw Mismatch("\(key) is not a string")
            }
        }

        /// `decodeIfPresent(AnyJSON.self, forKey:)`: absent or null is nil.
        func value(_ key: String) -> AnyJSON? {
            let value = self[key]
            return value == .null ? nil : value
        }

        /// `try? decodeIfPresent([String: AnyJSON].self, forKey:)`.
        func fields(_ key: String) -> Fields? { self[key]?.object }

        /// The members a dictionary decodes to: each key once, with its first value.
        static func distinct(_ fields: Fields) -> [Member] {
            var kept: [Member] = []
            for pair in fields.pairs where !kept.contains(where: { $0.key == pair.key }) { kept.append(pair) }
            return kept
        }

        static func == (a: Fields, b: Fields) -> Bool {
            let a = distinct(a), b = distinct(b)
            // A key looked up as the subscript looks it up.
            return a.count == b.count
                && a.allSatisfy { member in
                    let length = member.key.utf8.count
                    return b.first { $0.key.utf8.count == length && $0.key == member.key }?.value == member.value
                }
        }
    }

    /// Decodes what it can of an array, skipping elements that fail; nil when the value is not an array.
    static func lossy<Element>(
        _ value: AnyJSON?, _ element: (AnyJSON) throws(Mismatch) -> Element
    ) -> [Element]? {
        guard let items = value?.array else { return nil }
        var elements: [Element] = []
        for item in items {
            if let decoded = try? element(item) { elements.append(decoded) }
        }
        return elements
    }

    static func object(_ value: AnyJSON) throws(Mismatch) -> Fields {
        guard case .object(let fields) = value else { throw Mismatch("not an object") }
        return fields
    }

    // MARK: The SDK's types

    struct Component {
        var id: String
        var type: String
        var props: Props?
        /// Each child decodes on its own: one malformed child is nil, not fatal.
        var children: [Component?]?

        init(_ value: AnyJSON) throws(Mismatch) {
            let c = try SampleDecoder.object(value)
            id = try c.string("id")
            type = try c.string("type")
            switch c["props"] {
            case nil, .null?: props = nil
            case .object(let fields)?: props = Props(variant: try? fields.optionalString("variant"))
            default: throw Mismatch("props is not an object")
            }
            switch c["children"] {
            case nil, .null?: children = nil
            case .array(let items)?: children = items.map { try? Component($0) }
            default: throw Mismatch("children is not an array")
            }
        }
    }

    /// The props the SDK reads; the rest of the bag is data it never decodes.
    struct Props {
        var variant: String?
    }

    struct Node {
        var id: String
        var kind: String
        var layout: Component?
        var props: Fields?
        var screenSettings: Fields?
        var chromeOverrides: Fields?
        var screenType: AnyJSON?
        /// A condition's expression, or an assign node's expressions.
        var expressions: [String] = []

        init(_ value: AnyJSON) throws(Mismatch) {
            let c = try SampleDecoder.object(value)
            id = try c.string("id")
            kind = try c.string("kind")
            layout = c.value("layout").flatMap { try? Component($0) }
            props = c.fields("props")
            screenSettings = c.fields("screenSettings")
            chromeOverrides = c.fields("chromeOverrides")
            screenType = c.value("screenType")
            if let condition = try? c.optionalString("condition") { expressions.append(condition) }
            // `[[String: AnyJSON]]`: every element an object, or none of them is read.
            if let assignments = c["assignments"]?.array, assignments.allSatisfy({ $0.object != nil }) {
                for case .string(let expression)? in assignments.map({ $0.object?["expression"] }) {
                    expressions.append(expression)
                }
            }
        }
    }

    struct Edge {
        var id: String
        var fromNodeId: String
        var toNodeId: String
        var kind: String?
        var `guard`: AnyJSON?

        init(_ value: AnyJSON) throws(Mismatch) {
            let c = try SampleDecoder.object(value)
            id = try c.string("id")
            fromNodeId = try c.string("fromNodeId")
            toNodeId = try c.string("toNodeId")
            kind = try c.optionalString("kind")
            `guard` = c.value("guard")
        }
    }

    struct Variable {
        var key: String
        var type: String?
        var listItemType: String?
        var lifecycle: AnyJSON?
        var source: AnyJSON?

        init(_ value: AnyJSON) throws(Mismatch) {
            let c = try SampleDecoder.object(value)
            key = try c.string("key")
            type = try c.optionalString("type")
            listItemType = try c.optionalString("listItemType")
            lifecycle = c.value("lifecycle")
            source = c.value("source")
        }
    }

    struct Flow {
        var id: String
        var version: AnyJSON?
        var nodes: [Node]
        var entryNodeId: String
        var edges: [Edge]?
        var persistentUI: AnyJSON?
        var chrome: AnyJSON?
        var variables: [Variable]?

        init(_ value: AnyJSON) throws(Mismatch) {
            let c = try SampleDecoder.object(value)
            id = try c.string("id")
            version = c.value("version")
            guard let nodes = SampleDecoder.lossy(c["nodes"], Node.init) else {
                throw Mismatch("nodes is missing or not an array")
            }
            self.nodes = nodes
            entryNodeId = try c.string("entryNodeId")
            edges = SampleDecoder.lossy(c["edges"], Edge.init)
            persistentUI = c.value("persistentUI")
            chrome = c.value("chrome")
            variables = SampleDecoder.lossy(c["variables"], Variable.init)
        }
    }

    /// A resolve response: the version gate, then the flow, decoded straight into the SDK's types.
    struct Envelope {
        var schemaVersion: AnyJSON?
        var hasFlowSchema: Bool
        var flow: Flow?
        var flowIsObject: Bool
        var hasServiceFields: Bool

        init(_ c: Fields) {
            hasFlowSchema = c.contains("flow_schema")
            hasServiceFields = c.contains("flow_id") && c.contains("cache_ttl_seconds")
            schemaVersion = c.value("schema_version")
            flowIsObject = c["flow_schema"]?.object != nil
            flow = c.value("flow_schema").flatMap { try? Flow($0) }
        }
    }

    func fail(_ message: String) -> DecodeOutcome {
        .error(FlowDecodeError(code: FlowDecodeError.invalidFlowSchema, message: message))
    }

    func decode(_ text: String) -> DecodeOutcome {
        if bugs.contains(.depthCountsProps), Self.nesting(text) > 256 {
            return fail("the document nests deeper than 256 levels")
        }
        // A strict UTF-16 reader: half a surrogate pair is an error, not U+FFFD.
        if bugs.contains(.loneSurrogateRefused), LoneSurrogates.replaced(in: text) != nil {
            return fail("a string holds a lone surrogate escape")
        }
        // Not JSON, or not an object: the keyed envelope cannot decode either way.
        guard let root = SampleJSON.read(text)?.object else {
            return fail("the document is not a JSON object")
        }
        let envelope = Envelope(root)
        guard envelope.hasFlowSchema else {
            do { return build(try Flow(.object(root))) } catch {
                return fail("not a flow: \(error.message)")
            }
        }
        var major = 1
        switch envelope.schemaVersion {
        case .number(let n)? where n >= 0 && n == n.rounded(): major = n < 1e9 ? Int(n) : Int.max
        case .string(let s)?:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            guard !bugs.contains(.stringSchemaVersionRejected),
                (1...(bugs.contains(.schemaVersionPatchRejected) ? 2 : 3)).contains(parts.count),
                parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "0123456789".contains($0) } })
            else {
                return fail("bad schema_version")
            }
            // All digits: a number too long for an Int is still a (very new) major.
            major = Int(parts[0]) ?? Int.max
        case nil, .null?: major = 1
        default: return fail("bad schema_version")
        }
        if major > 1 && !bugs.contains(.majorSchemaVersionAccepted) {
            return .error(
                FlowDecodeError(
                    code: FlowDecodeError.unsupportedSchemaVersion, message: "schema_version major \(major)"))
        }
        guard envelope.flowIsObject else { return fail("flow_schema is not an object") }
        if bugs.contains(.resolveMissingFieldsRejected) && !envelope.hasServiceFields { return fail("flow_id missing") }
        guard let flow = envelope.flow else { return fail("flow_schema is not a flow") }
        return build(flow)
    }

    func build(_ flow: Flow) -> DecodeOutcome {
        var version = 1
        if case .number(let n)? = flow.version, n >= 1, n == n.rounded() { version = n > 8 ? 9 : Int(n) }
        if bugs.contains(.hugeVersionTreatedAsMissing), case .number(let n)? = flow.version, n >= 1e9 { version = 1 }
        if bugs.contains(.contentVersionStringFails), case .string? = flow.version {
            return fail("version is not a number")
        }
        let migrateFrom = min(version, 8)
        var nodes: [CanonicalFlow.Node] = []
        // A set: large documents must decode in linear time.
        var ids: Set<String> = []
        for node in flow.nodes where !ids.contains(node.id) {
            if bugs.contains(.conditionExpressionFailsFlow), node.expressions.contains(where: { !Self.parses($0) }) {
                return fail("node \(node.id) has an expression the SDK cannot parse")
            }
            switch node.kind {
            case "screen":
                if bugs.contains(.unknownScreenTypeDropsScreen), let type = node.screenType,
                    !["standard", "modal", "bottomSheet", "fullScreen"].contains(where: { type == .string($0) })
                {
                    continue
                }
                var layout: CanonicalFlow.Component?
                if let raw = node.layout {
                    if tooDeep(raw, depth: 0, version: migrateFrom) {
                        return fail("a layout nests components deeper than \(Self.maxDepth) levels")
                    }
                    if bugs.contains(.depthLimit64) && tooDeep(raw, depth: Self.maxDepth - 64, version: migrateFrom) {
                        return fail("a layout nests components deeper than \(Self.maxDepth) levels")
                    }
                    layout = component(raw, version: migrateFrom)
                    if bugs.contains(.unknownComponentFailsScreen) && containsUnknown(raw, version: migrateFrom) {
                        continue
                    }
                }
                let settings = node.screenSettings ?? node.chromeOverrides
                var hides = settings?["hideAllZones"] == .bool(true)
                if !bugs.contains(.hideChromeIgnored) && node.props?["hideChrome"] == .bool(true) { hides = true }
                nodes.append(.init(id: node.id, kind: "screen", supported: true, layout: layout, hidesZones: hides))
            case "condition", "assign", "abTest":
                nodes.append(.init(id: node.id, kind: node.kind, supported: true))
            case "api", "event", "subflow":
                if bugs.contains(.unsupportedNodesDropped) { continue }
                nodes.append(.init(id: node.id, kind: node.kind, supported: false))
            default:
                guard bugs.contains(.unknownNodeKindBecomesScreen) else { continue }
                nodes.append(.init(id: node.id, kind: "screen", supported: true, layout: nil, hidesZones: false))
            }
            ids.insert(node.id)
        }
        guard let firstScreen = nodes.first(where: { $0.kind == "screen" }) else { return fail("no screen node") }
        var entry = flow.entryNodeId
        if entry.isEmpty {
            if bugs.contains(.emptyEntryRejected) { return fail("entryNodeId is empty") }
            entry = firstScreen.id
        }
        guard ids.contains(entry) else { return fail("entryNodeId names no node") }

        var edges: [CanonicalFlow.Edge] = []
        var edgeIDs: Set<String> = []
        let kinds = Self.edgeKinds
        for edge in flow.edges ?? [] {
            let kind = edge.kind ?? "normal"
            if bugs.contains(.edgeGuardFailsFlow), case .string(let expression)? = edge.guard, !Self.parses(expression)
            {
                return fail("edge \(edge.id) has a guard the SDK cannot parse")
            }
            if !kinds.contains(kind) {
                if bugs.contains(.unknownEdgeKindFailsFlow) { return fail("unknown edge kind \(kind)") }
                continue
            }
            guard bugs.contains(.danglingEdgesKept) || (ids.contains(edge.fromNodeId) && ids.contains(edge.toNodeId))
            else {
                continue
            }
            if edgeIDs.insert(edge.id).inserted || bugs.contains(.duplicateEdgeIDsKept) {
                edges.append(.init(id: edge.id, from: edge.fromNodeId, to: edge.toNodeId, kind: kind))
            }
        }

        var zones: [String] = []
        if let persistent = flow.persistentUI, persistent != .null {
            if let object = persistent.object {
                zones = ["navigationBar", "footer", "overlay"].filter {
                    bugs.contains(.nonObjectZoneCounted)
                        ? object[$0] != nil && object[$0] != .null : object[$0]?.object != nil
                }
            }
        } else if !bugs.contains(.chromeIgnored), let chrome = flow.chrome?.object {
            if chrome["header"]?.object != nil { zones.append("navigationBar") }
            if chrome["footer"]?.object != nil { zones.append("footer") }
        }
        var keys: [String] = []
        for variable in flow.variables ?? [] where !variable.key.isEmpty && !keys.contains(variable.key) {
            guard let type = variable.type, ["string", "number", "boolean", "list"].contains(type) else {
                if bugs.contains(.variableUnknownTypeFailsFlow) {
                    return fail("variable \(variable.key) has an unknown type")
                }
                continue
            }
            if type == "list" && !["string", "number", "boolean"].contains(variable.listItemType ?? "")
                && !bugs.contains(.listWithoutItemTypeKept)
            {
                continue
            }
            if bugs.contains(.variableUnknownLifecycleFailsFlow) {
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
            if bugs.contains(.migrationSingleStep) { return type }
        }
        if version <= 3 && Self.removedIn4.contains(type) { return nil }
        if version <= 4 && type == "toggle" && checkbox { type = "stack" }
        if version <= 6 && type == "card" { type = "stack" }
        if version <= 7 && type == "chip" { type = "stack" }
        return type
    }

    func component(_ raw: Component, version: Int) -> CanonicalFlow.Component? {
        guard let type = migratedType(raw, version: version) else { return nil }
        guard componentTypes.contains(type) else { return .init(id: raw.id, type: "unknown") }
        let children = raw.children ?? []
        if bugs.contains(.malformedChildDropsParent) && children.contains(where: { $0 == nil }) { return nil }
        var decoded: [CanonicalFlow.Component] = []
        decoded.reserveCapacity(children.count)
        for case let child? in children {
            if let component = component(child, version: version) { decoded.append(component) }
        }
        if bugs.contains(.unknownTypeDropsSiblings) && decoded.contains(where: { $0.type == "unknown" }) {
            decoded = decoded.filter { $0.type == "unknown" }
        }
        return .init(id: raw.id, type: type, children: decoded)
    }

    static let edgeKinds = ["normal", "conditionTrue", "conditionFalse", "error", "event", "abVariant"]
    /// The types the 3→4 migration removes.
    static let removedIn4 = ["carousel", "video", "lottie", "chart", "spacer", "divider"]

    /// The most nested components a layout may hold (DEC-DEPTH).
    static let maxDepth = 200

    /// Whether the layout nests well-formed components past ``maxDepth``; a removed or unknown component's subtree
    /// is never looked into, as it is never decoded.
    func tooDeep(_ raw: Component, depth: Int, version: Int) -> Bool {
        if depth >= Self.maxDepth - (bugs.contains(.depthOffByOne) ? 1 : 0) { return true }

        guard let type = migratedType(raw, version: version), componentTypes.contains(type) else { return false }
        for case let child? in raw.children ?? [] where tooDeep(child, depth: depth + 1, version: version) {
            return true
        }
        return false
    }

    func containsUnknown(_ raw: Component, version: Int) -> Bool {
        guard let type = migratedType(raw, version: version) else { return false }
        if !componentTypes.contains(type) { return true }
        for case let child? in raw.children ?? [] where containsUnknown(child, version: version) { return true }
        return false
    }
}
