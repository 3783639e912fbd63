import JSON
import PropertyTesting

/// Makes a failing JSON document 1-minimal: no single member or element can be removed, and no single value made
/// simpler, without the failure going away (or turning into another).
///
/// The engine's shrinker works on the generator's choices, so a document it shrinks still holds whatever the
/// generator draws around the failure (a malformed layout here, an extra variable there), and a reader would take
/// them for part of the cause. This pass edits the document itself.
struct DocumentMinimizer {
    /// Whether a candidate text still fails the same way.
    let fails: (String) -> Bool
    /// The most candidates tried.
    var budget = 2_000
    private(set) var calls = 0

    init(fails: @escaping (String) -> Bool) { self.fails = fails }

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
                if test(edits[index]) {
                    // The same index now points at the next edit of the smaller document.
                    best = edits[index]
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
        return fails(JSONWriter.write(value, sortedKeys: false))
    }

    /// Every document one edit away, removals first, outermost first: each object member and array element removed,
    /// then each value made simpler (a non-empty container emptied, a string emptied, a number zeroed, true made
    /// false, anything else made null), ids excepted (``idKeys``).
    static func edits(of value: JSONValue) -> [JSONValue] {
        var removals: [JSONValue] = []
        var simplifications: [JSONValue] = []
        collect(value, key: nil, rebuild: { $0 }, removals: &removals, simplifications: &simplifications)
        return removals + simplifications
    }

    /// Members whose string a reader follows from one place to another: emptying one saves a few bytes and makes
    /// the document unreadable (and two emptied ids the same), so an id is removed whole or kept as written.
    static let idKeys: Set<String> = ["id", "entryNodeId", "fromNodeId", "toNodeId"]

    private static func collect(
        _ value: JSONValue, key: String?, rebuild: (JSONValue) -> JSONValue, removals: inout [JSONValue],
        simplifications: inout [JSONValue]
    ) {
        let isID: Bool
        if let key, idKeys.contains(key), case .string(let text) = value, !text.isEmpty {
            isID = true
        } else {
            isID = false
        }
        if key == "version", case .number(let number) = value, number != 8 {
            // The current content version is the simplest one to read: nothing migrates.
            simplifications.append(rebuild(.number(8)))
        } else if !isID, let simpler = simplified(value) {
            simplifications.append(rebuild(simpler))
        }
        switch value {
        case .object(let pairs):
            for index in pairs.indices {
                var fewer = pairs
                fewer.remove(at: index)
                removals.append(rebuild(.object(fewer)))
            }
            for index in pairs.indices {
                collect(
                    pairs[index].value, key: pairs[index].key,
                    rebuild: { inner in
                        var changed = pairs
                        changed[index].value = inner
                        return rebuild(.object(changed))
                    }, removals: &removals, simplifications: &simplifications)
            }
        case .array(let items):
            for index in items.indices {
                var fewer = items
                fewer.remove(at: index)
                removals.append(rebuild(.array(fewer)))
            }
            for index in items.indices {
                collect(
                    items[index], key: nil,
                    rebuild: { inner in
                        var changed = items
                        changed[index] = inner
                        return rebuild(.array(changed))
                    }, removals: &removals, simplifications: &simplifications)
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
        !Self.edits(of: value).contains { fails(JSONWriter.write($0, sortedKeys: false)) }
    }
}
