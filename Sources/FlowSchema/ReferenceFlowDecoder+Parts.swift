import JSON

/// The parts of a flow decoded after its nodes: the wire version gate, edges, zones and variables.
extension ReferenceFlowDecoder {
    /// `schema_version`: a whole number N, or a string "N", "N.M" or "N.M.P" of digits; missing or null means 1
    /// (DEC-SCHEMA-VERSION). A major too large for an integer is above any supported one.
    static func schemaMajor(_ value: JSONValue?) throws(FlowDecodeError) -> Int {
        switch value {
        case nil, .null?: return 1
        case .number(let n)? where n.isFinite && n >= 0 && n == n.rounded(): return n < 1e15 ? Int(n) : Int.max
        case .string(let s)?:
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count),
                parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
            else {
                throw invalid("$.schema_version \"\(s)\" is not N, N.M or N.M.P")
            }
            return Int(parts[0]) ?? Int.max
        case .number(let n)?:
            throw invalid("$.schema_version \(n) is not a whole number from 0 (write \"N.M\" for a minor version)")
        default:
            throw invalid("$.schema_version is neither a whole number nor a version string")
        }
    }

    /// The edges kept (DEC-EDGE, DEC-DUPLICATE-EDGE): well formed, of a known kind, between decoded nodes, and the
    /// first of their id. A guard, label, priority or transition never decides it: they are read when the flow runs.
    static func edges(
        _ flow: JSONValue, base: String, nodes: Set<String>, trace: inout DecodeTrace
    ) -> [CanonicalFlow.Edge] {
        var edges: [CanonicalFlow.Edge] = []
        var ids = Set<String>(), skippedIDs = Set<String>()
        for (index, value) in (flow["edges"]?.arrayValue ?? []).enumerated() {
            let path = Location.child(.root(base), "edges", index)
            let kind = value["kind"] == nil || value["kind"] == .null ? "normal" : value["kind"]?.stringValue ?? ""
            guard let edgeID = value["id"]?.stringValue, let from = value["fromNodeId"]?.stringValue,
                let to = value["toNodeId"]?.stringValue,
                nodes.contains(from), nodes.contains(to), DecoderOptions.edgeKinds.contains(kind)
            else {
                trace.hit(.decEdge, at: path)
                if let edgeID = value["id"]?.stringValue { skippedIDs.insert(edgeID) }
                // As an implementation that kept it would write it, when it can be written.
                if let edgeID = value["id"]?.stringValue, let from = value["fromNodeId"]?.stringValue,
                    let to = value["toNodeId"]?.stringValue
                {
                    trace.skippedEdges.append(.init(id: edgeID, from: from, to: to, kind: kind))
                }
                continue
            }
            // A repeat, skipped, falls under it too: its guard decides nothing either.
            let runFields = ["guard", "label", "priority", "transition"].contains(where: { value[$0] != nil })
            guard ids.insert(edgeID).inserted else {
                trace.hit(.decDuplicateEdge, at: path, element: edgeID)
                if runFields { trace.hit(.decEdge, at: path, element: edgeID) }
                continue
            }
            // An edge skipped before it does not take its id (DEC-DUPLICATE-EDGE): a decoder that lets it would drop
            // this one.
            if skippedIDs.contains(edgeID) {
                trace.hit(.decDuplicateEdge, at: path, element: edgeID)
            }
            if runFields { trace.hit(.decEdge, at: path, element: edgeID) }
            if let key = DocumentedFields.undocumented(value, DocumentedFields.edge) {
                trace.hit(.decIgnoreFields, at: .member(path, key), element: edgeID)
            }
            edges.append(.init(id: edgeID, from: from, to: to, kind: kind))
        }
        return edges
    }

    /// The zones that exist: `persistentUI`'s, or the legacy `chrome`'s (header, footer) when it is absent
    /// (DEC-LEGACY-CHROME). A zone is an object; any other value is no zone, and `visible: false` still one (DEC-ZONE).
    static func zones(_ flow: JSONValue, base: String, trace: inout DecodeTrace) -> [String] {
        func zone(_ value: JSONValue?, _ path: Location) -> Bool {
            // A zone written as null is written, and not an object: absent by this rule, as a string would be.
            guard let value else { return false }
            if !value.isObject || value["visible"] == .bool(false) { trace.hit(.decZone, at: path) }
            return value.isObject
        }
        if let persistent = flow["persistentUI"], persistent != .null {
            guard persistent.isObject else {
                // With a legacy chrome beside it, the one to fall back to, what wins is DEC-LEGACY-CHROME's question.
                let rule: String = flow["chrome"]?.isObject == true ? .decLegacyChrome : .decZone
                trace.hit(rule, at: .member(.root(base), "persistentUI"))
                return []
            }
            let zones = ["navigationBar", "footer", "overlay"].filter {
                zone(persistent[$0], .member(.member(.root(base), "persistentUI"), $0))
            }
            // Written in another order, the zones are still listed in the canonical one.
            let written = (persistent.objectPairs ?? []).map(\.key).filter(zones.contains)
            if written.count > 1, written != zones { trace.hit(.decZone, at: .member(.root(base), "persistentUI")) }
            return zones
        }
        guard let chrome = flow["chrome"], chrome.isObject else { return [] }
        trace.hit(.decLegacyChrome, at: .member(.root(base), "chrome"))
        return (zone(chrome["header"], .member(.member(.root(base), "chrome"), "header")) ? ["navigationBar"] : [])
            + (zone(chrome["footer"], .member(.member(.root(base), "chrome"), "footer")) ? ["footer"] : [])
    }

    /// The keys of the variables kept (DEC-VARIABLE): an object with a non-empty string key not seen before, a type
    /// among the four, and for a list an item type among the three. An unknown scope, lifecycle or source kind
    /// does not drop it: the variable exists, and where its value comes from is settled when the flow runs.
    static func variables(_ flow: JSONValue, base: String, trace: inout DecodeTrace) -> [String] {
        guard let list = flow["variables"], list != .null else { return [] }
        guard let variables = list.arrayValue else {
            trace.hit(.decVariable, at: .member(.root(base), "variables"))
            return []
        }
        var keys: [String] = []
        var seen = Set<String>()
        for (index, variable) in variables.enumerated() {
            let path = Location.child(.root(base), "variables", index)
            let type = variable["type"]?.stringValue ?? ""
            guard let key = variable["key"]?.stringValue, !key.isEmpty, DecoderOptions.variableTypes.contains(type),
                type != "list" || DecoderOptions.listItemTypes.contains(variable["listItemType"]?.stringValue ?? ""),
                seen.insert(key).inserted
            else {
                trace.hit(.decVariable, at: path)
                continue
            }
            let lifecycle = variable["lifecycle"], scope = variable["scope"], source = variable["source"]?["kind"]
            if lifecycle.map({ !DecoderOptions.lifecycles.contains($0.stringValue ?? "") }) == true
                || scope.map({ $0.stringValue != "global" }) == true
                || source.map({ !DecoderOptions.sourceKinds.contains($0.stringValue ?? "") }) == true
            {
                trace.hit(.decVariable, at: path, element: key)
            }
            if let field = DocumentedFields.undocumented(variable, DocumentedFields.variable) {
                trace.hit(.decIgnoreFields, at: .member(path, field), element: key)
            }
            keys.append(key)
        }
        return keys
    }

    /// Whether a screen hides every zone: `screenSettings.hideAllZones`, with the legacy `chromeOverrides`
    /// standing in for absent `screenSettings`, and legacy `props.hideChrome` (DEC-LEGACY-*).
    static func hidesZones(_ screen: JSONValue) -> Bool {
        let settings =
            screen["screenSettings"].flatMap { $0.isObject ? $0 : nil }
            ?? screen["chromeOverrides"].flatMap { $0.isObject ? $0 : nil }
        return settings?["hideAllZones"]?.boolValue == true || screen["props"]?["hideChrome"]?.boolValue == true
    }
}

/// Where a value is in the document, written out as a JSON path only when a trigger fires on it or an error names
/// it: writing every component's path as it is decoded cost the square of a deep layout's depth.
indirect enum Location: Sendable {
    /// `$`, or `$.flow_schema` in a resolve response.
    case root(String)
    /// `parent.name`.
    case member(Location, String)
    /// `parent.name[index]`.
    case child(Location, String, Int)

    var text: String {
        var chain: [Location] = []
        var location = self
        walk: while true {
            chain.append(location)
            switch location {
            case .root: break walk
            case .member(let parent, _), .child(let parent, _, _): location = parent
            }
        }
        // Written once into the string's storage, its length counted first: a too-deep layout's path has hundreds of
        // parts, and appending each to a string, or even to an array of bytes, cost more than decoding the rest of
        // its document (a path past the depth limit is written for every such document).
        // An index is an offset in an array, never negative.
        func digits(_ index: Int) -> Int {
            var count = 1, rest = index
            while rest >= 10 { rest /= 10; count += 1 }
            return count
        }
        var length = 0
        for part in chain {
            switch part {
            case .root(let base): length += base.utf8.count
            case .member(_, let name): length += 1 + name.utf8.count
            case .child(_, let name, let index): length += 3 + name.utf8.count + digits(index)
            }
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var out = 0
            func put(_ name: String) {
                var name = name
                name.withUTF8 { bytes in
                    for byte in bytes {
                        buffer[out] = byte
                        out += 1
                    }
                }
            }
            for part in chain.reversed() {
                switch part {
                case .root(let base): put(base)
                case .member(_, let name):
                    buffer[out] = UInt8(ascii: ".")
                    out += 1
                    put(name)
                case .child(_, let name, let index):
                    buffer[out] = UInt8(ascii: ".")
                    out += 1
                    put(name)
                    buffer[out] = UInt8(ascii: "[")
                    // The digits from the last.
                    let count = digits(index)
                    var rest = index
                    for position in stride(from: out + count, to: out, by: -1) {
                        buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                    out += count + 1
                    buffer[out] = UInt8(ascii: "]")
                    out += 1
                }
            }
            return out
        }
    }
}

extension JSONValue {
    /// How deep arrays and objects nest in the value (0 for a scalar).
    var nesting: Int {
        var deepest = 0
        var stack: [(JSONValue, Int)] = [(self, 0)]
        while let (value, depth) = stack.popLast() {
            switch value {
            case .array(let items):
                deepest = max(deepest, depth + 1)
                for item in items { stack.append((item, depth + 1)) }
            case .object(let pairs):
                deepest = max(deepest, depth + 1)
                for pair in pairs { stack.append((pair.value, depth + 1)) }
            default: break
            }
        }
        return deepest
    }

    /// Whether an object anywhere in the value repeats a key.
    var repeatsAKey: Bool {
        // Recursive over the values in place: a stack of copied values cost a third of a decode, and a document nests
        // no deeper than the parser reads (512 levels).
        switch self {
        case .array(let items):
            for index in items.indices where items[index].isContainer && items[index].repeatsAKey { return true }
            return false
        case .object(let pairs):
            // Every decode asks this: small objects (nearly all) are compared pairwise, without a set.
            if pairs.count > 16 {
                var keys = Set<String>()
                for pair in pairs where !keys.insert(pair.key).inserted { return true }
            } else if pairs.count > 1 {
                // Compared as Swift compares strings, canonical equivalents equal, as the set above compares them;
                // so keys of unequal length are not told apart by their length.
                for i in 1..<pairs.count where pairs[..<i].contains(where: { $0.key == pairs[i].key }) {
                    return true
                }
            }
            for index in pairs.indices where pairs[index].value.isContainer && pairs[index].value.repeatsAKey {
                return true
            }
            return false
        default:
            return false
        }
    }

    /// An array or an object: scalars, half of a document's values, are passed over without a call.
    private var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// The value with each key an object repeats with values that differ read at one occurrence: its first where
    /// `first` holds for the key's number (counted in document order from `next`), its last elsewhere. `next` ends as
    /// the number of such keys.
    func keepingOccurrences(_ next: inout Int, first: (Int) -> Bool) -> JSONValue {
        switch self {
        case .array(let items):
            var kept: [JSONValue] = []
            kept.reserveCapacity(items.count)
            for item in items { kept.append(item.keepingOccurrences(&next, first: first)) }
            return .array(kept)
        case .object(let pairs):
            var kept: [(key: String, value: JSONValue)] = []
            var place: [String: Int] = [:]
            // Per key, its first occurrence as written and as read, and whether a later one is written otherwise:
            // told apart on the written values, so that every reading numbers the same keys.
            var firstValue: [String: (written: JSONValue, read: JSONValue)] = [:]
            var differs: Set<String> = []
            for pair in pairs {
                let value = pair.value.keepingOccurrences(&next, first: first)
                guard let index = place[pair.key] else {
                    place[pair.key] = kept.count
                    kept.append((pair.key, value))
                    firstValue[pair.key] = (pair.value, value)
                    continue
                }
                if firstValue[pair.key]?.written != pair.value { differs.insert(pair.key) }
                kept[index].value = value
            }
            // The first occurrence is put back for a key numbered to keep it.
            for (key, index) in place.sorted(by: { $0.value < $1.value }) where differs.contains(key) {
                if first(next), let value = firstValue[key]?.read { kept[index].value = value }
                next += 1
            }
            return .object(kept)
        default: return self
        }
    }

    /// The value with every object keeping the first occurrence of a repeated key, as some JSON readers do.
    var keepingFirstKeys: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.keepingFirstKeys))
        case .object(let pairs):
            var keys = Set<String>()
            return .object(pairs.filter { keys.insert($0.key).inserted }.map { ($0.key, $0.value.keepingFirstKeys) })
        default: return self
        }
    }
}
