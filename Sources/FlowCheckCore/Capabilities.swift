public import ConformanceRules
import Foundation
public import JSON

/// What an implementation declares it supports: the kit generates only that,
/// and lists the rest as not certified.
///
/// JSON shape (the `capabilities` of the process protocol's hello reply): `{"suites": [...], "batch": false, ...}`, and
/// each suite's own fields beside them: the navigation suites' `modes`, `behaviors`, `nesting`, `reasons`, `flows` and
/// `modals` (which the client suite reads too), the decoding suite's `componentTypes` and `migrations`, the client
/// suite's `mergeStrategies`, `metrics`, `optimisticComponents` and `actionQueue`. Only `suites` is always required: a
/// decoder that declares only `decoding` gives no modes, behaviors or nesting.
///
/// A suite's own fields are kept in ``sections``, as declared, and read by that suite through a
/// ``CapabilitySection``: the core names no suite's fields.
public struct Capabilities: Hashable, Codable, Sendable {
    /// The suites it wants certified.
    public var suites: [Suite]
    /// Whether it accepts the `batch` command (process protocol).
    public var batch: Bool
    /// The fields of each suite's section (``CapabilitySection``), as declared: a field that is absent takes the
    /// section's default when the section is read.
    public var sections: [String: JSONValue] {
        didSet { read = SectionCache() }
    }
    /// The sections read so far: a suite reads its section for every case it checks, and reading one is a walk
    /// through JSON values. Not part of the value: two capabilities with the same fields are equal.
    private var read = SectionCache()

    /// Creates capabilities; a suite's own fields go in ``sections``, through its ``CapabilitySection``.
    public init(suites: [Suite], batch: Bool = false, sections: [String: JSONValue] = [:]) {
        self.suites = suites
        self.batch = batch
        self.sections = sections
    }

    private enum CodingKeys: String, CodingKey {
        case suites, batch
    }

    /// A field of a suite's section.
    private struct SectionKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every field the core reads itself; any other is a section's.
    package static let commonFields: Set<String> = ["suites", "batch"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Suites this kit does not know (from a newer kit) are kept; the runner lists them as not certified.
        suites = try container.decode([Suite].self, forKey: .suites)
        batch = try container.decodeIfPresent(Bool.self, forKey: .batch) ?? false
        var sections: [String: JSONValue] = [:]
        let fields = try decoder.container(keyedBy: SectionKey.self)
        for key in fields.allKeys where !Self.commonFields.contains(key.stringValue) {
            sections[key.stringValue] = try fields.decode(JSONValue.self, forKey: key)
        }
        self.sections = sections
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    public static func == (lhs: Capabilities, rhs: Capabilities) -> Bool {
        lhs.suites == rhs.suites && lhs.batch == rhs.batch && lhs.sections == rhs.sections
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(suites)
        hasher.combine(batch)
        hasher.combine(sections)
    }

    /// A section as read from ``sections``, read once per value of them.
    func cachedSection<Section: CapabilitySection>(
        _ type: Section.Type, reading: () -> Section
    ) -> Section {
        if let known = read.value(of: type) { return known }
        let section = reading()
        read.store(section)
        return section
    }

    /// The capabilities as the hello reply and the records write them, keys sorted: the common fields, then each
    /// section's as kept.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "suites": .array(suites.map { .string($0.rawValue) }), "batch": .bool(batch),
        ]
        for (name, value) in sections where !Self.commonFields.contains(name) { fields[name] = value }
        return .object(fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
    }
}

/// The sections a ``Capabilities`` value has read, shared by its copies (which have the same fields) and replaced
/// when its fields change; workers read it from several threads.
private final class SectionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: any Sendable] = [:]

    func value<Section: CapabilitySection>(of type: Section.Type) -> Section? {
        lock.withLock { values[ObjectIdentifier(type)] as? Section }
    }

    func store<Section: CapabilitySection>(_ section: Section) {
        lock.withLock { values[ObjectIdentifier(Section.self)] = section }
    }
}

extension Capabilities {
    /// The fields two declarations set differently, by name (`suites`, `navigation.modes`), as a comparison of two
    /// implementations explains why one's case is not the other's; `batch` (how steps travel, which draws nothing) is
    /// not one of them.
    package func fields(differingFrom other: Capabilities) -> [String] {
        func fields(_ capabilities: Capabilities) -> [String: JSONValue] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            guard let data = try? encoder.encode(capabilities),
                let pairs = (try? JSONParser.parse(String(decoding: data, as: UTF8.self)))?.objectPairs
            else { return [:] }
            var result: [String: JSONValue] = [:]
            for (key, value) in pairs where key != "batch" {
                // A suite's section is named field by field, so that the one that differs is named.
                if let inner = value.objectPairs {
                    for (name, item) in inner { result["\(key).\(name)"] = item }
                } else {
                    result[key] = value
                }
            }
            return result
        }
        let (left, right) = (fields(self), fields(other))
        let names = Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
        return names.isEmpty ? ["the same fields, otherwise"] : names
    }
}
