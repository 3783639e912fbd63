import FlowCheckCommands
import Foundation
import SampleImplementations
import Testing

/// Every output format a run writes, read back as text.
struct Outputs {
    var text: String
    var jsonl: String
    var html: String
    var junit: String
    var markdown: String
    var badge: String

    /// Runs `arguments` with every output in a scratch folder.
    static func of(_ arguments: [String]) throws -> (code: ExitCode, outputs: Outputs, folder: URL) {
        let folder = try scratch()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let capture = Capture()
        let code = FlowCheckCommand.main(
            arguments + [
                "--html", path("r.html"), "--junit", path("r.xml"), "--markdown", path("r.md"),
                "--badge", path("r.badge.json"),
            ] + (arguments.first == "report" ? [] : ["--json", path("r.jsonl")]),
            console: capture.console)
        func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }
        let jsonl = arguments.first == "report" ? "" : try read("r.jsonl")
        return (
            code,
            Outputs(
                text: capture.out, jsonl: jsonl, html: try read("r.html"), junit: try read("r.xml"),
                markdown: try read("r.md"),
                badge: try read("r.badge.json")), folder
        )
    }

    /// Whether every format states `title` (such as `DIVERGENT`) as the verdict.
    func agree(on verdict: String, title: String) -> [String] {
        var disagreeing: [String] = []
        if !text.contains("Verdict: \(title):") { disagreeing.append("text") }
        if !jsonl.isEmpty && !(jsonl.split(separator: "\n").last ?? "").contains("\"overall\":\"\(verdict)\"") {
            disagreeing.append("JSON lines")
        }
        if !html.contains("<header class=\"verdict \(verdict)\">") { disagreeing.append("HTML") }
        if !junit.contains("<testsuites name=\"FlowCheck: \(title)\"") { disagreeing.append("JUnit") }
        if !markdown.contains("\n\(title):") { disagreeing.append("Markdown") }
        if !badge.contains("(\(verdict))") { disagreeing.append("badge") }
        return disagreeing
    }
}

@Suite("One verdict in every format")
struct VerdictFormatsTests {
    /// Every eighth built-in mutant, in the listing's order (suite by suite, so every suite's among them): each suite's
    /// own mutant tests catch every one; here each is written in six formats and read back, which for all of them
    /// would cost CI minutes for no other failure shape.
    static let mutants = BuiltinImplementations.names.filter { $0.hasPrefix("builtin:mutant:") }.enumerated()
        .filter { $0.offset % 8 == 0 }.map(\.element)

    @Test(
        "A sample of the built-in mutants, held to SHOULD rules too (--strict): exit 1 and DIVERGENT in every format, and again through flowcheck report",
        arguments: mutants)
    func mutantIsDivergentEverywhere(sut: String) throws {
        let run = try Outputs.of(["run", "--sut", sut, "--seed", "1", "--strict"])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.code == .failure, "\(sut) exited \(run.code)")
        #expect(run.outputs.agree(on: "divergent", title: "DIVERGENT") == [], "\(sut)")
        let jsonl = run.folder.appendingPathComponent("r.jsonl").path
        let report = try Outputs.of(["report", jsonl])
        defer { try? FileManager.default.removeItem(at: report.folder) }
        #expect(report.code == .failure)
        #expect(report.outputs.agree(on: "divergent", title: "DIVERGENT") == [], "flowcheck report of \(sut)")
    }

    @Test(
        "The sample and the sample decoder: exit 0 and CONFORMING in every format, and again through flowcheck report",
        arguments: ["builtin:sample", "builtin:decoder"])
    func sampleIsConformingEverywhere(sut: String) throws {
        let run = try Outputs.of(["run", "--sut", sut, "--seed", "1"])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.code == .success)
        #expect(run.outputs.agree(on: "conforming", title: "CONFORMING") == [])
        let report = try Outputs.of(["report", run.folder.appendingPathComponent("r.jsonl").path])
        defer { try? FileManager.default.removeItem(at: report.folder) }
        #expect(report.code == .success)
        #expect(report.outputs.agree(on: "conforming", title: "CONFORMING") == [])
    }

    @Test(
        "A mutant that breaks a SHOULD rule only: exit 0 and CONFORMING in every format, each listing the deviation with its counterexample; --strict fails it"
    )
    func deviationConformsEverywhere() throws {
        let sut = "builtin:mutant:decoder-duplicate-edge-ids-kept"
        let run = try Outputs.of(["run", "--sut", sut, "--seed", "1"])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        #expect(run.code == .success)
        #expect(run.outputs.agree(on: "conforming", title: "CONFORMING") == [])
        let outputs = run.outputs
        #expect(outputs.text.contains("△ decoding: ") && outputs.text.contains("1 deviation from SHOULD rules"))
        #expect(outputs.text.contains("Replay: flowcheck run --sut \(sut) --suite decoding --seed 1 --run "))
        #expect(outputs.jsonl.contains(#""deviations":1"#) && outputs.jsonl.contains(#""strict":false"#))
        #expect(outputs.html.contains("deviation from a SHOULD rule") && outputs.html.contains("DEC-DUPLICATE-EDGE"))
        #expect(outputs.markdown.contains("### △ decoding: DEC-DUPLICATE-EDGE (deviation from a SHOULD rule)"))
        // JUnit: shown in full, failing nothing.
        #expect(outputs.junit.contains("<system-out>deviation from SHOULD rules: DEC-DUPLICATE-EDGE"))
        #expect(outputs.junit.contains(#"failures="0""#) && !outputs.junit.contains("<failure"))
        let report = try Outputs.of(["report", run.folder.appendingPathComponent("r.jsonl").path])
        defer { try? FileManager.default.removeItem(at: report.folder) }
        #expect(report.code == .success)
        #expect(report.outputs.agree(on: "conforming", title: "CONFORMING") == [])
        let strict = try Outputs.of(["run", "--sut", sut, "--seed", "1", "--strict"])
        defer { try? FileManager.default.removeItem(at: strict.folder) }
        #expect(strict.code == .failure)
        #expect(strict.outputs.agree(on: "divergent", title: "DIVERGENT") == [])
        #expect(strict.outputs.text.contains("✗ decoding: ") && !strict.outputs.text.contains("△"))
    }

    @Test("Every format names its units: steps for navigation, documents for decoding")
    func unitsAreNamed() throws {
        let run = try Outputs.of(["run", "--sut", "builtin:sample", "--seed", "1"])
        defer { try? FileManager.default.removeItem(at: run.folder) }
        for (format, text) in [
            ("text", run.outputs.text), ("HTML", run.outputs.html), ("Markdown", run.outputs.markdown),
        ] {
            #expect(text.contains(" steps") && text.contains("400 documents"), "\(format)")
        }
        #expect(run.outputs.jsonl.contains(#"{"unit":"document","value":400}"#))
    }
}
