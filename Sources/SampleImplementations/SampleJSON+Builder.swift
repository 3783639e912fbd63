extension SampleJSON {
    /// Checks a text as JSON and lays out its map (``Map``), in one pass.
    struct Builder {
        let count: Int
        var index = 0
        /// The entries so far, in storage the map takes over: their first `used`.
        private(set) var entries: UnsafeMutableBufferPointer<Entry>
        private var used = 0

        init(count: Int) {
            self.count = count
            // A value in every six bytes of a flow document, about: room for most, so that the entries are seldom
            // copied as they grow, in a block no larger than needed.
            entries = .allocate(capacity: count / 6 + 8)
        }

        @inline(__always) mutating func append(_ entry: Entry) {
            if used == entries.count { grow() }
            entries[used] = entry
            used += 1
        }

        private mutating func grow() {
            let larger = UnsafeMutableBufferPointer<Entry>.allocate(capacity: entries.count * 2)
            _ = larger.initialize(from: entries)
            entries.deallocate()
            entries = larger
        }

        /// Whether the bytes at `base` are one JSON text, whose values are then in ``entries``.
        mutating func text(_ base: UnsafePointer<UInt8>) -> Bool {
            skipSpace(base)
            guard value(base, depth: 0) else { return false }
            skipSpace(base)
            return index == count
        }

        @inline(__always) func byte(_ base: UnsafePointer<UInt8>) -> UInt8? { index < count ? base[index] : nil }

        mutating func skipSpace(_ base: UnsafePointer<UInt8>) {
            while index < count {
                let byte = base[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        mutating func value(_ base: UnsafePointer<UInt8>, depth: Int) -> Bool {
            switch byte(base) {
            case UInt8(ascii: "{")?:
                guard depth < SampleJSON.maxDepth else { return false }
                return container(base, object: true, depth: depth + 1)
            case UInt8(ascii: "[")?:
                guard depth < SampleJSON.maxDepth else { return false }
                return container(base, object: false, depth: depth + 1)
            case UInt8(ascii: "\"")?: return string(base)
            case UInt8(ascii: "t")?: return word(base, "true", .true)
            case UInt8(ascii: "f")?: return word(base, "false", .false)
            case UInt8(ascii: "n")?: return word(base, "null", .null)
            case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return number(base)
            default: return false
            }
        }

        mutating func word(_ base: UnsafePointer<UInt8>, _ word: StaticString, _ kind: Entry.Kind) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= count else { return false }
            for offset in 0..<length where base[index + offset] != word.utf8Start[offset] { return false }
            index += length
            append(Entry(kind: kind, first: 0, end: 0))
            return true
        }

        /// An object (its members, each a string key and a value) or an array, from its opening bracket.
        mutating func container(_ base: UnsafePointer<UInt8>, object: Bool, depth: Int) -> Bool {
            let close = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let position = used
            append(Entry(kind: object ? .object : .array, first: 0, end: 0))
            index += 1
            skipSpace(base)
            var items = 0
            if byte(base) != close {
                while true {
                    skipSpace(base)
                    if object {
                        guard byte(base) == UInt8(ascii: "\""), string(base) else { return false }
                        skipSpace(base)
                        guard byte(base) == UInt8(ascii: ":") else { return false }
                        index += 1
                        skipSpace(base)
                    }
                    guard value(base, depth: depth) else { return false }
                    items += 1
                    skipSpace(base)
                    guard let next = byte(base) else { return false }
                    if next == close { break }
                    guard next == UInt8(ascii: ",") else { return false }
                    index += 1
                }
            }
            index += 1
            entries[position].first = items
            entries[position].end = used
            return true
        }

        /// A string, from its opening quote: its bytes are kept as they are; escapes are checked here and read when
        /// the string is asked for.
        mutating func string(_ base: UnsafePointer<UInt8>) -> Bool {
            index += 1
            let first = index
            var escaped = false
            while true {
                // The plain bytes up to the next quote, backslash or control character, on a local index: strings
                // are most of a document's bytes.
                var end = index
                while end < count {
                    let byte = base[end]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    end += 1
                }
                index = end
                guard index < count else { return false }
                switch base[index] {
                case UInt8(ascii: "\""):
                    append(Entry(kind: escaped ? .escapedString : .plainString, first: first, end: index))
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    escaped = true
                    guard escape(base) else { return false }
                default:
                    return false
                }
            }
        }

        /// Whether an escape is one JSON has, and moves past it.
        mutating func escape(_ base: UnsafePointer<UInt8>) -> Bool {
            guard index + 1 < count else { return false }
            switch base[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
                return true
            case UInt8(ascii: "u"):
                guard index + 6 <= count else { return false }
                for offset in 2..<6 {
                    switch base[index + offset] {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                        UInt8(ascii: "A")...UInt8(ascii: "F"):
                        continue
                    default: return false
                    }
                }
                index += 6
                return true
            default:
                return false
            }
        }

        mutating func number(_ base: UnsafePointer<UInt8>) -> Bool {
            let start = index
            if byte(base) == UInt8(ascii: "-") { index += 1 }
            guard let first = byte(base), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
            var integer = 0
            var plain = true
            if first == UInt8(ascii: "0") {
                index += 1
            } else {
                while let digit = byte(base), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    if index - start < 16 {
                        integer = integer * 10 + Int(digit - UInt8(ascii: "0"))
                    } else {
                        plain = false
                    }
                    index += 1
                }
            }
            if byte(base) == UInt8(ascii: ".") {
                plain = false
                index += 1
                guard digits(base) else { return false }
            }
            if let e = byte(base), e | 0x20 == UInt8(ascii: "e") {
                plain = false
                index += 1
                if byte(base) == UInt8(ascii: "+") || byte(base) == UInt8(ascii: "-") { index += 1 }
                guard digits(base) else { return false }
            }
            let negative = base[start] == UInt8(ascii: "-")
            var value: Double
            // Fifteen digits at most: an integer a Double holds exactly, no text to read it from.
            if plain && index - start - (negative ? 1 : 0) <= 15 {
                value = negative ? -Double(integer) : Double(integer)
            } else {
                let text = String(
                    decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                guard let read = Double(text), read.isFinite else {
                    append(Entry(kind: .unreadable, first: 0, end: 0))
                    return true
                }
                value = read
            }
            append(Entry(kind: .number, first: Int(Int64(bitPattern: value.bitPattern)), end: 0))
            return true
        }

        mutating func digits(_ base: UnsafePointer<UInt8>) -> Bool {
            let start = index
            while let digit = byte(base), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) { index += 1 }
            return index > start
        }
    }
}
