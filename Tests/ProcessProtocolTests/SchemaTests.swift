import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckEngine
import FlowCheckNavigationSuite
import Foundation
import NavigationModel
@testable import ProcessProtocol
import SchemaValidation
import Testing

let schemas = SchemaValidator(
    folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ProcessProtocol/Schemas"))

@Suite("Protocol schemas")
struct SchemaTests {
    static let home: ScreenStack = [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)]
    static let push = NavigationDirective(id: "n1", .push, "CART", flow: "CHECKOUT", .keep)

    /// Every request the kit sends, with the schema it must match.
    static let requests: [(String, String)] = [
        (Request.hello(.current).line(seq: 0), "hello.request.schema.json"),
        (NavigationRequest.reset(home, .shared).line(seq: 1), "reset.request.schema.json"),
        (NavigationRequest.command(.navigate(push)).line(seq: 2), "navigate.request.schema.json"),
        (NavigationRequest.command(.navigate(nil)).line(seq: 3), "navigate.request.schema.json"),
        (
            NavigationRequest.command(
                .optimistic(NavigationDirective(id: "o4", .replace, "PAY", flow: "CHECKOUT", .startNew))
            )
            .line(
                seq: 4), "optimistic.request.schema.json"
        ),
        (
            Request.batch([
                BatchItem(seq: 6, request: NavigationRequest.reset(home, .owned).request),
                BatchItem(seq: 7, request: NavigationRequest.command(.navigate(push)).request),
            ]).line(seq: 5),
            "batch.request.schema.json"
        ),
        (
            DecodingWire.line(
                #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","#
                    + #""layout":{"id":"r","type":"hologram"}}]}"#,
                seq: 10),
            "decode.request.schema.json"
        ),
        (DecodingWire.line("not json", seq: 11), "decode.request.schema.json"),
        (Request.stop.line(seq: 8), "stop.request.schema.json"),
    ]

    @Test("Every request the kit sends matches its schema")
    func requestsMatch() throws {
        for (line, file) in Self.requests {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(try schemas.validate(object, file: file) == [], "\(file): \(line)")
        }
    }

    @Test("The Python example's replies match their schemas, errored replies included")
    func pythonRepliesMatch() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", examplePath]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let unknown = #"{"seq":9,"cmd":"frobnicate"}"#
        let script = Self.requests.map(\.0) + []
        var text = script.dropLast().joined(separator: "\n") + "\n" + unknown + "\n" + script.last! + "\n"
        text = text.replacingOccurrences(of: "\n\n", with: "\n")
        try input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try input.fileHandleForWriting.close()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n"
        ).map(String.init)
        process.waitUntilExit()
        let files = [
            "hello.reply.schema.json", "reset.reply.schema.json", "command.reply.schema.json",
            "command.reply.schema.json",
            "command.reply.schema.json", "batch.reply.schema.json", "decode.reply.schema.json",
            "decode.reply.schema.json",
            "errored.reply.schema.json",
        ]
        #expect(replies.count == files.count)
        for (reply, file) in zip(replies, files) {
            let object = try JSONSerialization.jsonObject(with: Data(reply.utf8))
            #expect(try schemas.validate(object, file: file) == [], "\(file): \(reply)")
        }
    }

    @Test("The validator rejects what the schemas forbid, naming the path")
    func validatorRejects() throws {
        let bad: [(String, String, String)] = [
            (
                #"{"seq":1,"outcome":"maybe","state":{"stack":[],"pending":null}}"#, "command.reply.schema.json",
                "$.outcome"
            ),
            (
                #"{"seq":1,"outcome":"applied","state":{"stack":[{"screen":"A","flow":null,"flowRoot":"yes","presentation":"root"}],"pending":null}}"#,
                "command.reply.schema.json", "$.state.stack[0].flowRoot"
            ),
            (#"{"seq":1,"outcome":"applied"}"#, "command.reply.schema.json", "missing \"state\""),
            (
                #"{"seq":0,"protocol":1,"implementation":{"name":"x","version":"1","language":"C"},"capabilities":{"suites":[],"modes":["JUMP"],"behaviors":[],"nesting":"owned"}}"#,
                "hello.reply.schema.json", "$.capabilities.modes[0]"
            ),
        ]
        for (line, file, expected) in bad {
            let errors = try schemas.validate(JSONSerialization.jsonObject(with: Data(line.utf8)), file: file)
            #expect(errors.contains { $0.contains(expected) }, "\(errors)")
        }
    }
}

@Suite("Reset of an implementation without flows")
struct FlowlessResetTests {
    @Test("A reset for an implementation without flows says \"flows\": false in its profile, and matches the schema")
    func resetSaysFlowsFalse() throws {
        let line = NavigationRequest.reset(SchemaTests.home, NavigationProfile(nesting: .owned, flows: false)).line(
            seq: 1)
        #expect(line.contains(#""profile":{"flows":false,"nesting":"owned"}"#), "\(line)")
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        #expect(try schemas.validate(object, file: "reset.request.schema.json").isEmpty)
        #expect(
            NavigationRequest.reset(SchemaTests.home, .owned).line(seq: 1).contains(#""profile":{"nesting":"owned"}"#))
    }
}
