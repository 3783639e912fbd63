import FlowCheckCommands
import Foundation
import RUFSpec
import Reports
import Testing

let shopSpec = repository.appendingPathComponent("Corpus/specs/shop.ruf.yaml").path
let splitSpec = repository.appendingPathComponent("Corpus/specs/split/app.ruf.yaml").path

/// A spec whose checkout uses behavior REPLACE (line 247), as the reference's own example does.
func replaceSpec(in folder: URL) throws -> String {
    let text = try String(contentsOfFile: shopSpec, encoding: .utf8)
        .replacingOccurrences(
            of: "              name: CHECKOUT\n              behavior: REMOVE_PREVIOUS",
            with: "              name: CHECKOUT\n              behavior: REPLACE")
    let path = folder.appendingPathComponent("replace.ruf.yaml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite("flowcheck lint and spec-driven runs", .serialized)
struct SpecCommandTests {
    @Test("lint: the samples have no errors (exit 0), count what they hold, and show warnings with file, line, path")
    func lintSamples() {
        let single = flowcheck("lint", shopSpec)
        #expect(single.code == .success)
        #expect(
            single.out.contains(
                "shop.ruf.yaml:336:21: warning: screens.SIGN_IN.actions[1].navigates_to[0].flow.name: the flow AUTH is "
                    + "not among CART's flows (its flows: CHECKOUT) [SPEC-FLOW]"))
        #expect(
            single.out.contains(
                "7 screens, 8 components, 14 actions, 15 navigations, 5 metrics, 7 versions; 0 errors, 2 warnings"))
        let split = flowcheck("lint", splitSpec)
        #expect(split.code == .success)
        #expect(split.out.contains("split/screens/sign_in.ruf.yaml:30:17: warning: screens.SIGN_IN.actions[1]"))
    }

    @Test("A UTF-8 byte order mark before a spec, a skip list or a corpus case is read past, never into the first key")
    func byteOrderMark() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("app.ruf.yaml")
        try Data([0xEF, 0xBB, 0xBF] + Array(try Data(contentsOf: URL(fileURLWithPath: shopSpec)))).write(to: spec)
        let lint = flowcheck("lint", spec.path)
        #expect(lint.code == .success, "\(lint.out)\(lint.err)")
        #expect(lint.out.contains("7 screens, 8 components, 14 actions"))
        let skip = folder.appendingPathComponent("skip.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"skip": [{"feature": "present", "reason": "r"}]}"#.utf8)).write(to: skip)
        let run = flowcheck(
            "run", "--sut", "builtin:sample", "--suite", "decoding", "--runs", "20", "--skip", skip.path, "--no-html")
        #expect(run.code != .usage, "\(run.err)")
    }

    @Test("A 280-byte implementation name still gets its certificate: the file name is cut, with a hash of the whole")
    func longNameFiles() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = String(repeating: "a-very-long-sdk-name-", count: 14)
        let example = repository.appendingPathComponent("Tests/ProcessExample/navigator.py").path
        let sut = "FLOWCHECK_EXAMPLE_DECODER_ONLY=1 python3 \(example) | sed -u 's/python-example-decoder/\(long)/'"
        let certify = flowcheck(
            "certify", "--sut", sut, "--corpus", repository.appendingPathComponent("Corpus").path, "--runs", "20",
            "--seed", "1", "--html", folder.appendingPathComponent("r.html").path)
        #expect(certify.code != .usage && certify.code != .notRunnable, "\(certify.err)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let certificate = try #require(names.first { $0.hasSuffix(".certificate.json") }, "\(names)")
        #expect(certificate.utf8.count < 160 && certificate.hasPrefix("a-very-long-sdk-name-"))
        let text = try String(contentsOf: folder.appendingPathComponent(certificate), encoding: .utf8)
        #expect(text.contains(long))
    }

    @Test("A report file name never holds a character that draws nothing: it separates words like punctuation")
    func invisibleNameCharacters() {
        #expect(ReportFileName.slug("sample (mutant pop-to-bottom-most)") == "sample-mutant-pop-to-bottom-most")
        #expect(ReportFileName.slug("日本 SDK") == "日本-sdk")
        #expect(ReportFileName.slug("python-example\u{3164}\u{E0041}\u{E007F}") == "python-example")
        #expect(ReportFileName.slug("pay\u{200B}kit") == "pay-kit")
    }

    @Test("lint: a folder means its app.ruf.yaml; a folder without one, or a missing file, is a usage error")
    func lintPaths() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inFolder = flowcheck("lint", repository.appendingPathComponent("Corpus/specs").path)
        #expect(inFolder.code == .usage)
        #expect(inFolder.err.contains("is a folder with no app.ruf.yaml; give the spec's root file, such as "))
        let missing = flowcheck("lint", "/nope.yaml")
        #expect(missing.code == .usage && missing.err.hasPrefix("error: /nope.yaml does not exist"))
        try Data("ruf: \"1.0\"\nscreens:\n  HOME:\n    components: []\n    actions: []\n".utf8).write(
            to: folder.appendingPathComponent("app.ruf.yaml"))
        let conventional = flowcheck("lint", folder.path)
        #expect(conventional.code == .success && conventional.out.contains("1 screen, 0 components"))
    }

    @Test("lint: a spec in the kit's former mapping form is an error, and the summary shows nothing was read")
    func lintOldForm() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.ruf.yaml")
        try Data(
            "ruf: \"1.0\"\nscreens:\n  HOME:\n    components: []\n    actions:\n      open:\n        type: tap\n".utf8
        ).write(to: old)
        let lint = flowcheck("lint", old.path)
        #expect(lint.code == .failure)
        #expect(lint.out.contains("error: screens.HOME.actions: actions must be a list of entries"))
        #expect(lint.out.contains("1 screen, 0 components, 0 actions, 0 navigations"))
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
                "247:25: error: screens.CHECKOUT.actions[0].navigates_to[0].flow.behavior: the flow behavior REPLACE is "
                    + "not one of KEEP, REMOVE_PREVIOUS, START_NEW [SPEC-BEHAVIOR]"
            ))
        let json = flowcheck("lint", spec, "--json")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "SPEC-BEHAVIOR" && $0["line"] as? Int == 247
                    && $0["path"] as? String == "screens.CHECKOUT.actions[0].navigates_to[0].flow.behavior"
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
        #expect(region?["startLine"] as? Int == 247 && behavior["level"] as? String == "error")
        let logical = (behavior["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]]
        #expect(
            logical?.first?["fullyQualifiedName"] as? String
                == "screens.CHECKOUT.actions[0].navigates_to[0].flow.behavior")
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
        #expect(run.out.contains("Spec \(shopSpec): 15 of 15 navigations exercised."))
        let header =
            try JSONSerialization.jsonObject(
                with: Data(try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")[0].utf8))
            as! [String: Any]
        #expect((header["spec"] as? [String: Any])?["file"] as? String == shopSpec)
    }

    @Test("run --spec --suite client: the report names the spec's screens and components; a deep meta merge is caught")
    func specClientRun() throws {
        let run = flowcheck(
            "run", "--sut", "builtin:sample", "--spec", shopSpec, "--suite", "client", "--seed", "1", "--no-html")
        #expect(run.code == .success, "\(run.out)")
        #expect(
            run.out.contains("Spec components (client suite): 8 of 8 sent in responses: HOME.appbar, "), "\(run.out)")
        #expect(run.out.contains("Spec screens: 7 of 7 exercised: HOME, PRODUCT, CART, "), "\(run.out)")
        // The spec's nested meta always carries all its keys: an off-spec map of flags lets a deep merge show.
        let deep = flowcheck(
            "run", "--sut", "builtin:mutant:client-meta-deep-merged", "--spec", shopSpec, "--suite", "client", "--seed",
            "1", "--no-html")
        #expect(deep.code == .failure && deep.out.contains("broke RUF-META-MERGE"), "\(deep.out)")
    }

    @Test("run --spec --client-version: each action's variant for that client; the report and replay name it")
    func clientVersion() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("run.jsonl").path
        let run = flowcheck(
            "run", "--sut", "builtin:sample", "--spec", shopSpec, "--client-version", "2.1.5+3", "--seed", "1",
            "--no-html", "--json", json)
        #expect(run.code == .success)
        #expect(run.out.contains("Spec \(shopSpec) (client version 2.1.5+3): 13 of 13 navigations exercised."))
        let header =
            try JSONSerialization.jsonObject(
                with: Data(try String(contentsOfFile: json, encoding: .utf8).split(separator: "\n")[0].utf8))
            as! [String: Any]
        let spec = header["spec"] as? [String: Any]
        #expect(spec?["clientVersion"] as? String == "2.1.5+3")
        #expect((spec?["navigations"] as? [String])?.contains { $0.hasPrefix("CHECKOUT.PLACE_ORDER@2.1.9 → ") } == true)
        #expect((spec?["navigations"] as? [String])?.contains { $0.hasPrefix("CHECKOUT.PLACE_ORDER → ") } == false)
        let bad = flowcheck("run", "--sut", "builtin:sample", "--spec", shopSpec, "--client-version", "2.1")
        #expect(bad.code == .usage && bad.err.contains("does not fit the spec's semantic versioning"))
        let alone = flowcheck("run", "--sut", "builtin:sample", "--client-version", "2.1.0")
        #expect(alone.code == .usage && alone.err.contains("--client-version needs --spec"))
        let replay = flowcheck(
            "run", "--sut", "builtin:mutant:behavior-replace-as-keep", "--spec", try replaceSpec(in: folder),
            "--client-version", "2.2.1", "--suite", "navigation", "--seed", "1", "--no-html")
        #expect(replay.out.contains("--client-version 2.2.1 --suite navigation"), "\(replay.out)")
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
        // NAV-VALID-BEHAVIOR is a SHOULD rule: the deviation is reported whole, and fails the run only with --strict.
        #expect(mutant.code == .success)
        #expect(mutant.out.contains("△ navigation: ") && mutant.out.contains("1 deviation from SHOULD rules"))
        #expect(mutant.out.contains("NAV-VALID-BEHAVIOR"))
        #expect(mutant.out.contains("/REPLACE"))
        #expect(mutant.out.contains("navigations exercised"))
        #expect(
            mutant.out.contains("Replay: flowcheck run --sut builtin:mutant:behavior-replace-as-keep --spec \(spec)"))
        #expect(
            flowcheck("run", "--sut", "builtin:sample", "--spec", spec, "--seed", "1", "--no-html").code == .success,
            "the conforming sample rejects the spec's invalid directive, as the model does")
        let strict = flowcheck(
            "run", "--sut", "builtin:mutant:behavior-replace-as-keep", "--spec", spec, "--suite", "navigation",
            "--seed", "1", "--no-html", "--strict")
        #expect(strict.code == .failure && strict.out.contains("✗ navigation: "))
    }

    @Test("run --spec refuses a spec it cannot read whole (missing, not YAML, the former mapping form), with why")
    func unreadableSpec() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.yaml"), empty = folder.appendingPathComponent("empty.yaml")
        let old = folder.appendingPathComponent("old.yaml")
        try Data("ruf: 1\nscreens:\n  A: [\n".utf8).write(to: broken)
        try Data("ruf: \"1.0\"\nscreens: {}\n".utf8).write(to: empty)
        try Data("ruf: \"1.0\"\nscreens:\n  A:\n    components: []\n    actions:\n      go: { type: tap }\n".utf8)
            .write(to: old)
        let cases = [
            (broken.path, "cannot be read whole: \(broken.path):3:7: expected ',' or ']'"),
            (folder.appendingPathComponent("nope.yaml").path, "does not exist; give the spec's root file"),
            (empty.path, "declares no screens"),
            (old.path, "cannot be read whole: \(old.path):6:7: screens.A.actions: actions must be a list of entries"),
        ]
        for (path, message) in cases {
            let (code, _, err) = flowcheck("run", "--sut", "builtin:sample", "--spec", path, "--no-html")
            #expect(code == .usage)
            #expect(err.hasPrefix("error: --spec \(path) \(message)"), "\(err)")
        }
    }

    @Test("run --spec FOLDER reads its app.ruf.yaml, as lint does")
    func specFolder() {
        let run = flowcheck(
            "run", "--sut", "builtin:sample", "--spec", repository.appendingPathComponent("Corpus/specs/split").path,
            "--suite", "navigation", "--runs", "20", "--no-html")
        #expect(run.out.contains("navigations exercised"), "\(run.out)\(run.err)")
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

    @Test("A spec file past 16 MB is refused unread, with its size")
    func oversizedSpec() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.ruf.yaml")
        try (Data("ruf: \"1.0\"\ndescription: \"".utf8) + Data(repeating: 0x78, count: 17 << 20) + Data("\"\n".utf8))
            .write(to: file)
        let (code, out, _) = flowcheck("lint", file.path)
        #expect(code == .failure)
        #expect(out.contains("it is 17825819 bytes: a spec file may be at most 16 MB (16777216 bytes)"), "\(out)")
    }

    @Test("A root file named on the command line is read through its symbolic link; its $refs stay confined there")
    func symlinkedRootFile() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let real = root.appendingPathComponent("real"), here = root.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Corpus/specs/split"), to: real)
        let link = here.appendingPathComponent("spec.yaml")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: real.appendingPathComponent("app.ruf.yaml"))
        let direct = flowcheck("lint", real.appendingPathComponent("app.ruf.yaml").path)
        let linked = flowcheck("lint", link.path)
        #expect(linked.code == direct.code && linked.code == .success, "\(linked.out)\(linked.err)")
        #expect(linked.out.contains("7 screens") && !linked.out.contains("outside the spec's folder"), "\(linked.out)")
        // Its $refs may not leave the folder the link leads to.
        try Data("password: hunter2\n".utf8).write(to: here.appendingPathComponent("secret.ruf.yaml"))
        try Data("screens:\n  HOME:\n    $ref: \"../here/secret.ruf.yaml\"\n".utf8).write(
            to: real.appendingPathComponent("escape.ruf.yaml"))
        let escape = here.appendingPathComponent("escape.yaml")
        try FileManager.default.createSymbolicLink(
            at: escape, withDestinationURL: real.appendingPathComponent("escape.ruf.yaml"))
        let refused = flowcheck("lint", escape.path)
        #expect(refused.code == .failure && refused.out.contains("leaves the spec's folder"), "\(refused.out)")
        #expect(!refused.out.contains("hunter2"))
    }

    @Test("A CRLF spec reads like its LF twin; a file that is not UTF-8 is named with its line, column and byte offset")
    func crlfAndUTF8() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let crlf = folder.appendingPathComponent("crlf.ruf.yaml")
        try Data("ruf: \"1.0\"\r\nscreens:\r\n  HOME:\r\n    components: []\r\n    actions: []\r\n".utf8).write(
            to: crlf)
        let read = flowcheck("lint", crlf.path)
        #expect(read.code == .success && read.out.contains("1 screen, 0 components"))
        let latin1 = folder.appendingPathComponent("latin1.ruf.yaml")
        try Data([0x73, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        let bad = flowcheck("lint", latin1.path)
        #expect(bad.code == .failure && bad.out.contains("is not UTF-8 (line 1, column 4 (byte 3) is not valid UTF-8)"))
    }
}
