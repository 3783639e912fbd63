import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import FlowSchema
import Foundation
import JSON
import PropertyTesting

/// What a decoding failure record carries in its `detail`: the document and both outcomes.
public struct DocumentFailureDetail: Hashable, Codable, Sendable {
    /// The minimal document, exactly as given to both decoders.
    public var document: String
    /// The reference decoder's outcome.
    public var expected: DecodeOutcome
    /// The implementation's outcome.
    public var actual: DecodeOutcome
    /// What the document exercises.
    public var labels: [String]
}

/// Checks and names what a decoding divergence breaks.
package enum DecodingAnalysis {
    /// The implementation's decoding of a document; an error aborts the whole check.
    static func decode(_ text: String, with decoder: any DecodingImplementation) throws(Abort) -> DecodeOutcome {
        do { return try decoder.decode(text) } catch { throw Abort("\(error)") }
    }

    static func describe(
        _ failing: FailingCase<GeneratedDocument>, decoder: any DecodingImplementation,
        options: DecoderOptions
    ) throws(Abort) -> FailureRecord {
        let document = failing.value
        let expected = FlowDecoder.decode(document.text, options: options)
        let actual = try decode(document.text, with: decoder)
        var violations: [(rule: String, message: String)] = []
        if let reference = expected.flow, let implementation = actual.flow {
            violations += invariants(reference, implementation, labels: document.labels)
            // Decoding the canonical form again must change nothing.
            if let again = try? decoder.decode(documentText(implementation)), again != actual {
                violations.append(
                    ("DEC-INV-ROUND-TRIP", "decoding the implementation's own canonical form again changes it"))
            }
        }
        var rules: [String] = []
        for violation in violations {
            let rule = ruleOf(violation.rule, labels: document.labels)
            if !rules.contains(rule) { rules.append(rule) }
        }
        if rules.isEmpty { rules = attribute(expected, actual, labels: document.labels) }
        let originalNodes = failing.original?.nodeCount ?? document.nodeCount
        let originalBytes = failing.original?.text.utf8.count ?? document.text.utf8.count
        let detail = DocumentFailureDetail(
            document: document.text, expected: expected, actual: actual, labels: document.labels)
        let resolved = rules.compactMap(DecodingRules.named)
        return FailureRecord(
            id: "decoding-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(document.text.utf8))), suite: .decoding,
            description: (expected.flow != nil && actual.flow != nil
                ? "the decoded flows differ" : "\(summary(expected)) expected, \(summary(actual)) decoded")
                + " (\(rules.joined(separator: ", ")))",
            rules: resolved, features: Array(Set(resolved.map(\.feature))).sorted(),
            size: Count(document.nodeCount, Count.Unit(rawValue: "node")),
            originalSize: Count(originalNodes, Count.Unit(rawValue: "node")),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: "the document",
            input: [
                "A document of \(counted(document.nodeCount, "node")) (\(counted(document.text.utf8.count, "byte"))), shrunk from "
                    + "\(counted(originalNodes, "node")) (\(counted(originalBytes, "byte")))", "Minimal document:",
            ]
                + document.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 },
            diffHeading: "Canonical forms", diff: diff(expected, actual),
            violations: violations.map { "\($0.rule): \($0.message)" },
            storyboard: Storyboard(
                columns: ["", "Model (reference decoder)", "Implementation"],
                rows: [
                    Storyboard.Row(
                        label: "decoded", diverged: true,
                        cells: [
                            Storyboard.Cell(text: outcomeText(expected), style: .preformatted),
                            Storyboard.Cell(text: outcomeText(actual), style: .preformatted),
                        ])
                ],
                preface: Storyboard.Preface(
                    title: "Minimal document (pretty-printed; the exact text is in the JSON record)",
                    text: pretty(document.text))),
            replay: failing.replay, detail: .encoding(detail))
    }

    package static func summary(_ outcome: DecodeOutcome) -> String {
        switch outcome {
        case .flow(let flow): return "a flow of \(counted(flow.nodes.count, "node"))"
        case .error(let error): return error.code
        }
    }

    /// The named invariants, checked on the implementation's output against the reference's.
    static func invariants(
        _ reference: CanonicalFlow, _ implementation: CanonicalFlow, labels: [String]
    ) -> [(rule: String, message: String)] {
        var found: [(String, String)] = []
        let implNodes = Dictionary(implementation.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for node in reference.nodes where node.supported && implNodes[node.id] == nil {
            found.append(
                (
                    "DEC-INV-SUPPORTED-NODES",
                    "supported node \"\(node.id)\" was lost because another part of the flow is broken"
                ))
        }
        for node in reference.nodes {
            guard let layout = node.layout else { continue }
            let implIDs = Set(implNodes[node.id]?.layout.map(componentIDs) ?? [])
            for (parent, children) in families(layout) where children.contains(where: { $0.type == "unknown" }) {
                for sibling in children where !implIDs.contains(sibling.id) {
                    found.append(
                        (
                            "DEC-INV-UNKNOWN-SIBLINGS",
                            "\"\(sibling.id)\", a sibling of an unknown component in \"\(parent)\" on screen \"\(node.id)\", is missing"
                        ))
                }
            }
            if labels.contains(where: { $0.hasPrefix("malformed-child") }) {
                for id in componentIDs(layout) where !implIDs.contains(id) {
                    found.append(
                        (
                            "DEC-INV-MALFORMED-SIBLINGS",
                            "component \"\(id)\" on screen \"\(node.id)\" is missing next to a malformed child"
                        ))
                }
            }
        }
        return found
    }

    static func ruleOf(_ invariant: String, labels: [String]) -> String {
        switch invariant {
        case "DEC-INV-SUPPORTED-NODES":
            return labels.contains("node:unknown-kind") ? "DEC-NODE-UNKNOWN" : "DEC-MALFORMED-NODE"
        case "DEC-INV-UNKNOWN-SIBLINGS": return "DEC-UNKNOWN-COMPONENT"
        case "DEC-INV-MALFORMED-SIBLINGS": return "DEC-MALFORMED-CHILD"
        default: return "DEC-IGNORE-FIELDS"
        }
    }

    static func componentIDs(_ component: CanonicalFlow.Component) -> [String] {
        [component.id] + component.children.flatMap(componentIDs)
    }

    static func families(_ component: CanonicalFlow.Component) -> [(String, [CanonicalFlow.Component])] {
        [(component.id, component.children)] + component.children.flatMap(families)
    }

    /// The rule that governs the difference, from what differs and what the document exercises.
    static func attribute(_ expected: DecodeOutcome, _ actual: DecodeOutcome, labels: [String]) -> [String] {
        func has(_ prefix: String) -> Bool { labels.contains { $0.hasPrefix(prefix) } }
        switch (expected, actual) {
        case (.error(let e), _):
            if e.code == DecodeError.unsupportedSchemaVersion { return ["DEC-SCHEMA-VERSION"] }
            if has("text:") { return ["DEC-JSON"] }
            if has("entry:missing") { return ["DEC-ENTRY"] }
            if has("no-screen") { return ["DEC-NO-SCREEN"] }
            return ["DEC-ROOT"]
        case (.flow, .error):
            // Most specific first: a malformed layout is the cheapest layout to draw, so minimal documents
            // often keep one that has nothing to do with the failure; it comes last.
            for (prefix, rule) in [
                ("schema:", "DEC-SCHEMA-VERSION"), ("version:", "DEC-MIGRATE"), ("entry:empty", "DEC-ENTRY-EMPTY"),
                ("edge:", "DEC-EDGE"), ("node:unknown", "DEC-NODE-UNKNOWN"),
                ("node:unsupported", "DEC-NODE-UNSUPPORTED"),
                ("node:malformed", "DEC-MALFORMED-NODE"), ("duplicate-node", "DEC-DUPLICATE-NODE"),
                ("unknown-component", "DEC-UNKNOWN-COMPONENT"), ("malformed-child", "DEC-MALFORMED-CHILD"),
                ("malformed-layout", "DEC-MALFORMED-LAYOUT"),
            ] where has(prefix) {
                return [rule]
            }
            return ["DEC-IGNORE-FIELDS"]
        case (.flow(let a), .flow(let b)):
            var rules: [String] = []
            let sameNodes = a.nodes.map(\.id) == b.nodes.map(\.id)
            if !sameNodes || a.nodes.map(\.supported) != b.nodes.map(\.supported)
                || a.nodes.map(\.kind) != b.nodes.map(\.kind)
            {
                rules.append(
                    has("node:unknown")
                        ? "DEC-NODE-UNKNOWN"
                        : has("node:unsupported")
                            ? "DEC-NODE-UNSUPPORTED"
                            : has("duplicate-node") ? "DEC-DUPLICATE-NODE" : "DEC-MALFORMED-NODE")
            } else if a.nodes.map(\.layout) != b.nodes.map(\.layout) {
                let unknown = a.nodes.compactMap(\.layout).contains {
                    tree($0, depth: 0).contains { $0.hasSuffix(": unknown") }
                }
                rules.append(
                    unknown
                        ? "DEC-UNKNOWN-COMPONENT"
                        : has("version:")
                            ? "DEC-MIGRATE"
                            : has("malformed-child")
                                ? "DEC-MALFORMED-CHILD"
                                : has("malformed-layout") ? "DEC-MALFORMED-LAYOUT" : "DEC-UNKNOWN-COMPONENT")
            }
            if sameNodes && a.nodes.map(\.hidesZones) != b.nodes.map(\.hidesZones) {
                rules.append("DEC-LEGACY-OVERRIDES")
            }
            if a.edges != b.edges { rules.append("DEC-EDGE") }
            if a.zones != b.zones { rules.append("DEC-LEGACY-CHROME") }
            if a.entry != b.entry { rules.append(has("entry:empty") ? "DEC-ENTRY-EMPTY" : "DEC-ENTRY") }
            if a.version != b.version { rules.append("DEC-VERSION") }
            if a.variables != b.variables || a.id != b.id { rules.append("DEC-IGNORE-FIELDS") }
            return rules.isEmpty ? ["DEC-IGNORE-FIELDS"] : rules
        }
    }

    /// A canonical form written back as a FlowDefinition, to decode again.
    static func documentText(_ flow: CanonicalFlow) -> String {
        func component(_ c: CanonicalFlow.Component) -> JSONValue {
            .object([
                ("id", .string(c.id)), ("type", .string(c.type == "unknown" ? "unknownType" : c.type)),
                ("children", .array(c.children.map(component))),
            ])
        }
        var nodes: [JSONValue] = []
        for node in flow.nodes {
            var pairs: [(key: String, value: JSONValue)] = [("id", .string(node.id)), ("kind", .string(node.kind))]
            if node.kind == "screen" {
                pairs.append(("layout", node.layout.map(component) ?? .null))
                if node.hidesZones == true {
                    pairs.append(("screenSettings", .object([("hideAllZones", .bool(true))])))
                }
            }
            nodes.append(.object(pairs))
        }
        let edges = flow.edges.map {
            JSONValue.object([
                ("id", .string($0.id)), ("fromNodeId", .string($0.from)), ("toNodeId", .string($0.to)),
                ("kind", .string($0.kind)),
            ])
        }
        let zones = flow.zones.map { (key: $0, value: JSONValue.object([])) }
        return JSONWriter.write(
            .object([
                ("id", .string(flow.id)), ("version", .number(Double(flow.version))),
                ("entryNodeId", .string(flow.entry)), ("nodes", .array(nodes)),
                ("edges", .array(edges)), ("persistentUI", .object(zones)),
                ("variables", .array(flow.variables.map { .object([("key", .string($0))]) })),
            ]), sortedKeys: false)
    }

    /// A document pretty-printed when it is JSON, as it is otherwise.
    static func pretty(_ text: String) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: object,
                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    /// An outcome as pretty JSON, for the storyboard.
    static func outcomeText(_ outcome: DecodeOutcome) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(outcome)) ?? Data(), as: UTF8.self)
    }

    /// The outcomes as pretty lines, diffed.
    package static func diff(_ expected: DecodeOutcome, _ actual: DecodeOutcome) -> String {
        LineDiff.render(old: lines(expected), new: lines(actual), context: 3)
    }

    static func lines(_ outcome: DecodeOutcome) -> [String] {
        switch outcome {
        case .error(let error): return ["error: \(error.code)"]
        case .flow(let flow):
            var lines = ["id: \(flow.id)", "version: \(flow.version)", "entry: \(flow.entry)"]
            for node in flow.nodes {
                lines.append(
                    "node \(node.id) \(node.kind)\(node.supported ? "" : " unsupported")\(node.hidesZones == true ? " hides zones" : "")"
                )
                if node.kind == "screen" {
                    if let layout = node.layout {
                        lines += tree(layout, depth: 1)
                    } else {
                        lines.append("  layout: null")
                    }
                }
            }
            lines += flow.edges.map { "edge \($0.id) \($0.from) → \($0.to) \($0.kind)" }
            lines.append("zones: \(flow.zones.joined(separator: ", "))")
            lines.append("variables: \(flow.variables.joined(separator: ", "))")
            return lines
        }
    }

    static func tree(_ c: CanonicalFlow.Component, depth: Int) -> [String] {
        [String(repeating: "  ", count: depth) + "\(c.id): \(c.type)"]
            + c.children.flatMap { tree($0, depth: depth + 1) }
    }
}
