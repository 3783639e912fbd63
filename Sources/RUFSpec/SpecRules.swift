/// The lint rules of a RUF spec: an ID, a level, and what each checks, as the RUFSpec article lists them.
package struct SpecRule: Hashable, Sendable {
    /// The rule's ID, such as `SPEC-BEHAVIOR`.
    package var id: String
    /// Its level: errors where the reference requires a field or lists the allowed values, warnings for conventions.
    package var severity: SpecProblem.Severity
    /// What it checks, in one sentence.
    package var summary: String

    /// Every rule, in the order the article lists them.
    package static let all: [SpecRule] = [
        .init("SPEC-YAML", .error, "Every file of the spec is well-formed YAML of the supported subset."),
        .init(
            "SPEC-REF", .error,
            "A $ref resolves, is not cyclic, stays inside the spec's folder, names a shared definition of the right "
                + "kind from a list, and names a file holding a screen definition from screens."),
        .init(
            "SPEC-KIND", .error,
            "Every value has the kind the reference gives it: a list where it writes a list (components, actions, "
                + "behaviors, navigates_to, metrics, flows), a mapping where it writes a mapping, a single value for "
                + "a scalar."),
        .init("SPEC-UNKNOWN-KEY", .warning, "Every key is one the reference defines at that level."),
        .init("SPEC-DUPLICATE-KEY", .error, "No key or field is given twice in one mapping."),
        .init(
            "SPEC-REQUIRED", .error,
            "Required fields are present: ruf, screens; a screen's components and actions; a component's rel and "
                + "behaviors; a behavior's name; an action's type; a navigates_to screen, flow.name and flow.behavior; "
                + "an error's type; a metric's rel, type, name and payload."),
        .init(
            "SPEC-TYPE", .error,
            "Every type parses: string, number, boolean, T[], a named type, a union of string literals, "
                + "Record<string, T>, or an inline object."),
        .init("SPEC-SCREENS", .error, "The spec declares at least one screen."),
        .init("SPEC-BEHAVIOR", .error, "A navigates_to flow behavior is KEEP, REMOVE_PREVIOUS or START_NEW."),
        .init("SPEC-MERGE-STRATEGY", .error, "A behavior's mergeStrategy is APPEND, REPLACE or MATCH."),
        .init(
            "SPEC-TRANSITION", .error,
            "A transition or default_transition is one of the transitions page's values."),
        .init("SPEC-ERROR-TYPE", .error, "An error's type is TOAST, ERROR or FORM_ERROR."),
        .init("SPEC-TOAST-SEVERITY", .error, "A TOAST error's severity is SUCCESS, ERROR or WARN."),
        .init("SPEC-RUF-VERSION", .warning, "ruf names the version of the format the kit reads, 1.0."),
        .init("SPEC-VERSIONING", .error, "versioning is semantic or incremental."),
        .init(
            "SPEC-VERSIONING-UNDECLARED", .warning,
            "A spec that uses versions: or current_version declares its versioning format."),
        .init(
            "SPEC-VERSION-FORMAT", .error,
            "current_version and every versions: key fit the declared format: MAJOR.MINOR.PATCH for semantic, an "
                + "integer for incremental."),
        .init("SPEC-VERSION-REPEAT", .error, "A versions: map does not name the same version twice."),
        .init("SPEC-VERSION-ORDER", .warning, "A versions: map lists its versions in ascending order."),
        .init(
            "SPEC-VERSION-IDENTITY", .error,
            "A versions: entry keeps its construct's identity: a component's rel, an action's type, a metric's rel, "
                + "type and name."),
        .init("SPEC-META-VERSION", .error, "meta does not declare the reserved version field, which is implicit."),
        .init("SPEC-DUPLICATE-SCREEN", .error, "No screen name is declared twice."),
        .init("SPEC-DUPLICATE-REL", .error, "No two components of one screen share a rel."),
        .init("SPEC-DUPLICATE-ACTION", .error, "No two actions of one screen share a type."),
        .init("SPEC-SCREEN-NAME", .warning, "Screen names are SCREAMING_SNAKE_CASE."),
        .init("SPEC-SCREEN", .error, "A navigates_to screen is declared in the spec."),
        .init(
            "SPEC-FLOW", .warning,
            "A navigates_to flow is among the target screen's flows (legal, since the client records the "
                + "directive's flow, but likely a mistake)."),
        .init(
            "SPEC-MERGE-LIST", .warning,
            "A mergeStrategy stands on a behavior whose payload has a list: the reference gives it for list payloads "
                + "only."),
        .init(
            "SPEC-NAMED-TYPE", .warning,
            "In a spec that defines named types (a root types: mapping, which the reference does not have), every "
                + "named type it uses is among them."),
    ]

    init(_ id: String, _ severity: SpecProblem.Severity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }

    /// The transitions of the transitions page.
    package static let transitions = [
        "LEFT_TO_RIGHT", "LEFT_TO_RIGHT_POP", "LEFT_TO_RIGHT_FADE", "LEFT_TO_RIGHT_JOINED",
        "RIGHT_TO_LEFT", "RIGHT_TO_LEFT_POP", "RIGHT_TO_LEFT_FADE", "RIGHT_TO_LEFT_JOINED",
        "TOP_TO_BOTTOM", "TOP_TO_BOTTOM_POP", "TOP_TO_BOTTOM_JOINED",
        "BOTTOM_TO_TOP", "BOTTOM_TO_TOP_POP", "BOTTOM_TO_TOP_JOINED",
        "FADE", "SCALE",
    ]
    /// The flow behaviors of a navigation.
    package static let flowBehaviors = ["KEEP", "REMOVE_PREVIOUS", "START_NEW"]
    /// The merge strategies of a behavior.
    package static let mergeStrategies = ["APPEND", "REPLACE", "MATCH"]
    /// The ActionResult types an error may produce.
    package static let errorTypes = ["TOAST", "ERROR", "FORM_ERROR"]
    /// The severities of a TOAST.
    package static let toastSeverities = ["SUCCESS", "ERROR", "WARN"]
}
