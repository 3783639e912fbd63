import FlowCheckCommands
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("flowcheck compare")
struct CompareCommandTests {
    static let pair = [
        "compare", "--sut", "builtin:sample", "--sut", "builtin:mutant:pop-to-bottom-most", "--suite", "navigation",
        "--seed", "1",
    ]

    @Test("Two implementations: the rule that differs, the failure replayed on the other, and every output")
    func matrix() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let result = flowcheck(
            Self.pair + ["--json", path("p.json"), "--markdown", path("p.md"), "--html", path("p.html")])
        #expect(result.code == .failure, "\(result.out)\(result.err)")
        #expect(result.out.contains("  A  sample 0.1.0 (Swift): CONFORMING"), "\(result.out)")
        #expect(result.out.contains("  B  sample (mutant pop-to-bottom-most) 0.1.0 (Swift): DIVERGENT"))
        #expect(result.out.contains("  NAV-POP-TO (MUST): A: held, B: broken"), "\(result.out)")
        // The mutant's failure, its run replayed on the sample: the sample passes it.
        #expect(result.out.contains("  found in B: navigation: NAV-POP-TO; on A: passes"), "\(result.out)")
        #expect(result.out.contains("Parity: FAILED (exit 1)"))
        let json = try String(contentsOfFile: path("p.json"), encoding: .utf8)
        #expect(json.contains("\"implementations\"") && json.contains("\"disagreements\""))
        // The JSON names the implementation that found a failure by the same letter as the text.
        #expect(json.contains("\"found\" : \"B\"") && json.contains("\"label\" : \"A\""), "\(json)")
        let markdown = try String(contentsOfFile: path("p.md"), encoding: .utf8)
        #expect(markdown.contains("| navigation | `NAV-POP-TO` | MUST | ✓ held | ✗ broken |"), "\(markdown)")
        let html = try String(contentsOfFile: path("p.html"), encoding: .utf8)
        #expect(html.contains("<td class=\"fail\">✗ broken</td>"))
        #expect(html.contains("Rules where they stand differently (1 of "), "\(html)")
    }

    @Test("Expected failures per implementation: written once, then the same failures pass and a stale entry fails")
    func expectations() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("expected.json")
        #expect(flowcheck(Self.pair + ["--expectations", file.path, "--update-expectations"]).code == .success)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(
            written.contains("\"sample (mutant pop-to-bottom-most)\"") && written.contains("navigation: NAV-POP-TO"))
        let expected = flowcheck(Self.pair + ["--expectations", file.path])
        #expect(expected.code == .success, "\(expected.out)")
        #expect(expected.out.contains("  NAV-POP-TO (MUST): A: held, B: expected"), "\(expected.out)")
        // Each expected failure with its entry's cause, in the text and the Markdown.
        #expect(expected.out.contains("     expected: navigation: NAV-POP-TO (failure "), "\(expected.out)")
        // The sample now said to break a rule it holds: that entry is stale, and fails the comparison.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        object["sample"] = ["expectedFailures": ["navigation: NAV-PUSH"]]
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let failed = flowcheck(Self.pair + ["--expectations", file.path])
        #expect(failed.code == .failure)
        #expect(failed.out.contains("stale: navigation: NAV-PUSH now passes or no longer exists"), "\(failed.out)")
    }

    @Test("SIGINT stops a comparison: exit 130, and every output written with what ran and what did not")
    func interrupted() throws {
        let binary = try #require(flowcheckBinary(), "flowcheck was not built")
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let slow = repository.appendingPathComponent("Tests/ProcessExample/slow_navigator.py").path
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "compare", "--sut", "python3 \(slow)", "--sut", "builtin:sample", "--suite", "navigation", "--seed", "3",
            "--json", folder.appendingPathComponent("p.json").path, "--markdown",
            folder.appendingPathComponent("p.md").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let json = try String(contentsOf: folder.appendingPathComponent("p.json"), encoding: .utf8)
        #expect(json.contains("\"interrupted\" : \"SIGINT\"") && json.contains("\"passed\" : false"), "\(json)")
        #expect(json.contains("\"notRun\" : [\n    \"builtin:sample\""), "\(json)")
        let markdown = try String(contentsOf: folder.appendingPathComponent("p.md"), encoding: .utf8)
        #expect(markdown.contains("**Interrupted (SIGINT) before the comparison ended"), "\(markdown)")
    }

    @Test("One implementation is not a comparison: a usage error")
    func one() {
        let result = flowcheck("compare", "--sut", "builtin:sample")
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("error: --sut: give two or more implementations to compare"))
    }
}
