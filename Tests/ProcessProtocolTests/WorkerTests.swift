import FlowCheckCore
import FlowCheckNavigationSuite
import Foundation
import NavigationModel
import ProcessProtocol
import Testing

@Suite("Workers and replies through a process", .serialized)
struct WorkerTests {
    /// A hello reply of a navigation implementation that declares POP, with `more` capabilities.
    static func hello(name: String, _ more: String = "") -> String {
        #"{"seq":0,"protocol":1,"implementation":{"name":""# + name + #"","version":"0","language":"sh"},"#
            + #""capabilities":{"suites":["navigation"],"modes":["POP"],"nesting":"owned""# + more + "}}"
    }

    static let home: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]

    @Test("A worker is another process of the same command line, step timeout and capabilities, answering on its own")
    func workerIsAnotherProcess() throws {
        let implementation = try ProcessImplementation(
            commandLine: "python3 \(examplePath)", stepTimeout: .seconds(7))
        defer { implementation.stop() }
        let worker = try implementation.makeWorker()
        defer { worker.stop() }
        #expect(worker.processGroup != implementation.processGroup)
        #expect(worker.commandLine == implementation.commandLine && worker.stepTimeout == .seconds(7))
        #expect(worker.capabilities == implementation.capabilities && worker.info == implementation.info)
        let push = NavigationCommand.navigate(NavigationDirective(id: "n1", .push, "CART", flow: "CHECKOUT", .keep))
        try implementation.reset(to: Self.home, profile: .owned)
        let first = try implementation.perform(push)
        // The worker starts from its own reset: the first process's stack is not its stack.
        try worker.reset(to: Self.home, profile: .owned)
        let replies = try worker.run(initial: Self.home, profile: .shared, commands: [push, push])
        #expect(first.state.stack.count == 2)
        #expect(replies.map(\.state.stack.count) == [2, 3])
        worker.stop()
        #expect(try implementation.perform(.navigate(NavigationDirective(mode: .pop))).state.stack == Self.home)
    }

    @Test("Workers run at once on threads of their own, each with its own process, restarting without crossing")
    func workersAtOnce() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(examplePath)")
        defer { implementation.stop() }
        nonisolated(unsafe) let workers = [implementation] + (try (0..<2).map { _ in try implementation.makeWorker() })
        nonisolated(unsafe) var depths = [[Int]](repeating: [], count: workers.count)
        let push = NavigationCommand.navigate(NavigationDirective(id: "n1", .push, "CART", flow: "CHECKOUT", .keep))
        DispatchQueue.concurrentPerform(iterations: workers.count) { index in
            for round in 0..<20 {
                // A batch too long to answer in a millisecond breaks down, and the next run starts a fresh process:
                // processes start on several threads at once.
                if round % 5 == 4 {
                    workers[index].stopBy = .now + .milliseconds(1)
                    _ = try? workers[index].run(
                        initial: Self.home, profile: .owned, commands: Array(repeating: push, count: 2000))
                    workers[index].stopBy = nil
                    continue
                }
                let replies = try? workers[index].run(
                    initial: Self.home, profile: .owned, commands: Array(repeating: push, count: index + 1))
                depths[index].append(replies?.last?.state.stack.count ?? -1)
            }
        }
        for (index, worker) in workers.enumerated() {
            #expect(depths[index] == Array(repeating: index + 2, count: 16), "worker \(index)")
            if index > 0 { worker.stop() }
        }
    }

    @Test("A worker that declares other capabilities is refused and stopped")
    func workerWithOtherCapabilities() throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-worker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: flag) }
        // The first process declares batch; any later one does not.
        let hello = Self.hello(name: "w", #","batch":BATCH"#)
        let commandLine =
            "read l; if [ -e \(flag.path) ]; then echo '\(hello.replacingOccurrences(of: "BATCH", with: "false"))'; "
            + "else touch \(flag.path); echo '\(hello.replacingOccurrences(of: "BATCH", with: "true"))'; fi; sleep 5"
        let implementation = try ProcessImplementation(commandLine: commandLine)
        defer { implementation.stop() }
        #expect(implementation.capabilities.batch)
        #expect { try implementation.makeWorker() } throws: { error in
            guard let error = error as? ProcessError else { return false }
            return error.code == .helloFailed
                && error.message.hasSuffix("declared different capabilities when it was started for another worker")
        }
    }

    /// An implementation that says hello with batch, then answers the first batch with `reply`.
    private func batchReplying(_ reply: String) throws -> ProcessImplementation {
        let hello = Self.hello(name: "b", #","batch":true"#)
        return try ProcessImplementation(commandLine: "read l; echo '\(hello)'; read l; echo '\(reply)'; sleep 5")
    }

    private func batchError(_ reply: String) throws -> ProcessError? {
        let implementation = try batchReplying(reply)
        defer { implementation.stop() }
        do {
            _ = try implementation.run(
                initial: Self.home, profile: .owned,
                commands: [.navigate(NavigationDirective(mode: .pop)), .navigate(NavigationDirective(mode: .pop))])
            return nil
        } catch let error as ProcessError {
            return error
        }
    }

    static let state =
        #"{"stack":[{"screen":"HOME","flow":null,"flowRoot":false,"presentation":"root"}],"pending":null}"#

    @Test("A malformed reply inside a batch is named by its step, with a path from the top of the line")
    func malformedInsideABatch() throws {
        let reply =
            #"{"seq":1,"replies":[{"seq":2,"ok":true},{"seq":3,"outcome":"applied","state":"# + Self.state
            + #"},{"seq":4,"outcome":"applied","state":{"stack":[{"screen":7}]}}]}"#
        let error = try #require(try batchError(reply))
        #expect(error.code == .malformedReply)
        #expect(
            error.message
                == "the reply to step 1 (navigate POP) of a batch is not a navigation reply ({\"outcome\", \"reason\", "
                + "\"state\"}): expected a string, found the number 7 at $.replies[2].state.stack[0].screen")
        #expect(error.offendingLine == reply)
    }

    @Test("Inside a batch, a seq written as 3.0 or with 20 digits is not the integer 3, and a missing reply is named")
    func seqSpellingInsideABatch() throws {
        // The seqs of replies 1 and 2 as written, what the reset's reply adds, and the step whose seq is named by its
        // spelling. Spellings are read from one split of the line, each at its own place; 20 digits is too long for
        // an integer.
        let cases: [(seqs: [String], extra: String, step: Int)] = [
            (["3.0", "4"], "", 0), (["3", "4.0"], #","x":0.5"#, 1), (["99999999999999999999", "4"], "", 0),
        ]
        for (seqs, extra, step) in cases {
            let error = try #require(
                try batchError(
                    #"{"seq":1,"replies":[{"seq":2,"ok":true"# + extra + "}"
                        + seqs.map { #",{"seq":"# + $0 + #","outcome":"applied","state":"# + Self.state + "}" }.joined()
                        + "]}"))
            #expect(
                error.message
                    == "the reply to step \(step) (navigate POP) of a batch (reply \(step + 1) of the batch) "
                    + "should echo \"seq\": \(step + 3) as an integer, not \(seqs[step])")
        }
        let count = try #require(try batchError(#"{"seq":1,"replies":[{"seq":2,"ok":true}]}"#))
        #expect(
            count.message == "the reply to the batch of a run (reset and 2 commands) should hold 3 replies; it holds 1")
    }

    @Test("Outside a batch, a seq written as 1e0 is not an integer, and a line that is not JSON says where it breaks")
    func seqSpellingAndJSONErrors() throws {
        let hello = Self.hello(name: "s")
        for (reply, message) in [
            (#"{"seq":1e0,"ok":true}"#, #"the reply to reset should echo "seq": 1 as an integer, not 1e0"#),
            (#"{"seq":true,"ok":true}"#, #"the reply to reset should echo "seq": 1 as an integer, not true"#),
            (#"{"ok":true}"#, #"the reply to reset should echo "seq": 1 as an integer, not nothing"#),
            (#"{"seq":1,"ok":tru}"#, "the reply to reset is not a JSON object (at column 15: expected true)"),
            (#"[1]"#, "the reply to reset is not a JSON object, but an array"),
        ] {
            let implementation = try ProcessImplementation(
                commandLine: "read l; echo '\(hello)'; read l; printf ' \\n\\n'; echo '\(reply)'; sleep 5")
            defer { implementation.stop() }
            #expect { try implementation.reset(to: Self.home, profile: .owned) } throws: { error in
                (error as? ProcessError)?.message == message && (error as? ProcessError)?.offendingLine == reply
            }
        }
    }
}
