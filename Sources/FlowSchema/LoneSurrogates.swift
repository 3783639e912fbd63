/// Lone UTF-16 surrogate escapes in a JSON text, found and rewritten without parsing it.
public enum LoneSurrogates {
    /// The text with every lone surrogate escape in a string (`\ud800` with no low half after it, or a low half with
    /// no high one before it) written as `\ufffd`, the character DEC-STRING reads it as; `nil` when it holds none.
    /// Everything else is left byte for byte, so that a decoder given both texts is asked about that alone.
    public static func replaced(in text: String) -> String? {
        replaced(in: text) { _ in Array("\\ufffd".utf8) }
    }

    /// The text with every lone surrogate escape written as a marker (an ASCII word naming its unit, which a JSON
    /// reader keeps as written), so that a document can be parsed, edited and written again with its lone halves
    /// intact; ``unmarked(_:)`` writes them back. `nil` when it holds none.
    package static func marked(in text: String) -> String? {
        replaced(in: text) { escape in Array(marker.utf8) + escape.dropFirst(2).map(upper) }
    }

    /// The text with each marker of ``marked(in:)`` written back as its escape.
    package static func unmarked(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let mark = Array(marker.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == mark[0], index + mark.count + 4 <= bytes.count,
                bytes[index..<(index + mark.count)].elementsEqual(mark)
            {
                let digits = bytes[(index + mark.count)..<(index + mark.count + 4)]
                output +=
                    Array("\\u".utf8) + digits.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") ? $0 + 32 : $0 }
                index += mark.count + 4
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let marker = "FLOWCHECK_LONE_SURROGATE_"

    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) ? byte - 32 : byte
    }

    /// The text with each lone surrogate escape (its six bytes) written as `spelling` gives it.
    private static func replaced(in text: String, by spelling: (ArraySlice<UInt8>) -> [UInt8]) -> String? {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var replacedAny = false
        var index = 0
        var inString = false
        // The unit of a high surrogate escape just copied, with where it starts in the output: a low half right after
        // it makes a pair, anything else leaves it lone.
        var pendingHigh: Int?
        func unit(at start: Int) -> UInt16? {
            guard start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"), bytes[start + 1] == UInt8(ascii: "u")
            else { return nil }
            var value: UInt16 = 0
            for byte in bytes[(start + 2)..<(start + 6)] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            return value
        }
        func settleHigh() {
            guard let at = pendingHigh else { return }
            output.replaceSubrange(at..<(at + 6), with: spelling(output[at..<(at + 6)]))
            replacedAny = true
            pendingHigh = nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                output.append(byte)
                index += 1
                continue
            }
            if let value = unit(at: index) {
                switch value {
                case 0xD800...0xDBFF:
                    settleHigh()
                    pendingHigh = output.count
                    output += bytes[index..<(index + 6)]
                case 0xDC00...0xDFFF where pendingHigh != nil:
                    pendingHigh = nil
                    output += bytes[index..<(index + 6)]
                case 0xDC00...0xDFFF:
                    output += spelling(bytes[index..<(index + 6)])
                    replacedAny = true
                default:
                    settleHigh()
                    output += bytes[index..<(index + 6)]
                }
                index += 6
                continue
            }
            settleHigh()
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                output += [byte, bytes[index + 1]]
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = false }
            output.append(byte)
            index += 1
        }
        settleHigh()
        return replacedAny ? String(decoding: output, as: UTF8.self) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
