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

    /// The run's record with the gate's decision on it, taken before any report is written so that every format
    /// shows the gate beside the verdict. Without `--skip` or `--baseline`, or while writing a baseline, the record
    /// is returned as it is (a record read back keeps the gate it was written with).
    func gated(_ record: RunRecord) -> (record: RunRecord, decision: Gate.Decision?) {
        guard baselinePath != nil || !skipList.skip.isEmpty else { return (record, nil) }
        let decision = Gate(skip: skipList, baseline: updateBaseline ? nil : baseline).decide(record)
        var record = record
        if !updateBaseline { record.gate = decision.record }
        return (record, decision)
    }

    /// The exit code for a run gated by ``gated(_:)``: the gate's decision where there is one (printed, with the
    /// baseline written when asked), else the gate the record carries, else the verdict.
    func exitCode(_ record: RunRecord, decision: Gate.Decision?, console: Console) -> ExitCode {
        let title = record.verdict.overall.title
        guard let decision else {
            if let gate = record.gate {
                console.out(gate.sentence(verdict: title))
                return gate.passed ? .success : .failure
            }
            return Gate().decide(record).passed ? .success : .failure
        }
        decision.lines.forEach(console.out)
        if updateBaseline, let path = baselinePath {
            let baseline = Baseline(
                expectedFailures: decision.judged.map { .init(cause: $0.cause, example: $0.id, replay: $0.replay) })
            guard OutputOptions.write(baseline.fileText, to: path, console: console) else { return .failure }
            console.out("wrote \(path): \(counted(baseline.expectedFailures.count, "expected failure"))")
            // A run the gate cannot judge whole fails it whatever the baseline expects: said now, not at the next
            // run that reads the baseline.
            if let blocked = decision.blocked {
                console.err(
                    "flowcheck: the run has \(blocked == "errored" ? "errored" : "insufficient coverage"), which fails "
                        + "a gated run whatever its baseline expects"
                        + (blocked == "errored" ? "" : "; run more (--runs)"))
                return .failure
            }
            return .success
        }
        // The gate may pass a run whose verdict is not conforming: say so, so the exit code never contradicts the
        // output.
        if let gate = record.gate { console.out(gate.sentence(verdict: title)) }
        return decision.passed ? .success : .failure
    }
}
