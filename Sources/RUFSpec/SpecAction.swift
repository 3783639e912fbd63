/// An action definition: its type, input payload, possible destinations and error codes.
package struct SpecAction: Hashable, Sendable, SharedReferable {
    /// The action's `type`; `nil` when missing.
    package var type: Located<String>?
    /// The input `payload` shape; `nil` when not given.
    package var payload: SpecType?
    /// Its `navigates_to` entries, in the order written.
    package var navigatesTo: [Navigation]
    /// Its `errors` map, in the order written.
    package var errors: [SpecErrorCase]
    /// Its `versions:` entries, in the order written.
    package var versions: [SpecVersion<SpecAction>]
    /// Where the entry stands (the shared definition, for a `$ref`).
    package var location: SpecLocation
    /// Its path from the spec's root.
    package var path: String
    /// For an entry that is a `$ref` to a shared definition: the reference as written, where it stands and its path.
    package var reference: Located<String>? = nil

    /// Creates an action.
    package init(
        type: Located<String>?, payload: SpecType?, navigatesTo: [Navigation], errors: [SpecErrorCase],
        versions: [SpecVersion<SpecAction>] = [], location: SpecLocation, path: String
    ) {
        self.type = type
        self.payload = payload
        self.navigatesTo = navigatesTo
        self.errors = errors
        self.versions = versions
        self.location = location
        self.path = path
    }
}

/// One `navigates_to` entry: where an action may send the client.
package struct Navigation: Hashable, Sendable {
    /// The action it belongs to, as reports name it: `CART.CHECKOUT`, with `@<version>` for a version's variant.
    package var action: String
    /// The target screen as written; `nil` when missing.
    package var screen: Located<String>?
    /// The transition as written.
    package var transition: Located<String>?
    /// The flow's name as written; `nil` when missing.
    package var flowName: Located<String>?
    /// The flow behavior as written, even one the protocol does not know; `nil` when missing.
    package var behavior: Located<String>?
    /// Where the entry stands.
    package var location: SpecLocation
    /// Its path from the spec's root.
    package var path: String

    /// Creates a navigation.
    package init(
        action: String, screen: Located<String>?, transition: Located<String>?, flowName: Located<String>?,
        behavior: Located<String>?, location: SpecLocation, path: String
    ) {
        self.action = action
        self.screen = screen
        self.transition = transition
        self.flowName = flowName
        self.behavior = behavior
        self.location = location
        self.path = path
    }
}

/// One entry of an action's `errors` map: the ActionResult an error code produces.
package struct SpecErrorCase: Hashable, Sendable {
    /// The error code, the map's key.
    package var code: Located<String>
    /// The ActionResult `type` (TOAST, ERROR, FORM_ERROR); `nil` when missing.
    package var type: Located<String>?
    /// A TOAST's `severity` (SUCCESS, ERROR, WARN).
    package var severity: Located<String>?
    /// A FORM_ERROR's `fields`.
    package var fields: [Located<String>]

    /// Creates an error case.
    package init(
        code: Located<String>, type: Located<String>?, severity: Located<String>?, fields: [Located<String>]
    ) {
        self.code = code
        self.type = type
        self.severity = severity
        self.fields = fields
    }
}
