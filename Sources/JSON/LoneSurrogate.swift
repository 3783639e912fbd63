/// Where a JSON text escapes half of a UTF-16 surrogate pair alone (`"\ud800"`), which no Unicode string holds.
///
/// The kit's parser reads such an escape as U+FFFD, as lenient readers do; Foundation's decoder refuses the whole
/// text with no place given. Readers of the kit's own files (golden cases) name the place instead.
public enum LoneSurrogate {
    /// The line and column (from 1, in bytes) of the first lone surrogate escape in `text`; `nil` when there is none.
    public static func first(in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        var line = 1, lineStart = 0
        var inString = false
        var index = 0
        // A high surrogate escape waiting for its low half: where it stood.
        var pendingHigh: (line: Int, column: Int)?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let place = (line, index - lineStart + 1)
                if bytes[index + 1] == UInt8(ascii: "u"), index + 6 <= bytes.count,
                    let unit = UInt16(String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
                {
                    switch unit {
                    case 0xD800...0xDBFF:
                        if let pendingHigh { return pendingHigh }
                        pendingHigh = place
                    case 0xDC00...0xDFFF:
                        if pendingHigh == nil { return place }
                        pendingHigh = nil
                    default:
                        if let pendingHigh { return pendingHigh }
                    }
                    index += 6
                    continue
                }
                if let pendingHigh { return pendingHigh }
                index += 2
                continue
            }
            if let pendingHigh { return pendingHigh }
            if byte == UInt8(ascii: "\"") { inString = false }
            index += 1
        }
        return pendingHigh
    }
}
