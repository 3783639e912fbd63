package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import FlowSchema
package import Foundation
package import JSON
package import PropertyTesting

/// The decoding suite: generated flow documents, decoded by the reference decoder (with the declared
/// component types and migrations) and by the implementation, whose canonical forms must agree (DEC- rules).
package struct DecodingSuite: ConformanceSuite {
    package var suite: Suite { .decoding }
    package var summary: String { "lenient decoding of flow documents (DEC- rules)" }
    package var unit: UnitCount.Unit { .document }
    package var seedSalt: UInt64 { 3 }
    package var rules: [Rule] { DecodingRules.all }
    package var requiredProtocol: String { "DecodingImplementation" }

    /// Creates the suite.
    package init() {}

    package func subject(_ implementation: any Implementation) -> (any DecodingImplementation)? {
        implementation as? any DecodingImplementation
    }

    package func goldenCases(in corpus: URL) -> GoldenCases? { DecodingCorpus.goldenCases(in: corpus) }

    package func problem(with capabilities: Capabilities) -> String? {
        do { _ = try capabilities.section(DecodingCapabilities.self) } catch { return "\(error)" }
        return nil
    }

    package func recordedSection(of capabilities: Capabilities) -> [String: JSONValue] { capabilities.decoding.fields }

    package func scope(_ capabilities: Capabilities) -> [String] {
        let decoding = capabilities.decoding
        return [
            "component types: "
                + (decoding.componentTypes.isEmpty ? "none" : decoding.componentTypes.joined(separator: ", ")),
            "content migrations (versions 1 to 7): " + (decoding.migrations ? "yes" : "no"),
        ]
    }

    package func notCertified(_ capabilities: Capabilities) -> [String] {
        capabilities.decoding.migrations
            ? [] : ["content migrations (not declared: only version-8 documents were given)"]
    }

    package func uncertifiedRules(_ capabilities: Capabilities) -> [String] {
        capabilities.decoding.migrations ? [] : [.decMigrate]
    }

    package func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<GeneratedDocument> {
        DocumentGenerator(capabilities: capabilities).documents
    }

    package func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        DocumentGenerator.requiredLabels(for: capabilities)
    }

    package func runLabels(_ value: GeneratedDocument) -> [String] { value.labels }

    package func unitLabels(_ value: GeneratedDocument) -> [String] { [Self.unitLabel] }

    /// Every document's one unit label, by position in a table every document shares: counted into the coverage table
    /// without hashing its name, on the engine's thread, at every run.
    package func unitLabelCounts(_ value: GeneratedDocument) -> LabelCounts { Self.documentUnit }

    /// A document's one unit label.
    static let unitLabel = "document"
    static let documentUnit = LabelCounts(table: [unitLabel], positions: [0], counts: [1])

    package func triggers(_ value: GeneratedDocument, capabilities: Capabilities) -> TriggerCounts {
        let trace = DecodingAnalysis.reference(
            value.text, parsed: value.parsed, memo: value.reference, options: capabilities.decoderOptions
        ).trace
        // By position in the rules' list, shared by every document: counted into the coverage table without a
        // dictionary made and merged by name for each document. The reference decoder names catalogued rules only
        // (DecodingRuleTests checks its sources).
        var counts = [Int](repeating: 0, count: Self.ruleIDs.count)
        for rule in trace.hits.lazy.map(\.rule) + (trace.fatal.map { [$0] } ?? []) {
            guard let position = Self.rulePositions[rule] else {
                preconditionFailure("the reference decoder named \(rule), which is not a catalogued decoding rule")
            }
            counts[position] = 1
        }
        return TriggerCounts(names: Self.ruleIDs, counts: counts)
    }

    /// The decoding rules' IDs, the one list every document's trigger counts share.
    static let ruleIDs = DecodingRules.all.map(\.id)
    static let rulePositions = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($0.element, $0.offset) })

    package func check(
        _ value: GeneratedDocument, on subject: any DecodingImplementation, capabilities: Capabilities
    ) throws -> Falsification? {
        try DecodingAnalysis.falsification(
            value.text, parsed: value.parsed, memo: value.reference, actual: try subject.decode(value.text),
            options: capabilities.decoderOptions, ask: subject.decode)
    }

    package func refine(
        _ counterexample: Counterexample<GeneratedDocument>, property: Property<GeneratedDocument>,
        capabilities: Capabilities, context: SuiteContext, configuration: Configuration
    ) -> Counterexample<GeneratedDocument> {
        let origin = counterexample.origin
        let options = capabilities.decoderOptions
        // Twice: the second pass keeps to the rules the first pass's result falls under, so the document is 1-minimal
        // in the sense the record states (no edit keeps the failure without bringing in a rule of its own).
        var text = counterexample.value.text
        var calls = 0
        // Two edits can make the same candidate (removing an array's only element, emptying the array): each text is
        // judged once in a pass, where the rules it is held to are the same. A text refused in the first pass is
        // refused in the second too: the second pass's rules are those of a document the first one kept, no more.
        var judged: [String: Bool] = [:]
        let start = (try? property.judge(counterexample.value)) ?? nil
        let startBlame = Set(start?.unitTriggers ?? [])
        // An envelope is no part of the cause where the flow it holds fails alone, of the same rules (the rules a
        // document falls under change with it: inside an envelope refused, the flow's own were never reached).
        if !startBlame.isEmpty,
            let hoisted = Self.hoisted(
                text,
                judge: { candidate in
                    calls += 1
                    return Set((try? property.judge(candidate))??.unitTriggers ?? []) == startBlame
                })
        {
            text = hoisted
        }
        for _ in 0..<2 {
            let rules = DecodingAnalysis.triggered(text, options: options)
            judged = judged.filter { !$0.value }
            // Lone surrogate halves do not survive a parse (they read as U+FFFD): edited as markers, each candidate
            // is judged with them written back, so that a failure they cause is minimized too.
            let marked = LoneSurrogates.marked(in: text)
            var minimizer = DocumentMinimizer { written, value in
                let candidateText = marked == nil ? written : LoneSurrogates.unmarked(written)
                if let known = judged[candidateText] { return known }
                // The reference decoder reads the candidate from its value: the text is not parsed again for it.
                if marked == nil { DecodingAnalysis.remember(candidateText, parsed: value, options: options) }
                let candidate = GeneratedDocument(
                    text: candidateText, labels: counterexample.value.labels, nodeCount: 0)
                let falsification = (try? property.judge(candidate)) ?? nil
                // A search for one rule's own failure keeps to documents blamed on that rule, and on nothing the
                // engine's result was not blamed on (rules other failures name among them).
                let blamed = Set(falsification?.unitTriggers ?? [])
                let onTarget =
                    counterexample.target.map { blamed.contains($0) && blamed.isSubset(of: startBlame) } ?? true
                // A failure is its cause: another symptom of the same rules alone (a refusal where the document's
                // envelope is refused otherwise, the envelope gone) is the same failure, smaller.
                let sameCause = !startBlame.isEmpty && blamed == startBlame
                let fails =
                    (falsification?.origin == origin || sameCause) && onTarget
                    && DecodingAnalysis.triggered(candidateText, options: options).isSubset(of: rules)
                judged[candidateText] = fails
                return fails
            }
            guard let minimal = minimizer.minimize(marked ?? text) else { break }
            calls += minimizer.calls
            text = JSONWriter.write(minimal, sortedKeys: false)
            if marked != nil { text = LoneSurrogates.unmarked(text) }
        }
        guard text != counterexample.value.text, let minimal = try? JSONParser.parse(text) else {
            return counterexample
        }
        var refined = counterexample
        refined.value = GeneratedDocument(
            text: text, labels: counterexample.value.labels, nodeCount: DecodingAnalysis.nodeCount(minimal))
        refined.shrink.calls += calls
        return refined
    }

    /// The first object at the top of `text` that fails alone, as `judge` says; `nil` when none does.
    static func hoisted(_ text: String, judge: (GeneratedDocument) -> Bool) -> String? {
        let marked = LoneSurrogates.marked(in: text)
        guard let root = try? JSONParser.parse(marked ?? text), let pairs = root.objectPairs else { return nil }
        for pair in pairs where pair.value.isObject {
            let written = JSONWriter.write(pair.value, sortedKeys: false)
            let candidate = marked == nil ? written : LoneSurrogates.unmarked(written)
            if judge(GeneratedDocument(text: candidate, labels: [], nodeCount: 0)) { return candidate }
        }
        return nil
    }

    package func describe(
        _ failing: FailingCase<GeneratedDocument>, on subject: any DecodingImplementation,
        capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        try DecodingAnalysis.describe(failing, decoder: subject, options: capabilities.decoderOptions)
    }
}
