import RUFSpec
import Foundation
import Testing
import FlowCheckCommands

let shopSpec = repository.appendingPathComponent("Corpus/specs/shop.ruf.yaml").path
let splitSpec = repository.appendingPathComponent("Corpus/specs/split/shop.ruf.yaml").path

/// A spec whose checkout uses behavior REPLACE, as a published example does.
func replaceSpec(in folder: URL) throws -> String {
    let text = try String(contentsOfFile: shopSpec, encoding: .utf8)
        .replacingOccurrences(
            of: "flow: { name: CHECKOUT, behavior: REMOVE_PREVIOUS }",
            with: "flow: { name: CHECKOUT, behavior: REPLACE }")
    let path = folder.appendingPathComponent("replace.ruf.yaml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("flowcheck lint and spec-driven runs", .serialized)
struct SpecCommandTests {
    @Test("lint: the samples have no errors (exit 0) and show their SPEC-FLOW warnings with file and line")
    func lintSamples() {
        let single = flowcheck("lint", shopSpec)
        #expect(single.code == .success)
        #expect(single.out.contains("shop.ruf.yaml:130:27: warning: SIGN_IN.signed_in navigates to CART in flow AUTH"))
        #expect(single.out.contains("7 screens, 14 navigations; 0 errors, 2 warnings"))
        let split = flowcheck("lint", splitSpec)
        #expect(split.code == .success)
        #expect(split.out.contains("split/screens/sign_in.ruf.yaml:8:23: warning:"))
    }

    @Test("lint: an error exits 1; --json and --sarif carry rule, place and message")
    func lintErrors() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try replaceSpec(in: folder)
        let human = flowcheck("lint", spec)
        #expect(human.code == .failure)
        #expect(
            human.out.contains(
                "error: CHECKOUT.place_order navigates with behavior REPLACE; it must be KEEP, REMOVE_PREVIOUS or START_NEW [SPEC-BEHAVIOR]"
            ))
        let json = flowcheck("lint", spec, "--json")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "SPEC-BEHAVIOR" && $0["line"] as? Int == 108
                    && $0["severity"] as? String == "error"
            })
        let sarifPath = folder.appendingPathComponent("lint.sarif").path
        #expect(flowcheck("lint", spec, "--sarif", sarifPath).code == .failure)
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarifPath))) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let behavior = try #require(results.first { $0["ruleId"] as? String == "SPEC-BEHAVIOR" })
        let region =
            ((behavior["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["startLine"] as? Int == 108 && behavior["level"] as? String == "error")
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.count == SpecLinter.rules.count)
        #expect(flowcheck("lint").code == .usage)
    }

    @Test("run --spec: destinations come from the spec; the verdict names the spec and the navigations exercised")
    func specRun() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("run.jsonl").path
        let run = flowcheck(
            "run", "--sut", "builtin:sample", "--spec", shopSpec, "--seed", "1", "--no-html", "--json", json)
        #expect(run.code == .success)
        #expect(run.out.contains("Spec \(shopSpec): 14 of 14 navigations exercised."))
        let header =
            try JSONSerialization.jsonObject(
                with: Data(try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")[0].utf8))
            as! [String: Any]
        #expect((header["spec"] as? [String: Any])?["file"] as? String == shopSpec)
    }

    @Test(
        "run --spec finds what the spec's own mistakes expose: behavior REPLACE against a client that takes it as KEEP")
    func specMistakeCaught() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try replaceSpec(in: folder)
        let mutant = flowcheck(
            "run", "--sut", "builtin:mutant:behavior-replace-as-keep", "--spec", spec, "--suite", "navigation",
            "--seed", "1", "--no-html")
        #expect(mutant.code == .failure)
        #expect(mutant.out.contains("NAV-VALID-BEHAVIOR"))
        #expect(mutant.out.contains("/REPLACE"))
        #expect(mutant.out.contains("navigations exercised"))
        #expect(
            mutant.out.contains("Replay: flowcheck run --sut builtin:mutant:behavior-replace-as-keep --spec \(spec)"))
        #expect(
            flowcheck("run", "--sut", "builtin:sample", "--spec", spec, "--seed", "1", "--no-html").code == .success,
            "the conforming sample rejects the spec's invalid directive, as the model does")
    }

    @Test("run --spec says why a spec cannot be read (missing, not YAML), and only a readable one declares no screens")
    func unreadableSpec() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.yaml"), empty = folder.appendingPathComponent("empty.yaml")
        try Data("ruf: 1\nscreens:\n  A: [\n".utf8).write(to: broken)
        try Data("ruf: 1\n".utf8).write(to: empty)
        let cases = [
            (broken.path, "cannot be read: broken.yaml:3:7: error: expected ',' or ']'"),
            (folder.appendingPathComponent("nope.yaml").path, "cannot be read: nope.yaml:1:1: error: the file"),
            (empty.path, "declares no screens"),
        ]
        for (path, message) in cases {
            let (code, _, err) = flowcheck("run", "--sut", "builtin:sample", "--spec", path, "--no-html")
            #expect(code == .usage)
            #expect(err.hasPrefix("error: --spec \(path) \(message)"), "\(err)")
        }
    }
}

@Suite("Spec files on disk")
struct SpecFileTests {
    @Test("A $ref through a symlinked folder cannot read outside the spec's folder; nothing of the file is shown")
    func symlinkEscape() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside"), spec = root.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try Data("password: hunter2\n".utf8).write(to: outside.appendingPathComponent("secret.ruf.yaml"))
        try FileManager.default.createSymbolicLink(
            at: spec.appendingPathComponent("shared"), withDestinationURL: outside)
        try Data("screens:\n  HOME:\n    $ref: \"./shared/secret.ruf.yaml\"\n".utf8).write(
            to: spec.appendingPathComponent("app.ruf.yaml"))
        let sarif = root.appendingPathComponent("out.sarif").path
        let (code, out, _) = flowcheck("lint", spec.appendingPathComponent("app.ruf.yaml").path, "--sarif", sarif)
        #expect(code == .failure)
        #expect(out.contains("outside the spec's folder") && out.contains("[SPEC-REF]"))
        let sarifText = try String(contentsOfFile: sarif, encoding: .utf8)
        #expect(!out.contains("hunter2") && !sarifText.contains("hunter2"))
    }

    @Test("A CRLF spec reads like its LF twin; a file that is not UTF-8 is named with its byte offset")
    func crlfAndUTF8() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let crlf = folder.appendingPathComponent("crlf.ruf.yaml")
        try Data("screens:\r\n  HOME:\r\n    flows: [MAIN]\r\n".utf8).write(to: crlf)
        let read = flowcheck("lint", crlf.path)
        #expect(read.code == .success && read.out.contains("1 screens"))
        let latin1 = folder.appendingPathComponent("latin1.ruf.yaml")
        try Data([0x73, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        let bad = flowcheck("lint", latin1.path)
        #expect(bad.code == .failure && bad.out.contains("is not UTF-8 (byte 3 is not valid UTF-8)"))
    }
}
