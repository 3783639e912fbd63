import Foundation
import JSON
import NavigationModel
import Testing

@testable import ProcessProtocol
import FlowCheckNavigationSuite

/// The navigation reply reader that skips the JSON tree: on every line it accepts it reads what the general reader
/// reads, and it gives up on every line it cannot read without doubt.
@Suite("Navigation replies read from their bytes")
struct ReplyScannerTests {
    /// The model's replies to a walk of `count` commands from a small stack, drawn from a fixed sequence.
    static func modelReplies(count: Int, seed: UInt64) throws -> [NavigationReply] {
        let screens = ["HOME", "PRODUCT", "CART", "🛒 Panier détaillé", "A-NAME-LONGER-THAN-FIFTEEN-BYTES", "x"]
        let flows = ["DISCOVERY", "CHECKOUT", "flow with spaces and ünïcode"]
        let modes: [NavigationMode] = [
            .push, .push, .push, .replace, .reset, .pop, .present, .dismiss, .popTo, .popToRoot,
        ]
        let behaviors: [FlowBehavior] = [.keep, .removePrevious, .startNew, "SIDEWAYS"]
        var state = seed
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var session = try NavigationSession(
            stack: [StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)],
            profile: NavigationProfile(nesting: .owned))
        var replies: [NavigationReply] = []
        for index in 0..<count {
            let mode = modes[draw(modes.count)]
            var directive = NavigationDirective(
                id: "n\(index)", mode, screens[draw(screens.count)], flow: flows[draw(flows.count)],
                behaviors[draw(behaviors.count)])
            if draw(4) == 0 { directive.flow = nil }
            switch draw(5) {
            case 0: replies.append(session.perform(.optimistic(directive)))
            case 1: replies.append(session.perform(.navigate(nil)))
            case 2: replies.append(session.perform(.navigate(NavigationDirective(mode: .failed))))
            default: replies.append(session.perform(.navigate(directive)))
            }
        }
        return replies
    }

    /// A batch reply line as the echo writes it: the reset's reply at `seq + 1`, then each reply.
    static func line(_ replies: [NavigationReply], seq: Int) -> [UInt8] {
        var output = JSONOutput()
        output.raw(#"{"replies":[{"ok":true,"seq":"#)
        output.int(seq + 1)
        output.raw("}")
        for (index, reply) in replies.enumerated() {
            output.raw(",")
            output.reply(reply, seq: seq + 2 + index)
        }
        output.raw(#"],"seq":"#)
        output.int(seq)
        output.raw("}")
        return output.bytes
    }

    static func scan(_ bytes: [UInt8], seq: Int, count: Int) -> [NavigationReply]? {
        bytes.withUnsafeBufferPointer { ReplyScanner.replies(in: $0, seq: seq, count: count) }
    }

    static func scan(_ text: String, seq: Int = 7, count: Int) -> [NavigationReply]? {
        scan(Array(text.utf8), seq: seq, count: count)
    }

    /// What the general reader makes of the inner replies after the reset's.
    static func general(_ bytes: [UInt8]) throws -> [NavigationReply] {
        let value = try JSONParser.parse(String(decoding: bytes, as: UTF8.self))
        guard case .array(let items)? = Wire.lookup(value.objectPairs ?? [], "replies") else {
            Issue.record("no replies")
            return []
        }
        return try items.dropFirst().map { (item) throws(WireError) in try Wire.reply(item) }
    }

    /// The same value with every object's members in reverse order.
    static func reversed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let pairs): return .object(pairs.reversed().map { ($0.key, reversed($0.value)) })
        case .array(let items): return .array(items.map(reversed))
        default: return value
        }
    }

    @Test("The model's replies, written by the echo's writer, read as the general reader reads them", arguments: 0..<8)
    func agreesWithTheGeneralReader(seed: UInt64) throws {
        let replies = try Self.modelReplies(count: 60, seed: seed)
        let bytes = Self.line(replies, seq: 40)
        let general = try Self.general(bytes)
        #expect(general == replies)
        guard let scanned = Self.scan(bytes, seq: 40, count: replies.count + 1) else {
            Issue.record("the plain line was refused")
            return
        }
        #expect(scanned.count == replies.count)
        for (index, (read, written)) in zip(scanned, replies).enumerated() where read != written {
            Issue.record("reply \(index) reads as \(read), not \(written)")
            break
        }
    }

    @Test("Members in another order, and whitespace between every token, read the same")
    func orderAndWhitespace() throws {
        let replies = try Self.modelReplies(count: 30, seed: 99)
        let plain = String(decoding: Self.line(replies, seq: 3), as: UTF8.self)
        let reordered = JSONWriter.write(Self.reversed(try JSONParser.parse(plain)), sortedKeys: false)
        #expect(Self.scan(reordered, seq: 3, count: 31) == replies)
        var spaced = ""
        for character in plain {
            spaced.append(character)
            if ",:[]{}".contains(character) { spaced += " \t" }
        }
        #expect(Self.scan(" " + spaced + "\r ", seq: 3, count: 31) == replies)
    }

    @Test("An entry at the place of one before it is read anew whenever its bytes differ")
    func entriesReused() {
        func entry(
            _ screen: String, _ presentation: String = "push", flow: String = "null", root: String = "false"
        )
            -> String
        {
            #"{"flow":\#(flow),"flowRoot":\#(root),"presentation":"\#(presentation)","screen":"\#(screen)"}"#
        }
        let stacks = [
            [entry("HOME", "root"), entry("A")], [entry("HOME", "root"), entry("B")],
            [entry("HOME", "root"), entry("B", flow: #""F""#), entry("C", "modal")], [],
            [entry("HOME", "root")], [entry("HOME", "root"), entry("B", flow: #""F""#, root: "true")],
        ]
        var text = #"{"seq":7,"replies":[{"ok":true,"seq":8}"#
        for (index, stack) in stacks.enumerated() {
            text += #",{"outcome":"applied","seq":\#(9 + index),"state":{"stack":[\#(stack.joined(separator: ","))]}}"#
        }
        text += "]}"
        let scanned = Self.scan(text, count: stacks.count + 1)
        #expect(scanned == (try? Self.general(Array(text.utf8))))
        #expect(
            scanned?.map { $0.state.stack.entries.map(\.description) } == [
                ["HOME", "A"], ["HOME", "B"], ["HOME", "B(F)", "^C"], [], ["HOME"], ["HOME", "B(F)*"],
            ])
    }

    @Test("A pending id, a reason, a null reason, and no pending member read as the general reader reads them")
    func optionalMembers() throws {
        let text =
            #"{"seq":7,"replies":[{"seq":8,"ok":true},"#
            + #"{"outcome":"rejected","reason":"missingFlow","seq":9,"state":{"pending":{"id":"n1"},"stack":[]}},"#
            + #"{"outcome":"rejected","reason":null,"seq":10,"state":{"stack":[]}},"#
            + #"{"outcome":"applied","reason":"ignored when applied","seq":11,"state":{"pending":null,"stack":[]}}]}"#
        let scanned = try #require(Self.scan(text, count: 4))
        #expect(scanned == (try Self.general(Array(text.utf8))))
        #expect(
            scanned.map(\.outcome) == [.rejected(RejectionReason(rawValue: "missingFlow")), .rejected(nil), .applied])
        #expect(scanned.map(\.state.pendingID) == ["n1", nil, nil])
    }

    @Test("A reply to one command reads as the general reader reads it; anything else in its line is refused")
    func singleReplies() throws {
        for (index, reply) in try Self.modelReplies(count: 40, seed: 5).enumerated() {
            var output = JSONOutput()
            output.reply(reply, seq: 100 + index)
            let text = output.text
            let scanned = output.bytes.withUnsafeBufferPointer { ReplyScanner.reply(in: $0, seq: 100 + index) }
            #expect(scanned == reply)
            #expect(scanned == (try Wire.reply(try JSONParser.parse(text))))
            let refused = [
                text + " x", text.replacingOccurrences(of: #""seq":"#, with: #""errored":true,"seq":"#),
                text.replacingOccurrences(of: #""seq":\#(100 + index)"#, with: #""seq":\#(100 + index).0"#),
                String(text.dropLast()),
            ]
            for line in refused {
                #expect(
                    Array(line.utf8).withUnsafeBufferPointer { ReplyScanner.reply(in: $0, seq: 100 + index) } == nil)
            }
            #expect(output.bytes.withUnsafeBufferPointer { ReplyScanner.reply(in: $0, seq: 99 + index) } == nil)
        }
    }

    @Test("Lines it cannot read without doubt are left to the general reader")
    func refusals() {
        let entry = #"{"flow":null,"flowRoot":false,"presentation":"root","screen":"HOME"}"#
        func line(
            entry: String = entry, reset: String = #"{"ok":true,"seq":8}"#, seq: String = "9", tail: String = ""
        )
            -> String
        {
            #"{"replies":[\#(reset),{"outcome":"applied","seq":\#(seq),"state":{"pending":null,"stack":[\#(entry)]}}],"#
                + #""seq":7}"# + tail
        }
        #expect(Self.scan(line(), count: 2) != nil)
        let variants = [
            line(entry: entry.replacingOccurrences(of: #""HOME""#, with: #""H\u004fME""#)),
            line(entry: entry.replacingOccurrences(of: "{", with: #"{"x":1,"#)),
            line(entry: entry.replacingOccurrences(of: "{", with: #"{"screen":"HOME","#)),
            line(entry: entry.replacingOccurrences(of: "null", with: "3")),
            line(entry: entry.replacingOccurrences(of: #""root""#, with: #""sheet""#)),
            line(entry: entry.replacingOccurrences(of: #""flowRoot":false,"#, with: "")),
            line(reset: #"{"ok":true,"seq":8,"errored":true,"message":"no"}"#),
            line(reset: #"{"ok":false,"seq":8}"#),
            line(seq: "9.0"), line(seq: "1e1"), line(seq: "09"), line(seq: "10"), line(seq: #""9""#),
            line(seq: "99999999999999999999"), line(seq: "1000000000000009"),
            line(reset: #"{"ok":true,"seq":100000000000000000008}"#),
            line(tail: " x"), line(tail: "}"),
            line().replacingOccurrences(of: #""applied""#, with: #""done""#),
            line().replacingOccurrences(of: #""seq":7"#, with: #""seq":7,"errored":true"#),
            line().replacingOccurrences(of: #""seq":7"#, with: #""seq":6"#),
            line().replacingOccurrences(of: #","state":{"pending":null,"stack":[\#(entry)]}"#, with: ""),
            line().replacingOccurrences(of: #""outcome":"applied","#, with: #""outcome":"rejected","reason":2,"#),
            "", "   ", "[]", "{}",
        ]
        for variant in variants {
            #expect(Self.scan(variant, count: 2) == nil, "\(variant)")
        }
        #expect(Self.scan(line(), count: 3) == nil, "a count the line does not hold")
        #expect(Self.scan(line(), seq: 6, count: 2) == nil, "another batch's seq")
        #expect(
            Self.scan(line().replacingOccurrences(of: #""seq":7"#, with: #""seq":10000000000000000000"#), count: 2)
                == nil, "a seq too long for an integer")
        #expect(Self.scan(String(line().dropLast()), count: 2) == nil, "a cut line")
    }
}
