package import FlowCheckCore
package import JSON

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

// MARK: Hello (what an implementation writes; the benchmark's echo and the tests use it)

extension JSONOutput {
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
