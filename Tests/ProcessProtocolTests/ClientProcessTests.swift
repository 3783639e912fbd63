import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckEngine
import FlowCheckSuites
import Foundation
import JSON
import NavigationModel
import RUFClientModel
import Testing

@testable import ProcessProtocol
import FlowCheckRecords

/// The client suite over the process protocol: the Python example's RUF client, written from the Client article,
/// against the reference client on random runs, batched and not.
@Suite("RUF clients over the process protocol", .serialized)
struct ClientProcessTests {
    /// What the reference client shows after each input of `run`.
    static func reference(
        _ run: ClientSequences.Run, queueing: ReferenceClient.Queueing = .fifo
    ) throws
        -> [ClientObservation]
    {
        var client = try ReferenceClient(stack: run.stack, profile: run.profile, queueing: queueing)
        return run.inputs.map { client.apply($0) }
    }

    /// The first step where two normalized runs differ, described with its input and both observations.
    static func firstDifference(
        _ run: ClientSequences.Run, _ expected: [ClientObservation], _ actual: [ClientObservation]
    ) -> String? {
        let (want, got) = (normalized(expected), normalized(actual))
        guard want != got else { return nil }
        let step = (0..<min(want.count, got.count)).first { want[$0] != got[$0] } ?? min(want.count, got.count)
        var text = "stack \(run.stack), \(run.profile.nesting); inputs up to step \(step):"
        for (index, input) in run.inputs.prefix(step + 1).enumerated() {
            text += "\n  \(index): " + JSONWriter.write(input.json)
        }
        let expected: String = step < want.count ? JSONWriter.write(want[step]) : "nothing"
        let actual: String = step < got.count ? JSONWriter.write(got[step]) : "nothing"
        return text + "\nreference:\n  " + expected + "\nimplementation:\n  " + actual
    }

    @Test("The Python example declares the client suite and its capabilities")
    func declares() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(examplePath)")
        defer { implementation.stop() }
        let capabilities = implementation.capabilities
        #expect(capabilities.suites.contains(.client))
        #expect(capabilities.client.mergeStrategies == ["REPLACE", "APPEND", "MATCH"])
        #expect(
            capabilities.client.metrics && capabilities.client.optimisticComponents
                && capabilities.client.actionQueue == .fifo)
    }

    @Test("The Python client agrees with the reference client on random runs, batched")
    func agreesBatched() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(implementation.capabilities.batch)
        var sequences = ClientSequences(seed: 1)
        var inputs = 0
        // What the runs reached: each navigation outcome, metric point and request kind, and queued actions.
        var reached: Set<String> = []
        for index in 0..<600 {
            let run = sequences.run(length: 24)
            inputs += run.inputs.count
            let expected = try Self.reference(run)
            for observation in expected {
                if observation.state.queued > 0 { reached.insert("queued") }
                for event in observation.events {
                    switch event {
                    case .navigation(let outcome, _): reached.insert(outcome)
                    case .metric(let point, _, _): reached.insert(point.rawValue)
                    case .request(let request): reached.insert(request.kind)
                    case .actionResult: reached.insert("actionResult")
                    }
                }
            }
            let actual = try implementation.run(initial: run.stack, profile: run.profile, inputs: run.inputs)
            if let difference = Self.firstDifference(run, expected, actual) {
                Issue.record("run \(index): \(difference)")
                return
            }
        }
        #expect(inputs > 5000)
        let everything: Set = [
            "optimistic", "rejected", "applied", "confirmed", "rolledBack", "failed", "navigation", "screen", "action",
            "create", "action", "actionResult", "queued",
        ]
        #expect(reached == everything)
    }

    @Test("Batched and one-input-per-request runs give the same observations, with or without batch declared")
    func batchAndSingle() throws {
        let batching = try ProcessImplementation(commandLine: "python3 \(examplePath)")
        defer { batching.stop() }
        let single = try ProcessImplementation(commandLine: "FLOWCHECK_EXAMPLE_NO_BATCH=1 python3 \(examplePath)")
        defer { single.stop() }
        #expect(batching.capabilities.batch && !single.capabilities.batch)
        var sequences = ClientSequences(seed: 2)
        for index in 0..<80 {
            let run = sequences.run(length: 16)
            let batched = try batching.run(initial: run.stack, profile: run.profile, inputs: run.inputs)
            try batching.resetClient(to: run.stack, profile: run.profile)
            let stepped = try run.inputs.map { try batching.apply($0) }
            let unbatched = try single.run(initial: run.stack, profile: run.profile, inputs: run.inputs)
            #expect(normalized(batched) == normalized(stepped), "run \(index)")
            #expect(normalized(batched) == normalized(unbatched), "run \(index)")
            if let difference = Self.firstDifference(run, try Self.reference(run), unbatched) {
                Issue.record("run \(index), without batch: \(difference)")
                return
            }
        }
    }

    @Test("With actionQueue latest, the Python client keeps only the newest waiting action, as the reference does")
    func latestQueue() throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_ACTION_QUEUE=latest python3 \(examplePath)")
        defer { implementation.stop() }
        #expect(implementation.capabilities.client.actionQueue == .latest)
        var sequences = ClientSequences(seed: 3, queueing: .latest)
        for index in 0..<150 {
            let run = sequences.run(length: 20)
            let actual = try implementation.run(initial: run.stack, profile: run.profile, inputs: run.inputs)
            if let difference = Self.firstDifference(run, try Self.reference(run, queueing: .latest), actual) {
                Issue.record("run \(index): \(difference)")
                return
            }
        }
    }

    @Test(
        "A planted bug in the Python client is caught by the comparison",
        arguments: ["client-append-replaces", "client-meta-deep-merge", "client-no-component-rollback"])
    func plantedBugCaught(bug: String) throws {
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_BUG=\(bug) python3 \(examplePath)")
        defer { implementation.stop() }
        var sequences = ClientSequences(seed: 4)
        for _ in 0..<600 {
            let run = sequences.run(length: 24)
            let actual = try implementation.run(initial: run.stack, profile: run.profile, inputs: run.inputs)
            if Self.firstDifference(run, try Self.reference(run), actual) != nil { return }
        }
        Issue.record("\(bug) agreed with the reference on 600 runs")
    }

    @Test(
        "A planted bug in the Python client is named by its rule alone, in every failure the client suite finds",
        arguments: [
            ("client-append-replaces", "RUF-MERGE-APPEND"), ("client-meta-deep-merge", "RUF-META-MERGE"),
            ("client-no-component-rollback", "RUF-COMPONENT-ROLLBACK"),
        ])
    func plantedBugNamed(bug: String, rule: String) throws {
        // Python writes its JSON in its own key order: rules must not depend on it.
        let implementation = try ProcessImplementation(
            commandLine: "FLOWCHECK_EXAMPLE_BUG=\(bug) python3 \(examplePath)")
        defer { implementation.stop() }
        let result = try ConformanceRunner(
            implementation: implementation, options: .init(seed: 1, runs: 200, suites: [.client], jobs: 1)
        ).run()
        #expect(!result.failures.isEmpty, "\(bug) was not caught")
        for failure in result.failures { #expect(failure.ruleIDs == [rule], "\(bug): \(failure.origin)") }
    }

    /// A fake client: says hello with the client suite, answers clientReset, then runs `then` in the shell.
    private func fake(_ then: String, batch: Bool = false) -> String {
        "read line; echo '\(Self.hello(batch: batch))'; read line; echo '{\"seq\":1,\"ok\":true}'; read line; \(then)"
    }

    /// A hello reply that declares the client suite alone.
    static func hello(batch: Bool) -> String {
        #"{"seq":0,"protocol":1,"implementation":{"name":"fake","version":"0","language":"sh"},"#
            + #""capabilities":{"suites":["client"],"batch":\#(batch)}}"#
    }

    static let home: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]
    static let state =
        #"{"stack":[{"screen":"HOME","flow":null,"flowRoot":false,"presentation":"root"}],"pending":null,"#
        + #""cache":{"HOME":{"list":{"behavior":3,"locale":{},"payload":null}}},"meta":{},"currentScreen":null,"#
        + #""inFlight":null,"queued":0}"#

    @Test("A malformed client reply is a protocol error naming the JSON path; in a batch, from the top of the line")
    func malformedReply() throws {
        let implementation = try ProcessImplementation(
            commandLine: fake(#"echo '{"seq":2,"events":[],"state":\#(Self.state)}'; sleep 1"#))
        defer { implementation.stop() }
        try implementation.resetClient(to: Self.home, profile: .owned)
        #expect {
            try implementation.apply(.create(screen: "HOME", params: .object([])))
        } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .malformedReply
                && error.message.contains("client step 0 (create HOME)")
                && error.message.contains("expected a string, found the number 3 at $.state.cache.HOME.list.behavior")
        }
        let reply = #"{"seq":1,"replies":[{"seq":2,"ok":true},{"seq":3,"state":\#(Self.state),"events":[]}]}"#
        let batching = try ProcessImplementation(
            commandLine: "read line; echo '\(Self.hello(batch: true))'; read line; echo '\(reply)'; sleep 1")
        defer { batching.stop() }
        #expect {
            try batching.run(initial: Self.home, profile: .owned, inputs: [.create(screen: "HOME", params: .null)])
        } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .malformedReply && error.message.contains("client step 0 (create HOME) of a batch")
                && error.message.contains("at $.replies[1].state.cache.HOME.list.behavior")
        }
    }

    @Test("A clientReset that does not say ok, and an errored client reply, are named")
    func resetAndErrored() throws {
        let notOK = try ProcessImplementation(
            commandLine: "read line; echo '\(Self.hello(batch: false))'; read line; echo '{\"seq\":1}'; sleep 1")
        defer { notOK.stop() }
        #expect { try notOK.resetClient(to: Self.home, profile: .owned) } throws: { error in
            (error as? ProcessError)?.message == "the reply to clientReset should say \"ok\": true"
        }
        let errored = try ProcessImplementation(
            commandLine: fake(#"echo '{"seq":2,"errored":true,"message":"no cache yet"}'; sleep 1"#))
        defer { errored.stop() }
        try errored.resetClient(to: Self.home, profile: .owned)
        #expect { try errored.apply(.create(screen: "HOME", params: .null)) } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .implementationError && error.message.contains("no cache yet")
        }
    }
}
