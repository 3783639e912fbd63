import ArgumentParsing
import FlowCheck
import Foundation
import ProcessProtocol
import PropertyTesting
import SampleImplementations

/// CI gating shared by `run`, `corpus run` and `certify`: the skip list, the baseline, and the exit code.
struct Gating {
    static let options: [CommandDefinition.Option] = [
        .init("skip", value: "file", help: "A skip list: cases and features not to judge, each with a reason."),
        .init("baseline", value: "file", help: "Expected failures: exit 1 only for failures not in it, or entries that now pass or no longer exist."),
    ]
    static let flags: [CommandDefinition.Flag] = [
        .init("update-baseline", help: "Write this run's failures to the --baseline file instead of gating on it."),
    ]

    /// The `--shard i/n` option, shared by `run` and `corpus run`, or `nil` when absent.
    static func shard(_ parsed: ParsedArguments) throws(ArgumentError) -> Shard? {
        guard let text = parsed.value("shard") else { return nil }
        guard let shard = Shard(text) else {
            throw ArgumentError(code: .invalidValue, message: "--shard takes i/n with 1 ≤ i ≤ n, such as 2/4, not \"\(text)\"",
                                commandPath: parsed.commandPath)
        }
        return shard
    }

    var skip = SkipList()
    var baselinePath: String?
    var updateBaseline = false

    init(_ parsed: ParsedArguments) throws(ArgumentError) {
        if let path = parsed.value("skip") {
            do { skip = try SkipList.load(path) } catch {
                throw ArgumentError(code: .invalidValue, message: "\(error)", commandPath: parsed.commandPath)
            }
        }
        baselinePath = parsed.value("baseline")
        updateBaseline = parsed.flag("update-baseline")
        if updateBaseline && baselinePath == nil {
            throw ArgumentError(code: .missingValue, message: "--update-baseline needs --baseline <file> to write", commandPath: parsed.commandPath)
        }
    }

    /// The exit code for a run's failures (each with its id and features).
    func exitCode(failures: [(id: String, features: [String])], insufficientCoverage: Bool, errored: Bool, console: Console) -> ExitCode {
        var judged: [String] = []
        for failure in failures {
            if let reason = skip.reason(id: failure.id, features: failure.features) {
                console.out("skipped failure \(failure.id): \(reason)")
            } else {
                judged.append(failure.id)
            }
        }
        if errored { return .failure }
        if updateBaseline, let path = baselinePath {
            guard ReportOutputs.write(Baseline(expectedFailures: judged).fileText, to: path, console: console) else { return .failure }
            console.out("wrote \(path): \(judged.count) expected failure\(judged.count == 1 ? "" : "s")")
            return insufficientCoverage ? .failure : .success
        }
        guard let path = baselinePath else { return judged.isEmpty && !insufficientCoverage ? .success : .failure }
        let baseline: Baseline
        do { baseline = try Baseline.load(path) } catch {
            console.err("error: \(error)")
            return .usage
        }
        let gate = baseline.gate(failures: judged)
        console.out("baseline \(path): \(gate.expected.count) expected failure\(gate.expected.count == 1 ? "" : "s"), \(gate.newFailures.count) new, \(gate.stale.count) stale")
        for id in gate.newFailures { console.out("  new failure: \(id)") }
        for id in gate.stale { console.out("  stale: \(id) now passes or no longer exists; run with --update-baseline") }
        return gate.passes && !insufficientCoverage ? .success : .failure
    }

    /// The implementation `--sut` names: a built-in one, or a process started now.
    static func implementation(_ sut: String, stepTimeout: Duration, commandPath: [String], console: Console) throws(ArgumentError) -> (any NavigationImplementation)? {
        if sut.hasPrefix("builtin:") {
            guard let builtin = BuiltinImplementations.named(sut) else {
                throw ArgumentError(code: .invalidValue,
                                    message: "unknown built-in implementation \"\(sut)\"; `flowcheck list-mutants` lists the mutants", commandPath: commandPath)
            }
            return builtin
        }
        do {
            return try ProcessImplementation(commandLine: sut, stepTimeout: stepTimeout)
        } catch {
            console.err("error: the implementation could not be run: \(error)")
            return nil
        }
    }
}
