import ConformanceRules
import FlowSchema
import Foundation
import Testing

/// Seed 001's minimal Welcome flow.
let welcome = #"""
    {
      "id": "flow_welcome", "name": "Welcome", "version": 8,
      "createdAt": "2026-01-10T12:00:00Z", "updatedAt": "2026-01-10T12:00:00Z",
      "entryNodeId": "screen_1",
      "nodes": [
        { "id": "screen_1", "name": "Welcome", "kind": "screen",
          "layout": { "id": "root", "type": "stack", "props": { "axis": "vertical", "spacing": 16, "justify": "center" },
            "children": [
              { "id": "title", "type": "text", "props": { "text": "Welcome to Acme", "fontSize": 28, "fontWeight": "700" } },
              { "id": "cta", "type": "button", "props": { "text": "Continue", "variant": "primary" },
                "interactions": [ { "id": "i1", "event": "onPress", "actions": [{ "kind": "closeFlow" }] } ] }
            ] } }
      ],
      "edges": [], "variables": []
    }
    """#

typealias C = CanonicalFlow.Component

/// A one-screen flow around a layout, with extra top-level fields.
func flow(
    layout: String, version: Int = 8, extra: String = "", nodes extraNodes: String = "", entry: String = "s"
) -> String {
    #"{"id":"f","version":\#(version),"entryNodeId":"\#(entry)","nodes":[{"id":"s","kind":"screen","layout":\#(layout)}\#(extraNodes)]\#(extra)}"#
}

func decoded(_ text: String, _ options: DecoderOptions = DecoderOptions()) throws -> CanonicalFlow {
    try #require(
        ReferenceFlowDecoder.decode(text, options: options).flow,
        "\(ReferenceFlowDecoder.decode(text, options: options))")
}

func errorCode(_ text: String, _ options: DecoderOptions = DecoderOptions()) -> String? {
    ReferenceFlowDecoder.decode(text, options: options).errorCode
}

@Suite("Decoding rules")
struct DecodingRuleTests {
    @Test("Seed 001's Welcome flow decodes to its canonical form")
    func welcomeFlow() throws {
        let flow = try decoded(welcome)
        #expect(
            flow
                == CanonicalFlow(
                    id: "flow_welcome", version: 8, entry: "screen_1",
                    nodes: [
                        .init(
                            id: "screen_1", kind: "screen", supported: true,
                            layout: C(
                                id: "root", type: "stack",
                                children: [C(id: "title", type: "text"), C(id: "cta", type: "button")]),
                            hidesZones: false)
                    ],
                    edges: [], zones: [], variables: []))
    }

    @Test("DEC-JSON: text that is not JSON, or not an object, is invalid_flow_schema naming the place")
    func notJSON() {
        #expect(errorCode("{\"id\": ") == FlowDecodeError.invalidFlowSchema)
        #expect(errorCode("[1, 2]") == FlowDecodeError.invalidFlowSchema)
        #expect(ReferenceFlowDecoder.decode("{\"id\": ").description.contains("line 1, column 8"))
    }

    @Test("DEC-ROOT: missing id, nodes or entryNodeId is invalid_flow_schema with its path")
    func root() {
        #expect(
            ReferenceFlowDecoder.decode(#"{"nodes":[],"entryNodeId":"s"}"#)
                == .error(.init(code: FlowDecodeError.invalidFlowSchema, message: "$.id is missing or not a string")))
        #expect(
            ReferenceFlowDecoder.decode(#"{"id":"f","nodes":{},"entryNodeId":"s"}"#).description.contains("$.nodes"))
        #expect(
            ReferenceFlowDecoder.decode(#"{"id":"f","nodes":[],"entryNodeId":3}"#).description.contains("$.entryNodeId")
        )
    }

    @Test(
        "DEC-RESOLVE and DEC-SCHEMA-VERSION: the wire version gate",
        arguments: [
            ("1", nil), ("\"1\"", nil), ("\"1.4\"", nil), ("\"1.4.2\"", nil), ("null", nil),
            ("2", "unsupported_schema_version"), ("\"2.0.0\"", "unsupported_schema_version"),
            ("\"1.x\"", "invalid_flow_schema"), ("true", "invalid_flow_schema"), ("\"1.2.3.4\"", "invalid_flow_schema"),
        ])
    func schemaVersion(version: String, expected: String?) {
        let response =
            #"{"flow_id":"f","schema_version":\#(version),"flow_schema":\#(welcome),"cache_ttl_seconds":300}"#
        #expect(errorCode(response) == expected)
        let supportsTwo = DecoderOptions(supportedSchemaMajor: 2)
        if version == "2" { #expect(errorCode(response, supportsTwo) == nil) }
    }

    @Test("DEC-RESOLVE: a response without schema_version means 1; one without a flow is invalid")
    func resolveResponse() throws {
        #expect(try decoded(#"{"flow_schema":\#(welcome)}"#).id == "flow_welcome")
        #expect(
            ReferenceFlowDecoder.decode(#"{"flow_id":null,"flow_schema":null}"#).description.contains(
                "$.flow_schema is not an object"))
        #expect(
            ReferenceFlowDecoder.decode(#"{"schema_version":1,"flow_schema":{"id":"f","nodes":[]}}"#).description
                .contains(
                    "$.flow_schema.entryNodeId"))
    }

    @Test("DEC-UNKNOWN-COMPONENT: an unknown type renders nothing, keeps its id, drops its subtree, keeps its siblings")
    func unknownComponent() throws {
        let text = flow(
            layout:
                #"{"id":"r","type":"stack","children":[{"id":"a","type":"text"},{"id":"x","type":"hologram","children":[{"id":"inner","type":"text"}]},{"id":"b","type":"image"}]}"#
        )
        #expect(
            try decoded(text).nodes[0].layout
                == C(
                    id: "r", type: "stack",
                    children: [C(id: "a", type: "text"), C(id: "x", type: "unknown"), C(id: "b", type: "image")]))
        // The declared set decides: picker is known to an SDK 1.2 that declares it.
        let picker = flow(layout: #"{"id":"r","type":"picker"}"#)
        #expect(try decoded(picker).nodes[0].layout?.type == "unknown")
        #expect(
            try decoded(picker, DecoderOptions(componentTypes: DecoderOptions.standardComponentTypes + ["picker"]))
                .nodes[0].layout?.type == "picker")
    }

    @Test(
        "DEC-MALFORMED-CHILD: each kind of malformed child is skipped; its siblings and parent stay",
        arguments: [
            #"42"#, #"{"type":"text"}"#, #"{"id":"m","type":7}"#, #"{"id":"m","type":"text","children":"no"}"#,
            #"{"id":"m","type":"text","props":[1]}"#,
        ])
    func malformedChild(child: String) throws {
        let text = flow(
            layout:
                #"{"id":"r","type":"stack","children":[{"id":"a","type":"text"},\#(child),{"id":"b","type":"text"}]}"#)
        #expect(
            try decoded(text).nodes[0].layout
                == C(id: "r", type: "stack", children: [C(id: "a", type: "text"), C(id: "b", type: "text")]))
    }

    @Test("DEC-MALFORMED-LAYOUT: a malformed layout keeps the screen with a null layout")
    func malformedLayout() throws {
        for layout in [#""oops""#, #"{"type":"stack"}"#, "null"] {
            let node = try decoded(flow(layout: layout)).nodes[0]
            #expect(node.id == "s" && node.kind == "screen" && node.layout == nil)
        }
        let missing = #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}]}"#
        #expect(try decoded(missing).nodes[0].layout == nil)
    }

    @Test("DEC-NODE-UNSUPPORTED, DEC-NODE-UNKNOWN, DEC-MALFORMED-NODE, DEC-DUPLICATE-NODE")
    func nodes() throws {
        let extra =
            #",{"id":"c","kind":"condition"},{"id":"a","kind":"api"},{"id":"w","kind":"webview"},{"kind":"screen"},{"id":"e","kind":"event"},{"id":"c","kind":"assign"}"#
        let nodes = try decoded(flow(layout: #"{"id":"r","type":"stack"}"#, nodes: extra)).nodes
        #expect(nodes.map(\.id) == ["s", "c", "a", "e"])
        #expect(nodes.map(\.supported) == [true, true, false, false])
        #expect(nodes[1].kind == "condition", "the later duplicate \"c\" is skipped")
    }

    @Test("DEC-EDGE: malformed, unknown-kind and dangling edges are skipped; a missing kind means normal")
    func edges() throws {
        let edges =
            #","edges":[{"id":"e1","fromNodeId":"s","toNodeId":"t"},{"id":"e2","fromNodeId":"s","toNodeId":"t","kind":"teleport"},{"id":"e3","fromNodeId":"s","toNodeId":"gone"},{"fromNodeId":"s","toNodeId":"t"},{"id":"e4","fromNodeId":"t","toNodeId":"s","kind":"conditionTrue"}]"#
        let text = flow(
            layout: #"{"id":"r","type":"stack"}"#, extra: edges,
            nodes: #",{"id":"t","kind":"screen","layout":{"id":"r2","type":"stack"}}"#)
        #expect(
            try decoded(text).edges == [
                .init(id: "e1", from: "s", to: "t", kind: "normal"),
                .init(id: "e4", from: "t", to: "s", kind: "conditionTrue"),
            ])
    }

    @Test("DEC-NO-SCREEN, DEC-ENTRY, DEC-ENTRY-EMPTY")
    func entry() throws {
        #expect(
            errorCode(#"{"id":"f","entryNodeId":"c","nodes":[{"id":"c","kind":"condition"}]}"#)
                == FlowDecodeError.invalidFlowSchema)
        #expect(
            ReferenceFlowDecoder.decode(flow(layout: #"{"id":"r","type":"stack"}"#, entry: "nowhere")).description
                .contains(
                    "\"nowhere\" names no decoded node"))
        let empty = flow(
            layout: #"{"id":"r","type":"stack"}"#, nodes: #",{"id":"t","kind":"screen","layout":null}"#, entry: "")
        #expect(try decoded(empty).entry == "s")
        let entryIsCondition =
            #"{"id":"f","entryNodeId":"c","nodes":[{"id":"c","kind":"condition"},{"id":"s","kind":"screen","layout":null}]}"#
        #expect(try decoded(entryIsCondition).entry == "c")
    }

    @Test("DEC-LEGACY-CHROME and DEC-LEGACY-OVERRIDES")
    func legacy() throws {
        let chrome = flow(
            layout: #"{"id":"r","type":"stack"}"#, extra: #","chrome":{"header":{"title":"x"},"footer":{}}"#)
        #expect(try decoded(chrome).zones == ["navigationBar", "footer"])
        let both = flow(
            layout: #"{"id":"r","type":"stack"}"#, extra: #","chrome":{"header":{}},"persistentUI":{"overlay":{}}"#)
        #expect(try decoded(both).zones == ["overlay"], "persistentUI wins over chrome")
        let overrides =
            #"{"id":"f","entryNodeId":"a","nodes":[{"id":"a","kind":"screen","layout":null,"chromeOverrides":{"hideAllZones":true}},{"id":"b","kind":"screen","layout":null,"props":{"hideChrome":true}},{"id":"c","kind":"screen","layout":null,"screenSettings":{"hideAllZones":false},"chromeOverrides":{"hideAllZones":true}}]}"#
        #expect(try decoded(overrides).nodes.map(\.hidesZones) == [true, true, false])
    }

    @Test("DEC-VERSION and DEC-MIGRATE: old content versions migrate; above 8 is left untransformed")
    func migrations() throws {
        let tree =
            #"{"id":"r","type":"stack","children":[{"id":"cb","type":"checkbox"},{"id":"sp","type":"spacer","children":[{"id":"deep","type":"text"}]},{"id":"l","type":"lottie"},{"id":"cd","type":"card"},{"id":"ch","type":"chip"},{"id":"tg","type":"toggle","props":{"variant":"checkbox"}}]}"#
        func types(_ version: Int?) throws -> [String] {
            let text =
                version.map { flow(layout: tree, version: $0) }
                ?? #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":\#(tree)}]}"#
            return try decoded(text).nodes[0].layout!.children.map { "\($0.id):\($0.type)" }
        }
        #expect(try types(2) == ["cb:stack", "cd:stack", "ch:stack", "tg:stack"])
        #expect(try types(nil) == ["cb:stack", "cd:stack", "ch:stack", "tg:stack"], "a missing version means 1")
        #expect(try types(4) == ["cb:unknown", "sp:unknown", "l:lottie", "cd:stack", "ch:stack", "tg:stack"])
        #expect(try types(5) == ["cb:unknown", "sp:unknown", "l:lottie", "cd:stack", "ch:stack", "tg:toggle"])
        #expect(try types(8) == ["cb:unknown", "sp:unknown", "l:lottie", "cd:unknown", "ch:unknown", "tg:toggle"])
        #expect(try types(9) == ["cb:unknown", "sp:unknown", "l:lottie", "cd:unknown", "ch:unknown", "tg:toggle"])
        #expect(try decoded(flow(layout: tree, version: 3)).version == 8)
    }

    @Test("DEC-IGNORE-FIELDS: unknown fields anywhere are ignored")
    func unknownFields() throws {
        let text =
            #"{"id":"f","future":{"x":1},"entryNodeId":"s","nodes":[{"id":"s","kind":"screen","zzz":[],"layout":{"id":"r","type":"stack","novel":true}}],"edges":[{"id":"e","fromNodeId":"s","toNodeId":"s","extra":1}],"variables":[{"key":"name","type":"string","shiny":true},{"label":"no key"}]}"#
        let flow = try decoded(text)
        #expect(flow.nodes[0].layout == C(id: "r", type: "stack"))
        #expect(flow.edges.count == 1 && flow.variables == ["name"])
    }

    @Test(
        "DEC-CANONICAL: every decodable document falls under it, and a difference no other rule's check explains breaks it"
    )
    func canonical() throws {
        let text = flow(layout: #"{"id":"r","type":"stack"}"#)
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(text, trace: &trace)
        #expect(trace.rules == ["DEC-CANONICAL"])
        var other = try #require(expected.flow)
        other.id += "-renamed"
        #expect(DecodingCheck.broken(trace: trace, expected: expected, actual: .flow(other)) == ["DEC-CANONICAL"])
        #expect(DecodingCheck.shape(expected: expected, actual: .flow(other)) == "the flow id differs")
        #expect(DecodingCheck.broken(trace: trace, expected: expected, actual: expected).isEmpty)
    }

    @Test("A divergence's shape names the element and what happened to it, never an id or a parent's type")
    func shapes() throws {
        let expected = ReferenceFlowDecoder.decode(
            flow(layout: #"{"id":"r","type":"stack","children":[{"id":"u","type":"gizmo"},{"id":"t","type":"text"}]}"#))
        var dropped = try #require(expected.flow)
        dropped.nodes[0].layout?.children.removeLast()
        #expect(DecodingCheck.shape(expected: expected, actual: .flow(dropped)) == "a component's child missing")
        let rejected = DecodeOutcome.error(FlowDecodeError(code: FlowDecodeError.invalidFlowSchema, message: "no"))
        #expect(
            DecodingCheck.shape(expected: expected, actual: rejected)
                == "a decodable document rejected as invalid_flow_schema")
        var noScreen = try #require(expected.flow)
        noScreen.nodes.removeAll()
        #expect(DecodingCheck.shape(expected: expected, actual: .flow(noScreen)) == "a screen node missing")
    }

    @Test("DEC-DEPTH: a very deep tree is a clear error, never a crash")
    func depth() {
        var layout = #"{"id":"leaf","type":"text"}"#
        for level in 0..<220 { layout = #"{"id":"n\#(level)","type":"stack","children":[\#(layout)]}"# }
        let outcome = ReferenceFlowDecoder.decode(flow(layout: layout))
        #expect(outcome.errorCode == FlowDecodeError.invalidFlowSchema)
        #expect(outcome.description.contains("nests components deeper than 200 levels"))
        // The path of the first component past the limit, every level of it.
        let path = "$.nodes[0].layout" + String(repeating: ".children[0]", count: 200)
        #expect(outcome.description.contains(path + " nests components deeper"))
    }

    @Test(
        "DEC-SCHEMA-VERSION: whole numbers and digit strings, however large; fractions, signs and other types invalid")
    func schemaVersions() {
        func code(_ version: String) -> String? {
            errorCode(
                #"{"flow_id":"f","schema_version":\#(version),"flow_schema":\#(flow(layout: #"{"id":"r","type":"text"}"#))}"#
            )
        }
        for accepted in ["1", "1.0", "1e0", "-0", "0", "\"1\"", "\"1.7\"", "\"1.4.1\"", "null"] {
            #expect(code(accepted) == nil, "\(accepted)")
        }
        for future in ["2", "1e300", "12345678901234567890", "\"99999999999999999999.1\"", "\"3.0\""] {
            #expect(code(future) == FlowDecodeError.unsupportedSchemaVersion, "\(future)")
        }
        for invalid in ["1.5", "-1", "1e400", "\"v1\"", "\"1.2.3.4\"", "\"+1\"", "\"1.\"", "\"\"", "true", "[1]", "{}"]
        {
            #expect(code(invalid) == FlowDecodeError.invalidFlowSchema, "\(invalid)")
        }
        #expect(
            errorCode(#"{"flow_id":"f","schema_version":1,"flow_schema":null}"#) == FlowDecodeError.invalidFlowSchema)
        // Missing resolve fields change nothing; extra ones are ignored.
        var trace = DecodeTrace()
        let text = #"{"schema_version":"1","flow_schema":\#(flow(layout: #"{"id":"r","type":"text"}"#)),"region":"eu"}"#
        #expect(
            ReferenceFlowDecoder.decode(text, trace: &trace).flow != nil && trace.rules.contains("DEC-IGNORE-FIELDS"))
    }

    @Test("DEC-VERSION: a whole number of any size is a version; strings, fractions, zero, negatives and 1e400 mean 1")
    func contentVersions() throws {
        let tree = #"{"id":"r","type":"stack","children":[{"id":"cd","type":"card"}]}"#
        func type(_ version: String) throws -> String {
            let text =
                #"{"id":"f","version":\#(version),"entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":\#(tree)}]}"#
            return try decoded(text).nodes[0].layout!.children[0].type
        }
        for migrated in ["1", "1.0", "1e0", "6", "\"8\"", "7.5", "0", "-0", "-3", "1e400", "true", "null"] {
            #expect(try type(migrated) == "stack", "\(migrated) migrates like 1")
        }
        for untouched in ["8", "8.0", "9", "1e300", "12345678901234567890"] {
            #expect(try type(untouched) == "unknown", "\(untouched) is left untransformed")
        }
    }

    @Test("DEC-VARIABLE: a variable outside the documented types is skipped, its siblings and the flow kept")
    func variables() throws {
        let list =
            #"[{"key":"a","type":"string"},{"key":"b","type":"date"},{"key":"c","type":"list"},"#
            + #"{"key":"d","type":"list","listItemType":"number"},{"key":"e","type":"list","listItemType":"date"},"#
            + #"{"key":"a","type":"number"},{"type":"string"},7,{"key":"f","type":"boolean","scope":"user","#
            + #""lifecycle":"forever","source":{"kind":"remote","url":"x"}},{"key":"","type":"string"}]"#
        var trace = DecodeTrace()
        let outcome = ReferenceFlowDecoder.decode(
            flow(layout: #"{"id":"r","type":"text"}"#, extra: #","variables":\#(list)"#), trace: &trace)
        #expect(outcome.flow?.variables == ["a", "d", "f"])
        #expect(trace.hits.filter { $0.rule == "DEC-VARIABLE" }.count == 8)
        #expect(
            try decoded(flow(layout: #"{"id":"r","type":"text"}"#, extra: #","variables":{"a":1}"#)).variables == [])
    }

    @Test("DEC-ZONE: a zone that is not an object is absent; visible false is still a zone")
    func zoneShapes() throws {
        func zones(_ extra: String) throws -> [String] {
            try decoded(flow(layout: #"{"id":"r","type":"text"}"#, extra: extra)).zones
        }
        #expect(
            try zones(#","persistentUI":{"navigationBar":"top","footer":{"visible":false},"overlay":[]}"#) == ["footer"]
        )
        #expect(try zones(#","persistentUI":"none","chrome":{"header":{}}"#) == [])
        #expect(try zones(#","persistentUI":{},"chrome":{"header":{}}"#) == [])
        #expect(try zones(#","chrome":{"header":true,"footer":{}}"#) == ["footer"])
        #expect(try zones(#","persistentUI":null,"chrome":{"header":{"title":"Acme"}}"#) == ["navigationBar"])
        // A zone written as null is absent, and falls under the rule: a decoder that refuses it breaks DEC-ZONE.
        let text = flow(layout: #"{"id":"r","type":"text"}"#, extra: #","persistentUI":{"footer":null,"overlay":{}}"#)
        var trace = DecodeTrace()
        #expect(ReferenceFlowDecoder.decode(text, trace: &trace).flow?.zones == ["overlay"])
        #expect(trace.rules.contains("DEC-ZONE"))
    }

    @Test(
        "DEC-DUPLICATE-EDGE and DEC-EDGE: a repeated edge id is skipped; guard, label, priority and transition never decide"
    )
    func edgeDetails() throws {
        let nodes = #",{"id":"t","kind":"screen","layout":null}"#
        let edges =
            #","edges":[{"id":"e","fromNodeId":"s","toNodeId":"t","guard":"score >>> 3","label":7,"priority":"high","#
            + #""transition":{"type":"teleport"}},{"id":"e","fromNodeId":"t","toNodeId":"s"},"#
            + #"{"id":"g","fromNodeId":"s","toNodeId":"gone"},{"id":"g","fromNodeId":"t","toNodeId":"s"}]"#
        let decodedFlow = try decoded(flow(layout: #"{"id":"r","type":"text"}"#, extra: edges, nodes: nodes))
        #expect(decodedFlow.edges.map { "\($0.id):\($0.from)" } == ["e:s", "g:t"])
    }

    @Test(
        "DEC-LOGIC-NODE and DEC-SCREEN-TYPE: logic nodes as the schema writes them, and unknown screen types, are kept")
    func logicAndScreenTypes() throws {
        let nodes =
            #",{"id":"c","kind":"condition","condition":"user.age >= 18 && flags.beta","outputs":{"trueLabel":"Yes"}},"#
            + #"{"id":"a","kind":"assign","assignments":[{"variableKey":"n","expression":"n + 1"}]},"#
            + #"{"id":"b","kind":"abTest","experimentKey":"x","variants":[{"id":"v","label":"A","weight":50,"targetNodeId":"s"}]},"#
            + #"{"id":"w","kind":"screen","screenType":"popover","layout":null},{"id":"v","kind":"screen","screenType":3}"#
        var trace = DecodeTrace()
        let outcome = ReferenceFlowDecoder.decode(
            flow(layout: #"{"id":"r","type":"text"}"#, nodes: nodes), trace: &trace)
        #expect(outcome.flow?.nodes.map(\.id) == ["s", "c", "a", "b", "w", "v"])
        #expect(trace.hits.filter { $0.rule == "DEC-LOGIC-NODE" }.count == 3)
        #expect(trace.hits.filter { $0.rule == "DEC-SCREEN-TYPE" }.map(\.element) == ["w", "v"])
    }

    @Test("DEC-DUPLICATE-KEY: the last occurrence counts here, and the first is accepted too")
    func duplicateKeys() throws {
        let text =
            #"{"id":"f","id":"g","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":{"id":"r","type":"text","type":"stack"}}]}"#
        let outcome = ReferenceFlowDecoder.decode(text)
        #expect(outcome.flow?.id == "g" && outcome.flow?.nodes[0].layout?.type == "stack")
        let first = try #require(DecodingCheck.alternatives(text, options: DecoderOptions()).first)
        #expect(first.flow?.id == "f" && first.flow?.nodes[0].layout?.type == "text")
        #expect(DecodingCheck.alternatives(welcome, options: DecoderOptions()).isEmpty)
    }

    @Test("A bare flow's own schema_version is ignored by the reference, and read as the gate is accepted too")
    func bareFlowSchemaVersion() throws {
        let bare = #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"schema_version":"#
        for (version, code) in [("\"9.0\"", "unsupported_schema_version"), ("\"\"", "invalid_flow_schema")] {
            let text = bare + version + "}"
            #expect(ReferenceFlowDecoder.decode(text).flow?.id == "f")
            let gated = try #require(DecodingCheck.alternatives(text, options: DecoderOptions()).first)
            #expect(gated.errorCode == code)
        }
        // A supported one gates nothing: the same flow either way; null is no version at all.
        #expect(DecodingCheck.alternatives(bare + "1}", options: DecoderOptions()).first?.flow?.id == "f")
        #expect(DecodingCheck.alternatives(bare + "null}", options: DecoderOptions()).isEmpty)
        // With a key repeated too, each reading of it may be gated: a decoder that keeps the last "kind" and reads
        // an empty schema_version as the gate refuses the document.
        let both =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","kind":"screen"}],"schema_version":""}"#
        let readings = DecodingCheck.alternatives(both, options: DecoderOptions())
        #expect(readings.count == 3 && readings.contains { $0.errorCode == "invalid_flow_schema" })
    }

    @Test("A hit's path names members and indices as JSON paths do, an index of several digits whole")
    func hitPaths() throws {
        let children = (0..<13).map { #"{"id":"c\#($0)","type":"text"\#($0 == 12 ? #","x-note":1"# : "")}"# }
        let layout = #"{"id":"root","type":"stack","children":[\#(children.joined(separator: ","))]}"#
        let edges = (0..<11).map { #"{"id":"e\#($0)","fromNodeId":"s","toNodeId":"\#($0 == 10 ? "nowhere" : "s")"}"# }
        var trace = DecodeTrace()
        _ = try #require(
            ReferenceFlowDecoder.decode(
                flow(layout: layout, extra: #","edges":[\#(edges.joined(separator: ","))]"#),
                trace: &trace
            ).flow)
        let paths = trace.hits.map { "\($0.rule) \($0.path)" }
        #expect(paths.contains("DEC-IGNORE-FIELDS $.nodes[0].layout.children[12].x-note"), "\(paths)")
        #expect(paths.contains("DEC-EDGE $.edges[10]"), "\(paths)")
    }

    @Test("DEC-DUPLICATE-KEY: keys equal as Swift compares strings repeat, though their UTF-8 lengths differ")
    func canonicallyEqualKeysRepeat() {
        let text = flow(layout: #"{"id":"c","type":"text"}"#, extra: #","x-note":{"é":1,"e\u0301":2}"#)
        var trace = DecodeTrace()
        _ = ReferenceFlowDecoder.decode(text, trace: &trace)
        #expect(trace.rules.contains("DEC-DUPLICATE-KEY"))
    }

    @Test("DEC-DEPTH: a tree at the limit decodes, one level past it does not, and deep props never count")
    func depthLimit() throws {
        func chain(_ depth: Int, props: String = "") -> String {
            var layout = #"{"id":"leaf","type":"stack"\#(props)}"#
            for level in 0..<(depth - 1) { layout = #"{"id":"n\#(level)","type":"stack","children":[\#(layout)]}"# }
            return flow(layout: layout)
        }
        #expect(ReferenceFlowDecoder.decode(chain(200)).flow != nil)
        #expect(ReferenceFlowDecoder.decode(chain(199)).flow != nil)
        #expect(errorCode(chain(201)) == FlowDecodeError.invalidFlowSchema)
        let deepProps =
            #","props":{"data":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}"
        var trace = DecodeTrace()
        #expect(ReferenceFlowDecoder.decode(chain(3, props: deepProps), trace: &trace).flow != nil)
        #expect(trace.rules.contains("DEC-DEPTH"))
    }

    @Test("Numbers and strings as JSON writes them: escapes, unicode and lone surrogates decode, never fail the flow")
    func lexical() throws {
        let text =
            #"{"id":"caf\u00e9","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":{"id":"\ud800x\udc00","type":"text","props":{"n":1e400,"m":-0,"b":123456789012345678901234567890}}}]}"#
        let flow = try decoded(text)
        #expect(flow.id == "café" && flow.nodes[0].layout?.id == "\u{FFFD}x\u{FFFD}")
    }

    @Test("DEC-STRING: a lone surrogate falls under the rule, which only a refusal breaks")
    func loneSurrogate() throws {
        let text = flow(layout: #"{"id":"r","type":"text","props":{"text":"half \ud83d"}}"#)
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(text, trace: &trace)
        #expect(trace.rules.contains("DEC-STRING"))
        let refused = DecodeOutcome.error(
            FlowDecodeError(code: FlowDecodeError.invalidFlowSchema, message: "bad string"))
        #expect(DecodingCheck.broken(trace: trace, expected: expected, actual: refused) == ["DEC-STRING"])
        var renamed = try #require(expected.flow)
        renamed.id = "other"
        #expect(DecodingCheck.broken(trace: trace, expected: expected, actual: .flow(renamed)) == ["DEC-CANONICAL"])
        var plain = DecodeTrace()
        _ = ReferenceFlowDecoder.decode(flow(layout: #"{"id":"r","type":"text"}"#), trace: &plain)
        #expect(!plain.rules.contains("DEC-STRING"))
    }

    @Test("Every decoding rule has a test here and a unique ID")
    func catalogue() throws {
        #expect(Set(DecodingRules.all.map(\.id)).count == DecodingRules.all.count)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        for rule in DecodingRules.all { #expect(source.contains(rule.id), "no test names \(rule.id)") }
    }

    @Test("Every rule the reference decoder names in a trace is a catalogued decoding rule")
    func tracedRulesAreCatalogued() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FlowSchema")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { $0.hasPrefix("ReferenceFlowDecoder") && $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        // The decoder names its rules by their constants (`.decJSON`), which RuleIDs.swift spells out.
        let constants = try String(contentsOf: sources.appendingPathComponent("RuleIDs.swift"), encoding: .utf8)
        let ids = Dictionary(
            uniqueKeysWithValues: constants.matches(of: /static let (\w+) = "([A-Z-]+)"/).map {
                (String($0.1), String($0.2))
            })
        var named: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for reference in text.matches(of: /\.(dec[A-Z]\w*)/) {
                named.insert(try #require(ids[String(reference.1)], "\(reference.1) is no rule ID's constant"))
            }
        }
        #expect(named.count > 20, "the decoder's sources name its rules: \(named.sorted())")
        #expect(named.subtracting(DecodingRules.all.map(\.id)).isEmpty)
    }
}

@Suite("Decoding documentation")
struct DecodingDocumentationTests {
    @Test("Every decoding rule is defined in Decoding.md with its level")
    func documented() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/FlowSchema/FlowSchema.docc/Decoding.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for rule in DecodingRules.all {
            #expect(
                text.contains("**\(rule.id)** (\(rule.level.rawValue.uppercased()))"),
                "\(rule.id) is not defined in Decoding.md with its level")
        }
    }
}
