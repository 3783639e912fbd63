/// Writes JSON text: compact, keys in document order or sorted, integers without a fraction.
public enum JSONWriter {
    /// The value as compact JSON text; with `sortedKeys`, object keys are in Swift `String` order, so output never
    /// depends on input order.
    public static func write(_ value: JSONValue, sortedKeys: Bool = true) -> String {
        var out = Output()
        defer { out.deallocate() }
        out.write(value, sortedKeys: sortedKeys)
        return String(decoding: out.written, as: UTF8.self)
    }

    /// The value as compact JSON text in UTF-8, as ``write(_:sortedKeys:)`` writes it: for callers that edit the text
    /// before it is a `String`.
    public static func bytes(_ value: JSONValue, sortedKeys: Bool = true) -> [UInt8] {
        withBytes(value, sortedKeys: sortedKeys) { bytes, _ in Array(bytes) }
    }

    /// Calls `body` with the value as compact JSON text in UTF-8, valid only inside `body`, and how deep its arrays
    /// and objects nest (0 for a scalar): for callers that copy the text where it goes, without an array made for it
    /// first, and would otherwise walk the value again to measure it.
    public static func withBytes<T>(
        _ value: JSONValue, sortedKeys: Bool = true, _ body: (UnsafeBufferPointer<UInt8>, _ nesting: Int) -> T
    ) -> T {
        var out = Output()
        defer { out.deallocate() }
        out.write(value, sortedKeys: sortedKeys)
        return body(out.written, out.deepest)
    }

    /// The text of a number, handed to `body`: integers without a fraction, NaN as `null`, infinities as a number
    /// too large for a double (how the parser reads 1e400).
    static func number<T>(_ n: Double, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if n == n.rounded(), abs(n) < 1e15 {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                body(UnsafeBufferPointer(rebasing: digits[..<integer(Int64(n), into: digits)]))
            }
        }
        var text = n.isNaN ? "null" : !n.isFinite ? (n < 0 ? "-1e400" : "1e400") : "\(n)"
        return text.withUTF8(body)
    }

    /// Writes the decimal digits of an integer, as `String(n)` writes them, at the start of `digits` (room for 20);
    /// the count written.
    static func integer(_ n: Int64, into digits: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var magnitude = n.magnitude
        var count = 1
        var scale: UInt64 = 10
        while count < 19 && magnitude >= scale { count += 1; scale *= 10 }
        let sign = n < 0 ? 1 : 0
        if n < 0 { digits[0] = UInt8(ascii: "-") }
        var index = sign + count - 1
        repeat {
            digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while index >= sign
        return sign + count
    }

    /// The letter of a two-byte escape (`\n`), or `nil` for a byte written `\u00XX`.
    static func escape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): return UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): return UInt8(ascii: "\\")
        case UInt8(ascii: "\n"): return UInt8(ascii: "n")
        case UInt8(ascii: "\r"): return UInt8(ascii: "r")
        case UInt8(ascii: "\t"): return UInt8(ascii: "t")
        default: return nil
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The text being written, in storage of its own that grows by doubling: appending to an array checked its room
    /// and uniqueness at every byte run, most of a writer's time on documents of short strings.
    private struct Output {
        private var base: UnsafeMutablePointer<UInt8>
        private var count = 0
        private var capacity: Int
        /// How many arrays and objects hold the value being written, and the most so far.
        private var depth = 0
        private(set) var deepest = 0

        init() {
            capacity = 1024
            base = .allocate(capacity: capacity)
        }

        /// The text written so far; valid until the next write.
        var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

        func deallocate() { base.deallocate() }

        @inline(__always) private mutating func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            grow(more)
        }

        private mutating func grow(_ more: Int) {
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + more))
            grown.initialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity = max(capacity * 2, count + more)
        }

        @inline(__always) mutating func put(_ byte: UInt8) {
            reserve(1)
            (base + count).initialize(to: byte)
            count += 1
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
            reserve(bytes.count)
            (base + count).initialize(from: start, count: bytes.count)
            count += bytes.count
        }

        mutating func put(_ text: StaticString) {
            put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func write(_ value: JSONValue, sortedKeys: Bool) {
            switch value {
            case .null: put("null")
            case .bool(let b): put(b ? "true" : "false")
            case .number(let n): JSONWriter.number(n) { put($0) }
            case .string(let s): write(string: s)
            case .array(let items):
                depth += 1
                defer { depth -= 1 }
                deepest = max(deepest, depth)
                put(UInt8(ascii: "["))
                for index in items.indices {
                    if index > 0 { put(UInt8(ascii: ",")) }
                    write(items[index], sortedKeys: sortedKeys)
                }
                put(UInt8(ascii: "]"))
            case .object(let pairs):
                depth += 1
                defer { depth -= 1 }
                deepest = max(deepest, depth)
                put(UInt8(ascii: "{"))
                let ordered = sortedKeys ? pairs.sorted { $0.key < $1.key } : pairs
                for index in ordered.indices {
                    if index > 0 { put(UInt8(ascii: ",")) }
                    write(string: ordered[index].key)
                    put(UInt8(ascii: ":"))
                    write(ordered[index].value, sortedKeys: sortedKeys)
                }
                put(UInt8(ascii: "}"))
            }
        }

        /// A valid String's UTF-8 is copied as is, byte by byte, and the bytes to escape (only ASCII ones ever are)
        /// are escaped on the way: most strings of a document are a few letters, and a call to copy each run cost more
        /// than the copy.
        mutating func write(string s: String) {
            // In place when the string's UTF-8 is stored contiguous (every native string); copied when it is not.
            if s.utf8.withContiguousStorageIfAvailable({ write(utf8: $0) }) == nil {
                var s = s
                s.withUTF8 { write(utf8: $0) }
            }
        }

        /// A string's UTF-8, quoted and escaped.
        mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
            // Room for the text and its quotes, and for escapes as they come.
            reserve(bytes.count + 2)
            var out = base + count
            out.initialize(to: UInt8(ascii: "\""))
            out += 1
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    out.initialize(to: byte)
                    out += 1
                    continue
                }
                count = out - base
                escape(byte)
                reserve(bytes.count - offset)
                out = base + count
            }
            out.initialize(to: UInt8(ascii: "\""))
            count = out - base + 1
        }

        /// Writes the escape of a byte JSON does not take as it is.
        mutating func escape(_ byte: UInt8) {
            put(UInt8(ascii: "\\"))
            if let letter = JSONWriter.escape(byte) {
                put(letter)
            } else {
                put("u00")
                put(JSONWriter.hexDigit(byte >> 4))
                put(JSONWriter.hexDigit(byte & 0xF))
            }
        }
    }
}
