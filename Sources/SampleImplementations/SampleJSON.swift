/// The sample SDK's JSON reader: strict JSON (RFC 8259) into ``SampleDecoder/AnyJSON``, read as Foundation's
/// JSONDecoder reads it for Codable types. A number no `Double` holds (`1e400`) is `unreadable`; a UTF-16 surrogate
/// escape without its other half (`\ud800`, as an editor writes when it cuts an emoji in half) reads as U+FFFD, as
/// the SDK's guard in front of JSONDecoder made it; more than 512 levels of nesting is not JSON.
///
/// Its own reader, not the kit's: the implementation under test shares no code with the reference decoder. It is
/// stricter than Foundation's reader on text the kit never generates (a trailing comma, a leading zero): such text is
/// not JSON here.
enum SampleJSON {
    typealias AnyJSON = SampleDecoder.AnyJSON

    /// The value of a complete JSON text, or `nil` when the text is not JSON.
    static func read(_ text: String) -> AnyJSON? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            reader.skipSpace()
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == bytes.count ? value : nil
        }
    }

    static let maxDepth = 512

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value(depth: Int) -> AnyJSON? {
            switch current {
            case UInt8(ascii: "{")?:
                guard depth < SampleJSON.maxDepth else { return nil }
                return object(depth: depth + 1)
            case UInt8(ascii: "[")?:
                guard depth < SampleJSON.maxDepth else { return nil }
                return array(depth: depth + 1)
            case UInt8(ascii: "\"")?: return string().map(AnyJSON.string)
            case UInt8(ascii: "t")?: return word("true") ? .bool(true) : nil
            case UInt8(ascii: "f")?: return word("false") ? .bool(false) : nil
            case UInt8(ascii: "n")?: return word("null") ? .null : nil
            case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return number()
            default: return nil
            }
        }

        mutating func word(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        mutating func object(depth: Int) -> AnyJSON? {
            index += 1
            skipSpace()
            if current == UInt8(ascii: "}") { index += 1; return .object(.init(pairs: [])) }
            // Each container's own array, values moved in: copying them out of one shared stack and destroying the
            // stack's copies cost a retain and a release per value.
            var members: [SampleDecoder.Fields.Member] = []
            members.reserveCapacity(8)
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard current == UInt8(ascii: ":") else { return nil }
                index += 1
                skipSpace()
                guard let value = value(depth: depth) else { return nil }
                members.append(.init(key: key, value: value))
                skipSpace()
                switch current {
                case UInt8(ascii: ",")?: index += 1
                case UInt8(ascii: "}")?: index += 1; return .object(.init(pairs: members))
                default: return nil
                }
            }
        }

        mutating func array(depth: Int) -> AnyJSON? {
            index += 1
            skipSpace()
            if current == UInt8(ascii: "]") { index += 1; return .array([]) }
            var elements: [AnyJSON] = []
            elements.reserveCapacity(4)
            while true {
                skipSpace()
                guard let item = value(depth: depth) else { return nil }
                elements.append(item)
                skipSpace()
                switch current {
                case UInt8(ascii: ",")?: index += 1
                case UInt8(ascii: "]")?: index += 1; return .array(elements)
                default: return nil
                }
            }
        }

        mutating func string() -> String? {
            index += 1
            let start = index
            while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
                index += 1
            }
            if current == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            var scalars = String.UnicodeScalarView()
            var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    text.unicodeScalars.append(contentsOf: scalars)
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let scalar = escape() else { return nil }
                    scalars.append(scalar)
                case 0..<0x20:
                    return nil
                default:
                    // Bytes up to the next quote or escape, whole: the text is valid UTF-8.
                    let run = index
                    while let next = current, next != UInt8(ascii: "\""), next != UInt8(ascii: "\\"), next >= 0x20 {
                        index += 1
                    }
                    scalars.append(
                        contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                            .unicodeScalars)
                }
            }
            return nil
        }

        mutating func escape() -> Unicode.Scalar? {
            guard let byte = current else { return nil }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let code = hex() else { return nil }
                switch code {
                case 0xD800...0xDBFF:
                    // A high surrogate counts only with the low one after it.
                    let mark = index
                    if word("\\u"), let low = hex(), (0xDC00...0xDFFF).contains(low) {
                        return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
                    }
                    index = mark
                    return "\u{FFFD}"
                case 0xDC00...0xDFFF: return "\u{FFFD}"
                default: return Unicode.Scalar(code)
                }
            default: return nil
            }
        }

        mutating func hex() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var code: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                code = code << 4 | UInt32(digit)
            }
            index += 4
            return code
        }

        mutating func number() -> AnyJSON? {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
            var integer = 0
            var plain = true
            if first == UInt8(ascii: "0") {
                index += 1
            } else {
                while let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    if index - start < 16 {
                        integer = integer * 10 + Int(digit - UInt8(ascii: "0"))
                    } else {
                        plain = false
                    }
                    index += 1
                }
            }
            if current == UInt8(ascii: ".") {
                plain = false
                index += 1
                guard digits() else { return nil }
            }
            if let e = current, e | 0x20 == UInt8(ascii: "e") {
                plain = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() else { return nil }
            }
            let negative = bytes[start] == UInt8(ascii: "-")
            // Fifteen digits at most: an integer a Double holds exactly, no text to read it from.
            if plain && index - start - (negative ? 1 : 0) <= 15 {
                return .number(negative ? -Double(integer) : Double(integer))
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return .unreadable }
            return .number(value)
        }

        mutating func digits() -> Bool {
            let start = index
            while let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) { index += 1 }
            return index > start
        }
    }
}
