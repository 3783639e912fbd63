import ArgumentParsing
import FlowCheckCore
import FlowCheckGating
import FlowCheckRecords
import PropertyTesting

/// `--skip`, `--baseline` and `--update-baseline`: how a CI pipeline gates on a run.
struct GatingOptions {
    static let skip = TypedOption<String>.text(
        "skip", value: "file", help: "A skip list: cases and features not to judge, each with a reason.")
    static let baseline = TypedOption<String>.text(
        "baseline", value: "file",
        help: "Expected failures: exit 1 only for failures not in it, or entries that now pass or no longer exist.")
    static let options = [skip.definition, baseline.definition]
    static let flags: [CommandDefinition.Flag] = [
        .init("update-baseline", help: "Write this run's failures to the --baseline file instead of gating on it.")
    ]
    /// `--strict`, for the commands that run suites.
    static let strictFlag = CommandDefinition.Flag(
        "strict", help: "Hold the implementation to SHOULD rules as to MUST rules: a deviation from one fails the run.")

    /// `--shard i/n`, shared by `run` and `corpus run`.
    static let shard = TypedOption<Shard>(
        "shard", value: "i/n", help: "Run only shard i of n; merge the shards' --json files with `flowcheck report`.",
        expects: "i/n with 1 ≤ i ≤ n, such as 2/4"
    ) { Shard($0) }

    var skipList = SkipList()
    var baselinePath: String?
    var baseline: Baseline?
    var updateBaseline = false

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        if let path = try parsed.value(Self.skip) {
            do { skipList = try SkipList.load(path) } catch {
                throw ArgumentError(code: .invalidValue, message: "--skip \(error)", commandPath: parsed.commandPath)
            }
        }
        baselinePath = try parsed.value(Self.baseline)
        updateBaseline = parsed.flag("update-baseline")
        if updateBaseline && baselinePath == nil {
            throw ArgumentError(
                code: .missingValue, message: "--update-baseline needs --baseline <file> to write",
                commandPath: parsed.commandPath)
        }
        // Read before anything runs: a missing or broken baseline is a usage error, not a surprise after the run.
        if let baselinePath, !updateBaseline {
            do { baseline = try Baseline.load(baselinePath) } catch {
                throw ArgumentError(
                    code: .invalidValue, message: "--baseline \(error)", commandPath: parsed.commandPath)
            }
        }
    }

    /// The exit code for a run: its verdict, through the skip list and the baseline.
    func exitCode(_ record: RunRecord, console: Console) -> ExitCode {
        var gate = Gate(skip: skipList)
        if updateBaseline, let path = baselinePath {
            let decision = gate.decide(record)
            decision.lines.forEach(console.out)
            guard OutputOptions.write(Baseline(expectedFailures: decision.judged).fileText, to: path, console: console)
            else { return .failure }
            console.out("wrote \(path): \(counted(decision.judged.count, "expected failure"))")
            return record.verdict.overall == .errored || record.verdict.overall == .insufficientCoverage
                ? .failure : .success
        }
        gate.baseline = baseline
        let decision = gate.decide(record)
        decision.lines.forEach(console.out)
        if gate.baseline != nil || !skipList.skip.isEmpty {
            // The gate may pass a run whose verdict is not conforming: say so, so the exit code never contradicts the output.
            let source = gate.baseline != nil ? "the baseline" : "the skip list"
            console.out(
                "Gate: \(decision.passed ? "PASSED" : "FAILED") by \(source) (exit \(decision.passed ? 0 : 1)); "
                    + "the verdict stays \(record.verdict.overall.title).")
        }
        return decision.passed ? .success : .failure
    }
}
