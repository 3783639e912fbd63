/// A metric definition: an analytics event with its emitter, name and payload shape.
public struct SpecMetric: Hashable, Sendable, SharedReferable {
    /// The metric's `rel`; `nil` when missing.
    public var rel: Located<String>?
    /// The emitter `type`, such as `FIREBASE`; `nil` when missing.
    public var type: Located<String>?
    /// The event `name`; `nil` when missing.
    public var name: Located<String>?
    /// The `payload` shape; `nil` when missing.
    public var payload: SpecType?
    /// Its `versions:` entries, in the order written.
    public var versions: [SpecVersion<SpecMetric>]
    /// Where the entry stands (the shared definition, for a `$ref`).
    public var location: SpecLocation
    /// Its path from the spec's root.
    public var path: String
    /// For an entry that is a `$ref` to a shared definition: the reference as written, where it stands and its path.
    public var reference: Located<String>? = nil

    /// Creates a metric.
    public init(
        rel: Located<String>?, type: Located<String>?, name: Located<String>?, payload: SpecType?,
        versions: [SpecVersion<SpecMetric>] = [], location: SpecLocation, path: String
    ) {
        self.rel = rel
        self.type = type
        self.name = name
        self.payload = payload
        self.versions = versions
        self.location = location
        self.path = path
    }
}

/// The `meta` section: the SessionMeta shape, and its shape at earlier versions.
public struct SpecMeta: Hashable, Sendable {
    /// The latest shape, an object type.
    public var shape: SpecType
    /// Its `versions:` entries, each a full shape.
    public var versions: [SpecVersion<SpecType>]
    /// Where `meta` stands.
    public var location: SpecLocation

    /// Creates a meta section.
    public init(shape: SpecType, versions: [SpecVersion<SpecType>], location: SpecLocation) {
        self.shape = shape
        self.versions = versions
        self.location = location
    }
}
