/// Writes JSON text: compact, keys in document order or sorted, integers without a fraction.
public enum JSONWriter {
    /// The value as compact JSON text; with `sortedKeys`, object keys are in Swift `String` order, so output never depends on input order.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true) -> String {
        var out = ""
        write(value, sortedKeys: sortedKeys, into: &out)
        return out
    }

    static func write(_ value: JSONValue, sortedKeys: Bool, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 {
                out += String(Int64(n))
            } else if n.isNaN {
                out += "null"
            } else if !n.isFinite {
                // JSON has no infinity: a number too large for a double (how the parser reads 1e400) is written as one.
                out += n < 0 ? "-1e400" : "1e400"
            } else {
                out += "\(n)"
            }
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, sortedKeys: sortedKeys, into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            let ordered = sortedKeys ? pairs.sorted { $0.key < $1.key } : pairs
            for (i, pair) in ordered.enumerated() {
                if i > 0 { out += "," }
                writeString(pair.key, into: &out)
                out += ":"
                write(pair.value, sortedKeys: sortedKeys, into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
