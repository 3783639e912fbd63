import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
public import FlowSchema
import Foundation
import JSON
import PropertyTesting
import Synchronization

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
    /// How the implementation's outcome falsifies the reference's, with the shape of the divergence as its origin
    /// (``DecodingCheck/shape(expected:actual:)``); `nil` when they agree. Rules are named on the minimal document.
    static func falsification(
        _ text: String, parsed: JSONValue? = nil, memo: ReferenceMemo? = nil, actual: DecodeOutcome,
        options: DecoderOptions
    ) -> Falsification? {
        let (expected, trace) = reference(text, parsed: parsed, memo: memo, options: options)
        guard let shape = DecodingCheck.shape(expected: expected, actual: actual) else { return nil }
        // A repeated key may be read either way (DEC-DUPLICATE-KEY), and a bare flow's schema_version ignored or
        // gated (DecodingCheck.alternatives), or both. The trace says whether an object document repeats a key, so
        // that the others are not parsed again to find out.
        if trace.fatal == .decJSON || trace.hits.contains(where: { $0.rule == .decDuplicateKey })
            || text.contains("\"schema_version\""),
            DecodingCheck.alternatives(text, options: options).contains(where: { $0.agrees(with: actual) })
        {
            return nil
        }
        // A reader that keeps the first occurrence of one repeated key and the last of another breaks the one rule.
        if trace.hits.contains(where: { $0.rule == .decDuplicateKey }),
            DecodingCheck.readsRepeatedKeysMixed(text, actual: actual, options: options)
        {
            return Falsification(
                origin: shape, message: shape, unitTriggers: [.decDuplicateKey], unitRules: trace.rules,
                masked: trace.rules.filter { $0 != .decDuplicateKey })
        }
        // The rules this document's divergence is blamed on: a rule blamed here and named by no failure (its cause
        // hidden behind another one's symptom) is unresolved, never held.
        var broken = DecodingCheck.broken(trace: trace, expected: expected, actual: actual)
        var rules = trace.rules
        // Migrations run as a misread version runs them are that version's case alone (DEC-VERSION's precedence): a
        // failure naming DEC-MIGRATE does not explain them, so the search may end on such a document.
        if case .flow(let reference) = expected, let flow = actual.flow, broken.contains(.decVersion) {
            let misread = DecodingCheck.misreadComponents(trace: trace, reference: reference, actual: flow)
            let migrations = trace.hits.filter { $0.rule == .decMigrate }
            if !misread.isEmpty, migrations.allSatisfy({ misread.contains([$0.screen ?? "", $0.element ?? ""]) }) {
                rules.removeAll { $0 == .decMigrate }
            }
        }
        // A reader that keeps first occurrences (as Foundation's does) is judged on that reading where it explains
        // the divergence with fewer rules: what the last occurrences hold is not what it read.
        if trace.hits.contains(where: { $0.rule == .decDuplicateKey }),
            let first = DecodingCheck.firstOccurrences(text)
        {
            var firstTrace = DecodeTrace()
            let firstExpected = ReferenceFlowDecoder.decode(first, options: options, trace: &firstTrace)
            let firstBroken = DecodingCheck.broken(trace: firstTrace, expected: firstExpected, actual: actual)
            if firstBroken.count < broken.count { (broken, rules) = (firstBroken, firstTrace.rules) }
        }
        return Falsification(
            origin: shape, message: shape, unitTriggers: broken, unitRules: rules,
            masked: trace.rules.filter { !broken.contains($0) })
    }

    /// How the implementation's outcome falsifies the reference's, as ``falsification(_:parsed:memo:actual:options:)``
    /// says, with the implementation asked again where one document cannot say which rule it broke.
    ///
    /// A document refused that holds a lone surrogate is blamed on every rule it falls under. Asked again with each
    /// one written as U+FFFD (as the rules read it), an implementation that then decodes it as the reference does
    /// refused it for the surrogate alone: DEC-STRING, and not the rules of the parts it would have kept.
    static func falsification(
        _ text: String, parsed: JSONValue? = nil, memo: ReferenceMemo? = nil, actual: DecodeOutcome,
        options: DecoderOptions, ask: (String) throws -> DecodeOutcome
    ) throws -> Falsification? {
        guard var found = falsification(text, parsed: parsed, memo: memo, actual: actual, options: options)
        else { return nil }
        if let blamed = found.unitTriggers, blamed.count > 1, blamed.contains(.decString),
            actual.errorCode != nil, let plain = LoneSurrogates.replaced(in: text),
            falsification(plain, actual: try ask(plain), options: options) == nil
        {
            found.unitTriggers = [.decString]
            found.masked = (found.unitRules ?? []).filter { $0 != .decString }
        }
        return found
    }

    /// The rules whose triggers the reference decoder meets in a text.
    static func triggered(_ text: String, options: DecoderOptions) -> Set<String> {
        Set(reference(text, options: options).trace.rules)
    }

    /// The reference decoder's outcome and trace for a text. A run judges a document and then asks for its triggers,
    /// and the minimizer asks for a candidate's triggers right after judging it: each document is decoded once. A
    /// generated document keeps its decode in its `memo`, on the worker that judges it; other texts (the minimizer's
    /// candidates) in the few latest decodes, shared by every worker.
    static func reference(
        _ text: String, parsed: JSONValue? = nil, memo: ReferenceMemo? = nil, options: DecoderOptions
    ) -> (outcome: DecodeOutcome, trace: DecodeTrace) {
        if let memo {
            if let known = memo.decoded, known.options == options { return (known.outcome, known.trace) }
            let decoded = decode(text, parsed: parsed, options: options)
            memo.decoded = (options, decoded.outcome, decoded.trace)
            return decoded
        }
        if let known = recent.withLock({ $0.first { $0.text == text && $0.options == options } }) {
            return (known.outcome, known.trace)
        }
        let (outcome, trace) = decode(text, parsed: parsed, options: options)
        recent.withLock { entries in
            // A few, for workers that judge documents side by side.
            if entries.count == 4 { entries.removeFirst() }
            entries.append(ReferenceDecode(text: text, options: options, outcome: outcome, trace: trace))
        }
        return (outcome, trace)
    }

    /// The reference decoder's reading of a text, from its value when the caller has it.
    private static func decode(
        _ text: String, parsed: JSONValue?, options: DecoderOptions
    ) -> (outcome: DecodeOutcome, trace: DecodeTrace) {
        var trace = DecodeTrace()
        let outcome =
            parsed.map { ReferenceFlowDecoder.decode(parsed: $0, options: options, trace: &trace) }
            ?? ReferenceFlowDecoder.decode(text, options: options, trace: &trace)
        return (outcome, trace)
    }

    /// Decodes a text written from `parsed` from the value, for the next ``reference(_:parsed:options:)``.
    static func remember(_ text: String, parsed: JSONValue, options: DecoderOptions) {
        _ = reference(text, parsed: parsed, options: options)
    }

    struct ReferenceDecode: Sendable {
        var text: String
        var options: DecoderOptions
        var outcome: DecodeOutcome
        var trace: DecodeTrace
    }

    static let recent = Mutex<[ReferenceDecode]>([])

    /// Whether a candidate text, cut from a failing document, still fails the same way without falling under a rule
    /// the document did not: an empty entry id or a missing version is shorter, but brings in a rule of its own.
    static func stillFails(
        _ text: String, shape: String, within rules: Set<String>, options: DecoderOptions,
        decode: (String) throws -> DecodeOutcome
    ) -> Bool {
        guard let actual = try? decode(text), falsification(text, actual: actual, options: options)?.origin == shape
        else { return false }
        return triggered(text, options: options).isSubset(of: rules)
    }

    /// Whether no single edit of a failing document (removing a member or element, simplifying a value) keeps its
    /// divergence's shape without bringing in a rule the document does not fall under; `nil` when it does not fail.
    package static func isOneMinimal(
        _ text: String, decoder: any DecodingImplementation, options: DecoderOptions
    ) -> Bool? {
        guard let value = try? JSONParser.parse(text), let actual = try? decoder.decode(text),
            let shape = falsification(text, actual: actual, options: options)?.origin
        else { return nil }
        let rules = triggered(text, options: options)
        return DocumentMinimizer { candidate, parsed in
            remember(candidate, parsed: parsed, options: options)
            return stillFails(candidate, shape: shape, within: rules, options: options, decode: decoder.decode)
        }.isOneMinimal(value)
    }

    /// The nodes of a flow document or resolve response, counted.
    static func nodeCount(_ document: JSONValue) -> Int {
        (document["flow_schema"] ?? document)["nodes"]?.arrayValue?.count ?? 0
    }

    static func describe(
        _ failing: FailingCase<GeneratedDocument>, decoder: any DecodingImplementation,
        options: DecoderOptions
    ) throws(Abort) -> FailureRecord {
        let document = failing.value
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(document.text, options: options, trace: &trace)
        let actual: DecodeOutcome
        do { actual = try decoder.decode(document.text) } catch {
            return try describeBreakdown(failing, error: error, expected: expected)
        }
        guard !expected.agrees(with: actual) else {
            throw Abort("the divergence did not replay: the implementation decoded the same document differently")
        }
        var violations: [(rule: String, message: String)] = []
        if let reference = expected.flow, let implementation = actual.flow {
            violations += invariants(
                reference, implementation, malformedChildren: trace.rules.contains(.decMalformedChild))
            // Decoding the canonical form again must change nothing.
            if let again = try? decoder.decode(documentText(implementation)), again != actual {
                violations.append(
                    (.decInvRoundTrip, "decoding the implementation's own canonical form again changes it"))
            }
        }
        // Blamed as the run blamed it (the implementation asked again where that decides it).
        let rules =
            (try? falsification(document.text, actual: actual, options: options, ask: decoder.decode))??.unitTriggers
            ?? DecodingCheck.broken(trace: trace, expected: expected, actual: actual)
        let shape = DecodingCheck.shape(expected: expected, actual: actual) ?? ""
        let originalNodes = failing.original?.nodeCount ?? document.nodeCount
        let originalBytes = failing.original?.text.utf8.count ?? document.text.utf8.count
        let detail = DocumentFailureDetail(
            document: document.text, expected: expected, actual: actual, labels: document.labels)
        let resolved = rules.compactMap(DecodingRules.named)
        let minimal = isOneMinimal(document.text, decoder: decoder, options: options)
        var record = FailureRecord(
            id: "decoding-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(document.text.utf8))), suite: .decoding,
            description: "\(shape) (\(rules.joined(separator: ", ")))",
            rules: resolved, features: Array(Set(resolved.map(\.feature))).sorted(),
            size: UnitCount(document.nodeCount, UnitCount.Unit(rawValue: "node")),
            originalSize: UnitCount(originalNodes, UnitCount.Unit(rawValue: "node")),
            oneMinimal: minimal ?? false, shrinkCandidates: failing.shrink.calls, divergedAt: "the document",
            input: input(document, originalNodes: originalNodes, originalBytes: originalBytes),
            diffHeading: "Canonical forms", diff: diff(expected, actual),
            violations: violations.map { "\($0.rule): \($0.message)" },
            storyboard: storyboard(
                document.text, expected: expected,
                implementation: Storyboard.Cell(text: outcomeText(actual), style: .preformatted)),
            replay: failing.replay, detail: .encoding(detail))
        // The identity the report merges failures by: the rules broken on the minimal document, and where.
        record.origin = "\(rules.joined(separator: ", ")) (\(shape))"
        return record
    }

    /// One row, the reference's outcome beside the implementation's, under the minimal document.
    static func storyboard(_ text: String, expected: DecodeOutcome, implementation: Storyboard.Cell) -> Storyboard {
        Storyboard(
            columns: ["", "Model (reference decoder)", "Implementation"],
            rows: [
                Storyboard.Row(
                    label: "decoded", diverged: true,
                    cells: [Storyboard.Cell(text: outcomeText(expected), style: .preformatted), implementation])
            ],
            preface: Storyboard.Preface(title: "Minimal document", text: text, formatted: JSONLayout.indented(text)))
    }

    static func input(_ document: GeneratedDocument, originalNodes: Int, originalBytes: Int) -> [String] {
        [
            "A document of \(counted(document.nodeCount, "node")) (\(counted(document.text.utf8.count, "byte"))), shrunk from "
                + "\(counted(originalNodes, "node")) (\(counted(originalBytes, "byte")))", "Minimal document:",
        ] + document.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }

    /// A document the implementation broke down on: the document, and how it broke down.
    static func describeBreakdown(
        _ failing: FailingCase<GeneratedDocument>, error: any Error, expected: DecodeOutcome
    ) throws(Abort) -> FailureRecord {
        guard let kind = Breakdown.kind(of: error) else { throw Abort("\(error)") }
        let document = failing.value
        let message = Breakdown.message(of: error)
        let originalNodes = failing.original?.nodeCount ?? document.nodeCount
        var record = FailureRecord(
            id: "decoding-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(document.text.utf8))), suite: .decoding,
            description: "the implementation broke down on the document: \(kind)", rules: [], features: [],
            size: UnitCount(document.nodeCount, UnitCount.Unit(rawValue: "node")),
            originalSize: UnitCount(originalNodes, UnitCount.Unit(rawValue: "node")), oneMinimal: false,
            shrinkCandidates: failing.shrink.calls, divergedAt: "the document",
            input: input(
                document, originalNodes: originalNodes,
                originalBytes: failing.original?.text.utf8.count ?? document.text.utf8.count),
            diffHeading: "The implementation broke down", diff: message, violations: [],
            storyboard: storyboard(
                document.text, expected: expected,
                implementation: Storyboard.Cell(note: "broke down", alert: true, text: message)),
            replay: failing.replay,
            detail: .encoding(
                DocumentFailureDetail(
                    document: document.text, expected: expected,
                    actual: .error(FlowDecodeError(code: "breakdown", message: message)), labels: document.labels)))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(
            message: message, stderrTail: (error as? any BreakdownDescribing)?.stderrTail ?? [])
        return record
    }

    package static func summary(_ outcome: DecodeOutcome) -> String {
        switch outcome {
        case .flow(let flow): return "a flow of \(counted(flow.nodes.count, "node"))"
        case .error(let error): return error.code
        }
    }

    /// The named invariants, checked on the implementation's output against the reference's.
    static func invariants(
        _ reference: CanonicalFlow, _ implementation: CanonicalFlow, malformedChildren: Bool
    ) -> [(rule: String, message: String)] {
        var found: [(String, String)] = []
        let implNodes = Dictionary(implementation.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for node in reference.nodes where node.supported && implNodes[node.id] == nil {
            found.append(
                (
                    .decInvSupportedNodes,
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
                            .decInvUnknownSiblings,
                            "\"\(sibling.id)\", a sibling of an unknown component in \"\(parent)\" on screen \"\(node.id)\", is missing"
                        ))
                }
            }
            if malformedChildren {
                for id in componentIDs(layout) where !implIDs.contains(id) {
                    found.append(
                        (
                            .decInvMalformedSiblings,
                            "component \"\(id)\" on screen \"\(node.id)\" is missing next to a malformed child"
                        ))
                }
            }
        }
        return found
    }

    static func componentIDs(_ component: CanonicalFlow.Component) -> [String] {
        [component.id] + component.children.flatMap(componentIDs)
    }

    static func families(_ component: CanonicalFlow.Component) -> [(String, [CanonicalFlow.Component])] {
        [(component.id, component.children)] + component.children.flatMap(families)
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
