import ArgumentParsing
import FlowCheck
import Foundation
import ProcessProtocol
import SampleImplementations

extension FlowCheckCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(ArgumentError) -> ExitCode {
        guard let sut = parsed.value("sut") else {
            throw ArgumentError(code: .missingValue, message: "run needs --sut (builtin:sample, builtin:mutant:<name>, or a command line)", commandPath: ["run"])
        }
        var suites: [Suite]?
        let names = parsed.values("suite").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if !names.isEmpty {
            suites = []
            for name in names {
                guard let suite = Suite(rawValue: name) else {
                    throw ArgumentError(code: .invalidValue, message: "unknown suite \"\(name)\"; expected navigation or session", commandPath: ["run"])
                }
                suites?.append(suite)
            }
        }
        var generator = SystemRandomNumberGenerator()
        let options = ConformanceRunner.Options(
            seed: try parsed.unsigned("seed") ?? generator.next(),
            runs: try parsed.integer("runs", in: 1...10_000_000) ?? 400,
            maxSteps: try parsed.integer("max-steps", in: 1...10_000) ?? 30,
            timeLimit: try parsed.duration("time-limit"),
            suites: suites, sut: sut)
        let stepTimeout = try parsed.duration("step-timeout") ?? .seconds(5)

        let implementation: any NavigationImplementation
        if sut.hasPrefix("builtin:") {
            guard let builtin = BuiltinImplementations.named(sut) else {
                throw ArgumentError(code: .invalidValue,
                                    message: "unknown built-in implementation \"\(sut)\"; `flowcheck list-mutants` lists the mutants", commandPath: ["run"])
            }
            implementation = builtin
        } else {
            do {
                implementation = try ProcessImplementation(commandLine: sut, stepTimeout: stepTimeout)
            } catch {
                console.err("error: the implementation could not be run: \(error)")
                return .notRunnable
            }
        }
        defer { (implementation as? ProcessImplementation)?.stop() }

        if console.isTerminal {
            console.err("flowcheck: checking \(implementation.info.name) with seed \(options.seed)…")
        }
        var runner = ConformanceRunner(implementation: implementation, options: options)
        if console.isTerminal {
            runner.progress = { suite in console.err("  \(suite.suite): \(suite.verdict.rawValue), \(suite.runs) runs, \(suite.steps) steps") }
        }
        let result = runner.run()
        console.out(TextReport.render(result))

        if let path = parsed.value("json") {
            let text = JSONLinesReport.lines(result).joined(separator: "\n") + "\n"
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                console.err("error: could not write \(path): \(error.localizedDescription)")
                return .failure
            }
        }
        return result.verdict == .conforming ? .success : .failure
    }
}
