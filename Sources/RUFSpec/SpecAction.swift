/// An action definition: its type, input payload, possible destinations and error codes.
public struct SpecAction: Hashable, Sendable, SharedReferable {
    /// The action's `type`; `nil` when missing.
    public var type: Located<String>?
    /// The input `payload` shape; `nil` when not given.
    public var payload: SpecType?
    /// Its `navigates_to` entries, in the order written.
    public var navigatesTo: [Navigation]
    /// Its `errors` map, in the order written.
    public var errors: [SpecErrorCase]
    /// Its `versions:` entries, in the order written.
    public var versions: [SpecVersion<SpecAction>]
    /// Where the entry stands (the shared definition, for a `$ref`).
    public var location: SpecLocation
    /// Its path from the spec's root.
    public var path: String
    /// For an entry that is a `$ref` to a shared definition: the reference as written, where it stands and its path.
    public var reference: Located<String>? = nil

    /// Creates an action.
    public init(
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
public struct Navigation: Hashable, Sendable {
    /// The action it belongs to, as reports name it: `CART.CHECKOUT`, with `@<version>` for a version's variant.
    public var action: String
    /// The target screen as written; `nil` when missing.
    public var screen: Located<String>?
    /// The transition as written.
    public var transition: Located<String>?
    /// The flow's name as written; `nil` when missing.
    public var flowName: Located<String>?
    /// The flow behavior as written, even one the protocol does not know; `nil` when missing.
    public var behavior: Located<String>?
    /// Where the entry stands.
    public var location: SpecLocation
    /// Its path from the spec's root.
    public var path: String

    /// Creates a navigation.
    public init(
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
public struct SpecErrorCase: Hashable, Sendable {
    /// The error code, the map's key.
    public var code: Located<String>
    /// The ActionResult `type` (TOAST, ERROR, FORM_ERROR); `nil` when missing.
    public var type: Located<String>?
    /// A TOAST's `severity` (SUCCESS, ERROR, WARN).
    public var severity: Located<String>?
    /// A FORM_ERROR's `fields`.
    public var fields: [Located<String>]

    /// Creates an error case.
    public init(
        code: Located<String>, type: Located<String>?, severity: Located<String>?, fields: [Located<String>]
    ) {
        self.code = code
        self.type = type
        self.severity = severity
        self.fields = fields
    }
}
