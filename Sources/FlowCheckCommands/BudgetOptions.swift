import ArgumentParsing
import FlowCheckEngine

import Foundation

/// `--seed`, `--runs`, `--max-steps`, `--time-limit`, `--max-failures` and `--jobs`: how much a run generates, and
/// on how many workers.
struct BudgetOptions {
    static let seed = TypedOption<UInt64>.unsigned(
        "seed", value: "S", help: "The seed every random choice derives from.",
        defaultText: "random, printed")
    static let maxSteps = TypedOption<Int>.integer(
        "max-steps", value: "K", help: "The most steps in one run.", in: 1...10_000,
        default: ConformanceRunner.Options.defaultMaxSteps)
    static let timeLimit = TypedOption<Duration>.duration(
        "time-limit", value: "duration", help: "A wall-clock limit per suite, such as 30s.")
    static let maxFailures = TypedOption<Int>.integer(
        "max-failures", value: "N",
        help: "The most distinct failures each suite looks for and shrinks; it stops at that many.", in: 1...1_000,
        default: ConformanceRunner.Options.defaultMaxFailures)

    static let jobs = TypedOption<Int>.integer(
        "jobs", value: "N",
        help: "Workers per suite, 1 to 256: threads for an in-process ParallelImplementation (others run on one), "
            + "copies of the command for a process implementation; the result is the same for every N.",
        in: 1...256, default: nil, defaultText: "the number of cores")

    /// `--runs`, whose default depends on the command (a certification runs more).
    static func runs(default runs: Int) -> TypedOption<Int> {
        .integer("runs", value: "N", help: "Runs per suite.", in: 1...10_000_000, default: runs)
    }

    /// The options; `jobs` is left out where one worker is all there is (serve: one kit server, one harness).
    static func options(defaultRuns: Int, jobs withJobs: Bool = true) -> [CommandDefinition.Option] {
        [
            seed.definition, runs(default: defaultRuns).definition, maxSteps.definition, timeLimit.definition,
            maxFailures.definition,
        ] + (withJobs ? [jobs.definition] : [])
    }

    var seed: UInt64
    var runs: Int
    var maxSteps: Int
    var timeLimit: Duration?
    var maxFailures: Int
    var jobs: Int

    init(_ parsed: ParsedArguments, defaultRuns: Int) throws(ArgumentError) {
        var generator = SystemRandomNumberGenerator()
        seed = try parsed.value(Self.seed) ?? generator.next()
        runs = try parsed.value(Self.runs(default: defaultRuns), or: defaultRuns)
        maxSteps = try parsed.value(Self.maxSteps, or: ConformanceRunner.Options.defaultMaxSteps)
        timeLimit = try parsed.value(Self.timeLimit)
        maxFailures = try parsed.value(Self.maxFailures, or: ConformanceRunner.Options.defaultMaxFailures)
        jobs = try parsed.value(Self.jobs, or: ProcessInfo.processInfo.activeProcessorCount)
    }
}
