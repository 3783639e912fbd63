import ConformanceRules
import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import FlowSchema
import Foundation
import PropertyTesting
import SampleImplementations
import Synchronization
import Testing

/// The rules each decoder mutant's run must name, exactly, over all its failures (default settings, seed 1).
let expectedDecodingRules = DecoderBug.brokenRules

/// A mutant's rules that a run may leave unresolved (never held) instead of naming: every document that shows the
/// rule falls under another rule the mutant breaks, so no case is the rule's alone. depthCountsProps's wrong error
/// code needs deep props, which are DEC-DEPTH's; a seed may or may not draw a resolve response whose deep props the
/// reference never meets.
let mayStayUnresolved: [DecoderBug: Set<String>] = [.depthCountsProps: ["DEC-SCHEMA-VERSION"]]

@Suite("Decoding suite")
struct DecodingRunnerTests {
    @Test(
        "The sample decoder conforms with default settings, every required document kind exercised",
        arguments: [UInt64(1), 2, 3])
    func sampleConforms(seed: UInt64) throws {
        let result = try ConformanceRunner(
            implementation: SampleFlowDecoder(), options: .init(seed: seed, suites: [.decoding])
        ).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        #expect(result.verdict.suites[0].runs == 400 && result.verdict.exercised == [UnitCount(400, .document)])
    }

    @Test(
        "Decoders with several bugs, some of one symptom: every bug named under a failure of its own, none held",
        arguments: zip([ManyBugMutant.decoder, .sameSymptom], [1, 2] as [UInt64]))
    func manyBugsOneRun(mutant: ManyBugMutant, seed: UInt64) throws {
        let bugs = mutant.decoderBugs
        let result = try ConformanceRunner(implementation: SampleFlowDecoder(bugs: bugs), options: .init(seed: seed))
            .run()
        let record = try #require(result.suites.first)
        let statuses = Dictionary(
            uniqueKeysWithValues: record.ruleStatuses(failures: result.failures).map { ($0.rule.id, $0) })
        for bug in bugs {
            let own = try #require(expectedDecodingRules[bug])
            // Never called held: its documents diverged.
            for rule in own { #expect(statuses[rule]?.standing != .held, "\(bug): \(rule) held") }
        }
        // Nothing named that none of the bugs breaks alone.
        let named = Set(result.failures.flatMap(\.ruleIDs))
        let planted = Set(bugs.flatMap { expectedDecodingRules[$0] ?? [] })
        #expect(named.isSubset(of: planted), "\(mutant): \(result.failures.map(\.ruleIDs))")
        // Every bug is named under a failure of its own, also where five reject the same documents the same way.
        let missed = bugs.filter { named.isDisjoint(with: expectedDecodingRules[$0] ?? []) }
        #expect(missed.isEmpty, "\(mutant): \(missed) missed; named \(result.failures.map(\.ruleIDs))")
    }

    @Test(
        "Every decoder mutant is caught: exactly its rules named, every counterexample 1-minimal and at its known size",
        arguments: DecoderBug.allCases)
    func mutantCaught(bug: DecoderBug) throws {
        let result = try ConformanceRunner(implementation: SampleFlowDecoder(bug: bug), options: .init(seed: 1)).run()
        let expected = expectedDecodingRules[bug] ?? []
        let named = Set(result.failures.flatMap(\.ruleIDs))
        #expect(!named.isEmpty && named.isSubset(of: expected), "\(bug): \(named)")
        #expect(expected.subtracting(named).isSubset(of: mayStayUnresolved[bug] ?? []), "\(bug): \(named)")
        // An unresolved rule fails nothing: the verdict follows the rules named.
        #expect(result.verdict.overall == expectedVerdict(breaking: named), "\(bug)")
        let statuses = try #require(result.suites.first).ruleStatuses(failures: result.failures)
        for status in statuses where expected.subtracting(named).contains(status.rule.id) {
            #expect(status.standing == .unresolved, "\(bug): \(status.rule.id) is \(status.standing)")
        }
        for failure in result.failures(of: .decoding) {
            let detail = try #require(failure.detail.decoded(as: DocumentFailureDetail.self))
            #expect(failure.size.value <= bug.minimalNodes, "\(bug): \(failure.size)\n\(detail.document)")
            // 1-minimal: no single edit keeps the same divergence without bringing in a rule of its own. (The
            // record's claim is checked again from its document alone in `oneMinimalFromTheRecord`.)
            #expect(failure.oneMinimal, "\(bug): \(detail.document)")
            #expect(!detail.expected.agrees(with: detail.actual))
            #expect(failure.replay.hasPrefix("seed 1, suite decoding, run ") && failure.replay.hasSuffix(" alone"))
            #expect(
                try replayed(failure, on: SampleFlowDecoder(bug: bug)).contains { $0.origin == failure.origin },
                "\(bug): \(failure.replay)")
        }
    }

    @Test(
        "A counterexample's 1-minimality holds when checked again from the record's document alone",
        arguments: [DecoderBug.unknownTypeDropsSiblings, .depthLimit64, .duplicateEdgeIDsKept])
    func oneMinimalFromTheRecord(bug: DecoderBug) throws {
        let result = try ConformanceRunner(implementation: SampleFlowDecoder(bug: bug), options: .init(seed: 1)).run()
        let failures = result.failures(of: .decoding)
        #expect(!failures.isEmpty)
        for failure in failures {
            let detail = try #require(failure.detail.decoded(as: DocumentFailureDetail.self))
            #expect(
                DecodingAnalysis.isOneMinimal(
                    detail.document, decoder: SampleFlowDecoder(bug: bug),
                    options: SampleFlowDecoder(bug: bug).capabilities.decoderOptions) == true,
                "\(bug): \(detail.document)")
        }
    }

    @Test(
        "The named invariants: an unknown component never removes its siblings; a malformed child never removes its siblings"
    )
    func invariants() throws {
        let dropsSiblings = try ConformanceRunner(
            implementation: SampleFlowDecoder(bug: .unknownTypeDropsSiblings),
            options: .init(seed: 1)
        ).run().failures
        #expect(dropsSiblings.contains { $0.violations.contains { $0.hasPrefix("DEC-INV-UNKNOWN-SIBLINGS") } })
        let dropsParent = try ConformanceRunner(
            implementation: SampleFlowDecoder(bug: .malformedChildDropsParent),
            options: .init(seed: 1)
        ).run().failures
        #expect(dropsParent.contains { $0.violations.contains { $0.hasPrefix("DEC-INV-MALFORMED-SIBLINGS") } })
    }

    @Test("A failing flow of 2,000 nodes shrinks to a handful")
    func largeFlowShrinks() throws {
        let capabilities = Capabilities.fullDecoder
        let generator = DocumentGenerator(capabilities: capabilities, maxNodes: 2_000, averageNodes: 100_000)
        let options = capabilities.decoderOptions
        // A fast decoder that disagrees: the reference decoder of an SDK that does not know `image`.
        var withoutImage = options
        withoutImage.componentTypes.removeAll { $0 == "image" }
        let narrower = withoutImage
        let fails: @Sendable (GeneratedDocument) throws -> Bool = { document in
            ReferenceFlowDecoder.decode(document.text, options: options).agrees(
                with: ReferenceFlowDecoder.decode(document.text, options: narrower))
        }
        let property = Property(generator.documents, fails)
        // The first seed whose document is large and fails: shrink from exactly its choices.
        var start: (choices: [UInt64], nodes: Int)?
        for seed in UInt64(0)..<40 where start == nil {
            let source = ChoiceSource.random(seed: seed, maxChoices: 2_000_000)
            let document = try generator.documents.run(source)
            if document.nodeCount == 2_000, try !fails(document) { start = (source.choices, document.nodeCount) }
        }
        let large = try #require(start, "no large failing document among the seeds")
        let shrunk = try #require(
            property.shrink(from: large.choices, configuration: Configuration(seed: 0, maxChoices: 2_000_000)))
        #expect(shrunk.value.nodeCount <= 3, "\(large.nodes) nodes shrunk to \(shrunk.value.nodeCount)")
    }

    @Test("Generated documents are deterministic and cover what the capabilities allow")
    func generator() throws {
        let generator = DocumentGenerator(capabilities: .fullDecoder)
        #expect(try generator.documents.example(seed: 9) == generator.documents.example(seed: 9))
        let noMigrations = DocumentGenerator(capabilities: Capabilities(suites: [.decoding]))
        for seed in UInt64(0)..<200 {
            let document = try noMigrations.documents.example(seed: seed)
            #expect(
                !document.labels.contains { (1...7).map { "version:\($0)" }.contains($0) },
                "no version to migrate from without migrations")
        }
        #expect(!DocumentGenerator.requiredLabels(for: noMigrations.capabilities).contains("version:3"))
    }

    @Test("A judged document keeps the reference decoder's reading, and its triggers are those of its text")
    func referenceMemo() throws {
        let suite = DecodingSuite()
        let decoder = SampleFlowDecoder()
        let capabilities = decoder.capabilities
        let generator = DocumentGenerator(capabilities: capabilities)
        for seed in UInt64(0)..<60 {
            let document = try generator.documents.example(seed: seed)
            let memo = try #require(document.reference)
            #expect(memo.decoded == nil)
            _ = try suite.check(document, on: decoder, capabilities: capabilities)
            #expect(
                memo.decoded?.outcome
                    == ReferenceFlowDecoder.decode(document.text, options: capabilities.decoderOptions))
            var trace = DecodeTrace()
            _ = ReferenceFlowDecoder.decode(document.text, options: capabilities.decoderOptions, trace: &trace)
            let fromText = Set(trace.rules)
            #expect(Set(suite.triggers(document, capabilities: capabilities).byName.keys) == fromText, "seed \(seed)")
        }
    }

    @Test(
        "The built-in decoder returns on numbers no Double holds, where a lenient array once looped forever",
        arguments: ["1e400", "-1e400", "[1e400]", "{\"a\": 1e400}"])
    func unrepresentableNumber(value: String) throws {
        let text = """
            {"schema_version": 1, "flow_schema": {"id": "f", "entryNodeId": "s", "version": 8, "nodes": [\(value), \
            {"id": "s", "kind": "screen", "props": {"n": \(value)}, "layout": {"id": "c", "type": "text", \
            "children": [\(value), {"id": "d", "type": "text"}]}}], "edges": [\(value)], "variables": [\(value)]}}
            """
        let outcome = Mutex<DecodeOutcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome.withLock { $0 = try? SampleFlowDecoder().decode(text) }
            done.signal()
        }
        // A hang fails here after a bound, rather than hanging the test run.
        #expect(done.wait(timeout: .now() + 20) == .success, "the decoder did not return within 20 s")
        #expect(
            outcome.withLock { $0 }
                == ReferenceFlowDecoder.decode(text, options: SampleFlowDecoder().capabilities.decoderOptions))
    }
}
