import ConformanceRules
import FlowCheckClientSuite
import FlowCheckCore
import FlowCheckNavigationSuite
import FlowCheckSuites
import Foundation
import JSON
import NavigationModel
@testable import ProcessProtocol
import RUFClientModel
import SchemaValidation
import Testing

/// The client suite's messages: what the kit writes reads back as it was, replies read as the reference writes
/// them, malformed ones are refused with a JSON path, and all of them match their schemas.
@Suite("Client messages")
struct ClientWireTests {
    static let home: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]

    /// Random runs and what the reference client shows after each of their inputs.
    static func runs(_ count: Int) throws -> [(ClientSequences.Run, [ClientObservation])] {
        var sequences = ClientSequences(seed: 7)
        return try (0..<count).map { _ in
            let run = sequences.run(length: 12)
            return (run, try ClientProcessTests.reference(run))
        }
    }

    @Test("Every client request reads back as it was written; a response keeps its members in the server's order")
    func requestsRoundTrip() throws {
        for (run, _) in try Self.runs(60) {
            for input in run.inputs {
                let line = Self.line { $0.client(input, seq: 3) }
                let (seq, request) = try Wire.request(JSONParser.parse(line))
                guard case .suite("client", let pairs) = request,
                    let read = try? Wire.clientInput(Wire.lookup(pairs, "input") ?? .null)
                else {
                    Issue.record("not read as a client request: \(line)")
                    continue
                }
                // Compared as JSON: an action's payload is sent with its keys sorted.
                #expect(seq == 3 && read.json.canonical == input.json.canonical, "\(line)")
            }
        }
        let session = JSONValue.object([
            ("screens", .object([("ZED", .object([])), ("ALPHA", .object([]))])), ("meta", .object([])),
        ])
        let line = Self.line { $0.client(.respond(RUFSession(json: session)), seq: 1) }
        #expect(line.contains(#""session":{"screens":{"ZED":{},"ALPHA":{}},"meta":{}}"#), "\(line)")
        let reset = Self.line { $0.clientReset(Self.home, .shared, seq: 2) }
        #expect(try Wire.request(JSONParser.parse(reset)).request.line(seq: 2) == reset)
        #expect(reset.hasPrefix(#"{"cmd":"clientReset","profile":{"nesting":"shared"},"seq":2,"stack":[{"#))
    }

    @Test("Client replies read back as the reference writes them")
    func repliesRoundTrip() throws {
        for (_, observations) in try Self.runs(60) {
            for observation in observations {
                var output = JSONOutput()
                output.clientReply(observation, seq: 9)
                // As JSON: the reference keeps objects in the order it built them, the reply sorts their keys.
                let read = try Wire.clientObservation(JSONParser.parse(output.text))
                #expect(read.json.canonical == observation.json.canonical, "\(output.text)")
                #expect(output.text.contains(#""seq":9"#))
            }
        }
    }

    @Test("The client capabilities are read and written as their own encoding does, with their defaults")
    func capabilities() throws {
        for capabilities in [
            Capabilities(suites: [.client]),
            {
                var capabilities = Capabilities(
                    suites: [.client, .navigation], modes: [.push], nesting: [.owned], batch: true)
                capabilities.client = ClientCapabilities(
                    mergeStrategies: ["REPLACE", "MATCH"], metrics: false, optimisticComponents: false,
                    actionQueue: .latest)
                return capabilities
            }(),
        ] {
            var output = JSONOutput()
            output.hello(ImplementationInfo(name: "n", version: "1", language: "Kotlin"), capabilities, seq: 0)
            #expect(try Wire.hello(JSONParser.parse(output.text), seq: 0).capabilities == capabilities)
            let ours = try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as! NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(capabilities)) as! NSDictionary
            #expect(ours["capabilities"] as? NSDictionary == theirs)
        }
        let bare = try Wire.capabilities(JSONParser.parse(#"{"suites":["client"]}"#))
        #expect(bare == Capabilities(suites: [.client]))
        // The core keeps the client's fields as declared; the client suite reads them, and names a field it cannot.
        let lifo = try Wire.capabilities(JSONParser.parse(#"{"suites":["client"],"actionQueue":"lifo"}"#))
        #expect(throws: CapabilityError.self, performing: { try lifo.section(ClientCapabilities.self) })
        do {
            _ = try lifo.section(ClientCapabilities.self)
        } catch {
            #expect("\(error)" == #"capabilities.actionQueue: "lifo" is not an action queue ("fifo" or "latest")"#)
        }
        #expect(ClientSuite().problem(with: lifo)?.hasPrefix("capabilities.actionQueue: ") == true)
    }

    static let stack = #"[{"screen":"A","flow":null,"flowRoot":false,"presentation":"root"}]"#

    /// A client reply whose state has these members after the stack, and these events.
    static func reply(_ state: String, events: String? = "[]") -> String {
        #"{"state":{"stack":"# + stack + "," + state + "}" + (events.map { #","events":"# + $0 } ?? "") + "}"
    }

    static let fine = #""pending":null,"cache":{},"meta":{},"currentScreen":null,"inFlight":null,"queued":0"#

    @Test(
        "A malformed client reply is refused with what is wrong and where",
        arguments: [
            (#"{"state":{}}"#, #"missing "stack" at $.state"#),
            (reply(fine, events: nil), #"missing "events" at $"#),
            (#"{"events":[]}"#, #"missing "state" at $"#),
            (reply(#""pending":null,"cache":{},"meta":{}"#), #"missing "queued" at $.state"#),
            (reply(#""pending":null,"meta":{},"queued":0"#), #"missing "cache" at $.state"#),
            (
                reply(fine.replacingOccurrences(of: #""cache":{}"#, with: #""cache":{"A":[]}"#)),
                "expected an object, found an array at $.state.cache.A"
            ),
            (
                reply(fine.replacingOccurrences(of: #""cache":{}"#, with: #""cache":{"A":{"x":{"payload":1}}}"#)),
                #"missing "locale" at $.state.cache.A.x"#
            ),
            (
                reply(fine.replacingOccurrences(of: #""meta":{}"#, with: #""meta":"m""#)),
                #"expected an object, found the string "m" at $.state.meta"#
            ),
            (
                reply(fine.replacingOccurrences(of: #""queued":0"#, with: #""queued":-1"#)),
                "expected a count, found the number -1 at $.state.queued"
            ),
            (
                reply(fine.replacingOccurrences(of: #""inFlight":null"#, with: #""inFlight":7"#)),
                "expected a string, found the number 7 at $.state.inFlight"
            ),
            (
                reply(fine, events: #"[{"event":"request","kind":"action","screen":"A"}]"#),
                #"missing "id" at $.events[0]"#
            ),
            (
                reply(fine, events: #"[{"event":"actionResult","result":{}},{"event":"shown"}]"#),
                #""shown" is not an event ("request", "metric", "navigation" or "actionResult") at $.events[1].event"#
            ),
            (
                reply(fine, events: #"[{"event":"metric","point":"load","metric":{}}]"#),
                #""load" is not a metric point ("navigation", "screen" or "action") at $.events[0].point"#
            ),
            (
                reply(fine, events: #"[{"event":"navigation","outcome":"applied","id":3}]"#),
                "expected a string, found the number 3 at $.events[0].id"
            ),
        ])
    func malformed(reply: String, expected: String) throws {
        #expect(throws: WireError.self, performing: { try Wire.clientObservation(JSONParser.parse(reply)) })
        do {
            _ = try Wire.clientObservation(JSONParser.parse(reply))
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test("Absent or null optional members are none; unknown members are ignored")
    func lenient() throws {
        let observation = try Wire.clientObservation(
            JSONParser.parse(
                Self.reply(
                    #""pending":null,"cache":{"A":{"x":{"locale":{},"payload":null}}},"meta":{"k":1},"#
                        + #""queued":2,"extra":1"#,
                    events: #"[{"event":"navigation","outcome":"failed"},"#
                        + #"{"event":"metric","point":"action","metric":{"n":1}}]"#
                )))
        #expect(observation.state.currentScreen == nil && observation.state.inFlight == nil)
        #expect(observation.state.queued == 2 && observation.state.cache["A"]?["x"]?.behavior == nil)
        #expect(
            observation.events == [
                .navigation(outcome: "failed", id: nil),
                .metric(point: .action, screen: nil, metric: .object([("n", .number(1))])),
            ])
    }
}

@Suite("Client protocol schemas")
struct ClientSchemaTests {
    @Test("Every client request the kit sends matches its schema, batched or not")
    func requestsMatch() throws {
        for (run, _) in try ClientWireTests.runs(40) {
            var lines = [
                (
                    ClientWireTests.line { $0.clientReset(run.stack, run.profile, seq: 1) },
                    "clientReset.request.schema.json"
                )
            ]
            lines += run.inputs.map { input in
                (ClientWireTests.line { $0.client(input, seq: 2) }, "client.request.schema.json")
            }
            var batch = JSONOutput()
            ClientWire().writeBatch((run.stack, run.profile), run.inputs, into: &batch, seq: 5)
            lines.append((batch.text, "batch.request.schema.json"))
            for (line, file) in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                #expect(try schemas.validate(object, file: file) == [], "\(file): \(line)")
            }
        }
    }

    @Test("The reference's and the Python example's client replies match their schemas, batched or not")
    func repliesMatch() throws {
        let runs = try ClientWireTests.runs(30)
        for (_, observations) in runs {
            for observation in observations {
                var output = JSONOutput()
                output.clientReply(observation, seq: 4)
                let object = try JSONSerialization.jsonObject(with: Data(output.bytes))
                #expect(try schemas.validate(object, file: "client.reply.schema.json") == [], "\(output.text)")
            }
        }
        // The Python example, one request per line, then each run again as a batch.
        var script = [Request.hello(.current).line(seq: 0)]
        var files = ["hello.reply.schema.json"]
        var seq = 1
        for (run, _) in runs {
            script.append(ClientWireTests.line { $0.clientReset(run.stack, run.profile, seq: seq) })
            files.append("reset.reply.schema.json")
            seq += 1
            for input in run.inputs {
                script.append(ClientWireTests.line { $0.client(input, seq: seq) })
                files.append("client.reply.schema.json")
                seq += 1
            }
            var batch = JSONOutput()
            ClientWire().writeBatch((run.stack, run.profile), run.inputs, into: &batch, seq: seq)
            script.append(batch.text)
            files.append("batch.reply.schema.json")
            seq += run.inputs.count + 2
        }
        script.append(Request.stop.line(seq: seq))
        // The requests from a file: written to a pipe, they would fill it while the replies fill the other one.
        let requests = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString)")
        try Data((script.joined(separator: "\n") + "\n").utf8).write(to: requests)
        defer { try? FileManager.default.removeItem(at: requests) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", examplePath]
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: requests)
        process.standardOutput = output
        try process.run()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        #expect(replies.count == files.count)
        for (reply, file) in zip(replies, files) {
            let object = try JSONSerialization.jsonObject(with: Data(reply.utf8))
            #expect(try schemas.validate(object, file: file) == [], "\(file): \(reply)")
        }
    }

    @Test("The validator rejects client replies the schemas forbid, naming the path")
    func validatorRejects() throws {
        let state =
            #"{"stack":[],"pending":null,"cache":{"A":{"x":{"behavior":3,"locale":{},"payload":null}}},"#
            + #""meta":{},"currentScreen":null,"inFlight":null,"queued":0}"#
        let bad: [(String, String, String)] = [
            (#"{"seq":1,"state":\#(state),"events":[]}"#, "client.reply.schema.json", "$.state.cache.A.x.behavior"),
            (#"{"seq":1,"state":{}}"#, "client.reply.schema.json", "missing \"events\""),
            (
                #"{"seq":1,"state":{},"events":[{"event":"metric","point":"load","screen":null,"metric":1}]}"#,
                "client.reply.schema.json", "$.events[0]: matches none of anyOf"
            ),
            (
                #"{"seq":0,"protocol":1,"implementation":{"name":"x","version":"1","language":"C"},"#
                    + #""capabilities":{"suites":["client"],"actionQueue":"lifo"}}"#,
                "hello.reply.schema.json", "$.capabilities.actionQueue"
            ),
        ]
        for (line, file, expected) in bad {
            let errors = try schemas.validate(JSONSerialization.jsonObject(with: Data(line.utf8)), file: file)
            #expect(errors.contains { $0.contains(expected) }, "\(errors)")
        }
    }
}

extension ClientWireTests {
    /// One request line, as the kit writes it.
    static func line(_ write: (inout JSONOutput) -> Void) -> String {
        var output = JSONOutput()
        write(&output)
        return output.text
    }
}
