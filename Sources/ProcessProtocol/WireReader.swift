import ConformanceRules
package import FlowCheckCore
package import JSON

/// Why a message is not of the shape the protocol documents, and where in it: `missing "state" at $`,
/// `expected a string, found null at $.state.stack[2].screen`.
package struct WireError: Error, Hashable, CustomStringConvertible {
    /// What is wrong.
    package var problem: String
    /// The path from the message's top to the value, innermost last; filled in as the error leaves each level, so a
    /// message that decodes costs no path at all.
    private var reversedPath: [String] = []

    /// An error at the value being decoded.
    package init(_ problem: String) { self.problem = problem }

    /// A value of the wrong type: `expected a string, found null`.
    package init(expected: String, _ found: JSONValue) { self.init("expected \(expected), found \(Wire.found(found))") }

    /// The same error, seen from the object that holds it under `key`.
    package func inside(_ key: String) -> WireError {
        var error = self
        error.reversedPath.append("." + key)
        return error
    }

    /// The same error, seen from the array that holds it at `index`.
    package func inside(_ index: Int) -> WireError {
        var error = self
        error.reversedPath.append("[\(index)]")
        return error
    }

    /// The JSON path of the value, as `$.state.stack[2].screen`.
    package var path: String { "$" + reversedPath.reversed().joined() }

    package var description: String { "\(problem) at \(path)" }
}

/// Reads the process protocol's messages from parsed JSON, with the leniency of the model's own decoding: unknown
/// fields are ignored everywhere, a directive's fields of the wrong type count as absent, and so on.
package enum Wire {
    /// An object's members, in document order.
    package typealias Pairs = [(key: String, value: JSONValue)]

    /// A hello reply's payload, `seq` read already.
    package static func hello(_ value: JSONValue, seq: Int) throws(WireError) -> HelloReply {
        let pairs = try object(value)
        let version = try field(pairs, "protocol", int)
        let implementation = try field(pairs, "implementation") { (value) throws(WireError) -> ImplementationInfo in
            let pairs = try object(value)
            return ImplementationInfo(
                name: try field(pairs, "name", string), version: try field(pairs, "version", string),
                language: try field(pairs, "language", string))
        }
        return HelloReply(
            seq: seq, protocol: version, implementation: implementation,
            capabilities: try field(pairs, "capabilities", capabilities))
    }

    /// Capabilities: only `suites` is required; each suite reads its own fields.
    package static func capabilities(_ value: JSONValue) throws(WireError) -> Capabilities {
        let pairs = try object(value)
        let suites = try field(pairs, "suites") { (value) throws(WireError) in try array(value, string) }
        var capabilities = Capabilities(suites: suites.map(Suite.init(rawValue:)))
        capabilities.batch = try optionalField(pairs, "batch", bool) ?? false
        // Every other field belongs to a suite's section, which that suite reads (and judges) itself.
        for (name, value) in pairs where !Capabilities.commonFields.contains(name) && capabilities.sections[name] == nil
        {
            capabilities.sections[name] = value
        }
        return capabilities
    }

    // MARK: Requests (what an implementation reads: the benchmark's echo and the tests)

    /// A request and its `seq`.
    package static func request(_ value: JSONValue) throws(WireError) -> (seq: Int, request: Request) {
        let pairs = try object(value)
        let seq = try field(pairs, "seq", int)
        let command = try field(pairs, "cmd", string)
        switch command {
        case "hello":
            let kit = try field(pairs, "kit") { (value) throws(WireError) -> KitInfo in
                let pairs = try object(value)
                return KitInfo(name: try field(pairs, "name", string), version: try field(pairs, "version", string))
            }
            return (seq, .hello(kit))
        case "batch":
            let inner = try field(pairs, "commands") { (value) throws(WireError) -> [BatchItem] in
                try array(value) { (value) throws(WireError) -> BatchItem in
                    let (seq, request) = try self.request(value)
                    return BatchItem(seq: seq, request: request)
                }
            }
            return (seq, .batch(inner))
        case "stop":
            return (seq, .stop)
        default:
            // A suite's command (`reset`, `navigate`, `clientReset`, `decode`): that suite reads it.
            return (seq, .suite(command, pairs))
        }
    }

    // MARK: Parts

    /// The value of `key` (the last one when repeated), or `nil`.
    @inline(__always)
    package static func lookup(_ pairs: Pairs, _ key: String) -> JSONValue? {
        var index = pairs.count
        while index > 0 {
            index -= 1
            if pairs[index].key == key { return pairs[index].value }
        }
        return nil
    }

    /// The required member `key`, decoded.
    @inline(__always)
    package static func field<T>(
        _ pairs: Pairs, _ key: String, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> T {
        guard let value = lookup(pairs, key) else { throw WireError("missing \"\(key)\"") }
        do { return try decode(value) } catch { throw error.inside(key) }
    }

    /// The member `key` decoded, or `nil` when it is absent or null.
    @inline(__always)
    package static func optionalField<T>(
        _ pairs: Pairs, _ key: String, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> T? {
        guard let value = lookup(pairs, key), value != .null else { return nil }
        do { return try decode(value) } catch { throw error.inside(key) }
    }

    /// An object's members; `or` names what else would have done, for the message.
    package static func object(_ value: JSONValue, or alternative: String? = nil) throws(WireError) -> Pairs {
        guard case .object(let pairs) = value else {
            throw WireError("expected an object\(alternative.map { " or " + $0 } ?? ""), found \(found(value))")
        }
        return pairs
    }

    /// An array's items, each decoded.
    package static func array<T>(
        _ value: JSONValue, _ decode: (JSONValue) throws(WireError) -> T
    ) throws(WireError) -> [T] {
        guard case .array(let items) = value else { throw WireError("expected an array, found \(found(value))") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for index in items.indices {
            do { result.append(try decode(items[index])) } catch { throw error.inside(index) }
        }
        return result
    }

    /// A string.
    package static func string(_ value: JSONValue) throws(WireError) -> String {
        guard case .string(let text) = value else { throw WireError(expected: "a string", value) }
        return text
    }

    /// `true` or `false`.
    package static func bool(_ value: JSONValue) throws(WireError) -> Bool {
        guard case .bool(let flag) = value else { throw WireError(expected: "true or false", value) }
        return flag
    }

    /// An integer; as in the model's own decoding, `8.0` is 8, and `8.5` is not an integer.
    package static func int(_ value: JSONValue) throws(WireError) -> Int {
        guard case .number(let number) = value, let integer = Int(exactly: number) else {
            throw WireError("expected an integer, found \(found(value))")
        }
        return integer
    }

    /// What a value is, for a message: `null`, `true`, `the number 2.5`, `the string "PUSH"`, `an array`.
    package static func found(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number: return "the number \(JSONWriter.write(value))"
        case .string(let text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "the string \(JSONWriter.write(.string(shown)))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
