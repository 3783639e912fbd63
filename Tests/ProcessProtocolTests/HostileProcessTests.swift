import FlowCheckClientSuite
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckSuites
import Foundation
import NavigationModel
@testable import ProcessProtocol
import Testing

#if canImport(Glibc)
import Glibc
import FlowCheckCore
import FlowCheckRecords
#endif

/// A hello reply with real capabilities, then `then` run by the shell for the first step.
private func hostile(_ then: String) -> String {
    let hello =
        #"{"seq":0,"protocol":1,"implementation":{"name":"hostile","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned"}}"#
    return "read line; echo '\(hello)'; read line; echo '{\"seq\":1,\"ok\":true}'; read line; \(then)"
}

/// Whether any process of the group `pgid` is still alive (a zombie waiting for its reaper does not count).
private func groupAlive(_ pgid: pid_t) -> Bool {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries where entry.allSatisfy(\.isNumber) {
        guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        // After "pid (comm)": state, ppid, pgrp.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 2, fields[0] != "Z", Int32(fields[2]) == pgid { return true }
    }
    return false
}

/// Starts `commandLine`, resets it, sends one POP, and returns the breakdown, the time it took and the process group.
private func firstStep(
    _ commandLine: String, timeout: Duration = .seconds(5)
) throws -> (error: ProcessError?, seconds: Double, pgid: pid_t) {
    let implementation = try ProcessImplementation(commandLine: commandLine, stepTimeout: timeout)
    let pgid = implementation.processGroup
    let started = Date()
    defer { implementation.stop() }
    try implementation.reset(
        to: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned)
    do {
        _ = try implementation.perform(.navigate(NavigationDirective(mode: .pop)))
        return (nil, Date().timeIntervalSince(started), pgid)
    } catch let error as ProcessError {
        return (error, Date().timeIntervalSince(started), pgid)
    }
}

@Suite("Hostile process implementations", .serialized)
struct HostileProcessTests {
    @Test("A real crash is named by its signal")
    func signalNamed() throws {
        let script =
            "import os, signal, sys\nsys.stdin.readline()\nprint('{\"seq\":0,\"protocol\":1,\"implementation\":{\"name\":\"c\",\"version\":\"0\",\"language\":\"py\"},\"capabilities\":{\"suites\":[\"navigation\"],\"modes\":[\"POP\"],\"nesting\":\"owned\"}}', flush=True)\nsys.stdin.readline()\nos.kill(os.getpid(), signal.SIGSEGV)\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-crash-\(UUID().uuidString).py")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let implementation = try ProcessImplementation(commandLine: "python3 \(file.path)")
        defer { implementation.stop() }
        #expect {
            try implementation.reset(
                to: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned)
        } throws: { error in
            (error as? ProcessError)?.message
                == "the implementation was killed by signal 11 (SIGSEGV) before answering reset"
        }
    }

    @Test("Outside a batch, a reset reply that does not say ok is a malformed reply")
    func resetWithoutOK() throws {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"r","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["POP"],"nesting":"owned"}}"#
        let implementation = try ProcessImplementation(
            commandLine: "read l; echo '\(hello)'; read l; echo '{\"seq\":1}'; sleep 5")
        defer { implementation.stop() }
        let error = #expect(throws: ProcessError.self) {
            try implementation.reset(
                to: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned)
        }
        #expect(error?.code == .malformedReply)
        #expect(error?.message == "the reply to reset should say \"ok\": true")
    }

    @Test("Restarted after a breakdown, an implementation whose name carries its process id goes on")
    func restartWithOtherName() throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("flowcheck-flag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: flag) }
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"r-'$$'","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["POP"],"nesting":"owned"}}"#
        // The first process crashes at its first reset; the second answers it.
        let implementation = try ProcessImplementation(
            commandLine:
                "read l; echo '\(hello)'; read l; if [ -e \(flag.path) ]; then echo '{\"seq\":1,\"ok\":true}'; sleep 5; else touch \(flag.path); exit 3; fi"
        )
        defer { implementation.stop() }
        let stack: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]
        #expect(throws: ProcessError.self) { try implementation.reset(to: stack, profile: .owned) }
        try implementation.reset(to: stack, profile: .owned)
        #expect(implementation.breakdowns.count == 1)
    }

    @Test("A hang is stopped within the step timeout and the grace period; nothing of its process group is left")
    func hangLeavesNothing() throws {
        let (error, seconds, pgid) = try firstStep(hostile("sleep 300 & sleep 300"), timeout: .milliseconds(300))
        #expect(error?.code == .timeout)
        #expect(seconds < 3, "\(seconds) s")
        #expect(!groupAlive(pgid), "a process of the group outlived the kit's stop")
    }

    @Test("An implementation that ignores SIGTERM is killed after the grace period")
    func sigtermIgnored() throws {
        let implementation = try ProcessImplementation(
            commandLine: hostile("trap '' TERM; sleep 300"), stepTimeout: .seconds(5))
        let pgid = implementation.processGroup
        try implementation.reset(
            to: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned)
        let started = Date()
        implementation.stop()
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(!groupAlive(pgid))
    }

    @Test(
        "An implementation that exits leaving a child holding its output is reported as exited, and the child is ended")
    func lingeringChild() throws {
        let (error, seconds, pgid) = try firstStep(hostile("sleep 300 & exit 4"))
        #expect(
            error?.message.contains("exited with status 4 before answering step 0") == true,
            "\(String(describing: error))")
        #expect(seconds < 3)
        #expect(!groupAlive(pgid))
    }

    @Test("Closing standard output while running is named as such, not as a timeout")
    func closedOutput() throws {
        let (error, seconds, _) = try firstStep(hostile("exec 1>&-; sleep 300"))
        #expect(
            error?.message.contains("closed its standard output while still running") == true,
            "\(String(describing: error))")
        #expect(seconds < 4)
    }

    @Test("A reply that is not UTF-8 names the offending byte; a seq that is not an integer is wrong")
    func invalidUTF8AndSeq() throws {
        let bad = try firstStep(hostile(#"printf '{"seq":2,\377}\n'; sleep 1"#)).error
        #expect(bad?.message.contains("is not UTF-8: the byte at offset 9") == true, "\(String(describing: bad))")
        let fractional = try firstStep(
            hostile(#"echo '{"seq":2.0,"outcome":"applied","state":{"stack":[],"pending":null}}'; sleep 1"#)
        ).error
        #expect(
            fractional?.message.contains("should echo \"seq\": 2 as an integer, not 2") == true,
            "\(String(describing: fractional))")
    }

    @Test("A flood of standard error without newlines never blocks the implementation; only its tail is kept")
    func stderrFlood() throws {
        let reply =
            #"{"seq":2,"outcome":"rejected","reason":"cannotPopRoot","state":{"stack":[{"screen":"HOME","flow":null,"flowRoot":false,"presentation":"root"}],"pending":null}}"#
        let (error, _, _) = try firstStep(
            hostile(
                "head -c 3000000 /dev/zero | tr '\\\\0' x >&2; echo '\(reply)'; head -c 200000 /dev/zero | tr '\\\\0' y >&2; exit 9"
            ))
        #expect(error == nil, "\(String(describing: error))")
    }

    @Test("A reply line of several megabytes is read whole and reported as what it is")
    func hugeLine() throws {
        let (error, seconds, _) = try firstStep(hostile("head -c 8000000 /dev/zero | tr '\\\\0' x; echo; sleep 1"))
        // A robustness bound, not a speed target: a quadratic reader took 80 s on this line.
        #expect(seconds < 30)
        #expect(error?.message.contains("is not a JSON object") == true)
        #expect(error?.offendingLine?.utf8.count == 8_000_000)
    }

    @Test("The standard error tail is bounded, cut at a line boundary, and says how much came before it")
    func stderrTailBounded() throws {
        let (error, _, _) = try firstStep(
            hostile(
                "for i in $(seq 1 20000); do echo \"line $i of the error output\" >&2; done; echo 'Assertion failed: the last line' >&2; exit 1"
            ))
        let tail = try #require(error?.stderrTail)
        #expect(tail.last == "Assertion failed: the last line")
        #expect(tail.first?.hasPrefix("[… ") == true)
        #expect(
            tail.dropFirst().first?.hasPrefix("line ") == true,
            "cut at a line boundary: \(tail.dropFirst().first ?? "")")
        #expect(tail.joined(separator: "\n").utf8.count <= 64 * 1024 + 100)
    }

    @Test(
        "A crash while shrinking keeps the failure already found, restarts the process, and says so beside the failure")
    func crashWhileShrinking() throws {
        let crashy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ProcessExample/crashy_navigator.py").path
        let implementation = try ProcessImplementation(
            commandLine:
                "FLOWCHECK_EXAMPLE_BUG=remove-previous-top-run FLOWCHECK_EXAMPLE_CRASH_AFTER=300 python3 \(crashy)")
        defer { implementation.stop() }
        let result = try ConformanceRunner(
            implementation: implementation, options: .init(seed: 1, suites: [.navigation])
        ).run()
        // The crash depends on how many requests the process served, not on the input, so it never replays: every
        // divergence found stays, with the crash noted beside it. Met while generating (not only while shrinking),
        // it is also an error of the run, saying it did not happen again.
        #expect(result.failures.contains { $0.ruleIDs.contains("NAV-PUSH-REMOVE-PREVIOUS") })
        let failure = try #require(result.failures.first)
        #expect(failure.notes.first?.contains("was killed by signal 11 (SIGSEGV)") == true, "\(failure.notes)")
        #expect(!implementation.breakdowns.isEmpty)
        #expect(
            !result.failures.contains { $0.kind == .breakdown }, "a crash that does not replay is no counterexample")
        switch result.verdict.overall {
        case .errored:
            #expect(result.errors.contains { $0.message.contains("but not again when its case was replayed") })
        default:
            #expect(result.verdict.overall == .divergent && result.errors.isEmpty, "\(TextReport.render(result))")
        }
    }

    @Test("Inside a batch, every inner reply's seq and the reset's ok are checked")
    func batchInnerReplies() throws {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"b","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["POP"],"nesting":"owned","batch":true}}"#
        let stack = #"{"stack":[{"screen":"HOME","flow":null,"flowRoot":false,"presentation":"root"}],"pending":null}"#
        let wrongInner =
            #"{"seq":1,"replies":[{"seq":2,"ok":true},{"seq":99,"outcome":"rejected","state":"# + stack + "}]}"
        let implementation = try ProcessImplementation(
            commandLine: "read l; echo '\(hello)'; read l; echo '\(wrongInner)'; sleep 5")
        defer { implementation.stop() }
        #expect {
            try implementation.run(
                initial: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned,
                commands: [.navigate(NavigationDirective(mode: .pop))])
        } throws: { error in
            (error as? ProcessError)?.message.hasPrefix(
                "the reply to step 0 (navigate POP) of a batch (reply 1 of the batch) should echo \"seq\": 3") ?? false
        }
    }

    @Test("A hang inside a batch ends when --time-limit does, not after step-timeout times the batch's commands")
    func batchHangBoundedByTimeLimit() throws {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"b","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned","batch":true}}"#
        let implementation = try ProcessImplementation(
            commandLine: "read l; echo '\(hello)'; sleep 300", stepTimeout: .seconds(5))
        let pgid = implementation.processGroup
        defer { implementation.stop() }
        let started = Date()
        let result = try ConformanceRunner(
            implementation: implementation,
            options: .init(seed: 1, runs: 10, maxSteps: 30, timeLimit: .seconds(1), suites: [.navigation])
        ).run()
        #expect(Date().timeIntervalSince(started) < 4, "the batch would have waited up to 155 s")
        #expect(result.suites.first?.stoppedByTimeLimit == "1s")
        #expect(result.errors.isEmpty, "the time limit, not the implementation, ended the wait")
        implementation.stop()
        #expect(!groupAlive(pgid))
    }

    @Test("Without --time-limit, a hang inside a batch ends within one step timeout and the grace period")
    func batchHangBoundedByStepTimeout() throws {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"b","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned","batch":true}}"#
        let implementation = try ProcessImplementation(
            commandLine: "read l; echo '\(hello)'; sleep 300", stepTimeout: .milliseconds(500))
        defer { implementation.stop() }
        let started = Date()
        let commands = Array(repeating: NavigationCommand.navigate(NavigationDirective(mode: .pop)), count: 30)
        let error = #expect(throws: ProcessError.self) {
            try implementation.run(
                initial: ScreenStack([StackEntry(screen: "A", flow: "F", flowRoot: true, presentation: .root)]),
                profile: .owned, commands: commands)
        }
        // Step timeout (0.5 s) and grace (1 s), not 31 step timeouts.
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("no reply to the batch of a run (reset and 30 commands) within 500 ms") == true)
    }

    @Test(
        "A megabyte of standard error on one line is kept as a bounded tail, and cut in messages with what was cut said"
    )
    func megabyteStderrLine() throws {
        let (error, _, _) = try firstStep(hostile("head -c 1000000 /dev/zero | tr '\\\\0' e >&2; echo >&2; exit 2"))
        let tail = try #require(error?.stderrTail)
        #expect(tail.joined().utf8.count <= 64 * 1024 + 100)
        let description = try #require(error).description
        #expect(description.utf8.count < 4_000 && description.contains("more characters)"))
    }
}

@Suite("An implementation's environment")
struct InheritedEnvironmentTests {
    @Test(
        "Every variable of the kit's environment reaches the implementation, one whose value starts with a tag character too"
    )
    func inherited() {
        let name = "FLOWCHECK_TEST_TAG_\(getpid())"
        setenv(name, "\u{E0041}tag", 1)
        defer { unsetenv(name) }
        #expect(ChildProcess.plan("python3 impl.py").environment.contains("\(name)=\u{E0041}tag"))
        #expect(ChildProcess.plan("exec python3 impl.py").environment.contains("\(name)=\u{E0041}tag"))
        // An assignment on the command line replaces the inherited value, compared byte by byte.
        setenv(name, "\u{301}old", 1)
        let replaced = ChildProcess.plan("\(name)=new python3 impl.py").environment
        #expect(replaced.filter { $0.hasPrefix(name) } == ["\(name)=new"])
    }
}
