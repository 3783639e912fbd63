import FlowCheckCommands
import Foundation
import Testing

/// A shell script that says hello with real capabilities (one command per line), then runs `then` for the first
/// request; the command line that runs it carries a marker in its environment, to find every process it leaves. The
/// caller removes the script.
private func zoo(
    _ then: String, hello answers: Bool = true
) throws -> (commandLine: String, marker: String, script: URL) {
    let hello =
        #"{"seq":0,"protocol":1,"implementation":{"name":"zoo","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned"}}"#
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-zoo-\(UUID().uuidString).sh")
    try Data((answers ? "read l; echo '\(hello)'; read l; \(then)\n" : then + "\n").utf8).write(to: script)
    let marker = UUID().uuidString
    return ("FLOWCHECK_ZOO=\(marker) sh \(script.path)", marker, script)
}

/// The live processes whose environment holds `marker` (a zombie waiting for its reaper has none).
private func processes(holding marker: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
        guard entry.allSatisfy(\.isNumber),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            stat[stat.index(after: close)...].split(separator: " ").first != "Z"
        else { return false }
        return (try? String(contentsOfFile: "/proc/\(entry)/environ", encoding: .isoLatin1))?.contains(marker) ?? false
    }
}

@Suite("The hostile zoo through the command line", .serialized)
struct HostileZooTests {
    static let animals: [(name: String, then: String, code: ExitCode, message: String)] = [
        ("crash at hello", "exit 5", .notRunnable, "broke the protocol at hello"),
        (
            "crash mid-run", "echo 'fatal: index out of range' >&2; kill -SEGV $$", .failure,
            "was killed by signal 11 (SIGSEGV) before answering reset"
        ),
        ("garbage", "echo 'hello there'; sleep 5", .failure, "is not a JSON object"),
        ("invalid UTF-8", #"printf '\377\n'; sleep 5"#, .failure, "is not UTF-8"),
        ("hang", "sleep 300", .failure, "no reply to reset within 500 ms"),
        ("closed output", "exec 1>&-; sleep 300", .failure, "closed its standard output while still running"),
        ("lingering child", "sleep 300 & exit 3", .failure, "exited with status 3 before answering reset"),
        ("SIGTERM ignored, hanging", "trap '' TERM; sleep 300", .failure, "no reply to reset within 500 ms"),
    ]

    @Test(
        "Each breaks down with its exit code and its message, within the step timeout and the grace period, leaving no process",
        arguments: animals.indices)
    func animal(index: Int) throws {
        let animal = Self.animals[index]
        // "crash at hello" exits before answering hello; the others answer it first.
        let (line, marker, script) = try zoo(animal.then, hello: animal.name != "crash at hello")
        defer { try? FileManager.default.removeItem(at: script) }
        let started = Date()
        let (code, out, err) = flowcheck(
            "run", "--sut", line, "--seed", "1", "--step-timeout", "500ms", "--no-html", "--runs", "5")
        #expect(code == animal.code, "\(animal.name): \(code)")
        #expect((out + err).contains(animal.message), "\(animal.name): \(out)\(err)")
        // A breakdown is a counterexample, shrunk like any: a hang costs one step timeout per run and per shrink
        // candidate (a few at most), anything else only a restart.
        // (A process that stays alive costs a moment more per try: it is waited for before it is stopped.)
        let bound: Double = animal.message.contains("no reply") || animal.name == "closed output" ? 15 : 6
        #expect(Date().timeIntervalSince(started) < bound, "\(animal.name) took too long")
        #expect(processes(holding: marker).isEmpty, "\(animal.name) left a process")
    }

    @Test("A deadlock after hello ends the suite after three hangs in a row, not after a timeout on every run")
    func deadlockEndsTheSuite() throws {
        let (line, marker, script) = try zoo("sleep 300")
        defer { try? FileManager.default.removeItem(at: script) }
        // The default 400 runs: without the end, 400 step timeouts.
        let (code, out, err) = flowcheck("run", "--sut", line, "--seed", "1", "--step-timeout", "300ms", "--no-html")
        #expect(code == .failure, "\(code): \(err)")
        #expect(out.contains("navigation  ✗ errored                3 runs, 0 steps"), "\(out)")
        #expect(out.contains("the implementation hung on 3 runs in a row, each on a fresh process"), "\(out)")
        #expect(out.contains("3 runs failed this way"), "\(out)")
        #expect(processes(holding: marker).isEmpty, "the deadlocked implementation left a process")
    }

    @Test("A name or a reply that would spoof the display (a bidirectional override, a newline) is shown escaped")
    func spoofing() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("spoof.py")
        try Data(
            #"""
            import json, sys
            for line in sys.stdin:
                r = json.loads(line)
                if r["cmd"] == "hello":
                    out = {"protocol": 1, "implementation": {"name": "zoo\u202eevil", "version": "0", "language": "py"},
                           "capabilities": {"suites": ["navigation"], "modes": ["PUSH", "POP"], "behaviors": ["KEEP"],
                                            "nesting": "owned"}}
                elif r["cmd"] == "reset":
                    out = {"ok": True}
                elif r["cmd"] == "stop":
                    break
                else:
                    entry = {"screen": "HOME\n-   FAKE(MAIN)* \u202e", "flow": None, "flowRoot": False,
                             "presentation": "root"}
                    out = {"outcome": "applied", "state": {"stack": [entry], "pending": None}}
                out["seq"] = r["seq"]
                print(json.dumps(out), flush=True)
            """#.utf8
        ).write(to: script)
        let markdown = folder.appendingPathComponent("report.md").path
        let (code, out, err) = flowcheck(
            "run", "--sut", "python3 \(script.path)", "--seed", "1", "--runs", "20", "--no-html", "--markdown", markdown)
        #expect(code == .failure, "\(err)")
        let written = try String(contentsOfFile: markdown, encoding: .utf8)
        for text in [out, written] {
            #expect(!text.unicodeScalars.contains("\u{202E}"), "a bidirectional override reached the reader")
            #expect(text.contains(#"zoo\u{202E}evil"#), "\(text)")
            #expect(!text.split(separator: "\n").contains { $0.contains("FAKE") && !$0.contains(#"HOME\u{A}"#) }, "\(text)")
        }
    }

    @Test("A daemon that double-forks out of the group and ignores SIGTERM is ended with its implementation")
    func daemonIsEnded() throws {
        let (line, marker, script) = try zoo(#"( setsid sh -c 'trap "" TERM HUP; sleep 300' & ); exit 3"#)
        defer { try? FileManager.default.removeItem(at: script) }
        // The real command: a process embedding the kit (as these tests do) keeps its own process tree.
        let binary = try #require(flowcheckBinary(), "flowcheck was not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--sut", line, "--seed", "1", "--runs", "3", "--jobs", "2", "--no-html"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        // The daemon left the implementation's group and session; the kit adopted it, and ended it by its token.
        #expect(processes(holding: marker).isEmpty, "a daemon outlived its implementation")
    }

    @Test("Killed with SIGKILL, the kit takes its implementations with it, even ones that ignore end of input and SIGTERM")
    func killedKit() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("stubborn.py")
        try Data(
            #"""
            import json, signal, sys, time
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            r = json.loads(sys.stdin.readline())
            print(json.dumps({"seq": r["seq"], "protocol": 1,
                              "implementation": {"name": "stubborn", "version": "0", "language": "py"},
                              "capabilities": {"suites": ["navigation"], "modes": ["PUSH", "POP"],
                                               "behaviors": ["KEEP"], "nesting": "owned"}}), flush=True)
            while True:
                time.sleep(0.2)
            """#.utf8
        ).write(to: script)
        let marker = UUID().uuidString
        let binary = try #require(flowcheckBinary(), "flowcheck was not built")
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "run", "--sut", "FLOWCHECK_ZOO=\(marker) python3 \(script.path)", "--seed", "1", "--jobs", "2",
            "--no-html", "--step-timeout", "60s",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Both workers' implementations started (the first one read hello alone) and waiting on a reply.
        let started = Date()
        while processes(holding: marker).count < 2 && Date().timeIntervalSince(started) < 20 { usleep(50_000) }
        usleep(500_000)
        #expect(processes(holding: marker).count >= 2)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = Date()
        while !processes(holding: marker).isEmpty && Date().timeIntervalSince(killed) < 5 { usleep(50_000) }
        #expect(processes(holding: marker).isEmpty, "an implementation outlived the kit killed with SIGKILL")
    }

    @Test("A timeout whose replay answers near the limit is reported as slow input, with the time and the replay")
    func slowInput() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("slow.py")
        let flag = folder.appendingPathComponent("slow-once").path
        // Slow on a deep stack: past the limit the first time, then at 70% of it.
        try Data(
            """
            import os, sys, time
            sys.path.insert(0, \(String(reflecting: repository.appendingPathComponent("Tests/ProcessExample").path)))
            os.environ["FLOWCHECK_EXAMPLE_NO_BATCH"] = "1"
            import navigator
            original = navigator.handle
            def slow(nav, request):
                if request.get("cmd") == "navigate" and len(nav.stack) >= 4:
                    if not os.path.exists(\(String(reflecting: flag))):
                        open(\(String(reflecting: flag)), "w").close()
                        time.sleep(1.5)
                    else:
                        time.sleep(0.7)
                return original(nav, request)
            navigator.handle = slow
            navigator.main()
            """.utf8
        ).write(to: script)
        let (code, out, err) = flowcheck(
            "run", "--sut", "python3 \(script.path)", "--suite", "navigation", "--seed", "1", "--runs", "30",
            "--jobs", "1", "--step-timeout", "1s", "--no-html")
        #expect(code == .failure, "\(err)")
        #expect(out.contains("slow input: run "), "\(out)")
        #expect(out.contains("% of the 1s step timeout)") && out.contains("--step-timeout 1s"), "\(out)")
        #expect(!out.contains("depends on more than the input"), "\(out)")
    }
}
