import NavigationModel

/// The kit's name and version, as reports and the process protocol give them.
public struct KitInfo: Hashable, Codable, Sendable {
    /// The kit's name.
    public var name: String
    /// The kit's version; the process protocol's hello carries it.
    public var version: String

    /// This kit.
    public static let current = KitInfo(name: "FlowCheck", version: "0.1.0")
}

/// The verdict on an implementation.
public enum ConformanceVerdict: String, Hashable, Codable, Sendable {
    /// Every suite ran its budget, agreed with the model at every step, and exercised every required combination.
    case conforming
    /// A suite found a step where the implementation and the model differ.
    case divergent
    /// Every step agreed, but a required combination was never exercised: not a pass.
    case insufficientCoverage
    /// The implementation could not be run, or broke the protocol.
    case errored
}

/// One row of the coverage table.
public struct CoverageRow: Hashable, Codable, Sendable {
    /// The label, such as `PUSH START_NEW flow-present root-layer owned`.
    public var label: String
    /// Runs that exercised it.
    public var runs: Int
    /// Steps that exercised it.
    public var steps: Int
    /// Whether the capabilities require it.
    public var required: Bool

    /// Creates a row.
    public init(label: String, runs: Int, steps: Int, required: Bool) {
        self.label = label
        self.runs = runs
        self.steps = steps
        self.required = required
    }
}

/// One step of a failure's trace: the command, the model's reply and the implementation's.
public struct StepTrace: Hashable, Codable, Sendable {
    /// The command sent.
    public var command: Command
    /// The reference model's reply.
    public var expected: Reply
    /// The implementation's reply.
    public var actual: Reply
}

/// A minimal counterexample, with everything a report needs.
public struct ConformanceFailure: Hashable, Codable, Sendable {
    /// A stable id derived from the content (suite, profile, initial stack, commands): the same
    /// counterexample always has the same id, so baselines and saved corpus cases can name it.
    public var id: String
    /// The rule that governs the diverging step, and its feature.
    public var governingRule: String
    /// The capability feature the governing rule belongs to.
    public var feature: String
    /// One line saying what diverged.
    public var description: String
    /// The suite that found it.
    public var suite: Suite
    /// The profile.
    public var profile: Profile
    /// The stack the implementation was reset to.
    public var initial: ScreenStack
    /// Every step up to and including the first divergence.
    public var trace: [StepTrace]
    /// The index of the first diverging step (the last of the trace).
    public var divergingStep: Int
    /// The rule IDs broken: those of the invariants the implementation's trace
    /// violates or, when none does, the rule that governs the diverging step.
    public var rules: [String]
    /// The invariants the implementation's trace violates.
    public var violations: [Violation]
    /// The state diff at the diverging step: `-` the model, `+` the implementation.
    public var diff: String
    /// How many steps the failure had before shrinking.
    public var originalSteps: Int
    /// Shrink candidates tried.
    public var shrinkCandidates: Int
    /// Shrink time in milliseconds.
    public var shrinkMilliseconds: Double
    /// Whether deleting any single step makes the divergence disappear.
    public var oneMinimal: Bool
    /// What replays it: a `flowcheck` command line, or for an implementation driven from Swift, an `expectConformance` call.
    public var replay: String

    /// The commands, in order.
    public var commands: [Command] { trace.map(\.command) }
}

/// What one suite found.
public struct SuiteResult: Hashable, Codable, Sendable {
    /// The suite.
    public var suite: Suite
    /// The seed the suite's check used (derived from the run's seed).
    public var seed: UInt64
    /// The suite's verdict.
    public var verdict: ConformanceVerdict
    /// Generated cases run.
    public var runs: Int
    /// Steps run in all.
    public var steps: Int
    /// Wall time of the suite's check.
    public var seconds: Double
    /// Every label seen or required, most exercised first.
    public var coverage: [CoverageRow]
    /// Required labels the suite did not exercise often enough.
    public var missingCoverage: [String]
    /// The minimal counterexample, when the suite diverged.
    public var failure: ConformanceFailure?
    /// The minimal decoding counterexample, when the decoding suite diverged.
    public var decodingFailure: DecodingFailure?
    /// What went wrong, when the implementation could not be run.
    public var error: String?

    /// What the suite ran, in words: `3 runs, 41 steps`, or `400 documents` for the decoding suite,
    /// where one run is one document.
    public var size: String {
        suite == .decoding ? counted(runs, "document") : counted(runs, "run") + ", " + counted(steps, "step")
    }
}

/// Everything a run of the kit found, for every report format.
public struct ConformanceResult: Hashable, Codable, Sendable {
    /// The kit that ran.
    public var kit: KitInfo
    /// Who the implementation says it is.
    public var implementation: ImplementationInfo
    /// What the implementation declared.
    public var capabilities: Capabilities
    /// What was not certified because it was not declared.
    public var notCertified: [String]
    /// The seed every suite's seed derives from.
    public var seed: UInt64
    /// One result per suite, in run order.
    public var suites: [SuiteResult]
    /// For a spec-driven run: the spec and which of its navigations were exercised.
    public var spec: SpecCoverage?

    /// Creates a result; ``spec`` is set afterwards for a spec-driven run.
    public init(kit: KitInfo, implementation: ImplementationInfo, capabilities: Capabilities, notCertified: [String],
                seed: UInt64, suites: [SuiteResult]) {
        self.kit = kit
        self.implementation = implementation
        self.capabilities = capabilities
        self.notCertified = notCertified
        self.seed = seed
        self.suites = suites
    }

    /// The overall verdict: errored, then divergent, then insufficient coverage, else conforming.
    ///
    /// A run in which no suite ran (the implementation declares none of the requested suites)
    /// exercised nothing, so it is insufficient coverage, never a pass.
    public var verdict: ConformanceVerdict {
        if suites.isEmpty { return .insufficientCoverage }
        for verdict in [ConformanceVerdict.errored, .divergent, .insufficientCoverage] where suites.contains(where: { $0.verdict == verdict }) {
            return verdict
        }
        return .conforming
    }

    /// Generated cases run in all suites.
    public var runs: Int { suites.map(\.runs).reduce(0, +) }
    /// Steps run in all suites.
    public var steps: Int { suites.map(\.steps).reduce(0, +) }
    /// Wall time summed over the suites.
    public var seconds: Double { suites.map(\.seconds).reduce(0, +) }
    /// Steps per second over the whole run; 0 when no time passed.
    public var stepsPerSecond: Double { seconds > 0 ? Double(steps) / seconds : 0 }
    /// The navigation counterexamples, one per diverged suite.
    public var failures: [ConformanceFailure] { suites.compactMap(\.failure) }
    /// The decoding counterexamples, at most one.
    public var decodingFailures: [DecodingFailure] { suites.compactMap(\.decodingFailure) }
}
