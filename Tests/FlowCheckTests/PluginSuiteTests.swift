import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import Foundation
import JSON
import PropertyTesting
import Testing

// A suite as an author outside the kit writes one, with the public API alone: an implementation protocol, a rule, a
// generator, a check against a reference, a failure description; every other requirement left to its default.

/// What the suite certifies: reversing a string.
protocol Reverser: Implementation {
    func reversed(_ text: String) -> String
}

extension Suite {
    static let reverse = Suite("reverse")
}

struct ReverseSuite: ConformanceSuite {
    static let rule = Rule(
        id: "REV-ORDER", suite: .reverse, level: .must, feature: "order",
        summary: "A string reversed has its characters in the opposite order.", source: "kit example")

    var suite: Suite { .reverse }
    var summary: String { "strings reversed" }
    var unit: UnitCount.Unit { .document }
    var seedSalt: UInt64 { 0x5245_5645_5253_45 }
    var rules: [Rule] { [Self.rule] }
    var requiredProtocol: String { "Reverser" }

    func subject(_ implementation: any Implementation) -> (any Reverser)? { implementation as? any Reverser }
    func notCertified(_ capabilities: Capabilities) -> [String] { [] }
    func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<String> {
        .string(from: ["a", "b", "é", "🙂"], length: 0...8)
    }
    func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String] { ["long"] }
    func unitLabels(_ value: String) -> [String] { value.count > 3 ? ["long"] : [] }
    func triggers(_ value: String, capabilities: Capabilities) -> TriggerCounts { TriggerCounts(["REV-ORDER": 1]) }

    func check(_ value: String, on subject: any Reverser, capabilities: Capabilities) throws -> Falsification? {
        subject.reversed(value) == String(value.reversed())
            ? nil
            : Falsification(origin: "REV-ORDER", message: "\"\(value)\" reversed wrongly", unitTriggers: ["REV-ORDER"])
    }

    func describe(
        _ failing: FailingCase<String>, on subject: any Reverser, capabilities: Capabilities
    ) throws(Abort) -> FailureRecord {
        let actual = subject.reversed(failing.value), expected = String(failing.value.reversed())
        return FailureRecord(
            id: "reverse-" + failing.value, suite: .reverse, description: "REV-ORDER broken", rules: [Self.rule],
            features: ["order"], size: UnitCount(1, .document), originalSize: UnitCount(1, .document), oneMinimal: true,
            shrinkCandidates: failing.shrink.calls, divergedAt: "the string", input: [failing.value],
            diffHeading: "The string reversed", diff: "- \(expected)\n+ \(actual)", violations: [],
            storyboard: Storyboard(columns: [], rows: []), replay: failing.replay,
            detail: .string(failing.value))
    }
}

final class PlainReverser: Reverser {
    let info = ImplementationInfo(name: "plain", version: "1", language: "Swift")
    let capabilities = Capabilities(suites: [.reverse])
    let dropsAccents: Bool
    init(dropsAccents: Bool = false) { self.dropsAccents = dropsAccents }
    func reversed(_ text: String) -> String {
        let reversed = String(text.reversed())
        return dropsAccents ? reversed.replacingOccurrences(of: "é", with: "e") : reversed
    }
}

@Suite("A suite written outside the kit")
struct PluginSuiteTests {
    @Test("It runs through the public runner: a correct implementation conforms, a wrong one fails under its rule")
    func runsThroughThePublicRunner() throws {
        let options = ConformanceRunner.Options(seed: 3, runs: 200)
        let passing = try ConformanceRunner(
            implementation: PlainReverser(), options: options, registry: [ReverseSuite()]
        ).run()
        #expect(passing.verdict.passed, "\(passing.verdict)")
        let failing = try ConformanceRunner(
            implementation: PlainReverser(dropsAccents: true), options: options, registry: [ReverseSuite()]
        ).run()
        let failure = try #require(failing.failures.first)
        #expect(failure.ruleIDs == ["REV-ORDER"] && !failing.verdict.passed)
        // Shrunk to the one character that shows it.
        #expect(failure.input == ["é"], "\(failure.input)")
    }
}
