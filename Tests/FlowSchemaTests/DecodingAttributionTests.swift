import FlowSchema
import Foundation
import Testing

/// Which rule a divergence is named under where two could be: the precedences Decoding.md states.
@Suite("Decoding attribution")
struct DecodingAttributionTests {
    /// The rules an implementation's outcome breaks on a text.
    func broken(_ text: String, actual: DecodeOutcome, options: DecoderOptions = DecoderOptions()) -> [String] {
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(text, options: options, trace: &trace)
        return DecodingCheck.broken(trace: trace, expected: expected, actual: actual)
    }

    func refused(_ code: String = FlowDecodeError.invalidFlowSchema) -> DecodeOutcome {
        .error(FlowDecodeError(code: code, message: "refused"))
    }

    @Test("A version read at its face (\"4\" as 4) is DEC-VERSION alone, not the migrations it skipped")
    func versionReadAtItsFace() throws {
        let text =
            #"{"id":"f","version":"4","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":"#
            + #"{"id":"r","type":"stack","children":[{"id":"c","type":"card"},{"id":"k","type":"checkbox"}]}}]}"#
        let misread = ReferenceFlowDecoder.decode(
            text.replacingOccurrences(of: #""version":"4""#, with: #""version":4"#))
        #expect(!misread.agrees(with: ReferenceFlowDecoder.decode(text)))
        #expect(broken(text, actual: misread) == ["DEC-VERSION"])
    }

    @Test("A version read at its face beside another broken rule: DEC-VERSION and that rule, never DEC-MIGRATE")
    func versionReadAtItsFaceBesideAnotherBug() throws {
        let text =
            #"{"id":"f","version":"8","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":"#
            + #"{"id":"r","type":"stack","children":[{"id":"k","type":"checkbox"}]}}],"#
            + #""variables":[{"key":"v","type":"color","scope":"global"}]}"#
        var misread = try #require(
            ReferenceFlowDecoder.decode(text.replacingOccurrences(of: #""version":"8""#, with: #""version":8"#)).flow)
        #expect(misread != ReferenceFlowDecoder.decode(text).flow)
        // The same implementation also keeps a variable of a type the rules skip.
        misread.variables.append("v")
        #expect(broken(text, actual: .flow(misread)) == ["DEC-VERSION", "DEC-VARIABLE"])
    }

    @Test("A version above 8 is DEC-VERSION's only where the implementation migrated as a version of 1 does")
    func versionAboveJudgedOnItsMigrations() throws {
        let text =
            #"{"id":"f","version":12345678901234567890,"entryNodeId":"s","nodes":[{"id":"s","kind":"screen","#
            + #""layout":{"id":"r","type":"stack","children":[{"id":"k","type":"chip","children":[{"id":"x","#
            + #""type":"text"}]}]}}]}"#
        let reference = try #require(ReferenceFlowDecoder.decode(text).flow)
        // Left untransformed (the chip stays unknown), but its children kept: the unknown component's rule.
        var keptChildren = reference
        keptChildren.nodes[0].layout?.children[0].children = [.init(id: "x", type: "text")]
        #expect(broken(text, actual: .flow(keptChildren)) == ["DEC-UNKNOWN-COMPONENT"])
        // Migrated as a version of 1 would be (the chip made a stack): the version's.
        let migrated = ReferenceFlowDecoder.decode(
            text.replacingOccurrences(of: "12345678901234567890", with: "1"))
        #expect(!migrated.agrees(with: .flow(reference)))
        #expect(broken(text, actual: migrated) == ["DEC-VERSION"])
    }

    @Test("Lone surrogate escapes are rewritten as U+FFFD's, pairs and everything else left byte for byte")
    func loneSurrogatesRewritten() {
        #expect(LoneSurrogates.replaced(in: #"{"a":"x\ud800y"}"#) == #"{"a":"x\ufffdy"}"#)
        #expect(LoneSurrogates.replaced(in: #"{"a":"\udc00","b":"\ud83d"}"#) == #"{"a":"\ufffd","b":"\ufffd"}"#)
        #expect(LoneSurrogates.replaced(in: #"{"a":"\ud800\ud800\udc00"}"#) == #"{"a":"\ufffd\ud800\udc00"}"#)
        // A pair, an escaped backslash before "ud800", and a number are not lone surrogates.
        #expect(LoneSurrogates.replaced(in: #"{"a":"\ud83d\ude00","b":"\\ud800","c":1}"#) == nil)
        #expect(LoneSurrogates.replaced(in: #"{"\ud800":"k"}"#) == #"{"\ufffd":"k"}"#)
    }

    @Test("A screen whose layout a migration strips whole: dropping it is DEC-MALFORMED-LAYOUT's, not DEC-MIGRATE's")
    func layoutStrippedWhole() throws {
        let text =
            #"{"id":"f","version":1,"entryNodeId":"s","nodes":[{"id":"s","kind":"screen","layout":"#
            + #"{"id":"c","type":"stack"}},{"id":"t","kind":"screen","layout":{"id":"x","type":"spacer"}}]}"#
        let reference = try #require(ReferenceFlowDecoder.decode(text).flow)
        #expect(reference.nodes.count == 2 && reference.nodes[1].layout == nil)
        var dropped = reference
        dropped.nodes.removeLast()
        #expect(broken(text, actual: .flow(dropped)) == ["DEC-MALFORMED-LAYOUT"])
        var kept = reference
        kept.nodes[1].layout = .init(id: "x", type: "unknown")
        #expect(broken(text, actual: .flow(kept)) == ["DEC-MIGRATE"])
    }

    @Test("A rejected document with a repeated node: the repeat may be what was refused, so it is blamed too")
    func rejectedWithRepeatedNode() throws {
        // The first node's unknown component is no reason to refuse; the repeat (with a screenType) may be.
        let text =
            #"{"id":"f","entryNodeId":"n0","nodes":[{"id":"n0","kind":"screen","layout":{"id":"c1","type":""}},"#
            + #"{"id":"n0","kind":"screen","screenType":null}]}"#
        #expect(broken(text, actual: refused()).contains("DEC-DUPLICATE-NODE"))
    }

    @Test("A kept duplicate edge and a kept dangling edge are two causes")
    func edgesJudgedApart() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"edges":["#
            + #"{"id":"e0","fromNodeId":"s","toNodeId":"s"},"#
            + #"{"id":"e0","fromNodeId":"s","toNodeId":"s","kind":"event"},"#
            + #"{"id":"e1","fromNodeId":"s","toNodeId":"gone"}]}"#
        let reference = try #require(ReferenceFlowDecoder.decode(text).flow)
        var duplicate = reference
        duplicate.edges.append(.init(id: "e0", from: "s", to: "s", kind: "event"))
        #expect(broken(text, actual: .flow(duplicate)) == ["DEC-DUPLICATE-EDGE"])
        var dangling = reference
        dangling.edges.append(.init(id: "e1", from: "s", to: "gone", kind: "normal"))
        #expect(broken(text, actual: .flow(dangling)) == ["DEC-EDGE"])
    }

    @Test("A malformed persistentUI beside a legacy chrome: falling back to the chrome breaks DEC-LEGACY-CHROME")
    func malformedPersistentUIBesideChrome() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"persistentUI":"x","#
            + #""chrome":{"header":{"height":44}}}"#
        var flow = try #require(ReferenceFlowDecoder.decode(text).flow)
        #expect(flow.zones.isEmpty)
        flow.zones = ["navigationBar"]
        #expect(broken(text, actual: .flow(flow)) == ["DEC-LEGACY-CHROME"])
    }

    @Test("Zones written out of order are listed in the canonical order; listed as written, they break DEC-ZONE")
    func zonesOutOfOrder() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"#
            + #""persistentUI":{"footer":{"height":1},"navigationBar":{"height":2}}}"#
        var flow = try #require(ReferenceFlowDecoder.decode(text).flow)
        #expect(flow.zones == ["navigationBar", "footer"])
        flow.zones = ["footer", "navigationBar"]
        #expect(broken(text, actual: .flow(flow)) == ["DEC-ZONE"])
    }

    @Test("Refused at the schema gate where the reference refuses later: DEC-SCHEMA-VERSION")
    func schemaGateFirst() throws {
        let text = #"{"schema_version":"1.2","flow_schema":{"id":"f","entryNodeId":"nowhere","nodes":[]}}"#
        #expect(ReferenceFlowDecoder.decode(text).errorCode == FlowDecodeError.invalidFlowSchema)
        #expect(broken(text, actual: refused(FlowDecodeError.unsupportedSchemaVersion)) == ["DEC-SCHEMA-VERSION"])
    }

    @Test("A later node of a repeated id kept in the first one's place is DEC-DUPLICATE-NODE alone")
    func lastWins() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"a","kind":"api"},{"id":"s","kind":"screen"},"#
            + #"{"id":"a","kind":"screen"}]}"#
        let reference = try #require(ReferenceFlowDecoder.decode(text).flow)
        let later = CanonicalFlow.Node(id: "a", kind: "screen", supported: true, layout: nil, hidesZones: false)
        var inPlace = reference
        inPlace.nodes[0] = later
        #expect(broken(text, actual: .flow(inPlace)) == ["DEC-DUPLICATE-NODE"])
        // The first dropped and the later kept as a node of its own: the first one's rule.
        var dropped = reference
        dropped.nodes = [reference.nodes[1], later]
        #expect(broken(text, actual: .flow(dropped)) == ["DEC-NODE-UNSUPPORTED"])
    }

    @Test("With no node kept between a first node and its repeat, last-wins and a dropped first look alike: the SHOULD")
    func ambiguousRepeat() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"},{"id":"a","kind":"api"},"#
            + #"{"id":"a","kind":"screen"}]}"#
        var flow = try #require(ReferenceFlowDecoder.decode(text).flow)
        flow.nodes[1] = CanonicalFlow.Node(id: "a", kind: "screen", supported: true, layout: nil, hidesZones: false)
        #expect(broken(text, actual: .flow(flow)) == ["DEC-DUPLICATE-NODE"])
    }

    @Test("An edge skipped before a valid one of its id does not take the id: losing the valid one is the repeat's")
    func skippedEdgeTakesNoID() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"edges":["#
            + #"{"id":"e0","fromNodeId":"s","toNodeId":"gone"},{"id":"e0","fromNodeId":"s","toNodeId":"s"}]}"#
        var flow = try #require(ReferenceFlowDecoder.decode(text).flow)
        #expect(flow.edges.count == 1)
        flow.edges = []
        #expect(broken(text, actual: .flow(flow)) == ["DEC-DUPLICATE-EDGE"])
    }

    @Test("A screen dropped for its own rule: the rules about its components and its edges follow, and are not named")
    func droppedNodeConsequences() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"},{"id":"t","kind":"screen","#
            + #""screenType":"holo","layout":{"id":"r","type":"card"}}],"version":6,"edges":["#
            + #"{"id":"e0","fromNodeId":"s","toNodeId":"t","guard":"x > 1"}]}"#
        var flow = try #require(ReferenceFlowDecoder.decode(text).flow)
        flow.nodes.removeLast()
        flow.edges = []
        #expect(broken(text, actual: .flow(flow)) == ["DEC-SCREEN-TYPE"])
    }

    @Test("A screen with no layout names no cause while another rule can; alone, it is DEC-MALFORMED-LAYOUT")
    func missingLayoutIsWeak() throws {
        let stringVersion = #"{"id":"f","version":"8","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}]}"#
        #expect(broken(stringVersion, actual: refused()) == ["DEC-VERSION"])
        let two =
            #"{"id":"f","entryNodeId":"t","nodes":[{"id":"s","kind":"screen"},"#
            + #"{"id":"t","kind":"screen","layout":{"id":"r","type":"text"}}]}"#
        var dropped = try #require(ReferenceFlowDecoder.decode(two).flow)
        dropped.nodes.removeFirst()
        #expect(broken(two, actual: .flow(dropped)) == ["DEC-MALFORMED-LAYOUT"])
    }

    @Test("NaN, Infinity and -Infinity are not JSON: DEC-JSON")
    func nonFiniteNumbers() {
        for constant in ["NaN", "Infinity", "-Infinity"] {
            let text = #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"score":"# + constant + "}"
            var trace = DecodeTrace()
            #expect(ReferenceFlowDecoder.decode(text, trace: &trace).errorCode == FlowDecodeError.invalidFlowSchema)
            #expect(trace.fatal == "DEC-JSON")
        }
    }

    @Test("Repeated keys read first for some and last for others: a mix, which DEC-DUPLICATE-KEY forbids alone")
    func repeatedKeysReadMixed() throws {
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen"}],"id":"g","edges":["#
            + #"{"id":"e","fromNodeId":"s","toNodeId":"s","kind":"normal","kind":"event"}]}"#
        let last = ReferenceFlowDecoder.decode(text)
        let first = ReferenceFlowDecoder.decode(
            text.replacingOccurrences(of: #","id":"g""#, with: "")
                .replacingOccurrences(of: #","kind":"event""#, with: ""))
        #expect(last.flow?.id == "g" && first.flow?.id == "f" && !first.agrees(with: last))
        #expect(!DecodingCheck.readsRepeatedKeysMixed(text, actual: last, options: DecoderOptions()))
        #expect(!DecodingCheck.readsRepeatedKeysMixed(text, actual: first, options: DecoderOptions()))
        // Ids first, everything else last.
        var mixed = try #require(last.flow)
        mixed.id = "f"
        #expect(DecodingCheck.readsRepeatedKeysMixed(text, actual: .flow(mixed), options: DecoderOptions()))
        // A flow no reading gives is not a mix.
        mixed.entry = "elsewhere"
        #expect(!DecodingCheck.readsRepeatedKeysMixed(text, actual: .flow(mixed), options: DecoderOptions()))
    }

    @Test("Refused as invalid for a lone surrogate where the gate refuses it as unsupported: DEC-STRING, not the gate")
    func surrogateBeforeTheGate() {
        let text =
            #"{"schema_version":2,"flow_schema":{"id":"f","name":"\ud800","entryNodeId":"s","#
            + #""nodes":[{"id":"s","kind":"screen"}]}}"#
        #expect(ReferenceFlowDecoder.decode(text).errorCode == FlowDecodeError.unsupportedSchemaVersion)
        #expect(broken(text, actual: refused()) == ["DEC-STRING"])
        let plain = text.replacingOccurrences(of: "\\ud800", with: "x")
        #expect(broken(plain, actual: refused()) == ["DEC-SCHEMA-VERSION"])
    }

    @Test("No screen but a later node of a repeated id kept as one: DEC-DUPLICATE-NODE, not DEC-NO-SCREEN")
    func laterDuplicateKeptAsTheScreen() throws {
        let text = #"{"id":"f","entryNodeId":"n","nodes":[{"id":"n","kind":"abTest"},{"id":"n","kind":""}]}"#
        #expect(ReferenceFlowDecoder.decode(text).errorCode == FlowDecodeError.invalidFlowSchema)
        let kept = try #require(
            ReferenceFlowDecoder.decode(#"{"id":"f","entryNodeId":"n","nodes":[{"id":"n","kind":"screen"}]}"#).flow)
        #expect(broken(text, actual: .flow(kept)) == ["DEC-DUPLICATE-NODE"])
    }

    @Test("Deep nesting in a node skipped whole falls under DEC-DEPTH: a refusal for it is blamed there too")
    func deepNestingNeverReached() {
        let deep = String(repeating: #"{"children":["#, count: 20) + String(repeating: "]}", count: 20)
        let text =
            #"{"id":"f","entryNodeId":"s","nodes":[{"id":"s","kind":"screen","#
            + #""layout":{"id":"c","type":"stack"}},{"id":"q","kind":"quiz","layout":"# + deep + "}]}"
        var trace = DecodeTrace()
        let expected = ReferenceFlowDecoder.decode(text, trace: &trace)
        #expect(expected.flow != nil && trace.rules.contains("DEC-DEPTH"))
        #expect(broken(text, actual: refused()).contains("DEC-DEPTH"))
        #expect(broken(text, actual: expected).isEmpty)
        // Shallow, the same skipped node falls under no depth rule.
        var shallow = DecodeTrace()
        _ = ReferenceFlowDecoder.decode(text.replacingOccurrences(of: deep, with: "{}"), trace: &shallow)
        #expect(!shallow.rules.contains("DEC-DEPTH"))
    }
}
