/// A component definition: a stable `rel` within its screen and its named rendering variants.
package struct SpecComponent: Hashable, Sendable, SharedReferable {
    /// The component's `rel`; `nil` when missing (lint reports it).
    package var rel: Located<String>?
    /// Its behaviors, in the order written.
    package var behaviors: [SpecBehavior]
    /// Its `versions:` entries, in the order written.
    package var versions: [SpecVersion<SpecComponent>]
    /// Where the entry stands (the shared definition, for a `$ref`).
    package var location: SpecLocation
    /// Its path from the spec's root.
    package var path: String
    /// For an entry that is a `$ref` to a shared definition: the reference as written, where it stands and its path.
    package var reference: Located<String>? = nil

    /// Creates a component.
    package init(
        rel: Located<String>?, behaviors: [SpecBehavior], versions: [SpecVersion<SpecComponent>] = [],
        location: SpecLocation, path: String
    ) {
        self.rel = rel
        self.behaviors = behaviors
        self.versions = versions
        self.location = location
        self.path = path
    }
}

/// One behavior of a component: a variant name, and the shapes of its locale and payload.
package struct SpecBehavior: Hashable, Sendable {
    /// The behavior's name, such as `VISIBLE`; `nil` when missing.
    package var name: Located<String>?
    /// The `locale` shape: text keys and their types; `nil` when not given.
    package var locale: SpecType?
    /// The `payload` shape; `nil` when not given.
    package var payload: SpecType?
    /// The `mergeStrategy` as written; `nil` means REPLACE.
    package var mergeStrategy: Located<String>?
    /// Where the entry stands.
    package var location: SpecLocation
    /// Its path from the spec's root.
    package var path: String

    /// Creates a behavior.
    package init(
        name: Located<String>?, locale: SpecType?, payload: SpecType?, mergeStrategy: Located<String>?,
        location: SpecLocation, path: String
    ) {
        self.name = name
        self.locale = locale
        self.payload = payload
        self.mergeStrategy = mergeStrategy
        self.location = location
        self.path = path
    }
}

/// A construct a list entry can name with a `$ref`, which then records where the reference stands.
package protocol SharedReferable {
    /// The reference that named the construct, when it was named by one.
    var reference: Located<String>? { get set }
}
