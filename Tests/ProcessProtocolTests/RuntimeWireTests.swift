import FlowCheckRuntimeSuite
import FlowRuntimeModel
import Foundation
import JSON
@testable import ProcessProtocol
import PropertyTesting
import SchemaValidation
import Testing

/// The runtime suite's messages: what the kit writes matches the schemas, and what it reads is what was written.
@Suite("Runtime wire")
struct RuntimeWireTests {
    /// Generated cases with every node kind and action.
    static let cases: [RuntimeCase] = (1...40).map { seed in
        try! RuntimeGenerator(capabilities: RuntimeCapabilities(), maxSteps: 12).generator.example(seed: UInt64(seed))
    }

    static func object(_ line: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(line.utf8)) }

    static func lines(_ value: RuntimeCase, seq: Int) -> (start: String, inputs: [String], batch: String) {
        let wire = RuntimeWire()
        let start = RuntimeWire.Start(flow: value.flow, context: value.context, draws: value.draws)
        var request = JSONOutput()
        wire.writeReset(start, into: &request, seq: seq)
        let startLine = request.text
        let inputs = RuntimeWire.inputs(value.steps).enumerated().map { index, input in
            var request = JSONOutput()
            wire.write(input, into: &request, seq: seq + 1 + index)
            return request.text
        }
        var batch = JSONOutput()
        wire.writeBatch(start, RuntimeWire.inputs(value.steps), into: &batch, seq: seq)
        return (startLine, inputs, batch.text)
    }

    @Test("Every start, state, act and batch request of generated runs matches its schema")
    func requestsMatch() throws {
        for value in Self.cases {
            let (start, inputs, batch) = Self.lines(value, seq: 1)
            #expect(try schemas.validate(Self.object(start), file: "start.request.schema.json") == [], "\(start)")
            #expect(try schemas.validate(Self.object(inputs[0]), file: "state.request.schema.json") == [])
            for line in inputs.dropFirst() {
                #expect(try schemas.validate(Self.object(line), file: "act.request.schema.json") == [], "\(line)")
            }
            #expect(try schemas.validate(Self.object(batch), file: "batch.request.schema.json") == [])
        }
    }

    @Test("A flow, a context and actions read back as written")
    func roundTrips() throws {
        for value in Self.cases {
            #expect(try RuntimeJSON.readFlow(RuntimeJSON.flow(value.flow)) == value.flow)
            #expect(try RuntimeJSON.readContext(RuntimeJSON.context(value.context)) == value.context)
            for action in value.steps.joined() {
                #expect(try RuntimeJSON.readAction(RuntimeJSON.action(action)) == action)
            }
        }
    }

    @Test("The reference's observations, written as replies, match the schema and read back as written")
    func repliesRoundTrip() throws {
        var seq = 0
        for value in Self.cases {
            for step in value.expected {
                seq += 1
                let reply = JSONValue.object([
                    ("events", RuntimeJSON.events(step.observation.events)), ("seq", .number(Double(seq))),
                    ("state", RuntimeJSON.state(step.observation)),
                ])
                let line = JSONWriter.write(reply)
                #expect(try schemas.validate(Self.object(line), file: "runtime.reply.schema.json") == [], "\(line)")
                #expect(try RuntimeWire().read(reply) == step.observation)
            }
        }
    }

    @Test(
        "A malformed reply names what is wrong and where",
        arguments: [
            (#"{"events":[]}"#, #"missing "state" at $"#),
            (
                #"{"events":[],"state":{"screen":3,"history":[],"texts":[],"variables":{},"assignments":{}}}"#,
                "expected a string, found the number 3 at $.state.screen"
            ),
            (
                #"{"events":[{"name":"flow_start","fields":{"flow_id":null}}],"state":{"screen":null,"history":[],"#
                    + #""texts":[],"variables":{},"assignments":{},"outcome":null}}"#,
                "expected a string, a number, a boolean or an array, found null at $.events[0].fields.flow_id"
            ),
            (
                #"{"events":[],"state":{"screen":null,"history":[],"texts":[],"variables":{},"assignments":{},"#
                    + #""outcome":"finished"}}"#,
                #""finished" is not an outcome (completed, dismissed, error) at $.state.outcome"#
            ),
        ])
    func malformed(line: String, message: String) throws {
        let value = try JSONParser.parse(line)
        #expect(throws: WireError.self) { try RuntimeWire().read(value) }
        do {
            _ = try RuntimeWire().read(value)
        } catch {
            #expect(error.description == message)
        }
    }
}
