/// Writes JSON text: compact, keys in document order or sorted, integers without a fraction.
public enum JSONWriter {
    /// The value as compact JSON text; with `sortedKeys`, object keys are in Swift `String` order, so output never depends on input order.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true) -> String {
        String(decoding: bytes(value, sortedKeys: sortedKeys), as: UTF8.self)
    }

    /// The value as compact JSON text in UTF-8, as ``write(_:sortedKeys:)`` writes it: for callers that edit the text
    /// before it is a `String`.
    public static func bytes(_ value: JSONValue, sortedKeys: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(value, sortedKeys: sortedKeys, into: &out)
        return out
    }

    // Bytes, not a String: appending to a String one scalar at a time costs several times the whole write.
    static func write(_ value: JSONValue, sortedKeys: Bool, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 {
                writeInteger(Int64(n), into: &out)
            } else if n.isNaN {
                out.append(contentsOf: "null".utf8)
            } else if !n.isFinite {
                // JSON has no infinity: a number too large for a double (how the parser reads 1e400) is written as one.
                out.append(contentsOf: (n < 0 ? "-1e400" : "1e400").utf8)
            } else {
                out.append(contentsOf: "\(n)".utf8)
            }
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, sortedKeys: sortedKeys, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            out.append(UInt8(ascii: "{"))
            let ordered = sortedKeys ? pairs.sorted { $0.key < $1.key } : pairs
            for (i, pair) in ordered.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(pair.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(pair.value, sortedKeys: sortedKeys, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The decimal digits of an integer, as `String(n)` writes them.
    static func writeInteger(_ n: Int64, into out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        var count = 1
        var scale: UInt64 = 10
        while count < 19 && magnitude >= scale { count += 1; scale *= 10 }
        let end = out.count + count
        out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var index = end - 1
        while magnitude > 0 {
            out[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        }
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        // A valid String's UTF-8 is copied as is, in runs between the bytes to escape (only ASCII ones ever are):
        // appending a byte at a time checks the array's storage for every byte.
        s.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || byte < 0x20
            {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                writeEscape(byte, into: &out)
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    static func writeEscape(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
        default:
            out.append(contentsOf: "\\u00".utf8)
            out.append(hexDigit(byte >> 4))
            out.append(hexDigit(byte & 0xF))
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
