import ConformanceRules
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckEngine
import FlowCheckNavigationSuite
import FlowCheckRecords
import FlowCheckSuites
import FlowSchema
import Foundation
import NavigationModel
import ProcessProtocol
import Testing

/// The Python example implementation kept under Tests/ProcessExample.
let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ProcessExample/navigator.py").path

@Suite("Process implementations", .serialized)
struct ProcessImplementationTests {
    @Test("The Python example says hello with its capabilities and conforms, batching whole runs")
    func pythonExampleConforms() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(implementation.info == ImplementationInfo(name: "python-example", version: "1.0", language: "Python"))
        #expect(implementation.capabilities.batch)
        #expect(implementation.capabilities.navigation.nesting == [.owned, .shared])
        let result = try ConformanceRunner(implementation: implementation, options: .init(seed: 1)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
    }

    @Test("A mutated copy of the Python decoder is caught with a small document and the rule named")
    func mutatedPythonDecoderCaught() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_BUG=decoder-unknown-drops-siblings python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(
            implementation.capabilities.suites.contains(.decoding) && implementation.capabilities.decoding.migrations)
        let result = try ConformanceRunner(implementation: implementation, options: .init(seed: 1, suites: [.decoding]))
            .run()
        #expect(result.verdict.suites[0].verdict == .divergent)
        let failure = try #require(result.failures(of: .decoding).first)
        #expect(failure.size.value <= 3)
        #expect(failure.ruleIDs.contains("DEC-UNKNOWN-COMPONENT"))
    }

    @Test(
        "An assertion that kills the process mid-run is a counterexample: the smallest sequence, SIGABRT, the assertion line"
    )
    func assertionIsACounterexample() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_BUG=assert-pop-to-missing python3 \(examplePath)")
        defer { implementation.stop() }
        let result = try ConformanceRunner(
            implementation: implementation, options: .init(seed: 1, suites: [.navigation])
        ).run()
        #expect(result.verdict.overall == .errored)
        #expect(result.verdict.suites.first?.breakdowns == 1)
        let failure = try #require(result.failures.first { $0.kind == .breakdown })
        #expect(failure.origin == "breakdown: exited: was killed by signal 6 (SIGABRT)", "\(failure.origin)")
        // One POP_TO whose target is not in the top layer: nothing before it is needed.
        #expect(failure.size.value == 1, "\(failure.input)")
        #expect(failure.input.contains { $0.contains("POP_TO") })
        let tail = try #require(failure.breakdown?.stderrTail)
        #expect(tail.last?.contains("Assertion failed: POP_TO target") == true, "\(tail.suffix(3))")
        #expect(failure.replay.contains(" alone"), "a breakdown replays its run alone: \(failure.replay)")
    }

    @Test("The Python example also conforms one command per line, without batch")
    func pythonExampleWithoutBatch() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_NO_BATCH=1 python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(!implementation.capabilities.batch)
        let result = try ConformanceRunner(
            implementation: implementation, options: .init(seed: 2, runs: 400, suites: [.session])
        ).run()
        #expect(result.verdict.passed)
    }

    @Test("A mutated copy of the Python example is caught and the rule it breaks is named")
    func mutatedPythonExampleCaught() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_BUG=remove-previous-top-run python3 \(examplePath)")
        defer { implementation.stop() }
        let result = try ConformanceRunner(
            implementation: implementation, options: .init(seed: 1, suites: [.navigation])
        ).run()
        #expect(result.verdict.overall == .divergent)
        // Listed among the failures its wrong removal causes (START_NEW and REPLACE reuse it), at one step.
        let failure = try #require(result.failures.first { $0.ruleIDs.contains("NAV-PUSH-REMOVE-PREVIOUS") })
        #expect(failure.size == UnitCount(1, .step))
    }

    @Test(
        "A program that does not exist cannot be started; under a shell, the shell's exit and standard error are named")
    func notStarting() {
        #expect { try ProcessImplementation(commandLine: "definitely-not-a-command-xyz") } throws: { error in
            (error as? ProcessError).map {
                $0.code == .launchFailed && $0.message.hasSuffix("No such file or directory")
            } ?? false
        }
        #expect { try ProcessImplementation(commandLine: "definitely-not-a-command-xyz | cat") } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .helloFailed && error.message.contains("exited with status")
                && error.stderrTail.joined().contains("not found")
        }
    }

    @Test(
        "Hello has a timeout of its own: a slow start is waited for past the step timeout, and a hang names the limit")
    func helloTimeout() {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"slow","version":"0","language":"sh"},"capabilities":{"suites":["decoding"]}}"#
        // Starts in 1.5 s, three times its step timeout: a start is not a step.
        let slow = try? ProcessImplementation(
            commandLine: "read l; sleep 1.5; echo '\(hello)'; cat > /dev/null", stepTimeout: .milliseconds(500),
            helloTimeout: .seconds(10))
        #expect(slow != nil)
        slow?.stop()
        let clock = ContinuousClock()
        let started = clock.now
        #expect {
            try ProcessImplementation(commandLine: "read l; sleep 30", helloTimeout: .milliseconds(300))
        } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .helloFailed && error.message.contains("--hello-timeout")
        }
        #expect(clock.now - started < .seconds(10))
    }

    @Test("A command line that starts with a shell builtin (exec, ulimit) runs under /bin/sh, as the protocol says")
    func shellBuiltinFirst() throws {
        for line in [
            "exec python3 \(examplePath)", "ulimit -n 256; python3 \(examplePath)",
            "umask 022 && python3 \(examplePath)",
        ] {
            let implementation = try ProcessImplementation(commandLine: line)
            #expect(implementation.capabilities.suites.contains(.navigation), "\(line)")
            implementation.stop()
        }
    }

    @Test("A wrong hello is refused with the offending line")
    func wrongHello() {
        #expect { try ProcessImplementation(commandLine: #"read line; echo '{"seq":0,"protocol":2}'"#) } throws: {
            error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .helloFailed && error.offendingLine == #"{"seq":0,"protocol":2}"#
        }
    }

    /// A fake implementation: answers hello with real capabilities, then runs `then` in the shell.
    private func fake(_ then: String, batch: Bool = false) -> String {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"fake","version":"0","language":"sh"},"capabilities":{"suites":["navigation"],"modes":["PUSH","POP"],"behaviors":["KEEP"],"nesting":"owned","reasons":false,"batch":\#(batch)}}"#
        return "read line; echo '\(hello)'; read line; echo '{\"seq\":1,\"ok\":true}'; read line; \(then)"
    }

    private func firstStepError(_ commandLine: String, timeout: Duration = .seconds(5)) throws -> ProcessError? {
        let implementation = try ProcessImplementation(commandLine: commandLine, stepTimeout: timeout)
        defer { implementation.stop() }
        try implementation.reset(
            to: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)], profile: .owned)
        do {
            _ = try implementation.perform(.navigate(NavigationDirective(mode: .pop)))
            return nil
        } catch let error as ProcessError {
            return error
        }
    }

    @Test("A hang ends with a timeout naming the step, never a hang of the kit")
    func hang() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let error = try #require(try firstStepError(fake("sleep 30"), timeout: .milliseconds(300)))
        #expect(error.code == .timeout)
        #expect(error.message.contains("step 0 (navigate POP)"))
        #expect(clock.now - started < .seconds(10))
    }

    @Test("A crash ends with the exit status and the last lines of standard error")
    func crash() throws {
        let error = try #require(try firstStepError(fake("echo 'Segmentation fault' >&2; exit 139")))
        #expect(error.code == .exited)
        #expect(
            error.message.contains(
                "exited with status 139 (as a shell reports signal 11, SIGSEGV) before answering step 0"))
        #expect(error.stderrTail == ["Segmentation fault"])
    }

    @Test("Garbage on standard output is reported with the offending line")
    func garbage() throws {
        let error = try #require(try firstStepError(fake("echo 'hello world'; sleep 1")))
        #expect(error.code == .malformedReply)
        #expect(error.offendingLine == "hello world")
        #expect(error.message.contains("step 0"))
    }

    @Test("A reply with the wrong seq, or an errored reply, is a protocol error naming the step")
    func wrongSeqAndErrored() throws {
        let wrongSeq = try #require(
            try firstStepError(
                fake(#"echo '{"seq":7,"outcome":"applied","state":{"stack":[],"pending":null}}'; sleep 1"#)))
        #expect(wrongSeq.code == .malformedReply && wrongSeq.message.contains("should echo \"seq\": 2"))
        let errored = try #require(
            try firstStepError(fake(#"echo '{"seq":2,"errored":true,"message":"POP is not wired up"}'; sleep 1"#)))
        #expect(errored.code == .implementationError && errored.message.contains("POP is not wired up"))
    }

    @Test("A reply that is not a navigation reply names the missing field")
    func malformedNavigationReply() throws {
        let error = try #require(try firstStepError(fake(#"echo '{"seq":2,"outcome":"applied"}'; sleep 1"#)))
        #expect(error.code == .malformedReply)
        #expect(error.message.contains("missing \"state\""))
    }
}

@Suite("Decoding-only process implementations", .serialized)
struct DecodingOnlyProcessTests {
    @Test("A decoder that declares only the decoding suite conforms; its report shows no navigation rules or items")
    func decoderOnly() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_DECODER_ONLY=1 python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(implementation.capabilities.suites == [.decoding])
        #expect(
            implementation.capabilities.navigation.modes.isEmpty
                && implementation.capabilities.navigation.nesting.isEmpty)
        let result = try ConformanceRunner(implementation: implementation, options: .init(seed: 1)).run()
        #expect(result.verdict.passed, "\(TextReport.render(result))")
        #expect(result.suites.map(\.suite) == [.decoding])
        #expect(result.header.notCertified.isEmpty, "\(result.header.notCertified)")
        #expect(result.suites.flatMap(\.rules).allSatisfy { $0.id.hasPrefix("DEC-") })
    }

    @Test("A process that declares navigation without modes is refused before anything runs, saying what is missing")
    func navigationWithoutModes() throws {
        let hello =
            #"{"seq":0,"protocol":1,"implementation":{"name":"half","version":"0","language":"sh"},"capabilities":{"suites":["navigation"]}}"#
        let implementation = try ProcessImplementation(commandLine: "read line; echo '\(hello)'; sleep 5")
        defer { implementation.stop() }
        #expect { try ConformanceRunner(implementation: implementation, options: .init(seed: 1)).run() } throws: {
            error in
            "\(error)" == "half declares the navigation suite, but it declares no modes"
        }
    }
}
