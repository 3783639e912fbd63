package import FlowCheckCore
import FlowSchema
import Foundation
package import JSON
package import PropertyTesting

/// A generated flow document: its text and what it exercises.
package struct GeneratedDocument: Hashable, Sendable {
    /// The exact text handed to the decoders.
    package var text: String
    /// Coverage labels: every kind of damage and feature the document holds.
    package var labels: [String]
    /// How many nodes it has (before any damage).
    package var nodeCount: Int
    /// The text as ``JSONParser`` reads it, when the generator knows it without reading the text; `nil` otherwise.
    /// It follows from the text, so it takes no part in equality.
    package var parsed: JSONValue?
    /// Where a generated document keeps the reference decoder's reading of its text once a run judged it: counting
    /// the run's triggers reads it again. `nil` for other documents (the minimizer's candidates). No part of equality.
    package var reference: ReferenceMemo?

    package init(
        text: String, labels: [String], nodeCount: Int, parsed: JSONValue? = nil, reference: ReferenceMemo? = nil
    ) {
        self.text = text
        self.labels = labels
        self.nodeCount = nodeCount
        self.parsed = parsed
        self.reference = reference
    }

    package static func == (a: GeneratedDocument, b: GeneratedDocument) -> Bool {
        a.text == b.text && a.labels == b.labels && a.nodeCount == b.nodeCount
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(labels)
        hasher.combine(nodeCount)
    }
}

/// Generates flow documents from a grammar of the FlowDefinition and the resolve response: valid flows (several
/// screens, deep component trees, every node kind with its documented fields, variables, edges, persistent UI or
/// legacy chrome, content versions 1 to 8), and, each at a steady rate, the values real decoders choke on: undocumented
/// fields at every level, every spelling of the two version fields, malformed zones and variables, duplicate ids and
/// keys, nesting at and past the depth limit, numbers and strings as JSON allows them, damaged text.
///
/// Every node, component, edge and variable is its own span, so the shrinker deletes them whole. The rates are
/// documented in the Generators article and measured by a test.
package struct DocumentGenerator: Sendable {
    /// What the implementation declared: its component types, schema major and migrations shape the documents.
    package let capabilities: Capabilities
    /// The decoding section of ``capabilities``, read once.
    let decoding: DecodingCapabilities
    /// The most nodes in one document.
    package let maxNodes: Int
    /// The average number of nodes a document gets.
    package let averageNodes: Double
    /// The declared component types that hold children, and the others: worked out once, not for every component.
    let containers: [String], leaves: [String]
    /// The layouts nested one under, at and one past the depth limit (DEC-DEPTH), made and written once: one document
    /// in eight holds one, and building and writing it for each was half of the generator's time.
    let chains: [Spelling]

    /// Creates a generator for an implementation's declared capabilities.
    package init(capabilities: Capabilities, maxNodes: Int = 12, averageNodes: Double = 3) {
        self.capabilities = capabilities
        decoding = capabilities.decoding
        self.maxNodes = maxNodes
        self.averageNodes = averageNodes
        let containers = ["stack", "screenRoot", "button"].filter(decoding.componentTypes.contains)
        self.containers = containers
        leaves = decoding.componentTypes.filter { !containers.contains($0) }
        let limit = decoding.decoderOptions.maxComponentDepth
        // Only a document with stacks nests a layout (see `document`).
        chains =
            decoding.componentTypes.contains("stack")
            ? [limit - 1, limit, limit + 1].map { depth in
                let value = Self.chain(depth: depth)
                return Spelling(
                    text: JSONWriter.write(value, sortedKeys: false), known: (value, Self.nesting(value)))
            } : []
    }

    /// The generator of documents, each with its text and coverage labels.
    package var documents: Gen<GeneratedDocument> {
        let generator = self
        return Gen { source throws(ChoiceSource.Stop) in try generator.document(source) }
    }

    /// Every label the decoding suite must exercise for these capabilities.
    package static func requiredLabels(for capabilities: Capabilities) -> [String] {
        var labels = [
            "unknown-component", "malformed-layout", "node:unsupported", "node:unknown-kind", "node:malformed",
            "node:condition", "node:assign", "node:abTest", "node:api", "node:event", "node:subflow",
            "screen-type:known", "screen-type:unknown",
            "edge:unknown-kind", "edge:dangling", "edge:malformed", "edge:duplicate-id", "edge:guard", "edge:label",
            "edge:priority", "edge:transition",
            "entry:empty", "entry:missing", "entry:absent", "no-screen", "duplicate-node", "duplicate-key",
            "duplicate-key:differing",
            "resolve-response", "resolve:fields-missing", "resolve:flow-schema-damaged",
            "zones:persistent", "zones:chrome", "zones:both", "zones:empty", "zones:partial", "zones:not-object",
            "zones:hidden", "zones:persistent-not-object", "zones:out-of-order",
            "screen:hide-chrome", "screen:chrome-overrides", "screen:settings", "screen:settings-and-overrides",
            "depth:past", "depth:at", "depth:under", "depth:props",
            "variables:not-array", "variable:bad-type", "variable:list-no-item", "variable:no-key",
            "variable:duplicate", "variable:unknown-lifecycle", "variable:unknown-scope", "variable:unknown-source",
            "text:not-json", "text:non-finite-number", "text:truncated", "root:damaged", "string:escaped",
            "string:unicode", "string:lone-surrogate",
        ]
        labels += Self.edgeKindLabels + Self.variableLabels + Self.undocumentedLevels.map { "undocumented:\($0)" }
        // Each refused class of schema_version is measured by the rates test; coverage asks for one refusal at least.
        labels += Self.schemaForms.map(\.label) + ["schema:refused"] + Self.versionForms.map(\.label)
        labels.append("number:spelled")
        labels += malformedChildKinds.map { "malformed-child:\($0)" }
        if capabilities.decoding.migrations {
            labels += (1...7).map { "version:\($0)" }
            labels += [
                "migrate:checkbox", "migrate:strip", "migrate:toggle-block", "migrate:card", "migrate:chip",
                "migrate:chain",
            ]
        }
        return labels
    }

    // MARK: Drawing

    final class Context {
        /// Unchecked: a document adds a few dozen labels, and checking each access at run time cost as much as the
        /// search. The context belongs to one document's generation, on one thread, and no access overlaps another.
        @exclusivity(unchecked) var labels: [String] = []
        var componentCount = 0
        /// How the document's first screen nests its layout, for DEC-DEPTH.
        var depth: Depth = .none
        /// Raw texts that stand in for marker strings once the document is written (numbers and strings JSON allows
        /// but a JSONValue cannot spell: `1.0`, `1e400`, `\ud800`; a layout written once for every document).
        var spellings: [Spelling] = []

        init() {
            // A document has about 16 labels: room for them at once, not grown four times.
            labels.reserveCapacity(32)
        }

        func label(_ label: String) {
            // Unequal labels mostly differ in length, which is known without a call into the string comparison.
            let length = label.utf8.count
            if !labels.contains(where: { $0.utf8.count == length && $0 == label }) { labels.append(label) }
        }

        /// A value written as `raw` in the document's text.
        func spelled(_ raw: String) -> JSONValue {
            spelled(Spelling(text: raw, known: DocumentGenerator.parsedForms[raw]))
        }

        /// A value written as its spelling's text in the document's text.
        func spelled(_ spelling: Spelling) -> JSONValue {
            spellings.append(spelling)
            return .string("\u{E000}\(spellings.count - 1)\u{E001}")
        }
    }

    /// A raw text to put in a document's text, with the value ``JSONParser`` reads from it and how deep that nests
    /// when the generator knows them (`nil`: the text is parsed).
    struct Spelling: Sendable {
        var text: String
        var known: (value: JSONValue, nesting: Int)?
    }

    enum Depth { case none, past, at, under, props }

    /// Data nested 300 levels deep, in a component's props (DEC-DEPTH).
    static let deepData = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    /// A string with every kind of escape JSON has.
    static let escapedText = #""Say \"hi\"\n\ttab \\ slash \/ caf\u00e9 \ud83d\ude00""#
    /// A string with half of a surrogate pair, as an editor writes when it cuts an emoji in half.
    static let loneSurrogateText = #""cut emoji \ud83d""#

    /// What ``JSONParser`` reads from each fixed spelling (the tables of forms, the texts above), read once: most
    /// documents spell a version or a number, and parsing it for each was a tenth of the generator's time. A text that
    /// is not JSON is absent.
    static let parsedForms: [String: (value: JSONValue, nesting: Int)] = {
        let texts =
            (schemaForms + schemaErrorForms).flatMap(\.texts).compactMap { $0 } + versionForms.compactMap(\.text)
            + numberForms.map(\.text) + [deepData, escapedText, loneSurrogateText]
        var parsed: [String: (value: JSONValue, nesting: Int)] = [:]
        for text in texts {
            if let value = try? JSONParser.parse(text) { parsed[text] = (value, nesting(value)) }
        }
        return parsed
    }()

    func pick<T>(_ source: ChoiceSource, _ options: [T]) throws(ChoiceSource.Stop) -> T {
        options[Int(try source.draw(upTo: UInt64(options.count - 1)))]
    }

    /// The one damage that makes a document an error, drawn first: at most one per document, so that each rule
    /// that can only be met by an error gets its share of the documents, and the rest decode.
    enum Fatal: Int {
        case none, notJSON, truncated, entryMissing, entryAbsent, root, deepPast, schemaError, flowSchemaDamage
    }

    /// Documents in twenty: 9 undamaged, 3 with a missing entry, 2 with a damaged root (its id or nodes, or no
    /// entry), 3 in a resolve response (2 whose schema_version is refused, so that each of its seven refused classes
    /// meets a few documents in a run, and 1 whose flow_schema is wrong), and one each for text that is not JSON,
    /// truncated text and a layout nested past the limit.
    static let fatalShares: [Fatal] = [
        .none, .none, .none, .none, .none, .none, .none, .none, .none, .notJSON, .truncated, .entryMissing,
        .entryMissing, .entryMissing, .entryAbsent, .root, .deepPast, .schemaError, .schemaError, .flowSchemaDamage,
    ]

    func document(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> GeneratedDocument {
        let context = Context()
        var fatal = Self.fatalShares[Int(try source.draw(upTo: UInt64(Self.fatalShares.count - 1)))]
        // 0 is the simplest choice and means the current version; the version a document's content is written for
        // decides which legacy types it may hold.
        let (written, version) = try contentVersion(source, context: context)
        // Among the others, about one document in eight nests a layout at or just under the limit, or its props deep.
        switch try source.draw(upTo: 39) {
        case 34, 35: context.depth = .at
        case 36, 37: context.depth = .under
        case 38, 39: context.depth = .props
        default: break
        }
        if fatal == .deepPast { context.depth = .past }
        if !decoding.componentTypes.contains("stack") && context.depth != .props {
            if fatal == .deepPast { fatal = .none }
            context.depth = .none
        }
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

        var flow: [(key: String, value: JSONValue)] = [("id", .string("flow")), ("name", .string("Generated"))]
        if fatal == .root {
            // A root that is not a flow: no id, an id that is not a string, or nodes that are not an array.
            context.label("root:damaged")
            switch try source.draw(upTo: 2) {
            case 0: flow.removeFirst()
            case 1: flow[0].value = .number(7)
            default: nodes = []; flow.append(("nodes", .object([("n0", .string("screen"))])))
            }
        }
        if let written { flow.append(("version", written)) }
        // The entry: the first screen, or (damage) naming no node, absent, or empty (the first screen stands in).
        switch fatal {
        case .entryMissing: flow.append(("entryNodeId", .string("nowhere"))); context.label("entry:missing")
        case .entryAbsent: context.label("entry:absent")
        default:
            if try source.drawBool(probability: 0.26) {
                flow.append(("entryNodeId", .string("")))
                context.label("entry:empty")
            } else {
                flow.append(("entryNodeId", .string(screenIDs.first ?? ids.first ?? "nowhere")))
            }
        }
        if fatal != .root || !nodes.isEmpty { flow.append(("nodes", .array(nodes))) }
        var edgeValues = try edges(source, ids: ids, context: context)
        if try source.drawBool(probability: 0.04) {
            // Keys repeated with values that differ, at two depths: a reader keeps the first occurrence of every key or
            // the last of every key (DEC-DUPLICATE-KEY), and only two keys repeated differently can tell a reader that
            // mixes the two.
            context.label("duplicate-key")
            context.label("duplicate-key:differing")
            flow.append(("id", .string("flow-again")))
            // Between two documented kinds: either reading keeps the edge, so that the readings differ in one field.
            let known = Set(DecoderOptions.edgeKinds)
            if let index = edgeValues.firstIndex(where: { known.contains($0["kind"]?.stringValue ?? "") }),
                case .object(var pairs) = edgeValues[index], let kind = edgeValues[index]["kind"]?.stringValue
            {
                pairs.append(("kind", .string(kind == "normal" ? "event" : "normal")))
                edgeValues[index] = .object(pairs)
            }
        }
        flow.append(("edges", .array(edgeValues)))
        // A span, so that shrinking can drop the zones whole (their first choice at "none") without the choices
        // they drew feeding the variables after them.
        flow += try source.span("zones") { () throws(ChoiceSource.Stop) in try zones(source, context: context) }
        if let variables = try variables(source, context: context) { flow.append(("variables", variables)) }
        flow.append(("metadata", .object([("generatedBy", .string("FlowCheck"))])))
        if let extra = try undocumentedField(source, level: "root", probability: 0.1, context: context) {
            flow.append(extra)
        }
        if try source.drawBool(probability: 0.06) {
            // A repeated top-level key whose two values agree: either reading gives the same flow.
            context.label("duplicate-key")
            flow.append(("name", .string("Generated again")))
        }
        var root = JSONValue.object(flow)
        let wrapped = try source.drawBool(probability: 0.3)
        if wrapped || fatal == .schemaError || fatal == .flowSchemaDamage {
            root = try resolveResponse(source, flow: root, fatal: fatal, context: context)
        }
        let spelled = JSONWriter.withBytes(root, sortedKeys: false) { bytes, nesting in
            (Self.spelling(bytes, context.spellings), nesting)
        }
        var text = spelled.0.text
        var parsed: JSONValue?
        switch fatal {
        case .notJSON:
            // Text no JSON reader takes, or a document that is JSON but for one number no JSON has (a reader that
            // accepts NaN or Infinity decodes it).
            let nonFinite = ["NaN", "Infinity", "-Infinity"]
            let texts = ["<html><body>502 Bad Gateway</body></html>", "", "[]", "\"flow\"", "null"]
            let choice = try pick(source, texts + nonFinite)
            if nonFinite.contains(choice), text.hasSuffix("}") {
                text = String(text.dropLast()) + ",\"score\":\(choice)}"
                context.label("text:non-finite-number")
            } else {
                text = choice
            }
            context.label("text:not-json")
        case .truncated:
            text = String(text.prefix(Int(try source.draw(upTo: UInt64(max(text.count - 1, 1))))))
            context.label("text:truncated")
        default:
            // The reference decoder reads the document from the value it was written from, instead of parsing the text
            // back into the same value.
            parsed = Self.asParsed(consume root, context.spellings, markers: spelled.0.markers, nesting: spelled.1)
        }
        return GeneratedDocument(
            text: text, labels: context.labels, nodeCount: nodes.count, parsed: parsed, reference: ReferenceMemo())
    }

    /// The written value as ``JSONParser`` reads its text: each marker string (``Context/spelled(_:)``) is the value
    /// of its raw text. `nil` when the text nests deeper than the parser reads, or a raw text is not JSON.
    /// The document's value is taken, not copied, so that the markers are replaced in place.
    /// `markers` is how many marker strings the value holds (a spelled value used twice holds its marker twice): once
    /// all are replaced, the rest is left as it is. `nesting` is how deep the written value nests (the writer measured
    /// it): only a raw text can take the parsed value deeper, so the rest is not measured again.
    static func asParsed(
        _ root: consuming JSONValue, _ spellings: [Spelling], markers: Int, nesting written: Int
    ) -> JSONValue? {
        guard written <= JSONParser.defaultMaxDepth else { return nil }
        guard !spellings.isEmpty else { return root }
        var values: [(value: JSONValue, nesting: Int)] = []
        values.reserveCapacity(spellings.count)
        for spelling in spellings {
            if let known = spelling.known {
                values.append(known)
                continue
            }
            guard let value = try? JSONParser.parse(spelling.text) else { return nil }
            values.append((value, nesting(value)))
        }
        var value = root
        var remaining = markers
        return substitute(&value, values, depth: 0, remaining: &remaining) ? value : nil
    }

    /// Replaces the markers in `value` with their values in place, and says whether each of them, at `depth` and
    /// below, nests no deeper than ``JSONParser/defaultMaxDepth``. `remaining` counts the markers not replaced yet.
    private static func substitute(
        _ value: inout JSONValue, _ values: [(value: JSONValue, nesting: Int)], depth: Int, remaining: inout Int
    ) -> Bool {
        guard remaining > 0 else { return true }
        switch value {
        case .string(let string):
            guard let index = marker(string) else { return true }
            value = values[index].value
            remaining -= 1
            return depth + values[index].nesting <= JSONParser.defaultMaxDepth
        case .array(var items):
            // The value lets go of its array first, so that the array is changed in place, not copied.
            value = .null
            defer { value = .array(items) }
            for index in items.indices
            where !substitute(&items[index], values, depth: depth + 1, remaining: &remaining) {
                return false
            }
            return true
        case .object(var pairs):
            value = .null
            defer { value = .object(pairs) }
            for index in pairs.indices
            where !substitute(&pairs[index].value, values, depth: depth + 1, remaining: &remaining) {
                return false
            }
            return true
        default:
            return true
        }
    }

    /// The index a marker string stands for, or `nil` for any other string.
    private static func marker(_ string: String) -> Int? {
        // A marker starts with U+E000, EE 80 80 in UTF-8: the first byte tells nearly every other string apart
        // without decoding its scalars (every string of every document is asked).
        guard string.utf8.first == 0xEE else { return nil }
        let scalars = string.unicodeScalars
        guard scalars.first == "\u{E000}", scalars.last == "\u{E001}", scalars.count > 2 else { return nil }
        return Int(String(scalars.dropFirst().dropLast()))
    }

    /// How deep arrays and objects nest in a value (0 for a scalar).
    static func nesting(_ value: JSONValue) -> Int {
        var deepest = 0
        switch value {
        case .array(let items): for item in items { deepest = max(deepest, nesting(item)) }
        case .object(let pairs): for pair in pairs { deepest = max(deepest, nesting(pair.value)) }
        default: return 0
        }
        return deepest + 1
    }

    /// The written text with each marker string (``Context/spelled(_:)``) replaced by its raw text, in one pass, and
    /// how many markers it replaced.
    static func spelling(_ bytes: UnsafeBufferPointer<UInt8>, _ spellings: [Spelling]) -> (text: String, markers: Int) {
        // The markers first, each with the bytes it covers and the spelling it stands for, so that the text's length
        // is known before it is written: a spelled value used twice holds its marker twice.
        var found: [(start: Int, end: Int, spelling: Int)] = []
        var length = bytes.count
        if let source = bytes.baseAddress, !spellings.isEmpty {
            // A marker is written `"`, U+E000 (EE 80 80), the index in digits, U+E001 (EE 80 81), `"`. The text is
            // searched for the EE byte, which only markers and a few Unicode strings hold: going over it byte by
            // byte was a tenth of the generator's time.
            var index = 0
            while index < bytes.count, let hit = memchr(source + index, 0xEE, bytes.count - index) {
                let quote = source.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - 1
                guard let marker = marker(in: bytes, at: quote, after: found.last?.end ?? 0, spellings: spellings.count)
                else {
                    index = quote + 2
                    continue
                }
                found.append((quote, marker.end, marker.spelling))
                length += spellings[marker.spelling].text.utf8.count - (marker.end - quote)
                index = marker.end
            }
        }
        // Written straight into the string's storage: no array to copy it from, whose bytes would also be checked.
        let text = String(unsafeUninitializedCapacity: length) { out in
            guard var target = out.baseAddress, let source = bytes.baseAddress else { return 0 }
            func copy(_ start: UnsafePointer<UInt8>, _ count: Int) {
                target.initialize(from: start, count: count)
                target += count
            }
            // The text between markers is copied in runs: appending it byte by byte was most of the generator's time.
            var copied = 0
            for marker in found {
                copy(source + copied, marker.start - copied)
                var spelled = spellings[marker.spelling].text
                spelled.withUTF8 { copy($0.baseAddress!, $0.count) }
                copied = marker.end
            }
            copy(source + copied, bytes.count - copied)
            return target - out.baseAddress!
        }
        return (text, found.count)
    }

    /// The marker whose opening quote is at `quote`, if one is there and starts at `after` or later: the offset just
    /// past its closing quote, and the index of the spelling it stands for (below `spellings`).
    private static func marker(
        in bytes: UnsafeBufferPointer<UInt8>, at quote: Int, after: Int, spellings: Int
    ) -> (end: Int, spelling: Int)? {
        guard quote >= after, quote + 4 < bytes.count, bytes[quote] == UInt8(ascii: "\""), bytes[quote + 1] == 0xEE,
            bytes[quote + 2] == 0x80, bytes[quote + 3] == 0x80
        else { return nil }
        var end = quote + 4
        var number = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            // Capped where no spelling is: a run of digits as long as it is never overflows.
            number = min(number * 10 + Int(bytes[end] - UInt8(ascii: "0")), spellings)
            end += 1
        }
        guard end > quote + 4, end + 3 < bytes.count, bytes[end] == 0xEE, bytes[end + 1] == 0x80,
            bytes[end + 2] == 0x81, bytes[end + 3] == UInt8(ascii: "\""), number < spellings
        else { return nil }
        return (end + 4, number)
    }

    /// A field the schema does not document (DEC-IGNORE-FIELDS), as a newer editor might write, holding any JSON
    /// value; `nil` most times. `level` names where it goes, for the rates.
    func undocumentedField(
        _ source: ChoiceSource, level: String, probability: Double, context: Context
    ) throws(ChoiceSource.Stop) -> (key: String, value: JSONValue)? {
        guard try source.drawBool(probability: probability) else { return nil }
        context.label("undocumented-field")
        context.label("undocumented:\(level)")
        let values: [JSONValue] = [
            .string("reviewed"), .number(2), .bool(true), .null, .array([.string("a"), .number(-1.5)]),
            .object([("layout", .string("not a layout")), ("kind", .string("screen")), ("children", .number(3))]),
            .object([("id", .string("shadow")), ("type", .string("hologram"))]),
        ]
        let keys = ["x-editor-note", "a11yHints", "_rev", "experimental", "Kind", "flowSchema", "ÿ-unicode"]
        // A bare flow may carry a schema_version of its own: the envelope's field, undocumented here and ignored
        // (whatever its value, an unsupported major included).
        let key = try pick(source, level == "root" ? keys + ["schema_version"] : keys)
        if key == "schema_version" { context.label("bare-flow-schema-version") }
        return (key, try pick(source, values))
    }

    /// Where undocumented fields are put, each at its own rate.
    static let undocumentedLevels = [
        "root", "node", "component", "props", "edge", "variable", "zones", "resolve",
    ]
}
