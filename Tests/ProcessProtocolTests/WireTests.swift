import ConformanceRules
import FlowCheckCore
import FlowCheckDecodingSuite
import FlowCheckNavigationSuite
import FlowSchema
import Foundation
import JSON
import NavigationModel
@testable import ProcessProtocol
import Testing

/// The hand-written encoders and decoders of the protocol's messages: the same content the model's Codable
/// conformances give, and errors that name a JSON path.
@Suite("Wire encoding and decoding")
struct WireTests {
    static let home = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
    static let stack: ScreenStack = [
        home, StackEntry(screen: "CART \"x\"\n", flow: "CHECKOUT", flowRoot: true, presentation: .push),
        StackEntry(screen: "🛒 Produit détaillé\\/", flow: "AUTH", flowRoot: true, presentation: .modal),
    ]

    /// Directives of every shape: complete, partial, invalid, with fields of their own and others.
    static let directives: [NavigationDirective] = {
        var others = NavigationDirective(id: "o1", .push, "CART", flow: "CHECKOUT", .keep)
        others.unknownFields = [
            "transition": .object([("duration", .number(0.25)), ("type", .string("sheet"))]),
            "x-request-id": .string("req\t7"), "priority": .number(1e300), "retry": .bool(false), "nothing": .null,
            "extras": .array([.number(-0.5), .bool(true), .null, .object([("nested", .array([]))])]),
            "Mode": .string("POP"), "_": .string("underscore"),
        ]
        var replacing = NavigationDirective(mode: .pop)
        replacing.unknownFields = ["screen": .number(3)]
        return [
            NavigationDirective(id: "n1", .push, "PRODUCT", flow: "DISCOVERY", .startNew),
            NavigationDirective(mode: .pop),
            NavigationDirective(mode: .popTo, screen: "HOME"), NavigationDirective(mode: nil),
            NavigationDirective(mode: "JUMP", flow: NavigationDirective.Flow(name: nil, behavior: "SIDEWAYS")),
            NavigationDirective(mode: .push, screen: "", flow: NavigationDirective.Flow(name: "F", behavior: nil)),
            others, replacing,
        ]
    }()

    /// A navigation reply whose stack holds `entries`.
    static func stackReply(_ entries: String) -> String {
        #"{"outcome":"applied","state":{"stack":["# + entries + "]}}"
    }

    /// A hello reply with `capabilities`.
    static func hello(_ capabilities: String, protocol version: String = "1") -> String {
        #"{"protocol":"# + version + #","implementation":{"name":"x","version":"1","language":"C"},"capabilities":"#
            + capabilities + "}"
    }

    /// A decode reply with a flow of these parts.
    static func flowReply(version: String = "8", nodes: String = "", edges: String = "") -> String {
        #"{"ok":true,"flow":{"id":"f","version":"# + version + #","entry":"s","nodes":["# + nodes + #"],"edges":["#
            + edges + #"],"zones":[],"variables":[]}}"#
    }

    /// What today's wire held: the model's Codable encoding, read back by Foundation.
    private func foundationObject<T: Encodable>(_ value: T) throws -> NSObject {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed]) as! NSObject
    }

    private func object(_ line: String) throws -> NSDictionary {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! NSDictionary
    }

    @Test("Every request holds what the model's own encoding gives, keys sorted")
    func requestsMatchTheModelsEncoding() throws {
        for profile in [NavigationProfile.owned, .shared, NavigationProfile(nesting: .owned, flows: false)] {
            let line = NavigationRequest.reset(Self.stack, profile).line(seq: 7)
            let expected: NSDictionary = [
                "cmd": "reset", "seq": 7, "stack": try foundationObject(Self.stack),
                "profile": try foundationObject(profile),
            ]
            #expect(try object(line) == expected, "\(line)")
        }
        for command in Self.directives.map(NavigationCommand.navigate)
            + Self.directives.map(NavigationCommand.optimistic) + [
                .navigate(nil)
            ]
        {
            let line = NavigationRequest.command(command).line(seq: 12)
            var expected = try foundationObject(command) as! [String: Any]
            expected["seq"] = 12
            #expect(try object(line) == NSDictionary(dictionary: expected), "\(line)")
            #expect(line.contains(#""seq":12}"#))
        }
        let hello = Request.hello(.current).line(seq: 0)
        #expect(hello == #"{"cmd":"hello","kit":{"name":"FlowCheck","version":"0.1.0"},"protocol":1,"seq":0}"#)
        #expect(Request.stop.line(seq: 9) == #"{"cmd":"stop","seq":9}"#)
        let text = "{\"id\": \"é\u{1}\"}\n\t/"
        #expect(try object(DecodingWire.line(text, seq: 3)) == ["cmd": "decode", "seq": 3, "text": text])
        // Keys in sorted order at every level, as the protocol documents.
        #expect(
            NavigationRequest.command(.navigate(Self.directives[6])).line(seq: 1).hasPrefix(
                #"{"cmd":"navigate","directive":{"Mode":"POP","_":"underscore","#
                    + #""extras":[-0.5,true,null,{"nested":[]}],"#
                    + #""flow":{"behavior":"KEEP","name":"CHECKOUT"},"id":"o1","mode":"PUSH","nothing":null,"#
            ))
    }

    @Test("A run's batch request holds the reset and each command with their own seqs")
    func batchRequest() throws {
        let commands = Self.directives.map(NavigationCommand.navigate)
        var output = JSONOutput()
        NavigationWire().writeBatch((Self.stack, .shared), commands, into: &output, seq: 20)
        let items =
            [BatchItem(seq: 21, request: NavigationRequest.reset(Self.stack, .shared).request)]
            + commands.enumerated().map {
                BatchItem(seq: 22 + $0.offset, request: NavigationRequest.command($0.element).request)
            }
        #expect(output.text == Request.batch(items).line(seq: 20))
        let object = try object(output.text)
        #expect(object["seq"] as? Int == 20 && (object["commands"] as? [Any])?.count == commands.count + 1)
    }

    @Test("Every request reads back as it was written")
    func requestsRoundTrip() throws {
        var navigation: [NavigationRequest] = [
            .reset(Self.stack, .owned), .reset(Self.stack, NavigationProfile(nesting: .shared, flows: false)),
            .command(.navigate(nil)),
        ]
        // Not the last directive: its other field named "screen" reads back as its own screen, of the wrong type.
        navigation += Self.directives.dropLast().flatMap { [.command(.navigate($0)), .command(.optimistic($0))] }
        for (seq, request) in navigation.enumerated() {
            let line = request.line(seq: seq)
            let (readSeq, read) = try Wire.request(JSONParser.parse(line))
            guard case .suite(let command, let members) = read else {
                Issue.record("\(line) read as \(read)")
                continue
            }
            #expect(readSeq == seq && read.line(seq: seq) == line)
            #expect(try NavigationRequest(command, members) == request, "\(line)")
        }
        var requests: [Request] = [.hello(.current), .stop] + navigation.map(\.request)
        requests.append(.batch(requests.enumerated().map { BatchItem(seq: 100 + $0.offset, request: $0.element) }))
        for (seq, request) in requests.enumerated() {
            let line = request.line(seq: seq)
            let (readSeq, read) = try Wire.request(JSONParser.parse(line))
            #expect(readSeq == seq)
            #expect(read.line(seq: seq) == line)
        }
        // A suite's own request (a document to decode) reads back as that suite's, with its members.
        let text = "not json \u{0}\u{7f} ☃"
        let (_, decode) = try Wire.request(JSONParser.parse(DecodingWire.line(text, seq: 4)))
        guard case .suite("decode", let members) = decode else {
            Issue.record("a decode request read as \(decode)")
            return
        }
        #expect(Wire.lookup(members, "text") == .string(text))
        // What a directive carries reads back as the same directive (nested objects of its other fields in the
        // order they were written: sorted).
        for directive in Self.directives {
            let line = NavigationRequest.command(.optimistic(directive)).line(seq: 1)
            guard case .suite(let command, let members) = try Wire.request(JSONParser.parse(line)).request,
                case .command(.optimistic(let back))? = try NavigationRequest(command, members)
            else {
                Issue.record("not an optimistic command")
                continue
            }
            #expect(back.id == directive.id && back.mode == directive.mode && back.flow == directive.flow)
            // A field named like one of its own is read as its own: of the wrong type, it counts as absent.
            let own: Set = ["id", "mode", "screen", "flow"]
            #expect(Set(back.unknownFields.keys) == Set(directive.unknownFields.keys).subtracting(own))
            if directive.unknownFields["screen"] == nil { #expect(back.screen == directive.screen) }
        }
    }

    @Test("Replies read back as written, and as the model's own decoding reads them")
    func repliesRoundTrip() throws {
        let replies = [
            NavigationReply(outcome: .applied, state: SessionState(stack: Self.stack)),
            NavigationReply(
                outcome: .rejected(.targetNotFound), state: SessionState(stack: [Self.home], pendingID: "o\"1")),
            NavigationReply(outcome: .rejected(nil), state: SessionState(stack: [])),
        ]
        for reply in replies {
            var output = JSONOutput()
            output.reply(reply, seq: 4)
            #expect(try Wire.reply(JSONParser.parse(output.text)) == reply)
            #expect(try JSONDecoder().decode(NavigationReply.self, from: Data(output.bytes)) == reply)
        }
        let flow = CanonicalFlow(
            id: "f", version: 8, entry: "s",
            nodes: [
                .init(
                    id: "s", kind: "screen", supported: true,
                    layout: .init(id: "r", type: "stack", children: [.init(id: "t", type: "unknown")]), hidesZones: true
                ),
                .init(id: "b", kind: "screen", supported: true, layout: nil, hidesZones: false),
                .init(id: "c", kind: "condition", supported: true), .init(id: "a", kind: "api", supported: false),
            ],
            edges: [.init(id: "e", from: "s", to: "c", kind: "normal")], zones: ["footer"], variables: ["k"])
        for outcome in [
            DecodeOutcome.flow(flow), .error(FlowDecodeError(code: "invalid_flow_schema", message: "$.id")),
        ] {
            var output = JSONOutput()
            output.decodeReply(outcome, seq: 5)
            #expect(try Wire.decodeOutcome(JSONParser.parse(output.text)) == outcome)
            #expect(try JSONDecoder().decode(DecodeOutcome.self, from: Data(output.bytes)) == outcome)
        }
        var decoder = Capabilities(suites: [.decoding])
        decoder.decoding = DecodingCapabilities(componentTypes: ["text"], migrations: true)
        for capabilities in [
            Capabilities.full, decoder,
            Capabilities(
                suites: [.navigation], modes: [.push, .pop], behaviors: [.keep], nesting: [.shared], batch: true,
                flows: false, modals: false),
        ] {
            var output = JSONOutput()
            output.hello(ImplementationInfo(name: "n", version: "1", language: "Swift"), capabilities, seq: 0)
            let hello = try Wire.hello(JSONParser.parse(output.text), seq: 0)
            #expect(hello.capabilities == capabilities && hello.protocol == 1 && hello.implementation.name == "n")
            #expect(try object(output.text)["capabilities"] as? NSDictionary == foundationObject(capabilities))
        }
    }

    @Test(
        "A malformed reply is refused with what is wrong and where",
        arguments: [
            (#"{"outcome":"applied"}"#, #"missing "state" at $"#),
            (#"{"outcome":5,"state":{}}"#, "expected a string, found the number 5 at $.outcome"),
            (#"{"outcome":"maybe","state":{}}"#, #"outcome "maybe" is neither "applied" nor "rejected" at $.outcome"#),
            (#"{"outcome":"applied","state":[]}"#, "expected an object, found an array at $.state"),
            (#"{"outcome":"applied","state":{"pending":null}}"#, #"missing "stack" at $.state"#),
            (
                stackReply(#"{"screen":"A","flow":null,"flowRoot":false,"presentation":"root"},{"screen":null}"#),
                "expected a string, found null at $.state.stack[1].screen"
            ),
            (
                stackReply(#"{"screen":"A","flow":3,"flowRoot":false,"presentation":"root"}"#),
                "expected a string, found the number 3 at $.state.stack[0].flow"
            ),
            (
                stackReply(#"{"screen":"A","flow":null,"flowRoot":"yes","presentation":"root"}"#),
                #"expected true or false, found the string "yes" at $.state.stack[0].flowRoot"#
            ),
            (
                stackReply(#"{"screen":"A","flow":null,"flowRoot":true,"presentation":"sheet"}"#),
                #""sheet" is not a presentation ("root", "push" or "modal") at $.state.stack[0].presentation"#
            ),
            (
                #"{"outcome":"applied","state":{"stack":[],"pending":3}}"#,
                "expected an object or null, found the number 3 at $.state.pending"
            ),
            (#"{"outcome":"applied","state":{"stack":[],"pending":{}}}"#, #"missing "id" at $.state.pending"#),
        ])
    func malformedReplies(line: String, message: String) throws {
        #expect { try Wire.reply(JSONParser.parse(line)) } throws: { error in
            "\(error)" == message
        }
    }

    @Test("A reason of another type counts as none; unknown fields are ignored")
    func lenientReplies() throws {
        let reply = try Wire.reply(
            JSONParser.parse(#"{"outcome":"rejected","reason":7,"state":{"stack":[],"x":1},"extra":[1]}"#))
        #expect(reply == NavigationReply(outcome: .rejected(nil), state: SessionState(stack: [])))
    }

    @Test(
        "A malformed hello or decode reply is refused with what is wrong and where",
        arguments: [
            (
                #"{"protocol":1,"implementation":{"name":"x","version":"1","language":"C"}}"#,
                #"missing "capabilities" at $"#
            ),
            (
                #"{"protocol":1.5,"implementation":{},"capabilities":{}}"#,
                "expected an integer, found the number 1.5 at $.protocol"
            ),
            (
                #"{"protocol":1,"implementation":{"name":"x","version":1,"language":"C"},"capabilities":{}}"#,
                "expected a string, found the number 1 at $.implementation.version"
            ),
            (
                #"{"protocol":1,"implementation":{"name":"x","version":"1","language":"C"},"capabilities":{}}"#,
                #"missing "suites" at $.capabilities"#
            ),
            (
                hello(#"{"suites":["navigation"],"batch":"yes"}"#),
                #"expected true or false, found the string "yes" at $.capabilities.batch"#
            ),
        ])
    func malformedHello(line: String, message: String) throws {
        #expect { try Wire.hello(JSONParser.parse(line), seq: 0) } throws: { error in
            "\(error)" == message
        }
    }

    @Test("A hello's capabilities take their defaults when absent or null, and one nesting word")
    func helloDefaults() throws {
        let hello = try Wire.hello(
            JSONParser.parse(
                Self.hello(
                    #"{"suites":["navigation","future"],"modes":["PUSH","JUMP"],"behaviors":null,"nesting":"shared","#
                        + #""flows":null}"#, protocol: "1.0")
            ), seq: 0)
        #expect(hello.protocol == 1)
        #expect(hello.capabilities.suites == [.navigation, ConformanceRules.Suite("future")])
        #expect(hello.capabilities.navigation == NavigationCapabilities(modes: [.push, "JUMP"], nesting: [.shared]))
    }

    /// The core keeps the navigation fields as declared; the navigation suites (and the client suite) read them, and
    /// refuse to run on one they cannot read, naming it.
    @Test(
        "A navigation field of the wrong kind refuses the navigation suites, naming the field",
        arguments: [
            (
                #"{"suites":["navigation"],"modes":["POP"],"nesting":"both"}"#,
                #""both" is not a nesting ("owned" or "shared")"#
            ),
            (
                #"{"suites":["navigation"],"modes":["POP"],"nesting":["owned",2]}"#,
                #"expected "owned", "shared" or an array of them, found ["owned",2]"#
            ),
            (
                #"{"suites":["navigation"],"modes":["POP"],"nesting":{}}"#,
                #"expected "owned", "shared" or an array of them, found {}"#
            ),
            (
                #"{"suites":["navigation"],"modes":"POP","nesting":"owned"}"#,
                #"expected an array of strings, found "POP""#
            ),
            (
                #"{"suites":["navigation"],"modes":["POP"],"nesting":"owned","flows":"no"}"#,
                #"expected true or false, found "no""#
            ),
        ])
    func malformedNavigationField(capabilities: String, message: String) throws {
        let declared = try Wire.capabilities(JSONParser.parse(capabilities))
        let problem = try #require(NavigationSuite().problem(with: declared))
        #expect(problem.hasPrefix("capabilities.") && problem.hasSuffix(": " + message), "\(problem)")
    }

    @Test(
        "A malformed decode reply is refused with what is wrong and where",
        arguments: [
            (#"{"ok":true}"#, #"missing "flow" at $"#),
            (#"{"ok":"true","flow":{}}"#, #"expected true or false, found the string "true" at $.ok"#),
            (#"{"ok":false,"error":{"code":"x"}}"#, #"missing "message" at $.error"#),
            (
                flowReply(version: "8.5"),
                "expected an integer, found the number 8.5 at $.flow.version"
            ),
            (
                flowReply(
                    nodes: #"{"id":"s","kind":"screen","supported":true,"layout":{"id":"r","type":"stack","children":"#
                        + #"[{"id":"a","type":"text","children":[]},{"id":"b","type":"text"}]}}"#),
                #"missing "children" at $.flow.nodes[0].layout.children[1]"#
            ),
            (
                flowReply(edges: #"{"id":"e","from":"a","to":"b"}"#),
                #"missing "kind" at $.flow.edges[0]"#
            ),
        ])
    func malformedDecodeReplies(line: String, message: String) throws {
        #expect { try Wire.decodeOutcome(JSONParser.parse(line)) } throws: { error in
            "\(error)" == message
        }
    }
}
