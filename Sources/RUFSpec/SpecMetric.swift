/// A metric definition: an analytics event with its emitter, name and payload shape.
package struct SpecMetric: Hashable, Sendable, SharedReferable {
    /// The metric's `rel`; `nil` when missing.
    package var rel: Located<String>?
    /// The emitter `type`, such as `FIREBASE`; `nil` when missing.
    package var type: Located<String>?
    /// The event `name`; `nil` when missing.
    package var name: Located<String>?
    /// The `payload` shape; `nil` when missing.
    package var payload: SpecType?
    /// Its `versions:` entries, in the order written.
    package var versions: [SpecVersion<SpecMetric>]
    /// Where the entry stands (the shared definition, for a `$ref`).
    package var location: SpecLocation
    /// Its path from the spec's root.
    package var path: String
    /// For an entry that is a `$ref` to a shared definition: the reference as written, where it stands and its path.
    package var reference: Located<String>? = nil

    /// Creates a metric.
    package init(
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
package struct SpecMeta: Hashable, Sendable {
    /// The latest shape, an object type.
    package var shape: SpecType
    /// Its `versions:` entries, each a full shape.
    package var versions: [SpecVersion<SpecType>]
    /// Where `meta` stands.
    package var location: SpecLocation

    /// Creates a meta section.
    package init(shape: SpecType, versions: [SpecVersion<SpecType>], location: SpecLocation) {
        self.shape = shape
        self.versions = versions
        self.location = location
    }
}
