import Testing

@testable import JSON

/// The writer, against the plain form it replaced (each byte appended to an array, numbers through `String(n)`), on
/// drawn values full of what a writer gets wrong: escapes, control characters, non-ASCII text, integral and fractional
/// numbers on either side of 1e15, NaN, infinities, negative zero, empty and nested containers, and text longer than
/// the writer's first storage.
@Suite("JSON writer")
struct JSONWriterTests {
    /// The oracle: the writer as first written.
    static func plain(_ value: JSONValue, sortedKeys: Bool) -> String {
        func string(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            if n.isNaN { return "null" }
            if !n.isFinite { return n < 0 ? "-1e400" : "1e400" }
            return "\(n)"
        case .string(let s): return string(s)
        case .array(let items):
            return "[" + items.map { plain($0, sortedKeys: sortedKeys) }.joined(separator: ",") + "]"
        case .object(let pairs):
            let ordered = sortedKeys ? pairs.sorted { $0.key < $1.key } : pairs
            return "{" + ordered.map { string($0.key) + ":" + plain($0.value, sortedKeys: sortedKeys) }
                .joined(separator: ",") + "}"
        }
    }

    static let numbers: [Double] = [
        0, -0.0, 1, -1, 42, -2.5, 0.1, 1e15 - 1, -(1e15 - 1), 1e15, -1e15, 123_456_789_012_345, 1e300, -1e-300,
        .nan, .infinity, -.infinity, .pi, .leastNonzeroMagnitude, 9_007_199_254_740_992,
    ]
    static let strings = [
        "", "a", "HOME", "quote \" and backslash \\", "line\nbreak\ttab\rreturn", "\u{0}\u{1}\u{1F}\u{7F}", "é",
        "e\u{301}", "商品详情", "🛒 CART", String(repeating: "long text ", count: 150), "/ and \u{2028}",
    ]

    /// A value drawn from `state`, nested a few levels.
    static func value(_ state: inout UInt64, depth: Int = 0) -> JSONValue {
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        switch depth > 3 ? draw(4) : draw(6) {
        case 0: return .null
        case 1: return .number(numbers[draw(numbers.count)])
        case 2: return .string(strings[draw(strings.count)])
        case 3: return .bool(draw(2) == 0)
        case 4: return .array((0..<draw(5)).map { _ in value(&state, depth: depth + 1) })
        default:
            return .object(
                (0..<draw(5)).map { _ in (key: strings[draw(strings.count)], value: value(&state, depth: depth + 1)) })
        }
    }

    @Test("On 5,000 drawn values, in key order and sorted, it writes what the plain form writes")
    func agreesWithPlainForm() {
        var state: UInt64 = 7
        for _ in 0..<5_000 {
            let drawn = Self.value(&state)
            for sorted in [false, true] {
                let written = JSONWriter.write(drawn, sortedKeys: sorted)
                #expect(written == Self.plain(drawn, sortedKeys: sorted))
                #expect(JSONWriter.bytes(drawn, sortedKeys: sorted) == Array(written.utf8))
            }
        }
    }

    @Test("Text far longer than the first storage is written whole")
    func longText() {
        let long = JSONValue.array((0..<2_000).map { .string("item \($0) \u{1}") })
        #expect(JSONWriter.write(long, sortedKeys: false) == Self.plain(long, sortedKeys: false))
        #expect(JSONWriter.write(.string(String(repeating: "x", count: 100_000))).utf8.count == 100_002)
    }

    @Test("Numbers: integers without a fraction, NaN as null, infinities past a double's range")
    func numbers() {
        let all = JSONValue.array(Self.numbers.map(JSONValue.number))
        #expect(JSONWriter.write(all) == Self.plain(all, sortedKeys: true))
        #expect(JSONWriter.write(.number(-0.0)) == "0")
        #expect(JSONWriter.write(.number(-999_999_999_999_999)) == "-999999999999999")
        #expect(JSONWriter.write(.number(1e15)) == "1000000000000000.0")
        #expect(JSONWriter.write(.number(.nan)) == "null")
        #expect(JSONWriter.write(.number(-.infinity)) == "-1e400")
    }
}
