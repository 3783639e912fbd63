public import JSON

/// A component as the client caches it: its behavior, locale and payload, keyed by screen and `rel`.
///
/// Fields of a received component other than these (and `mergeStrategy`, which says how to merge, not what to
/// show) are not kept: they do not change what is rendered.
public struct ClientComponent: Hashable, Sendable {
    /// The behavior variant, as received, even one the client has no rendering for (it then renders nothing).
    public var behavior: String?
    /// The text strings, an object; `{}` when none was sent.
    public var locale: JSONValue
    /// The component's data; `null` when none was sent.
    public var payload: JSONValue

    /// Creates a cached component.
    ///
    /// Locale and payload are kept with their objects' keys sorted (``JSONValue/canonical``), so that two components
    /// equal as JSON compare equal whatever order their keys were written in.
    public init(behavior: String?, locale: JSONValue = .object([]), payload: JSONValue = .null) {
        self.behavior = behavior
        self.locale = locale.canonical
        self.payload = payload.canonical
    }

    /// The component a Session response carries, read leniently: a field of the wrong kind counts as absent.
    /// Whether locale and payload are canonical: always for a component made by an initializer, but the fields are
    /// public and may have been set since.
    package var isCanonical: Bool { locale.isCanonical && payload.isCanonical }

    public init(json: JSONValue) {
        behavior = json["behavior"]?.stringValue
        locale = (json["locale"].flatMap { $0.isObject ? $0 : nil } ?? .object([])).canonical
        payload = (json["payload"] ?? .null).canonical
    }

    /// The JSON form, keys sorted.
    public var json: JSONValue {
        .object([("behavior", behavior.map(JSONValue.string) ?? .null), ("locale", locale), ("payload", payload)])
            .canonical
    }
}

extension JSONValue {
    /// The same value with every object's keys sorted and repeated keys reduced to their last value, so that two
    /// values equal as JSON objects compare equal.
    public var canonical: JSONValue { canonicalIfChanged ?? self }

    /// Whether the value is its own canonical form: one pass that allocates nothing.
    var isCanonical: Bool { canonicalIfChanged == nil }

    /// The canonical form, or `nil` when the value is canonical already: most are (every observation is made of
    /// canonical values and canonicalized again), and one pass that finds nothing to change allocates nothing.
    /// Each value is visited once, however deep.
    private var canonicalIfChanged: JSONValue? {
        switch self {
        case .array(let items):
            var changed: [JSONValue]?
            for index in items.indices {
                guard let canonical = items[index].canonicalIfChanged else { continue }
                if changed == nil { changed = items }
                changed![index] = canonical
            }
            return changed.map(JSONValue.array)
        case .object(let pairs):
            var sorted = true
            var values: [JSONValue]?
            for index in pairs.indices {
                if index > 0 && !(pairs[index - 1].key < pairs[index].key) { sorted = false }
                guard let canonical = pairs[index].value.canonicalIfChanged else { continue }
                if values == nil { values = pairs.map { $0.value } }
                values![index] = canonical
            }
            if sorted && values == nil { return nil }
            // By key, a repeated key's members in the order written. Objects are small: sorting their positions
            // costs less than hashing every key into a table.
            let order =
                sorted
                ? Array(pairs.indices)
                : pairs.indices.sorted { a, b in
                    pairs[a].key < pairs[b].key || (pairs[a].key == pairs[b].key && a < b)
                }
            var result: [(key: String, value: JSONValue)] = []
            result.reserveCapacity(order.count)
            var first = 0
            for n in order.indices where n + 1 == order.count || pairs[order[n + 1]].key != pairs[order[n]].key {
                // A repeated key keeps its first spelling (keys equal as Unicode may be written two ways) and its
                // last value, as a dictionary filled in order would.
                let last = order[n]
                result.append((pairs[order[first]].key, values?[last] ?? pairs[last].value))
                first = n + 1
            }
            return .object(result)
        default: return nil
        }
    }
}
