package import FlowCheckCore
import FlowSchema
package import JSON
package import NavigationModel

/// Compact JSON text, written byte by byte into a buffer that keeps its capacity from one message to the next.
///
/// The process protocol's messages are written here by hand, keys sorted as the protocol documents, so that a
/// request costs no intermediate objects: every step of a run writes one, and the kit's share of the CPU time of a
/// run against a fast implementation is mostly this and reading the reply.
package struct JSONOutput {
    /// The text so far, as UTF-8.
    package var bytes: [UInt8] = []

    /// Creates an empty output.
    package init() { bytes.reserveCapacity(4096) }

    /// Forgets the text, keeping the capacity.
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The text as a string.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is: punctuation and keys, which are plain ASCII.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a JSON string literal.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if run < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index])) }
                run = index + 1
                switch byte {
                case UInt8(ascii: "\""): raw(#"\""#)
                case UInt8(ascii: "\\"): raw(#"\\"#)
                case 0x0A: raw(#"\n"#)
                case 0x0D: raw(#"\r"#)
                case 0x09: raw(#"\t"#)
                default:
                    raw(#"\u00"#)
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            if run < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends an integer.
    package mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Appends `true` or `false`.
    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Appends any JSON value, object keys sorted (as the kit's writer writes them).
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): bool(flag)
        case .string(let text): string(text)
        default: bytes.append(contentsOf: JSONWriter.write(value).utf8)
        }
    }

    /// Appends an array of strings.
    package mutating func strings<S: Sequence>(_ values: S) where S.Element == String {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

// MARK: The model's shapes

extension JSONOutput {
    /// `{"flow","flowRoot","presentation","screen"}`, `flow` written as `null` when the entry has none.
    package mutating func entry(_ entry: StackEntry) {
        raw(#"{"flow":"#)
        if let flow = entry.flow { string(flow) } else { raw("null") }
        raw(#","flowRoot":"#)
        bool(entry.flowRoot)
        switch entry.presentation {
        case .root: raw(#","presentation":"root","screen":"#)
        case .push: raw(#","presentation":"push","screen":"#)
        case .modal: raw(#","presentation":"modal","screen":"#)
        }
        string(entry.screen)
        raw("}")
    }

    /// An array of entries, bottom first.
    package mutating func stack(_ stack: ScreenStack) {
        raw("[")
        for (index, entry) in stack.entries.enumerated() {
            if index > 0 { raw(",") }
            self.entry(entry)
        }
        raw("]")
    }

    /// `{"nesting"}`, with `"flows": false` only for a profile without flows.
    package mutating func profile(_ profile: NavigationProfile) {
        raw(profile.flows ? #"{"nesting":"# : #"{"flows":false,"nesting":"#)
        raw(profile.nesting == .owned ? #""owned"}"# : #""shared"}"#)
    }

    /// A directive's fields, its own and any others it carries, keys sorted; a field of its own that is absent is
    /// not written.
    package mutating func directive(_ directive: NavigationDirective) {
        guard directive.unknownFields.isEmpty else { return directiveWithOthers(directive) }
        raw("{")
        var first = true
        if let flow = directive.flow {
            first = false
            raw(#""flow":"#)
            self.flow(flow)
        }
        if let id = directive.id {
            if !first { raw(",") }
            first = false
            raw(#""id":"#)
            string(id)
        }
        if let mode = directive.mode {
            if !first { raw(",") }
            first = false
            raw(#""mode":"#)
            string(mode.rawValue)
        }
        if let screen = directive.screen {
            if !first { raw(",") }
            raw(#""screen":"#)
            string(screen)
        }
        raw("}")
    }

    /// A directive that carries fields beyond its own: they are merged with its own in key order. One named like a
    /// field of its own replaces it, as the model's own encoding does.
    private mutating func directiveWithOthers(_ directive: NavigationDirective) {
        var keys = Array(directive.unknownFields.keys)
        if directive.flow != nil, directive.unknownFields["flow"] == nil { keys.append("flow") }
        if directive.id != nil, directive.unknownFields["id"] == nil { keys.append("id") }
        if directive.mode != nil, directive.unknownFields["mode"] == nil { keys.append("mode") }
        if directive.screen != nil, directive.unknownFields["screen"] == nil { keys.append("screen") }
        keys.sort()
        raw("{")
        for (index, key) in keys.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            if let other = directive.unknownFields[key] {
                value(other)
                continue
            }
            switch key {
            case "flow": flow(directive.flow!)
            case "id": string(directive.id!)
            case "mode": string(directive.mode!.rawValue)
            default: string(directive.screen!)
            }
        }
        raw("}")
    }

    private mutating func flow(_ flow: NavigationDirective.Flow) {
        switch (flow.behavior, flow.name) {
        case (let behavior?, let name?):
            raw(#"{"behavior":"#)
            string(behavior.rawValue)
            raw(#","name":"#)
            string(name)
            raw("}")
        case (let behavior?, nil):
            raw(#"{"behavior":"#)
            string(behavior.rawValue)
            raw("}")
        case (nil, let name?):
            raw(#"{"name":"#)
            string(name)
            raw("}")
        case (nil, nil):
            raw("{}")
        }
    }

    /// A navigate or optimistic request.
    package mutating func command(_ command: NavigationCommand, seq: Int) {
        switch command {
        case .navigate(let directive?):
            raw(#"{"cmd":"navigate","directive":"#)
            self.directive(directive)
        case .navigate(nil):
            raw(#"{"cmd":"navigate","directive":null"#)
        case .optimistic(let directive):
            raw(#"{"cmd":"optimistic","directive":"#)
            self.directive(directive)
        }
        raw(#","seq":"#)
        int(seq)
        raw("}")
    }

    /// A reset request, `{"cmd","profile","seq","stack"}`; a suite whose reset has a command of its own
    /// (`clientReset`) names it.
    package mutating func reset(
        _ stack: ScreenStack, _ profile: NavigationProfile, seq: Int, command: StaticString = "reset"
    ) {
        raw(#"{"cmd":""#)
        raw(command)
        raw(#"","profile":"#)
        self.profile(profile)
        raw(#","seq":"#)
        int(seq)
        raw(#","stack":"#)
        self.stack(stack)
        raw("}")
    }

    /// A batch request for a whole run: the reset at `seq + 1`, then each command at the next seq.
    package mutating func batch(
        initial: ScreenStack, profile: NavigationProfile, commands: [NavigationCommand], seq: Int
    ) {
        raw(#"{"cmd":"batch","commands":["#)
        reset(initial, profile, seq: seq + 1)
        for (index, command) in commands.enumerated() {
            raw(",")
            self.command(command, seq: seq + 2 + index)
        }
        raw(#"],"seq":"#)
        int(seq)
        raw("}")
    }
}

// MARK: Replies (what an implementation writes; the benchmark's echo and the tests use them)

extension JSONOutput {
    /// A navigation reply: `{"outcome","reason" (when rejected with one),"seq","state":{"pending","stack"}}`.
    package mutating func reply(_ reply: NavigationReply, seq: Int) {
        switch reply.outcome {
        case .applied: raw(#"{"outcome":"applied","#)
        case .rejected(let reason?):
            raw(#"{"outcome":"rejected","reason":"#)
            string(reason.rawValue)
            raw(",")
        case .rejected(nil): raw(#"{"outcome":"rejected","#)
        }
        raw(#""seq":"#)
        int(seq)
        raw(#","state":{"pending":"#)
        if let id = reply.state.pendingID {
            raw(#"{"id":"#)
            string(id)
            raw("}")
        } else {
            raw("null")
        }
        raw(#","stack":"#)
        stack(reply.state.stack)
        raw("}}")
    }

    /// A hello reply.
    package mutating func hello(_ implementation: ImplementationInfo, _ capabilities: Capabilities, seq: Int) {
        raw(#"{"capabilities":"#)
        self.capabilities(capabilities)
        raw(#","implementation":{"language":"#)
        string(implementation.language)
        raw(#","name":"#)
        string(implementation.name)
        raw(#","version":"#)
        string(implementation.version)
        raw(#"},"protocol":1,"seq":"#)
        int(seq)
        raw("}")
    }

    /// Capabilities as their own encoding writes them (the same fields, the same ones left out), keys sorted.
    package mutating func capabilities(_ capabilities: Capabilities) {
        bytes.append(contentsOf: JSONWriter.bytes(capabilities.json))
    }
}
