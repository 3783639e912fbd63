import ArgumentParsing
import FlowCheck
import Foundation
import ProcessProtocol
import PropertyTesting
import RUFSpec
import Reports
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
                    throw ArgumentError(code: .invalidValue, message: "unknown suite \"\(name)\"; expected one of \(Suite.allCases.map(\.rawValue).joined(separator: ", "))", commandPath: ["run"])
                }
                suites?.append(suite)
            }
        }
        let shard = try Gating.shard(parsed)
        var specPlan: SpecPlan?
        if let specPath = parsed.value("spec") {
            specPlan = try Self.specPlan(specPath, console: console)
        }
        var generator = SystemRandomNumberGenerator()
        let options = ConformanceRunner.Options(
            seed: try parsed.unsigned("seed") ?? generator.next(),
            runs: try parsed.integer("runs", in: 1...10_000_000) ?? 400,
            maxSteps: try parsed.integer("max-steps", in: 1...10_000) ?? 30,
            timeLimit: try parsed.duration("time-limit"),
            suites: suites, sut: sut, shard: shard, spec: specPlan)
        let stepTimeout = try parsed.duration("step-timeout") ?? .seconds(5)

        let gating = try Gating(parsed)
        guard let implementation = try Gating.implementation(sut, stepTimeout: stepTimeout, commandPath: ["run"], console: console) else {
            return .notRunnable
        }
        defer { (implementation as? ProcessImplementation)?.stop() }

        if console.isTerminal {
            console.err("flowcheck: checking \(implementation.info.name) with seed \(options.seed)…")
        }
        var runner = ConformanceRunner(implementation: implementation, options: options)
        if console.isTerminal {
            // One status line, rewritten in place while a suite runs, then a line per finished suite.
            let total = options.shard.map { $0.share(of: options.runs) } ?? options.runs
            runner.runProgress = { suite, runs in console.progress("  \(suite): \(runs)/\(total) runs") }
            runner.progress = { suite in
                console.progress("  \(suite.suite): \(suite.verdict.rawValue), \(suite.size)", done: true)
            }
        }
        let result = runner.run()
        console.out(TextReport.render(result))

        let text = JSONLinesReport.lines(result, shard: options.shard?.description).joined(separator: "\n") + "\n"
        if let path = parsed.value("json"), !ReportOutputs.write(text, to: path, console: console) { return .failure }
        let outputs = ReportOutputs(parsed, defaultHTML: "Reports/\(ReportOutputs.slug(result.implementation.name)).html")
        do {
            guard outputs.write(try ReportInput.read([("run", text)]), console: console) else { return .failure }
        } catch {
            console.err("error: \(error)")
            return .failure
        }
        if let folder = parsed.value("save-failures") { saveFailures(result.failures, into: folder, console: console) }
        return gating.exitCode(failures: result.failures.map { ($0.id, [$0.feature]) },
                               insufficientCoverage: result.verdict == .insufficientCoverage,
                               errored: result.verdict == .errored, console: console)
    }

    /// Turns each minimal counterexample into a golden case, never overwriting a different one.
    static func saveFailures(_ failures: [ConformanceFailure], into folder: String, console: Console) {
        for failure in failures {
            do {
                switch try CorpusRun.save(CorpusRun.goldenCase(for: failure), into: URL(fileURLWithPath: folder, isDirectory: true)) {
                case .written(let path): console.out("saved \(path)")
                case .unchanged(let path): console.out("already saved: \(path)")
                case .conflict(let path): console.err("warning: \(path) exists with other content; not overwritten")
                }
            } catch {
                console.err("warning: could not save \(failure.id): \(error.localizedDescription)")
            }
        }
    }

    /// An app spec as the generator uses it; a spec without screens is a usage error.
    static func specPlan(_ path: String, console: Console) throws(ArgumentError) -> SpecPlan {
        let (spec, _) = readSpec(path)
        let errors = SpecLinter.lint(spec).filter { $0.severity == .error }
        guard !spec.screens.isEmpty else {
            throw ArgumentError(code: .invalidValue, message: "--spec \(path) declares no screens\(errors.first.map { " (\($0))" } ?? "")", commandPath: ["run"])
        }
        if !errors.isEmpty { console.err("warning: \(path) has \(errors.count) lint error\(errors.count == 1 ? "" : "s"); `flowcheck lint \(path)` lists them") }
        var screens: [String] = []
        for screen in spec.screens where !screens.contains(screen.name) { screens.append(screen.name) }
        let navigations = spec.navigations.compactMap { n -> SpecPlan.Navigation? in
            guard let screen = n.screen, let flow = n.flowName, let behavior = n.behavior else { return nil }
            return SpecPlan.Navigation(action: n.action, screen: screen, flow: flow, behavior: behavior)
        }
        return SpecPlan(file: path, vocabulary: Vocabulary(screens: screens, flows: spec.flows.isEmpty ? ["MAIN"] : spec.flows), navigations: navigations)
    }

    static func report(_ parsed: ParsedArguments, console: Console) -> ExitCode {
        guard !parsed.positionals.isEmpty else {
            console.err("error: report needs at least one JSON-lines file\n\n" + ArgumentParser.help(for: ["report"], root: root))
            return .usage
        }
        var files: [(name: String, text: String)] = []
        for path in parsed.positionals {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                console.err("error: cannot read \(path)")
                return .usage
            }
            files.append((path, text))
        }
        let input: ReportInput
        do { input = try ReportInput.read(files) } catch {
            console.err("error: \(error)")
            return .usage
        }
        let outputs = ReportOutputs(parsed, defaultHTML: nil)
        guard outputs.write(input, console: console) else { return .failure }
        console.out("\(counted(input.shards, "file")): \(counted(input.runs, "run")), \(counted(input.steps, "step")), \(counted(input.counterexamples.count, "failure")); verdict \(input.verdict.rawValue)")
        return input.verdict == .conforming ? .success : .failure
    }
}
