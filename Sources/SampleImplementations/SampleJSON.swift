/// The sample SDK's JSON reader: strict JSON (RFC 8259) read as Foundation's JSONDecoder reads it for Codable types.
/// A number no `Double` holds (`1e400`) is `unreadable`; a UTF-16 surrogate escape without its other half (`\ud800`,
/// as an editor writes when it cuts an emoji in half) reads as U+FFFD, as the SDK's guard in front of JSONDecoder made
/// it; more than 512 levels of nesting is not JSON.
///
/// Like swift-foundation's JSONDecoder, it checks the whole text once and keeps a flat map of its values
/// (``SampleJSON/Map``); the SDK's types then read what they ask for from the map. An object's keys are compared with
/// the text's bytes, and a value becomes a Swift value only when it is asked for: making a string of every key and
/// value, and an array for every container, was most of the sample decoder's time.
///
/// Its own reader, not the kit's: the implementation under test shares no code with the reference decoder. It is
/// stricter than Foundation's reader on text the kit never generates (a trailing comma, a leading zero): such text is
/// not JSON here.
enum SampleJSON {
    typealias AnyJSON = SampleDecoder.AnyJSON

    /// The value of a complete JSON text, or `nil` when the text is not JSON.
    static func read(_ text: String) -> AnyJSON? {
        Map(text).map { $0.value(at: 0) }
    }

    static let maxDepth = 512

    /// One value of the text. The map holds them in document order, each container before what it holds, and an
    /// object's members as each key's entry followed by its value's.
    struct Entry {
        enum Kind: UInt8 {
            case null, `false`, `true`, number, unreadable, array, object
            /// A string without escapes: its bytes are its UTF-8.
            case plainString
            case escapedString
        }

        var kind: Kind
        /// A string's first byte; a container's number of elements or members; a number's bit pattern.
        var first: Int
        /// A string's end (its closing quote); a container's end: the index of the entry after everything it holds.
        var end: Int

        /// The index of the entry after this one, at `index`, and everything it holds.
        @inline(__always) func next(_ index: Int) -> Int {
            kind == .array || kind == .object ? end : index + 1
        }
    }

    /// A checked JSON text and the map of its values; never changed once made. The text's UTF-8 and the entries are
    /// kept in storage the map owns, so that a lookup reaches them without a closure (three per lookup, through
    /// `String` and `Array`, were a third of the sample decoder's time).
    final class Map {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let entries: UnsafeMutableBufferPointer<Entry>

        /// The map of a text, or `nil` when the text is not JSON.
        init?(_ text: String) {
            var text = text
            let count = text.utf8.count
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
            _ = text.withUTF8 { bytes.initialize(from: $0) }
            var builder = Builder(count: count)
            guard builder.text(bytes.baseAddress!) else {
                bytes.deallocate()
                builder.entries.deallocate()
                return nil
            }
            self.bytes = bytes
            entries = builder.entries
        }

        deinit {
            bytes.deallocate()
            entries.deallocate()
        }

        /// The value of entry `index`: a string, number or literal as a Swift value; an array or an object as a view
        /// of its elements or members in the map.
        func value(at index: Int) -> AnyJSON {
            let entry = entries[index]
            switch entry.kind {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .number: return .number(Double(bitPattern: UInt64(bitPattern: Int64(entry.first))))
            case .unreadable: return .unreadable
            case .plainString, .escapedString: return .string(string(entry))
            case .object: return .object(SampleDecoder.Fields(map: self, index: index))
            case .array: return .array(SampleDecoder.Items(map: self, index: index))
            }
        }

        /// The elements of the array at `array`, each made its value as it is reached.
        func elements(of array: Int) -> Elements { Elements(map: self, element: array + 1, left: entries[array].first) }

        struct Elements: IteratorProtocol {
            let map: Map
            /// The entry of the next element.
            var element: Int
            var left: Int

            mutating func next() -> AnyJSON? {
                guard left > 0 else { return nil }
                left -= 1
                defer { element = map.entries[element].next(element) }
                return map.value(at: element)
            }
        }

        /// The index of the value of the first member named `key` in the object at `object`, or `nil`.
        func member(_ key: String, of object: Int) -> Int? {
            let length = key.utf8.count
            var index = object + 1
            for _ in 0..<entries[object].first {
                let entry = entries[index]
                if entry.kind == .plainString {
                    if entry.end - entry.first == length && matches(key, at: entry.first) { return index + 1 }
                } else {
                    // An escaped key is compared as its text, as Swift compares strings.
                    let text = string(entry)
                    if text.utf8.count == length && text == key { return index + 1 }
                }
                index = entries[index + 1].next(index + 1)
            }
            return nil
        }

        /// Whether the text at `start` is `key`'s UTF-8 (as many bytes). For every key the SDK asks, plain ASCII
        /// without a letter (K, ;, `) that a non-ASCII character is canonically equivalent to, that is Swift's string
        /// equality.
        private func matches(_ key: String, at start: Int) -> Bool {
            func matches(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
                for offset in name.indices where bytes[start + offset] != name[offset] { return false }
                return true
            }
            // In place when the key's UTF-8 is stored contiguous (every native string); copied when it is not.
            if let result = key.utf8.withContiguousStorageIfAvailable(matches) { return result }
            var key = key
            return key.withUTF8(matches)
        }

        /// The members of the object at `object`, each key made a string and each value its value.
        func members(of object: Int) -> [SampleDecoder.Fields.Member] {
            var members: [SampleDecoder.Fields.Member] = []
            var index = object + 1
            for _ in 0..<entries[object].first {
                members.append(.init(key: string(entries[index]), value: value(at: index + 1)))
                index = entries[index + 1].next(index + 1)
            }
            return members
        }

        /// A string entry's text, its escapes read.
        private func string(_ entry: Entry) -> String {
            guard let base = UnsafePointer(bytes.baseAddress), entry.end > entry.first else { return "" }
            guard entry.kind == .escapedString else { return text(base + entry.first, count: entry.end - entry.first) }
            var scalars = String.UnicodeScalarView()
            var index = entry.first
            while index < entry.end {
                guard base[index] == UInt8(ascii: "\\") else {
                    let run = index
                    while index < entry.end && base[index] != UInt8(ascii: "\\") { index += 1 }
                    scalars.append(contentsOf: text(base + run, count: index - run).unicodeScalars)
                    continue
                }
                scalars.append(Self.escape(base, at: &index))
            }
            return String(scalars)
        }

        /// The text of `count` bytes of the (valid UTF-8) text, at `start`.
        private func text(_ start: UnsafePointer<UInt8>, count: Int) -> String {
            // Written in place: a short ASCII text, nearly every value, is then made without the validation
            // `String(decoding:as:)` runs; any other text is still validated.
            String(unsafeUninitializedCapacity: count) { buffer in
                buffer.baseAddress!.initialize(from: start, count: count)
                return count
            }
        }

        /// The scalar of the escape at `index` (checked when the map was made), and moves past it.
        private static func escape(_ base: UnsafePointer<UInt8>, at index: inout Int) -> Unicode.Scalar {
            let letter = base[index + 1]
            index += 2
            switch letter {
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"): break
            default: return Unicode.Scalar(letter)
            }
            let code = hex(base + index)
            index += 4
            switch code {
            case 0xD800...0xDBFF:
                // A high surrogate counts only with the low one after it.
                if base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") {
                    let low = hex(base + index + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        index += 6
                        return Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))!
                    }
                }
                return "\u{FFFD}"
            case 0xDC00...0xDFFF: return "\u{FFFD}"
            default: return Unicode.Scalar(code)!
            }
        }

        /// The four hexadecimal digits at `start`, checked when the map was made.
        private static func hex(_ start: UnsafePointer<UInt8>) -> UInt32 {
            var code: UInt32 = 0
            for offset in 0..<4 {
                let byte = start[offset]
                let digit =
                    byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
                code = code << 4 | UInt32(digit)
            }
            return code
        }
    }
}
