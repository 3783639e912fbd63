import FlowCheckCommands
import Foundation
import SampleImplementations
import Synchronization
import Testing

/// Captures what a command writes.
final class Capture: Sendable {
    private let lines = Mutex<(out: [String], err: [String])>(([], []))

    var console: Console {
        Console(
            out: { text in self.lines.withLock { $0.out.append(text) } },
            err: { text in self.lines.withLock { $0.err.append(text) } }, isTerminal: false)
    }

    var out: String { lines.withLock { $0.out.joined(separator: "\n") } }
    var err: String { lines.withLock { $0.err.joined(separator: "\n") } }
}

func flowcheck(_ arguments: String...) -> (code: ExitCode, out: String, err: String) { flowcheck(arguments) }

/// The built `flowcheck` executable, for the tests that need a real process (signals, closed pipes).
func flowcheckBinary() -> URL? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("flowcheck")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return [beside, root.appendingPathComponent(".build/debug/flowcheck")].first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
}

/// Runs `flowcheck`; a command that writes an HTML report by default writes it to a temporary file instead, removed
/// afterwards, so that Reports/ holds only what a user's runs write and no test leaves a file behind.
func flowcheck(_ arguments: [String]) -> (code: ExitCode, out: String, err: String) {
    let capture = Capture()
    var arguments = arguments
    let writesHTML =
        ["run", "serve", "certify", "report"].contains(arguments.first) || arguments.starts(with: ["corpus", "run"])
    var report: URL?
    if writesHTML && !arguments.contains("--html") && !arguments.contains("--no-html") && !arguments.contains("--help")
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-test-\(UUID().uuidString).html")
        arguments += ["--html", file.path]
        report = file
    }
    let code = FlowCheckCommand.main(arguments, console: capture.console)
    if let report { try? FileManager.default.removeItem(at: report) }
    return (code, capture.out, capture.err)
}

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let pythonExample = repository.appendingPathComponent("Tests/ProcessExample/navigator.py").path

@Suite("flowcheck run", .serialized)
struct RunCommandTests {
    @Test("The README's main command: builtin:sample conforms, exit 0, seed printed")
    func sample() {
        let (code, out, _) = flowcheck("run", "--sut", "builtin:sample", "--seed", "1")
        #expect(code == .success)
        #expect(out.contains("checked sample 0.1.0 (Swift), seed 1"))
        #expect(out.contains("Verdict: CONFORMING"))
    }

    @Test("A mutant: exit 1, the minimal steps, the diff, the rule, and a replay command that replays it")
    func mutant() throws {
        let (code, out, _) = flowcheck(
            "run", "--sut", "builtin:mutant:remove-previous-top-run", "--suite", "navigation", "--seed", "7")
        #expect(code == .failure)
        #expect(out.contains("NAV-PUSH-REMOVE-PREVIOUS (MUST)"))
        #expect(out.contains("(- model, + implementation)"))
        // The implementation kept an entry the model removed: a `+` line in the stack notation.
        #expect(out.contains("      stack:\n    +   HOME(MAIN)*\n        HOME\n"))
        let replays = out.split(separator: "\n").filter { $0.contains("Replay: ") }.map {
            String($0.split(separator: "Replay: ")[1])
        }
        #expect(replays.count > 1, "every distinct failure is reported, each with its own replay")
        let replay = try #require(replays.first)
        #expect(
            replay.hasPrefix(
                "flowcheck run --sut builtin:mutant:remove-previous-top-run --suite navigation --seed 7 --run ")
                && replay.hasSuffix(" --max-steps 30"), "\(replay)")
        // The replay runs that one run alone: it finds that failure again (first, as the run found it).
        let again = flowcheck(Array(replay.split(separator: " ").dropFirst().map(String.init)))
        #expect(again.code == .failure)
        let heading = try #require(out.split(separator: "\n").first { $0.hasPrefix("✗ navigation: ") })
        #expect(again.out.split(separator: "\n").first { $0.hasPrefix("✗ navigation: ") } == heading)
        let replayed = flowcheck(
            "run", "--sut", "builtin:mutant:remove-previous-top-run", "--suite", "navigation", "--seed", "7")
        // Wall time is the one thing a rerun may change (and each test run writes its report to its own temporary file).
        let timeless = { (text: String) in
            text.replacing(/\d+\.\d+ s\b/, with: "_ s").replacing(/\nwrote [^\n]*/, with: "")
        }
        #expect(timeless(replayed.out) == timeless(out), "the same command reproduces the same report")
    }

    @Test("The README's example failure is what the kit prints today")
    func readmeExample() throws {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let prompt = "$ swift run flowcheck "
        let block = try #require(readme.components(separatedBy: "```").first { $0.hasPrefix("\n" + prompt) })
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let arguments = lines.first!.dropFirst(prompt.count).split(separator: " ").map(String.init)
        let shown = lines.dropFirst().joined(separator: "\n").trimmingCharacters(in: .newlines)
        let (code, out, _) = flowcheck(arguments)
        #expect(code == .failure)
        // Wall time may differ, and the test writes its report to a temporary folder, not Reports/.
        let timeless = { (text: String) in
            text.replacing(/\d+\.\d+ s\b/, with: "_ s").replacing(/\nwrote [^\n]*/, with: "")
        }
        #expect(
            timeless(out) == timeless(shown),
            "update the README's example to what `swift run flowcheck \(arguments.joined(separator: " "))` prints")
    }

    @Test(
        "--json writes a header with its format version, suite records, one failure record per failure and a summary, keys sorted"
    )
    func jsonLines() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let (code, _, _) = flowcheck(
            "run", "--sut", "builtin:mutant:dismiss-nothing-presented-clears", "--seed", "3", "--json", file.path)
        #expect(code == .failure)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let records = try lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(records.first?["type"] as? String == "header")
        #expect(records.first?["formatVersion"] as? Int == 3)
        #expect(records.first?["seed"] as? Int == 3)
        #expect(records.last?["type"] as? String == "summary")
        let failure = try #require(records.first { $0["type"] as? String == "failure" })
        for key in ["id", "suite", "rules", "size", "diff", "storyboard", "replay", "detail"] {
            #expect(failure[key] != nil, "missing \(key)")
        }
        let detail = try #require(failure["detail"] as? [String: Any])
        for key in ["profile", "initial", "trace", "divergingStep"] {
            #expect(detail[key] != nil, "missing detail.\(key)")
        }
        let rules = try #require(failure["rules"] as? [[String: Any]])
        #expect(rules.contains { $0["id"] as? String == "NAV-DISMISS-ROOT" && $0["level"] as? String == "should" })
        let summary = try #require(records.last)
        let verdict = try #require(summary["verdict"] as? [String: Any])
        #expect(verdict["overall"] as? String == "divergent")
        #expect((verdict["failures"] as? Int ?? 0) >= 1 && verdict["suites"] != nil && verdict["exercised"] != nil)
        #expect(summary["passed"] as? Bool == false && summary["seconds"] != nil)
        for line in lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let resorted = try JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            #expect(try JSONSerialization.jsonObject(with: resorted) as? NSDictionary == object as NSDictionary)
            #expect(line.hasPrefix("{\"" + (object.keys.sorted().first ?? "")), "keys are written in sorted order")
        }
    }

    @Test("Too few runs ends as insufficient coverage with exit 1, never a pass")
    func insufficientCoverage() {
        let (code, out, _) = flowcheck("run", "--sut", "builtin:sample", "--seed", "1", "--runs", "3")
        #expect(code == .failure)
        #expect(out.contains("INSUFFICIENT COVERAGE"))
        #expect(out.contains("never exercised"))
    }

    @Test("The Python example passes through the CLI, and its mutated copy is caught")
    func pythonThroughCLI() {
        let passing = flowcheck("run", "--sut", "python3 \(pythonExample)", "--seed", "5")
        #expect(passing.code == .success, "\(passing.out)\(passing.err)")
        #expect(passing.out.contains("python-example 1.0 (Python)"))
        let mutated = flowcheck(
            "run", "--sut", "FLOWCHECK_EXAMPLE_BUG=remove-previous-top-run python3 \(pythonExample)", "--seed", "5")
        #expect(mutated.code == .failure)
        #expect(mutated.out.contains("NAV-PUSH-REMOVE-PREVIOUS"))
        #expect(
            mutated.out.contains("Replay: flowcheck run --sut 'FLOWCHECK_EXAMPLE_BUG=remove-previous-top-run python3 "))
    }

    @Test("An implementation that will not start exits 3 with a clear message")
    func notRunnable() {
        let (code, _, err) = flowcheck("run", "--sut", "definitely-not-a-command-xyz", "--seed", "1")
        #expect(code == .notRunnable)
        #expect(err.contains("could not start `definitely-not-a-command-xyz`"))
    }

    @Test(
        "Usage errors exit 2 with the help of the command",
        arguments: [
            ["run"], ["run", "--sut", "builtin:nope"], ["run", "--sut", "builtin:sample", "--runs", "0"],
            ["run", "--sut", "builtin:sample", "--suite", "teleport,navigation"], ["walk"],
            ["run", "--sut", "builtin:sample", "--time-limit", "soon"],
            ["run", "--sut", "builtin:sample", "--server", "http://127.0.0.1:9"],
            ["run", "--server", "http://127.0.0.1:9"],
            ["run", "--server", "https://example.com", "--spec", "Corpus/specs/shop.ruf.yaml"],
            ["run", "--server", "http://127.0.0.1:9/?q=1", "--spec", "Corpus/specs/shop.ruf.yaml"],
            ["run", "--sut", "builtin:sample", "--suite", "server"],
            ["run", "--server", "http://127.0.0.1:9", "--spec", "Corpus/specs/shop.ruf.yaml", "--suite", "navigation"],
        ])
    func usageErrors(arguments: [String]) {
        let capture = Capture()
        #expect(FlowCheckCommand.main(arguments, console: capture.console) == .usage)
        #expect(capture.err.hasPrefix("error: "))
        #expect(capture.err.contains("USAGE: flowcheck"))
    }

    @Test("list-mutants lists every mutant with its summary and minimal length; help exits 0")
    func listAndHelp() {
        let (code, out, _) = flowcheck("list-mutants")
        #expect(code == .success)
        #expect(SampleBug.allCases.allSatisfy { out.contains("builtin:mutant:\($0.rawValue)\n    \($0.summary)") })
        #expect(SampleBug.allCases.count >= 20)
        #expect(
            DecoderBug.allCases.count >= 10
                && DecoderBug.allCases.allSatisfy { out.contains("builtin:mutant:\($0.rawValue)\n    \($0.summary)") })
        // A mutant whose every rule is a SHOULD is marked: a default run of it exits 0; one MUST rule and it is not.
        let entries = out.components(separatedBy: "builtin:mutant:").dropFirst()
        let marked = Set(
            entries.filter { $0.contains("breaks only SHOULD rules") }.compactMap { $0.split(separator: "\n").first })
        #expect(marked.isSuperset(of: ["pop-root-ignored", "redirect-without-rollback", "decoder-same-symptom"]))
        #expect(marked.isDisjoint(with: ["reset-keeps-root", "decoder-many-bugs", "client-meta-deep-merge"]))
        let help = flowcheck("run", "--help")
        #expect(help.code == .success && help.out.contains("EXIT CODES"))
    }

    @Test("corpus verify checks the repository's golden cases")
    func corpusVerify() {
        let (code, out, _) = flowcheck("corpus", "verify", "--corpus", repository.appendingPathComponent("Corpus").path)
        #expect(code == .success)
        #expect(out.contains(" passed, 0 failed"))
    }

    @Test("The built flowcheck binary runs end to end")
    func binary() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "flowcheck")
        let candidates = [binary, repository.appendingPathComponent(".build/debug/flowcheck")]
        let path = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "flowcheck was not built")
        let process = Process()
        process.executableURL = path
        process.arguments = [
            "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--seed", "2", "--suite", "navigation", "--no-html",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("NAV-POP-TO"))
    }

    @Test("Piped into a reader that goes away (| head), a run still writes every report it was asked for")
    func readerGoneAway() throws {
        let path = try #require(flowcheckBinary(), "flowcheck was not built")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("r.html").path, junit = folder.appendingPathComponent("r.xml").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "'\(path.path)' run --sut builtin:mutant:pop-to-bottom-most --seed 1 --suite navigation --html '\(html)' "
                + "--junit '\(junit)' | head -1 > /dev/null; exit ${PIPESTATUS:-0}",
        ]
        try process.run()
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: html) && FileManager.default.fileExists(atPath: junit))
    }

    @Test(
        "SIGHUP, SIGINT or SIGTERM stops run, corpus run and certify, also during hello: results so far written, marked interrupted; exit 129, 130 or 143; no process left",
        arguments: [
            (["run"], SIGTERM, "", true), (["corpus", "run"], SIGINT, "", true), (["certify"], SIGTERM, "", true),
            // A closed terminal: as SIGTERM, results written.
            (["run"], SIGHUP, "", true),
            // Two processes, each interrupted mid-run (enough runs that no machine finishes them in the first two seconds).
            (["certify", "--runs", "50000", "--jobs", "2"], SIGINT, "FLOWCHECK_EXAMPLE_DELAY=0 ", true),
            (["run"], SIGINT, "sleep 300 # ", false),
            // Ignores SIGTERM at hello: the second signal kills it.
            (["run"], SIGINT, "trap '' TERM; sleep 300 # ", false),
        ])
    func interrupted(command: [String], signal: Int32, prefix: String, writes: Bool) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "flowcheck")
        let candidates = [binary, repository.appendingPathComponent(".build/debug/flowcheck")]
        let path = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "flowcheck was not built")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsonl = folder.appendingPathComponent("run.jsonl").path
        let marker = "flowcheck-signal-\(UUID().uuidString)"
        let process = Process()
        process.executableURL = path
        let slow = repository.appendingPathComponent("Tests/ProcessExample/slow_navigator.py").path
        process.arguments =
            command + [
                "--sut", "FLOWCHECK_TEST_MARKER=\(marker) \(prefix)python3 \(slow)", "--json", jsonl, "--html",
                folder.appendingPathComponent("report.html").path,
                "--step-timeout", "60s",
            ] + (command == ["corpus", "run"] ? [] : ["--seed", "3"])
            + (command.first == "run" ? [] : ["--corpus", repository.appendingPathComponent("Corpus").path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 2)
        let sent = ContinuousClock.now
        kill(process.processIdentifier, signal)
        if prefix.hasPrefix("trap") {
            Thread.sleep(forTimeInterval: 1)
            kill(process.processIdentifier, signal)
        }
        process.waitUntilExit()
        // Stopping waits for no step timeout (60 s here): the implementation's group is ended at once.
        #expect(ContinuousClock.now - sent < .seconds(15), "\(command) took \(ContinuousClock.now - sent) to stop")
        #expect(process.terminationStatus == 128 + signal)
        if writes {
            let text = try String(contentsOfFile: jsonl, encoding: .utf8)
            let name = [SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "SIGINT"
            #expect(text.contains(#""interrupted":"\#(name)""#))
            #expect(text.split(separator: "\n").last?.contains(#""type":"summary""#) == true)
        }
        // The implementation's environment carries the marker: no process with it may be left.
        let left =
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { entry in
                entry.allSatisfy(\.isNumber)
                    && ((try? String(contentsOfFile: "/proc/\(entry)/environ", encoding: .isoLatin1))?.contains(marker)
                        ?? false)
            } ?? []
        #expect(left.isEmpty, "processes left: \(left)")
    }

    @Test("A stop request while a hang is shrunk stops waiting at once; a second one still writes the results so far")
    func stopWhileAHangIsShrunk() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "flowcheck")
        let candidates = [binary, repository.appendingPathComponent(".build/debug/flowcheck")]
        let path = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "flowcheck was not built")
        let hanging = repository.appendingPathComponent("Tests/ProcessExample/hanging_navigator.py").path
        for signals in [1, 2] {
            let folder = try scratch()
            defer { try? FileManager.default.removeItem(at: folder) }
            let jsonl = folder.appendingPathComponent("run.jsonl").path
            let process = Process()
            process.executableURL = path
            // Seed 1 draws a deep stack in its first runs: a hang is found within a step timeout or two, and then
            // shrunk and described, each try costing a step timeout (10 s) unless the stop ends the wait.
            process.arguments = [
                "run", "--sut", "python3 \(hanging)", "--suite", "navigation", "--seed", "1", "--jobs", "1",
                "--step-timeout", "10s", "--json", jsonl, "--no-html",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: 13)
            let sent = ContinuousClock.now
            kill(process.processIdentifier, SIGINT)
            if signals == 2 {
                Thread.sleep(forTimeInterval: 0.2)
                kill(process.processIdentifier, SIGINT)
            }
            process.waitUntilExit()
            #expect(ContinuousClock.now - sent < .seconds(6), "\(signals): took \(ContinuousClock.now - sent) to stop")
            #expect(process.terminationStatus == 130)
            let text = try String(contentsOfFile: jsonl, encoding: .utf8)
            #expect(text.contains(#""interrupted":"SIGINT""#), "\(signals): \(text)")
            #expect(text.contains("breakdown: timeout"), "\(signals): the hang found is reported")
        }
    }

    @Test("A stop signal with standard error gone (a closed terminal, a reader that left) still writes the results")
    func stopWithStandardErrorGone() throws {
        let path = try #require(flowcheckBinary(), "flowcheck was not built")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsonl = folder.appendingPathComponent("run.jsonl").path
        let slow = repository.appendingPathComponent("Tests/ProcessExample/slow_navigator.py").path
        let process = Process()
        process.executableURL = path
        process.arguments = ["run", "--sut", "python3 \(slow)", "--seed", "3", "--json", jsonl, "--no-html"]
        let gone = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = gone
        try process.run()
        // Nobody reads standard error any more: the kit's notice of the signal fails to be written.
        try gone.fileHandleForReading.close()
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let text = try String(contentsOfFile: jsonl, encoding: .utf8)
        #expect(text.contains(#""interrupted":"SIGTERM""#))
    }
}
