import ConformanceRules
import FlowCheckCommands
import FlowCheckCore
import FlowCheckEngine
import FlowCheckGating
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import FlowRuntimeModel
import FlowSchema
import Foundation
import GoldenCorpus
import NavigationModel
import RUFClientModel
import RUFServerModel
import SampleImplementations
import Testing

/// A scratch folder per test.
func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-gating-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let corpusPath = repository.appendingPathComponent("Corpus").path

@Suite("CI gating", .serialized)
struct GatingTests {
    @Test("A golden case about SHOULD rules only that fails is a DEVIATION, tallied apart, and fails nothing")
    func corpusDeviation() throws {
        let run = flowcheck(
            "corpus", "run", "--sut", "builtin:mutant:pop-root-ignored", "--corpus", corpusPath, "--no-html")
        #expect(run.code == .success, "\(run.out)")
        #expect(run.out.contains("DEVIATION navigation/pop-root-rejected.json (SHOULD rules only"))
        #expect(!run.out.contains("FAIL navigation/pop-root-rejected.json"))
        #expect(run.out.contains("corpus run: ") && run.out.contains(" 0 failed, 4 deviations from SHOULD rules, "))
    }

    @Test(
        "A skip list skips a failing golden case by id or by feature, with its reason; an entry without a reason is refused"
    )
    func skipList() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = flowcheck(
            "corpus", "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--corpus", corpusPath, "--no-html")
        #expect(failing.code == .failure)
        #expect(failing.out.contains("FAIL navigation/pop-to-shared.json"))

        let byCase = folder.appendingPathComponent("skip-case.json")
        try Data(#"{"skip":[{"case":"pop-to-shared","reason":"known bug ACME-12"}]}"#.utf8).write(to: byCase)
        let skipped = flowcheck(
            "corpus", "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--corpus", corpusPath, "--no-html",
            "--skip", byCase.path)
        #expect(skipped.code == .success)
        #expect(skipped.out.contains("SKIP navigation/pop-to-shared.json: known bug ACME-12"))

        let byFeature = folder.appendingPathComponent("skip-feature.json")
        try Data(#"{"skip":[{"feature":"pop-to","reason":"POP_TO is not shipped yet"}]}"#.utf8).write(to: byFeature)
        let featureSkipped = flowcheck(
            "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--suite", "navigation", "--seed", "2", "--no-html",
            "--skip", byFeature.path)
        #expect(featureSkipped.code == .success, "the only failure is in a skipped feature")
        #expect(featureSkipped.out.contains("skipped failure navigation-"))

        // By rule and by cause: the same bug skipped at any seed, as a baseline entry expects it.
        for (entry, seed) in [(#"{"rule":"NAV-POP-TO""#, "2"), (#"{"cause":"navigation: NAV-POP-TO""#, "5")] {
            let file = folder.appendingPathComponent("skip-rule.json")
            try Data((#"{"skip":["# + entry + #","reason":"ACME-7"}]}"#).utf8).write(to: file)
            let result = flowcheck(
                "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--suite", "navigation", "--seed", seed,
                "--no-html", "--skip", file.path)
            #expect(result.code == .success, "\(entry): \(result.out)")
            #expect(result.out.contains("  Gate: skipped by the skip list: ACME-7; it does not fail the gate."))
        }
        let unknownRule = folder.appendingPathComponent("skip-unknown-rule.json")
        try Data(#"{"skip":[{"rule":"NAV-POP-TOO","reason":"typo"}]}"#.utf8).write(to: unknownRule)
        let typo = flowcheck("run", "--sut", "builtin:sample", "--no-html", "--skip", unknownRule.path)
        #expect(
            typo.code == .usage && typo.err.contains(#"at $.skip[0].rule: unknown rule "NAV-POP-TOO""#), "\(typo.err)")

        let bad = folder.appendingPathComponent("skip-bad.json")
        try Data(#"{"skip":[{"case":"x","reason":" "}]}"#.utf8).write(to: bad)
        let refused = flowcheck(
            "corpus", "run", "--sut", "builtin:sample", "--corpus", corpusPath, "--no-html", "--skip", bad.path)
        #expect(refused.code == .usage)
        #expect(refused.err.hasPrefix("error: --skip ") && refused.err.contains("$.skip[0].reason"))

        let stale = folder.appendingPathComponent("skip-stale.json")
        try Data(#"{"skip":[{"case":"pop-to-shraed","reason":"typo"}]}"#.utf8).write(to: stale)
        let unknown = flowcheck(
            "corpus", "run", "--sut", "builtin:sample", "--corpus", corpusPath, "--no-html", "--skip", stale.path)
        #expect(unknown.code == .usage)
        #expect(unknown.err.contains(#"$.skip[0].case names "pop-to-shraed", which is no golden case"#))
    }

    @Test("A baseline: update writes the failures; then only new failures and stale entries fail the gate")
    func baseline() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let mutant = ["run", "--sut", "builtin:mutant:dismiss-pops-one", "--seed", "3", "--no-html"]
        let update = FlowCheckCommand.main(
            mutant + ["--baseline", baseline, "--update-baseline"], console: Capture().console)
        #expect(update == .success)
        let written = try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: URL(fileURLWithPath: baseline)))
        #expect(!written.expectedFailures.isEmpty)

        let expected = Capture()
        #expect(
            FlowCheckCommand.main(mutant + ["--baseline", baseline], console: expected.console) == .success,
            "the same failures are expected")
        #expect(
            expected.out.contains("Verdict: DIVERGENT")
                && expected.out.contains("Gate: PASSED by the baseline (exit 0): ")
                && expected.out.contains(" 0 new, 0 stale; the verdict stays DIVERGENT."), "\(expected.out)")
        // Where each failure is listed, the text says that the gate excused it and why.
        #expect(
            expected.out.contains("  Gate: expected by the baseline (navigation: ")
                && expected.out.contains("; it does not fail the gate.\n  Replay: "), "\(expected.out)")
        // Keyed by cause: the same bug at another seed is another counterexample, and still expected.
        let reseeded = Capture()
        #expect(
            FlowCheckCommand.main(
                [
                    "run", "--sut", "builtin:mutant:dismiss-pops-one", "--seed", "4", "--no-html", "--baseline",
                    baseline,
                ],
                console: reseeded.console) == .success, "\(reseeded.out)")
        let other = Capture()
        #expect(
            FlowCheckCommand.main(
                [
                    "run", "--sut", "builtin:mutant:pop-to-bottom-most", "--seed", "3", "--no-html", "--baseline",
                    baseline,
                ],
                console: other.console) == .failure)
        #expect(other.out.contains("new failure: "))
        #expect(other.out.contains("now passes or no longer exists"), "the mutant's expected failures are stale here")
        let fixed = Capture()
        let junit = folder.appendingPathComponent("fixed.xml")
        #expect(
            FlowCheckCommand.main(
                [
                    "run", "--sut", "builtin:sample", "--seed", "3", "--no-html", "--baseline", baseline, "--junit",
                    junit.path,
                ],
                console: fixed.console) == .failure)
        #expect(fixed.out.contains("stale: \(written.expectedFailures[0].cause)"))
        // A gate failed by a stale entry alone is not all green in JUnit: the entry is a failing case of its own.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<failure message="stale baseline entry""#) && xml.contains(#"failures="1""#), "\(xml)")
    }

    @Test("A gated run's JUnit, Markdown, JSON, HTML and badge carry the gate; excused failures are skipped in JUnit")
    func gateInEveryFormat() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let mutant = ["run", "--sut", "builtin:mutant:dismiss-pops-one", "--seed", "3"]
        #expect(
            FlowCheckCommand.main(
                mutant + ["--no-html", "--baseline", path("b.json"), "--update-baseline"], console: Capture().console)
                == .success)
        let outputs = [
            "--baseline", path("b.json"), "--junit", path("r.xml"), "--markdown", path("r.md"), "--json",
            path("r.jsonl"), "--html", path("r.html"), "--badge", path("r.badge.json"),
        ]
        #expect(FlowCheckCommand.main(mutant + outputs, console: Capture().console) == .success)
        func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
        let junit = try read("r.xml")
        #expect(junit.contains(#"<testsuites name="FlowCheck: DIVERGENT; gate PASSED by the baseline""#))
        #expect(junit.contains(#"failures="0""#) && !junit.contains("<failure message=\"NAV-"), "\(junit)")
        #expect(junit.contains(#"<skipped message="expected by the baseline (navigation: "#))
        #expect(junit.contains(#"<property name="gate" value="passed"/>"#))
        let markdown = try read("r.md")
        #expect(markdown.contains("**Gate: PASSED by the baseline (exit 0): "))
        #expect(markdown.contains(" — expected by the baseline (navigation: "))
        let summary = try #require(try read("r.jsonl").split(separator: "\n").last)
        #expect(summary.contains(#""gate":{"by":"the baseline","#) && summary.contains(#""passed":true"#))
        #expect(try read("r.html").contains("<p class=\"gate passed\"><strong>Gate: PASSED by the baseline"))
        #expect(try read("r.html").contains("under it) <span class=\"excused\">expected by the baseline</span>"))
        let badge = try read("r.badge.json")
        // The share is the verdict's: an excused failure still failed its check, so never 100% on a divergent run.
        #expect(badge.contains("(divergent), gate passed") && !badge.contains("100%"), "\(badge)")
        // Read back, the gate stands: the exit code and the outputs follow it without the baseline again.
        let report = Capture()
        #expect(
            FlowCheckCommand.main(["report", path("r.jsonl"), "--markdown", path("again.md")], console: report.console)
                == .success)
        #expect(report.out.contains("Gate: PASSED by the baseline (exit 0)"))
        #expect(try read("again.md").contains("**Gate: PASSED by the baseline"))
    }

    @Test("Baseline gate logic: by cause, or by id as older baselines name them; new, expected and stale")
    func gateLogic() throws {
        func failure(_ id: String, _ cause: String) -> Gate.Failure { Gate.Failure(id: id, cause: cause, features: []) }
        let baseline = Baseline(expectedFailures: [.init(cause: "n: B"), .init(cause: "n: A"), .init(cause: "c-1")])
        let gate = baseline.gate(failures: [failure("n-1", "n: A"), failure("n-2", "n: D"), failure("c-1", "c-1")])
        #expect(gate.newFailures == ["n-2"] && gate.stale == ["n: B"])
        #expect(gate.expected.map(\.id) == ["n-1", "c-1"] && gate.expected.map(\.cause) == ["n: A", "c-1"])
        #expect(!gate.passes)
        #expect(Baseline(expectedFailures: [.init(cause: "n: A")]).gate(failures: [failure("n-9", "n: A")]).passes)
        #expect(
            Baseline(expectedFailures: [.init(cause: "z"), .init(cause: "a", example: "n-1"), .init(cause: "a")])
                .fileText
                == "{\n  \"expectedFailures\" : [\n    {\n      \"cause\" : \"a\",\n      \"example\" : \"n-1\"\n    },\n"
                + "    {\n      \"cause\" : \"z\"\n    }\n  ]\n}\n")
        // A baseline written before causes: bare counterexample ids, still read and matched.
        let old = try JSONDecoder().decode(
            Baseline.self, from: Data(#"{"expectedFailures": ["navigation-3259e566278fca58"]}"#.utf8))
        #expect(old.gate(failures: [failure("navigation-3259e566278fca58", "navigation: NAV-POP-TO")]).passes)
    }

    @Test("Gating files are named in plain words: missing, a folder, a FIFO, not JSON (with line and column)")
    func gatingFileErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"skip\": [".utf8).write(to: broken)
        let cases: [(String, String)] = [
            (folder.appendingPathComponent("missing.json").path, "there is no such file"),
            (folder.path, "it is a folder, not a file"),
            (fifo, "it is not a regular file"), (broken.path, "not JSON: line 1, column 11"),
        ]
        for (path, message) in cases {
            let (code, _, err) = flowcheck("run", "--sut", "builtin:sample", "--skip", path)
            #expect(code == .usage)
            #expect(err.hasPrefix("error: --skip \(path): \(message)"), "\(err)")
            #expect(!err.contains("NSCocoaErrorDomain") && !err.contains("The operation could not be completed"))
        }
    }

    @Test("corpus run counts a malformed case as errored in every format, and judges no coverage it never judged")
    func malformedCasesCounted() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(
            at: corpus.appendingPathComponent("navigation"), withIntermediateDirectories: true)
        let good = try #require(
            try FileManager.default.contentsOfDirectory(atPath: corpusPath + "/navigation").sorted().first)
        try FileManager.default.copyItem(
            atPath: corpusPath + "/navigation/" + good, toPath: corpus.path + "/navigation/" + good)
        try Data("{ broken".utf8).write(to: corpus.appendingPathComponent("navigation/broken.json"))
        let junit = folder.appendingPathComponent("c.xml").path, jsonl = folder.appendingPathComponent("c.jsonl").path
        let (code, out, _) = flowcheck(
            "corpus", "run", "--sut", "builtin:sample", "--corpus", corpus.path, "--junit", junit, "--json", jsonl)
        #expect(code == .failure)
        #expect(out.contains("ERROR navigation/broken.json"))
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains(#"errors="1""#))
        let summary = try #require(try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n").last)
        #expect(summary.contains(#""overall":"errored""#) && !summary.contains("insufficientCoverage"))
        #expect(summary.contains(#""malformed":1"#) && summary.contains(#""errored":0"#), "\(summary)")
    }

    @Test("A report path that is a folder, or ends in a slash, is a usage error before anything runs")
    func reportPathIsFolder() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in [folder.path, folder.path + "/x/"] {
            let (code, out, err) = flowcheck("run", "--sut", "builtin:sample", "--json", path)
            #expect(code == .usage && out.isEmpty)
            #expect(err.hasPrefix("error: --json \(path): a folder, not a file"), "\(err)")
        }
        let dash = flowcheck("run", "--sut", "builtin:sample", "--json", "-")
        #expect(dash.code == .usage && dash.err.hasPrefix("error: --json -: reports are written to files"))
        let spec = repository.appendingPathComponent("Corpus/specs/shop.ruf.yaml").path
        let sarif = flowcheck("lint", spec, "--sarif", "-")
        #expect(sarif.code == .usage && sarif.err.hasPrefix("error: --sarif -: reports are written to files"))
        let fifo = folder.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(flowcheck("run", "--sut", "builtin:sample", "--json", fifo).err.contains("not a regular file"))
        // A symbolic link is written through: it stays a link, and its target gets the report.
        let target = folder.appendingPathComponent("target.jsonl"), link = folder.appendingPathComponent("link.jsonl")
        try Data().write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        _ = flowcheck("run", "--sut", "builtin:sample", "--runs", "5", "--no-html", "--json", link.path)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == target.path)
        #expect(try Data(contentsOf: target).count > 100)
    }

    @Test("flowcheck report names a bad record file's line in plain words: not UTF-8, not an object")
    func reportFileErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [(String, Data, String)] = [
            (
                "utf8.jsonl", Data(#"{"type":"header"}"#.utf8) + Data([0x0A, 0x41, 0xFF, 0x0A]),
                "utf8.jsonl:2: at byte 2 of the line: not UTF-8 text"
            ),
            ("array.jsonl", Data("[1, 2]\n".utf8), "array.jsonl:1: not a valid JSON-lines record: $ is not an object"),
            // A line past the 64 MB a record line may have is refused by its number, before it is parsed.
            (
                "long.jsonl", Data(#"{"type":"header"}"#.utf8) + Data([0x0A]) + Data(repeating: 0x20, count: 65 << 20),
                "long.jsonl:2: a line of more than 64 MB"
            ),
        ]
        for (name, data, message) in files {
            let path = folder.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let (code, _, err) = flowcheck("report", path)
            #expect(code == .usage)
            #expect(err.contains(message), "\(err)")
            #expect(!err.contains("The given data") && !err.contains("Expected to decode"), "\(err)")
        }
    }

    @Test("A corpus case holding a lone surrogate's bytes is named by line and column")
    func corpusCaseNotUTF8() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for suite in ["navigation", "client"] {
            let cases = folder.appendingPathComponent(suite)
            try FileManager.default.createDirectory(at: cases, withIntermediateDirectories: true)
            try (Data("{\n  \"id\": \"".utf8) + Data([0xED, 0xA0, 0x80]) + Data("\"\n}\n".utf8)).write(
                to: cases.appendingPathComponent("surrogate.json"))
        }
        let (_, out, err) = flowcheck("corpus", "verify", "--corpus", folder.path)
        let text = out + err
        #expect(text.contains("navigation/surrogate.json") && text.contains("client/surrogate.json"), "\(text)")
        #expect(
            text.components(separatedBy: "line 2, column 10 (byte 11) is not valid UTF-8").count == 3, "\(text)")
        // Escaped instead of written as bytes, it is named by its place too (Foundation's decoder says only "not
        // valid JSON").
        for suite in ["navigation", "client"] {
            try Data("{\n  \"id\": \"x\\ud800\"\n}\n".utf8).write(
                to: folder.appendingPathComponent(suite).appendingPathComponent("surrogate.json"))
        }
        let escaped = flowcheck("corpus", "verify", "--corpus", folder.path)
        #expect(
            escaped.out.components(separatedBy: "line 2, column 11: a \\u escape of half a surrogate pair").count == 3,
            "\(escaped.out)")
    }

    @Test("A corpus whose suite folder is a file, or a case with a wrongly typed field, is named in plain words")
    func corpusFileErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("navigation"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("session"), withIntermediateDirectories: true)
        var text = try String(
            contentsOf: repository.appendingPathComponent("Corpus/session/redirect.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""id": "redirect""#, with: #""id": 7"#)
        try Data(text.utf8).write(to: folder.appendingPathComponent("session/redirect.json"))
        let (_, errors) = CorpusLoader.load(corpus: folder)
        let messages = errors.map(\.description)
        #expect(messages.contains { $0.contains("it is a file, where a folder of cases is expected") }, "\(messages)")
        #expect(messages.contains { $0.contains("$.id") && $0.contains("expected a string") }, "\(messages)")
        #expect(!messages.contains { $0.contains("NSCocoaErrorDomain") || $0.contains("Expected to decode") })
    }

    @Test("Outside the kit's checkout, corpus verify finds the kit's corpus, also past a Corpus of saved regressions")
    func corpusBesideExecutable() throws {
        let binary = try #require(flowcheckBinary(), "flowcheck was not built")
        let elsewhere = try scratch()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        // An SDK's own Corpus (as --save-failures writes it) has no README: it does not hide the kit's.
        try FileManager.default.createDirectory(
            at: elsewhere.appendingPathComponent("Corpus/navigation"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["corpus", "verify"]
        process.currentDirectoryURL = elsewhere
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(out)")
        #expect(out.contains("PASS ") && !out.contains("FAIL "), "\(out)")
        #expect(out.contains("PASS client/"), "the kit's corpus, not the working folder's")
    }

    @Test("A reader that goes away (| head) does not crash the kit: the run ends with its verdict's exit code")
    func closedStandardOutput() throws {
        let binary = try #require(flowcheckBinary(), "flowcheck was not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--sut", "builtin:mutant:present-as-push", "--seed", "1", "--no-html"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read one chunk, then close the read end, as `head` does.
        _ = pipe.fileHandleForReading.availableData
        try pipe.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
    }

    @Test("flowcheck report gates merged records with the same skip list and baseline as run")
    func reportGates() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jsonl = folder.appendingPathComponent("run.jsonl").path,
            baseline = folder.appendingPathComponent("baseline.json").path
        let run = [
            "run", "--sut", "builtin:mutant:decoder-unknown-type-drops-siblings", "--seed", "7", "--no-html", "--json",
            jsonl,
        ]
        #expect(flowcheck(run + ["--baseline", baseline, "--update-baseline"]).code == .success)
        #expect(flowcheck("report", jsonl, "--no-html").code == .failure, "without the baseline the verdict decides")
        let gated = flowcheck("report", jsonl, "--no-html", "--baseline", baseline)
        #expect(gated.code == .success)
        #expect(
            gated.out.contains(
                "Gate: PASSED by the baseline (exit 0): 1 expected, 0 new, 0 stale; the verdict stays DIVERGENT."))
        #expect(
            flowcheck("report", folder.appendingPathComponent("nope.jsonl").path).err.hasPrefix("error: no such file: ")
        )
    }

    @Test("Shards through the CLI: flowcheck report merges them into the counts of one unsharded run")
    func shardsThroughCLI() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.jsonl").path
        #expect(
            FlowCheckCommand.main(
                ["run", "--sut", "builtin:sample", "--seed", "6", "--no-html", "--json", whole],
                console: Capture().console) == .success)
        var shards: [String] = []
        for i in 1...3 {
            let path = folder.appendingPathComponent("shard-\(i).jsonl").path
            #expect(
                FlowCheckCommand.main(
                    [
                        "run", "--sut", "builtin:sample", "--seed", "6", "--no-html", "--shard", "\(i)/3", "--json",
                        path,
                    ],
                    console: Capture().console) == .success)
            shards.append(path)
        }
        let merged = Capture()
        let html = folder.appendingPathComponent("merged.html").path
        #expect(FlowCheckCommand.main(["report"] + shards + ["--html", html], console: merged.console) == .success)
        let record = try RunRecord.read([("whole", try String(contentsOfFile: whole, encoding: .utf8))])
        let exercised = record.verdict.exercised.map(\.description).joined(separator: ", ")
        #expect(
            merged.out.contains("3 files: \(record.verdict.runs) runs, \(exercised), 0 failures; verdict conforming"),
            "\(merged.out)")
        #expect(FileManager.default.fileExists(atPath: html))
    }

    @Test(
        "certify: the sample is certified with a certificate; a mutant is not; an implementation whose every step errors is refused"
    )
    func certify() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("sample.html").path
        let certified = flowcheck(
            "certify", "--sut", "builtin:sample", "--corpus", corpusPath, "--seed", "1", "--runs", "400", "--html", html
        )
        #expect(certified.code == .success)
        let certificate =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("sample.certificate.json"))) as! [String: Any]
        #expect(certificate["decision"] as? String == "certified")
        #expect(certificate["verdict"] as? String == "conforming")
        #expect((certificate["corpusHash"] as? String)?.hasPrefix("fnv1a64:") == true)
        for key in ["kit", "implementation", "capabilities", "seed", "suiteSeeds", "runs", "exercised", "cases"] {
            #expect(certificate[key] != nil, "\(key)")
        }

        let mutant = flowcheck(
            "certify", "--sut", "builtin:mutant:reset-keeps-root", "--corpus", corpusPath, "--seed", "1", "--runs",
            "400", "--html",
            folder.appendingPathComponent("mutant.html").path)
        #expect(mutant.code == .failure)
        #expect(mutant.out.contains("Certificate: NOT CERTIFIED"))

        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"broken","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned","reasons":false}}"#
        let erroring =
            "read l; echo '\(hello)'; while read l; do echo \"$l\" | sed -n 's/.*\"seq\":\\([0-9]*\\).*/{\"seq\":\\1,\"errored\":true,\"message\":\"not implemented\"}/p'; done"
        let refused = flowcheck(
            "certify", "--sut", erroring, "--corpus", corpusPath, "--seed", "1", "--runs", "10", "--html",
            folder.appendingPathComponent("broken.html").path)
        #expect(refused.code == .failure)
        #expect(refused.out.contains("Certificate: REFUSED: every suite errored"), "\(refused.out)")
    }

    @Test(
        "--save-failures writes a golden case the model verifies; an existing case is never overwritten with other content"
    )
    func saveFailures() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "run", "--sut", "builtin:mutant:keep-always-root", "--suite", "navigation", "--seed", "9", "--no-html",
            "--save-failures", folder.path,
        ]
        let first = Capture()
        #expect(FlowCheckCommand.main(arguments, console: first.console) == .failure)
        #expect(first.out.contains("saved "))
        let (cases, errors) = CorpusLoader.load(corpus: folder)
        #expect(errors.isEmpty)
        let saved = try #require(cases.first)
        #expect(saved.goldenCase.origin == .regression)
        #expect(saved.goldenCase.id.hasPrefix("navigation-"))
        #expect(try CaseVerifier.verify(saved.goldenCase).isEmpty, "its expectations come from the model")
        #expect(
            flowcheck("corpus", "run", "--sut", "builtin:mutant:keep-always-root", "--corpus", folder.path, "--no-html")
                .code == .failure,
            "the saved case fails the mutant it came from")

        let again = Capture()
        _ = FlowCheckCommand.main(arguments, console: again.console)
        #expect(again.out.contains("already saved"))
        let file = folder.appendingPathComponent(saved.file)
        try Data(
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "Regression", with: "Edited").utf8
        ).write(to: file)
        let conflict = Capture()
        _ = FlowCheckCommand.main(arguments, console: conflict.console)
        #expect(conflict.err.contains("exists with other content; not overwritten"))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("Edited"))
    }
}

@Suite("Certificate scope")
struct CertificateScopeTests {
    /// The sample, declaring only PUSH and POP with KEEP, owned nesting, the navigation suite.
    final class PushPopKeep: NavigationImplementation {
        let inner = SampleNavigator()
        var info: ImplementationInfo { ImplementationInfo(name: "push-pop-keep", version: "1", language: "Swift") }
        var capabilities: Capabilities {
            Capabilities(suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.owned])
        }
        func reset(to stack: ScreenStack, profile: NavigationProfile) throws {
            try inner.reset(to: stack, profile: profile)
        }
        func perform(_ command: NavigationCommand) throws -> NavigationReply { try inner.perform(command) }
    }

    @Test("PUSH, POP and KEEP only: the scope says exactly that, every other rule is not certified, none held untested")
    func pushPopKeep() throws {
        let implementation = PushPopKeep()
        let run = try ConformanceRunner(implementation: implementation, options: .init(seed: 1)).run()
        let (loaded, errors) = CorpusLoader.load(corpus: URL(fileURLWithPath: corpusPath))
        #expect(errors.isEmpty)
        let cases = NavigationCorpus().run(loaded.map { ($0.file, $0.goldenCase) }, on: implementation)
        let record = RunRecord(
            header: run.header, suites: run.suites, failures: run.failures, errors: run.errors, cases: cases,
            seconds: run.seconds, interrupted: nil)
        let certificate = Certificate(record: record, runsPerSuite: 400)
        #expect(
            certificate.scope == [
                "suites: navigation", "modes: PUSH, POP", "behaviors: KEEP", "nesting profiles: owned",
                "modal layers: yes", "rejection reasons compared: no",
            ])
        let status = Dictionary(uniqueKeysWithValues: certificate.rules.map { ($0.id, $0) })
        let exercised = ["NAV-STACK", "NAV-PUSH-KEEP", "NAV-POP", "NAV-POP-ROOT", "NAV-FLOW-ROOT", "NAV-REJECT"]
        for id in exercised {
            #expect(status[id]?.status == .held, "\(id): \(String(describing: status[id]))")
        }
        let outOfScope = [
            "NAV-RESET", "NAV-REPLACE", "NAV-POP-TO", "NAV-POP-TO-MISSING", "NAV-POP-TO-ROOT", "NAV-BASE",
            "NAV-PRESENT", "NAV-DISMISS", "NAV-DISMISS-ROOT", "NAV-FAILED-IDLE", "NAV-PUSH-REMOVE-PREVIOUS",
            "NAV-PUSH-START-NEW", "NAV-VALID-TARGET", "NAV-FLOWLESS",
        ]
        for id in outOfScope {
            #expect(status[id]?.status == .notCertified, "\(id): \(String(describing: status[id]))")
        }
        // Every rule has one status, and none is held without its trigger count at the minimum.
        // Every rule of every suite: those of the suites it does not declare are not certified either.
        #expect(
            Set(certificate.rules.map(\.id))
                == Set(
                    NavigationRules.all.map(\.id) + DecodingRules.all.map(\.id) + ClientRules.all.map(\.id)
                        + RuntimeRules.all.map(\.id) + ServerRules.all.map(\.id)))
        #expect(certificate.rules.filter { !$0.id.hasPrefix("NAV-") }.allSatisfy { $0.status == .notCertified })
        #expect(certificate.failures.isEmpty)
        for entry in certificate.rules where entry.status == .held {
            #expect(entry.triggered.value >= 20, "\(entry.id) held with \(entry.triggered)")
        }
        #expect(certificate.decision == .certified, "\(certificate.reasons)")
    }
}
