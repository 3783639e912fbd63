public import ConformanceRules
public import FlowCheckCore
public import FlowCheckRecords
public import Foundation
public import GoldenCorpus
public import JSON
public import PropertyTesting

/// A family of rules the kit certifies: its generator, its rules, its required coverage, how it checks
/// one generated case against an implementation, and how it describes a failure.
///
/// The runner, the records and the reports are generic over suites; a suite of the kit is a module of its own under
/// `Sources/Suites` and one line in `SuiteRegistry`, and one written elsewhere runs through
/// ``ConformanceRunner/init(implementation:options:registry:)``. Every requirement but the suite's identity, its
/// generator, its check and its failure description has a default.
public protocol ConformanceSuite: Sendable {
    /// One generated case, such as a run plan or a document.
    associatedtype Case: Sendable
    /// What the suite drives: the implementation, seen through the protocol the suite needs.
    associatedtype Subject

    /// The suite's name.
    var suite: Suite { get }
    /// What the suite checks, in one line (for help texts).
    var summary: String { get }
    /// What one checked unit is: a step, a document.
    var unit: UnitCount.Unit { get }
    /// What a rule's trigger count counts, when not `unit` (`nil`: the unit).
    var triggerUnit: UnitCount.Unit? { get }
    /// A stable number mixed into the suite's seed, so that `--suite X --seed S` replays what suite X did
    /// in a run of every suite with seed S. Unique per suite.
    var seedSalt: UInt64 { get }
    /// Every rule the suite judges.
    var rules: [Rule] { get }
    /// The features its rules and golden cases belong to, which a skip list may name; by default its rules' features.
    var features: [String] { get }
    /// The implementation protocol the suite needs, named for error messages (`NavigationImplementation`).
    var requiredProtocol: String { get }

    /// The implementation seen as this suite's subject, or `nil` when it does not conform to what the suite needs.
    func subject(_ implementation: any Implementation) -> Subject?
    /// A declared capability the suite cannot run with, in one sentence; `nil` when it can run.
    func problem(with capabilities: Capabilities) -> String?
    /// What the suite leaves uncertified for these capabilities, one sentence each.
    func notCertified(_ capabilities: Capabilities) -> [String]
    /// Whether an app spec (`--spec`) steers the suite's generator.
    var followsSpec: Bool { get }
    /// The IDs of the suite's rules that these capabilities put out of scope: never generated, so never "held".
    func uncertifiedRules(_ capabilities: Capabilities) -> [String]
    /// The same, when the run's context (its spec) decides too; by default, ``uncertifiedRules(_:)``.
    func uncertifiedRules(_ capabilities: Capabilities, context: SuiteContext) -> [String]
    /// What the suite leaves uncertified when the run's context decides too; by default, ``notCertified(_:)``.
    func notCertified(_ capabilities: Capabilities, context: SuiteContext) -> [String]
    /// The generator of cases for these capabilities.
    func generator(_ capabilities: Capabilities, context: SuiteContext) -> Gen<Case>
    /// The coverage labels a run must exercise, given what the implementation declared.
    func requiredCoverage(_ capabilities: Capabilities, context: SuiteContext) -> [String]
    /// A case's labels counted once per run (such as the spec navigations it performs).
    func runLabels(_ value: Case) -> [String]
    /// A case's labels, one per checked unit: the coverage table counts units by them.
    func unitLabels(_ value: Case) -> [String]
    /// The labels of a case's units, each once with its number of units (by default, counted from ``unitLabels(_:)``).
    func unitLabelCounts(_ value: Case) -> LabelCounts
    /// How many of the case's units fall under each rule's trigger (the rule's ID): a rule is held only when enough
    /// units did.
    func triggers(_ value: Case, capabilities: Capabilities) -> TriggerCounts
    /// How the implementation disagrees with the model on the case, with an origin naming the cause (the rules
    /// broken and the kind of step or element); `nil` when it agrees. The implementation's own errors propagate: the
    /// runner makes them breakdowns. An ``Abort`` ends the suite as errored.
    func check(_ value: Case, on subject: Subject, capabilities: Capabilities) throws -> Falsification?
    /// For generated runs: draws a case and checks it on `subject` in the same pass, as ``generator(_:context:)`` and
    /// ``check(_:on:capabilities:)`` would one after the other; `nil` (the default) when the suite has no such pass or
    /// `subject` must be handed whole cases.
    func checkWhileGenerating(
        _ capabilities: Capabilities, context: SuiteContext, on subject: Subject
    ) -> CheckWhileGenerating<Case>?
    /// A last pass over the shrunk counterexample (the engine's shrinking comes first); by default, none.
    func refine(
        _ counterexample: Counterexample<Case>, property: Property<Case>, capabilities: Capabilities,
        context: SuiteContext, configuration: Configuration
    ) -> Counterexample<Case>
    /// The failure record of a minimal counterexample, replayed: rules broken, diff, storyboard, replay; or, when the
    /// implementation breaks down on it, the breakdown.
    func describe(
        _ failing: FailingCase<Case>, on subject: Subject, capabilities: Capabilities
    ) throws(Abort) -> FailureRecord
    /// The suite's own capability fields as a record keeps them, every one written (``CapabilitySection``); by
    /// default, none.
    func recordedSection(of capabilities: Capabilities) -> [String: JSONValue]
    /// What the suite's capabilities cover, one line per dimension, for a certificate.
    func scope(_ capabilities: Capabilities) -> [String]
    /// For a spec-driven run: what else than navigations the suite exercised of the spec; by default, nothing.
    func recordSpecCoverage(_ plan: SpecPlan, seen: Set<String>, into coverage: inout SpecCoverage?)
    /// The suite's golden cases in a corpus folder; `nil` (the default) when it has none, or another suite's format
    /// reads its folder (the navigation suite's reads `session` too).
    func goldenCases(in corpus: URL) -> GoldenCases?
    /// Whether the kit's corpus can hold golden cases for this suite, which certification then requires; `false` for
    /// a suite whose cases would be one app's own (the server suite's are sessions of one spec). By default, `true`.
    var hasGoldenCases: Bool { get }
    /// Saving a failure of this suite as a golden case in `folder`; `nil` (the default) when it has no format.
    func goldenCaseSaver(for failure: FailureRecord, into folder: URL) -> (() throws -> SaveOutcome)?
}

extension ConformanceSuite {
    public var triggerUnit: UnitCount.Unit? { nil }

    public var features: [String] { rules.map(\.feature) }

    public func unitLabelCounts(_ value: Case) -> LabelCounts { LabelCounts(unitLabels(value)) }

    public func refine(
        _ counterexample: Counterexample<Case>, property: Property<Case>, capabilities: Capabilities,
        context: SuiteContext, configuration: Configuration
    ) -> Counterexample<Case> {
        counterexample
    }

    public func checkWhileGenerating(
        _ capabilities: Capabilities, context: SuiteContext, on subject: Subject
    ) -> CheckWhileGenerating<Case>? {
        nil
    }

    public func runLabels(_ value: Case) -> [String] { [] }

    public func problem(with capabilities: Capabilities) -> String? { nil }

    public func uncertifiedRules(_ capabilities: Capabilities) -> [String] { [] }

    public func uncertifiedRules(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        uncertifiedRules(capabilities)
    }

    public func notCertified(_ capabilities: Capabilities, context: SuiteContext) -> [String] {
        notCertified(capabilities)
    }

    public var followsSpec: Bool { false }

    public func recordedSection(of capabilities: Capabilities) -> [String: JSONValue] { [:] }

    public func scope(_ capabilities: Capabilities) -> [String] { [] }

    public func recordSpecCoverage(_ plan: SpecPlan, seen: Set<String>, into coverage: inout SpecCoverage?) {}

    public func goldenCases(in corpus: URL) -> GoldenCases? { nil }

    public var hasGoldenCases: Bool { true }

    public func goldenCaseSaver(for failure: FailureRecord, into folder: URL) -> (() throws -> SaveOutcome)? { nil }
}

extension Capabilities {
    /// The capabilities as a record keeps them: the section of each declared suite written whole, with its defaults,
    /// and no field that no declared suite reads.
    package func recorded(by suites: [any ConformanceSuite]) -> Capabilities {
        var recorded = self
        recorded.sections = [:]
        for suite in suites where self.suites.contains(suite.suite) {
            recorded.sections.merge(suite.recordedSection(of: self)) { first, _ in first }
        }
        return recorded
    }
}

/// Draws a case from a source and checks it as it goes: the case, and what ``ConformanceSuite/check(_:on:capabilities:)``
/// returns or throws for it.
public typealias CheckWhileGenerating<Case> =
    (ChoiceSource) throws(ChoiceSource.Stop) -> (value: Case, verdict: Result<Falsification?, any Error>)

/// What a suite needs to know about the run besides the capabilities.
public struct SuiteContext: Sendable {
    /// The most steps in one generated case.
    public var maxSteps: Int
    /// The app spec that steers destinations, when the run is spec-driven.
    public var spec: SpecPlan?

    /// Creates a context.
    package init(maxSteps: Int, spec: SpecPlan? = nil) {
        self.maxSteps = maxSteps
        self.spec = spec
    }
}

/// A minimal failing case and what the description of its failure needs.
public struct FailingCase<Case: Sendable>: Sendable {
    /// The shrunk case.
    public var value: Case
    /// The case that first failed, before shrinking, when it could be regenerated.
    public var original: Case?
    /// What shrinking cost.
    public var shrink: ShrinkStatistics
    /// The one command that replays the suite.
    public var replay: String
    /// For a case searched for one rule (``Counterexample/target``): that rule. It may be broken only at a later
    /// divergence than the case's first, which the description then shows.
    public var target: String?
}

/// Lets the engine's `@Sendable` test closure reach a class-bound implementation.
/// The engine runs a check on one thread, so the implementation is never shared between threads.
final class SubjectBox<Subject>: @unchecked Sendable {
    let subject: Subject

    init(_ subject: Subject) { self.subject = subject }
}
