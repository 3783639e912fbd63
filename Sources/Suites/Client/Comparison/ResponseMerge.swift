import JSON
import RUFClientModel

/// Two Session responses folded into one, for the client suite's shrinking: some bugs show only when one response
/// carries what the generator happened to spread over two (the same `rel` on two screens), and no deletion can
/// reach that run.
enum ResponseMerge {
    /// The response that carries both: the later one's fields win, its `meta` and `screens` are merged key by key
    /// into the earlier one's (a screen sent by both merges its components, the later one's winning), and what
    /// only the earlier one has is kept in its place, so the client writes in the same order.
    static func merged(_ earlier: RUFSession, _ later: RUFSession) -> RUFSession? {
        guard earlier.json.isObject, later.json.isObject else { return nil }
        let pairs = fold(earlier.json, later.json) { key, old, new in
            switch key {
            case "meta": return fold(old, new) { _, _, value in value }
            case "screens":
                return fold(old, new) { _, screen, update in
                    fold(screen, update) { key, components, more in
                        key == "components" ? fold(components, more) { _, _, value in value } : more
                    }
                }
            default: return new
            }
        }
        return RUFSession(json: pairs)
    }

    /// `first` with `second`'s keys: new ones appended, shared ones combined (objects) or replaced.
    private static func fold(
        _ first: JSONValue, _ second: JSONValue, _ combine: (String, JSONValue, JSONValue) -> JSONValue
    )
        -> JSONValue
    {
        guard case .object(var pairs) = first, case .object(let more) = second else { return second }
        for (key, value) in more {
            if let at = pairs.firstIndex(where: { $0.key == key }) {
                pairs[at].value = combine(key, pairs[at].value, value)
            } else {
                pairs.append((key, value))
            }
        }
        return .object(pairs)
    }
}
