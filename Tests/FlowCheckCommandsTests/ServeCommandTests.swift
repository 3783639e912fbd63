import FlowCheckCommands
import Foundation
import HTTPWire
import JSON
import Testing

/// `flowcheck serve` with the Python example client speaking HTTP: it conforms, and each networking bug its
/// reported requests hide is named from what the network saw.
@Suite("flowcheck serve", .serialized)
struct ServeCommandTests {
    @Test("The example client over HTTP conforms, the wire rule held; the kit says where it answers")
    func conforms() throws {
        let records = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: records) }
        let run = flowcheck("serve", "--sut", "python3 \(pythonExample)", "--seed", "1", "--json", records.path)
        #expect(run.code == .success, "\(run.out)\(run.err)")
        #expect(run.err.contains("flowcheck serve: answering on http://127.0.0.1:"))
        let text = try String(contentsOf: records, encoding: .utf8)
        let suite = try #require(
            text.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
                .first { $0["type"]?.stringValue == "suite" })
        let uncertified = suite["uncertifiedRules"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!uncertified.contains("RUF-REQUEST-WIRE"))
        #expect((suite["triggered"]?["RUF-REQUEST-WIRE"]?.numberValue ?? 0) > 100, "\(suite)")
    }

    @Test(
        "A harness that leaves its requests to the network, or an SDK that retries, conforms",
        arguments: ["unreported", "retry"])
    func conformingNetworking(mode: String) {
        let sut = "FLOWCHECK_EXAMPLE_HTTP=\(mode) python3 \(pythonExample)"
        let run = flowcheck("serve", "--sut", sut, "--seed", "2", "--runs", "300", "--no-html")
        #expect(run.code == .success, "\(mode): \(run.out)\(run.err)")
    }

    @Test("certify --serve certifies the client over HTTP, its files apart from run's; --port needs --serve")
    func certifies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("certify-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = folder.appendingPathComponent("report.html").path
        let run = flowcheck(
            "certify", "--serve", "--sut", "python3 \(pythonExample)", "--seed", "1", "--runs", "300", "--html", html)
        #expect(run.code == .success, "\(run.out)\(run.err)")
        #expect(run.out.contains("Budget: 300 runs per suite, below certification's 2000"), "\(run.out)")
        let certificate = try JSONParser.parse(
            String(
                contentsOf: folder.appendingPathComponent("python-example-served.certificate.json"), encoding: .utf8))
        #expect(certificate["decision"]?.stringValue == "certified", "\(certificate)")
        let scope = certificate["scope"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(scope.contains("requests: read off the network (flowcheck serve)"), "\(scope)")
        #expect(flowcheck("certify", "--sut", "python3 \(pythonExample)", "--port", "8080").code == .usage)
        #expect(flowcheck("certify", "--serve", "--server", "http://127.0.0.1:1", "--spec", "x.yaml").code == .usage)
    }

    @Test(
        "Each networking bug is caught by the rule of what the network saw",
        arguments: [
            ("http-request-id-reused", "RUF-REQUEST-ID"), ("http-meta-not-whole", "RUF-REQUEST-META"),
            ("http-wrong-endpoint", "RUF-REQUEST-WIRE [path]"),
            ("http-screen-params-dropped", "RUF-REQUEST-WIRE [screenParams]"),
            ("http-no-content-type", "RUF-REQUEST-WIRE [Content-Type]"),
            ("http-action-never-sent", "RUF-REQUEST-WIRE [never arrived]"),
        ])
    func networkingBug(bug: String, rule: String) {
        let sut = "FLOWCHECK_EXAMPLE_BUG=\(bug) python3 \(pythonExample)"
        let run = flowcheck("serve", "--sut", sut, "--seed", "1", "--runs", "200", "--max-failures", "1")
        #expect(run.code == .failure, "\(run.out)\(run.err)")
        #expect(run.out.contains("broke \(rule)"), "\(bug): \(run.out)")
        #expect(run.out.contains("Replay: flowcheck serve --sut 'FLOWCHECK_EXAMPLE_BUG=\(bug) python3 "))
        if bug != "http-action-never-sent" {
            #expect(
                run.out.contains("as the kit's server read it (flowcheck serve):\n    POST /session/"), "\(run.out)")
        }
        // The replay line, run, shows the same failure.
        if let line = run.out.split(separator: "\n").first(where: { $0.contains("Replay: flowcheck serve") }),
            let run = line.range(of: "--run ").map({ String(line[$0.upperBound...]).prefix { $0.isNumber } })
        {
            let again = flowcheck("serve", "--sut", sut, "--suite", "client", "--seed", "1", "--run", String(run))
            #expect(again.out.contains("broke \(rule)"), "\(bug): the replay of run \(run): \(again.out)")
        }
        // The same client through JSON lines reports correct requests: the bug is the network's alone.
        let reported = flowcheck("run", "--sut", sut, "--suite", "client", "--seed", "1", "--runs", "200")
        #expect(!reported.out.contains(" broke "), "\(bug): \(reported.out)")
    }

    @Test("A baseline that expects one wire bug does not excuse another: the check that broke is in the cause")
    func baselineByAspect() throws {
        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: baseline) }
        func serve(_ bug: String, _ extra: String...) -> (code: ExitCode, out: String, err: String) {
            flowcheck(
                [
                    "serve", "--sut", "FLOWCHECK_EXAMPLE_BUG=\(bug) python3 \(pythonExample)", "--seed", "1", "--runs",
                    "200",
                    "--max-failures", "1", "--no-html",
                ] + extra)
        }
        let written = serve("http-no-content-type", "--baseline", baseline.path, "--update-baseline")
        let entries = try String(contentsOf: baseline, encoding: .utf8)
        #expect(entries.contains("client: RUF-REQUEST-WIRE [Content-Type]"), "\(written.out)\(written.err)\(entries)")
        // (Stopped at one failure, the run lacks coverage and the gate fails whatever: its counts tell.)
        let same = serve("http-no-content-type", "--baseline", baseline.path)
        #expect(same.out.contains("baseline: 1 expected failure, 0 new, 0 stale"), "\(same.out)")
        let other = serve("http-wrong-endpoint", "--baseline", baseline.path)
        #expect(other.out.contains("baseline: 0 expected failures, 1 new, 1 stale"), "a new failure: \(other.out)")
    }

    @Test("A port already taken is a usage error; a harness that will not start exits 3")
    func portAndHarness() throws {
        let taken = try HTTPServer { _ in .text(200, "") }
        let port = flowcheck("serve", "--sut", "python3 \(pythonExample)", "--port", "\(taken.port)")
        #expect(port.code == .usage)
        #expect(port.err.contains("--port \(taken.port):"), "\(port.err)")
        let missing = flowcheck("serve", "--sut", "definitely-not-a-command-xyz", "--seed", "1")
        #expect(missing.code == .notRunnable)
        #expect(flowcheck("serve", "--sut", "builtin:sample").code == .usage)
        let decoder = flowcheck("serve", "--sut", "FLOWCHECK_EXAMPLE_DECODER_ONLY=1 python3 \(pythonExample)")
        #expect(decoder.code == .notRunnable)
        #expect(decoder.err.contains("does not declare the client suite"), "\(decoder.err)")
    }
}
