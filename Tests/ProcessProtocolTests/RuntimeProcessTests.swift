import FlowCheckCore
import FlowCheckRuntimeSuite
import FlowRuntimeModel
import Foundation
import JSON
import PropertyTesting
import SchemaValidation
import Testing

@testable import ProcessProtocol

/// The runtime suite over the process protocol: the Python example's flow runtime, written from the Runtime article
/// and the protocol alone, against the reference runtime on generated runs.
@Suite("Flow runtimes over the process protocol", .serialized)
struct RuntimeProcessTests {
    static let runnerPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProcessExample/flow_runner.py").path

    static let cases: [RuntimeCase] = (1...400).map { seed in
        try! RuntimeGenerator(capabilities: RuntimeCapabilities(), maxSteps: 16).generator.example(seed: UInt64(seed))
    }

    @Test("The Python flow runtime declares the runtime suite, with batches")
    func declares() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(Self.runnerPath)")
        defer { implementation.stop() }
        #expect(implementation.capabilities.suites.contains(.runtime))
        #expect(implementation.capabilities.batch)
        #expect(implementation.capabilities.runtime == RuntimeCapabilities())
    }

    @Test("The Python flow runtime shows what the reference shows after every step, batched and one by one")
    func agrees() throws {
        let implementation = try ProcessImplementation(commandLine: "python3 \(Self.runnerPath)")
        defer { implementation.stop() }
        var steps = 0
        for (index, value) in Self.cases.enumerated() {
            let expected = value.expected.map(\.observation)
            let batched = try implementation.run(
                value.flow, context: value.context, draws: value.draws, steps: value.steps)
            #expect(batched == expected, "case \(index + 1), batched")
            // Every tenth case one request at a time: start, state, then each act.
            if index % 10 == 0 {
                var single = [try implementation.startFlow(value.flow, context: value.context, draws: value.draws)]
                for actions in value.steps { single.append(try implementation.act(actions)) }
                #expect(single == expected, "case \(index + 1), one by one")
            }
            steps += value.steps.count + 1
        }
        #expect(steps > 1_000)
    }

    @Test("The Python flow runtime's replies match their schemas")
    func repliesMatch() throws {
        let value = try #require(Self.cases.first { $0.steps.count >= 2 })
        let wire = RuntimeWire()
        var lines = [Request.hello(.current).line(seq: 0)]
        var request = JSONOutput()
        wire.writeReset(.init(flow: value.flow, context: value.context, draws: value.draws), into: &request, seq: 1)
        lines.append(request.text)
        for (index, input) in RuntimeWire.inputs(value.steps).enumerated() {
            request.removeAll()
            wire.write(input, into: &request, seq: 2 + index)
            lines.append(request.text)
        }
        request.removeAll()
        wire.writeBatch(
            .init(flow: value.flow, context: value.context, draws: value.draws), RuntimeWire.inputs(value.steps),
            into: &request, seq: 100)
        lines.append(request.text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.runnerPath]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        let files =
            ["hello.reply.schema.json", "reset.reply.schema.json"]
            + Array(repeating: "runtime.reply.schema.json", count: value.steps.count + 1) + ["batch.reply.schema.json"]
        #expect(replies.count == files.count)
        for (reply, file) in zip(replies, files) {
            let object = try JSONSerialization.jsonObject(with: Data(reply.utf8))
            #expect(try schemas.validate(object, file: file) == [], "\(file): \(reply)")
        }
    }
}
