public import JSON

/// How an incoming component is merged into the cached one (component page, `mergeStrategy`).
public enum RUFMergeStrategy: Hashable, Sendable {
    /// The incoming component fully replaces the cached one; the default.
    case replace
    /// New list items are appended to the cached lists.
    case append
    /// New list items are matched against cached ones by their `id`: matched items updated, others kept, new added.
    case match
    /// A strategy the client does not know: merged as REPLACE, never a failed response (RUF-LENIENT).
    case unknown(String)

    /// The strategy a received component names: `{ "type": "APPEND" }` as the pages write it, or a bare string;
    /// `nil` (REPLACE) when there is none.
    public init?(json: JSONValue?) {
        guard let json, json != .null else { return nil }
        let name = json.stringValue ?? json["type"]?.stringValue
        switch name {
        case "REPLACE": self = .replace
        case "APPEND": self = .append
        case "MATCH": self = .match
        case let other?: self = .unknown(other)
        case nil: self = .unknown(JSONWriter.write(json))
        }
    }

    /// Whether the client does not know this strategy.
    public var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// The strategy's name, as reports write it.
    public var name: String {
        switch self {
        case .replace: return "REPLACE"
        case .append: return "APPEND"
        case .match: return "MATCH"
        case .unknown(let name): return name
        }
    }

    /// `incoming` merged into `cached` (absent when the cache holds nothing for its key).
    ///
    /// APPEND and MATCH merge the payload field by field: a top-level field that is a list in both is merged as
    /// a list; any other field of the incoming payload replaces the cached one; a cached field the incoming payload
    /// leaves out is kept. Behavior, locale and payload are the incoming ones when sent, else the cached ones (when
    /// either payload is not an object, a payload sent replaces the cached one). Against an empty cache the incoming
    /// component is stored as it is.
    public func merge(_ incoming: JSONValue, into cached: ClientComponent?) -> ClientComponent {
        let received = ClientComponent(json: incoming)
        guard let cached, self == .append || self == .match else { return received }
        let behavior = incoming["behavior"]?.stringValue ?? cached.behavior
        let locale = incoming["locale"].flatMap { $0.isObject ? $0 : nil } ?? cached.locale
        guard case .object(let old) = cached.payload, case .object(let new) = received.payload else {
            // Nothing to merge field by field: a payload sent replaces the cached one, none keeps it.
            let payload = received.payload == .null ? cached.payload : received.payload
            return ClientComponent(behavior: behavior, locale: locale, payload: payload)
        }
        var fields = old
        for (key, value) in new {
            let index = fields.lastIndex { $0.key == key }
            if let index, case .array(let existing) = fields[index].value, case .array(let items) = value {
                fields[index].value = .array(self == .append ? existing + items : Self.matched(items, into: existing))
            } else if let index {
                fields[index].value = value
            } else {
                fields.append((key, value))
            }
        }
        return ClientComponent(behavior: behavior, locale: locale, payload: .object(fields))
    }

    /// MATCH on one list: an item with an `id` (not `null`) replaces the first cached item with the same `id`, in
    /// place; an item without one, or with an `id` not cached, is added at the end. Later items see the earlier ones' result, so
    /// an `id` sent twice ends with its last item.
    static func matched(_ items: [JSONValue], into existing: [JSONValue]) -> [JSONValue] {
        var result = existing
        for item in items {
            if let id = item["id"], id != .null, let at = result.firstIndex(where: { $0["id"] == id }) {
                result[at] = item
            } else {
                result.append(item)
            }
        }
        return result
    }
}
