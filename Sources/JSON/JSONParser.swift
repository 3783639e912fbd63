/// Where and why JSON text could not be parsed.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in Unicode scalars.
    public var column: Int
    /// What is wrong.
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON (RFC 8259) parser over UTF-8 bytes, with a nesting limit.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper text is an error, never a stack overflow.
    public static let defaultMaxDepth = 512

    /// The text, read in place: only the strings and values parsed from it are copied out.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let maxDepth: Int
    /// Numbers read so far that were written with a fraction or an exponent.
    private var nonIntegers = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Runs `body` with a parser over `text`'s UTF-8 bytes, without copying them.
    private static func reading<T>(
        _ text: String, maxDepth: Int, _ body: (inout JSONParser) throws(JSONParseError) -> T
    ) throws(JSONParseError) -> T {
        var text = text
        return try text.withUTF8 { bytes in
            var parser = JSONParser(bytes, maxDepth: maxDepth)
            return Result { () throws(JSONParseError) in try body(&parser) }
        }.get()
    }

    /// Parses a complete JSON text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var nonIntegers = 0
        return try reading(text, maxDepth: maxDepth) { (parser) throws(JSONParseError) in
            try parser.document(nonIntegers: &nonIntegers)
        }
    }

    /// Parses a complete JSON text given as UTF-8 bytes, and counts in `nonIntegers` the numbers written with a
    /// fraction or an exponent. Both `2` and `2.0` read as the number 2; a reader that must tell them apart (a
    /// protocol whose sequence numbers are integer literals) looks at their spelling only when the count is not 0.
    public static func parse(
        utf8 bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth, nonIntegers: inout Int
    ) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes, maxDepth: maxDepth)
        return try parser.document(nonIntegers: &nonIntegers)
    }

    /// The whole text as one value, with nothing but whitespace around it.
    private mutating func document(nonIntegers: inout Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        nonIntegers += self.nonIntegers
        return value
    }

    /// The exact text of each element of the top-level array of `text`, byte for byte as written, as
    /// ``memberText(_:in:maxDepth:)`` gives a member's.
    public static func elementTexts(
        in text: String, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> [String] {
        try reading(text, maxDepth: maxDepth) { (parser) throws(JSONParseError) -> [String] in
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "[") else {
                throw parser.error("expected a JSON array")
            }
            parser.index += 1
            parser.skipWhitespace()
            var texts: [String] = []
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") { return texts }
            while true {
                parser.skipWhitespace()
                let start = parser.index
                _ = try parser.value(depth: 1)
                texts.append(String(decoding: parser.bytes[start..<parser.index], as: UTF8.self))
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count else { throw parser.error("the text ends inside an array") }
                if parser.bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                if parser.bytes[parser.index] == UInt8(ascii: "]") { break }
                throw parser.error("expected ',' or ']' in an array")
            }
            return texts
        }
    }

    /// The exact text of the value of `key` in the top-level object of `text`, byte for byte as written: numbers
    /// such as `1e400` or `1.50` keep their spelling, which parsing into a ``JSONValue`` would not. `nil` when the
    /// text is a JSON object without that member.
    public static func memberText(
        _ key: String, in text: String, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> String? {
        try reading(text, maxDepth: maxDepth) { (parser) throws(JSONParseError) -> String? in
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
                throw parser.error("expected a JSON object")
            }
            parser.index += 1
            parser.skipWhitespace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "}") { return nil }
            var found: String?
            while true {
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                    throw parser.error("expected a string key")
                }
                let name = try parser.string()
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ":") else {
                    throw parser.error("expected ':' after a key")
                }
                parser.index += 1
                parser.skipWhitespace()
                let start = parser.index
                _ = try parser.value(depth: 1)
                // A repeated key keeps its last value, as lookups in a parsed object do.
                if name == key { found = String(decoding: parser.bytes[start..<parser.index], as: UTF8.self) }
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count else { throw parser.error("the text ends inside an object") }
                if parser.bytes[parser.index] == UInt8(ascii: ",") { parser.index += 1; continue }
                if parser.bytes[parser.index] == UInt8(ascii: "}") { break }
                throw parser.error("expected ',' or '}' in an object")
            }
            return found
        }
    }

    private func error(_ message: String) -> JSONParseError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONParseError(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character where a value was expected")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else {
            throw error("expected \(word)")
        }
        index += expected.count
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var pairs: [(key: String, value: JSONValue)] = []
        // Most objects are small: one allocation for them instead of one per doubling.
        pairs.reserveCapacity(4)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after a key")
            }
            index += 1
            skipWhitespace()
            pairs.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        items.reserveCapacity(4)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the text ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("a control character inside a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("the text ends inside a string") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; return String(decoding: scalars, as: UTF8.self) }
            guard byte >= 0x20 else { throw error("a control character inside a string") }
            if byte != UInt8(ascii: "\\") { scalars.append(byte); index += 1; continue }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    index += 2
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        code = 0xFFFD
                    }
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw error("an invalid escape in a string")
            }
        }
        throw error("the text ends inside a string")
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a truncated \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + UInt32(digit)
        }
        index += 4
        return value
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("a number needs digits")
        }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { digits() }
        let integerEnd = index
        defer { if index != integerEnd { nonIntegers += 1 } }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw error("a fraction needs digits")
            }
            digits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw error("an exponent needs digits")
            }
            digits()
        }
        // An integer of up to 15 digits is exact as a double: no text to convert.
        if index == integerEnd && index - start <= 15 {
            var value = 0
            for byte in bytes[start..<index] where byte != UInt8(ascii: "-") { value = value * 10 + Int(byte - 48) }
            return Double(bytes[start] == UInt8(ascii: "-") ? -value : value)
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw error("an unreadable number")
        }
        return value
    }

    private mutating func digits() {
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }
}
