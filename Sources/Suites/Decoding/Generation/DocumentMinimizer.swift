import JSON
import PropertyTesting

/// Makes a failing JSON document 1-minimal: no single member or element can be removed, and no single value made
/// simpler, without the failure going away (or turning into another).
///
/// The engine's shrinker works on the generator's choices, so a document it shrinks still holds whatever the
/// generator draws around the failure (a malformed layout here, an extra variable there), and a reader would take
/// them for part of the cause. This pass edits the document itself.
struct DocumentMinimizer {
    /// Whether a candidate text still fails the same way; with the text, the value it was written from.
    let fails: (String, JSONValue) -> Bool
    /// The most candidates tried.
    var budget = 2_000
    private(set) var calls = 0

    init(fails: @escaping (String, JSONValue) -> Bool) { self.fails = fails }

    /// The document, minimized; `nil` when it is not JSON or its rewritten text no longer fails (a failure that
    /// lives in the exact text, such as a number's spelling).
    mutating func minimize(_ text: String) -> JSONValue? {
        guard var best = try? JSONParser.parse(text), test(best) else { return nil }
        var progress = true
        while progress && calls < budget {
            progress = false
            var index = 0
            var edits = Self.edits(of: best)
            while index < edits.count && calls < budget {
                let candidate = edits[index].applied(to: best)
                if test(candidate) {
                    // The same index now points at the next edit of the smaller document.
                    best = candidate
                    edits = Self.edits(of: best)
                    progress = true
                } else {
                    index += 1
                }
            }
        }
        return best
    }

    private mutating func test(_ value: JSONValue) -> Bool {
        calls += 1
        return fails(JSONWriter.write(value, sortedKeys: false), value)
    }

    /// One edit of a document: at `path` (member or element positions from the root), remove the item or replace the
    /// value. Edits are listed, not built: building every candidate of a deep document up front costs the square of
    /// its size.
    struct Edit {
        var path: [Int]
        /// The simpler value, or `nil` to remove the item at the end of the path.
        var replacement: JSONValue?
        /// Whether it makes a content version the current one.
        var isVersion = false

        func applied(to value: JSONValue) -> JSONValue {
            applied(to: value, at: path[...]) ?? value
        }

        private func applied(to value: JSONValue, at path: ArraySlice<Int>) -> JSONValue? {
            guard let step = path.first else { return replacement }
            let rest = path.dropFirst()
            switch value {
            case .object(var pairs):
                if rest.isEmpty && replacement == nil { pairs.remove(at: step); return .object(pairs) }
                if rest.isEmpty { pairs[step].value = replacement!; return .object(pairs) }
                pairs[step].value = applied(to: pairs[step].value, at: rest) ?? pairs[step].value
                return .object(pairs)
            case .array(var items):
                if rest.isEmpty && replacement == nil { items.remove(at: step); return .array(items) }
                if rest.isEmpty { items[step] = replacement!; return .array(items) }
                items[step] = applied(to: items[step], at: rest) ?? items[step]
                return .array(items)
            default:
                return nil
            }
        }
    }

    /// Every edit one step away, removals first, outermost first: each object member and array element removed,
    /// then each value made simpler (a non-empty container emptied, a string emptied, a number zeroed, true made
    /// false, anything else made null), ids excepted (``idKeys``).
    static func edits(of value: JSONValue) -> [Edit] {
        var removals: [Edit] = []
        var simplifications: [Edit] = []
        var path: [Int] = []
        collect(value, key: nil, path: &path, removals: &removals, simplifications: &simplifications)
        // A content version made current comes first: removing it would be shorter, but a missing version is a case
        // of its own (it means 1), which a reader would take for part of the cause.
        let current = simplifications.filter { $0.replacement == .number(8) && $0.isVersion }
        return current + removals + simplifications.filter { !($0.replacement == .number(8) && $0.isVersion) }
    }

    /// Members whose string a reader follows from one place to another: emptying one saves a few bytes and makes
    /// the document unreadable (and two emptied ids the same), so an id is removed whole or kept as written.
    static let idKeys: Set<String> = ["id", "entryNodeId", "fromNodeId", "toNodeId"]

    private static func collect(
        _ value: JSONValue, key: String?, path: inout [Int], removals: inout [Edit], simplifications: inout [Edit]
    ) {
        let isID: Bool
        if let key, idKeys.contains(key), case .string(let text) = value, !text.isEmpty {
            isID = true
        } else {
            isID = false
        }
        if key == "version", value != .number(8) {
            // The current content version is the simplest one to read: nothing migrates.
            simplifications.append(Edit(path: path, replacement: .number(8), isVersion: true))
        } else if !isID, let simpler = simplified(value) {
            simplifications.append(Edit(path: path, replacement: simpler))
        }
        switch value {
        case .object(let pairs):
            for index in pairs.indices { removals.append(Edit(path: path + [index], replacement: nil)) }
            for index in pairs.indices {
                path.append(index)
                collect(
                    pairs[index].value, key: pairs[index].key, path: &path, removals: &removals,
                    simplifications: &simplifications)
                path.removeLast()
            }
        case .array(let items):
            for index in items.indices { removals.append(Edit(path: path + [index], replacement: nil)) }
            for index in items.indices {
                path.append(index)
                collect(items[index], key: nil, path: &path, removals: &removals, simplifications: &simplifications)
                path.removeLast()
            }
        default:
            break
        }
    }

    private static func simplified(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null: return nil
        case .bool(let b): return b ? .bool(false) : .null
        case .number(let n): return n != 0 ? .number(0) : .null
        case .string(let s): return s.isEmpty ? .null : .string("")
        case .array(let items): return items.isEmpty ? .null : .array([])
        case .object(let pairs): return pairs.isEmpty ? .null : .object([])
        }
    }

    /// Whether no single edit keeps the failure.
    func isOneMinimal(_ value: JSONValue) -> Bool {
        !Self.edits(of: value).contains { edit in
            let candidate = edit.applied(to: value)
            return fails(JSONWriter.write(candidate, sortedKeys: false), candidate)
        }
    }
}
