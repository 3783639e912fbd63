public import ConformanceRules

extension Suite {
    /// A RUF backend's answers to `/session/create` and `/session/action`, checked against its app spec (SRV- rules).
    public static let server = Suite("server")
}

/// The normative rules of a RUF server (SRV-): MUST where the protocol's pages say MUST or the app spec declares the
/// contract, SHOULD for the kit's decisions where the pages are silent or disagree. The full text, the decisions with
/// the pages they rest on, and an example of each are in <doc:Server>.
public enum ServerRules {
    /// The rule with this ID, if any.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// Every rule, in the order of <doc:Server>.
    public static let all: [Rule] = [
        rule(
            .srvShape, .must, "session",
            "Every answer is HTTP 200 with a JSON object in the Session shape: currentScreen a string; screens an "
                + "object of screens, each with a components object of rel → component (a behavior string, locale "
                + "and payload objects) and metrics and navigationMetrics arrays; navigation, actionResult, meta and "
                + "debug objects when present.", "api-contract: session response shape; session"),
        rule(
            .srvCreateScreen, .must, "session",
            "The answer to /session/create names its currentScreen, a screen the spec declares.",
            "api-contract: /session/create (returns the first screen to render); lifecycle: session creation"),
        rule(
            .srvScreenDeclared, .must, "screens",
            "Every screen an answer names (currentScreen, a key of screens, a navigation's screen) is declared by "
                + "the spec.", "spec-yaml: screens; spec overview (server responses conform to the contract)"),
        rule(
            .srvComponentDeclared, .must, "components",
            "Every component of a screen has a rel the spec declares for that screen.",
            "spec-yaml: component definition (rel); component"),
        rule(
            .srvBehaviorDeclared, .must, "components",
            "Every component's behavior is one its variant for the client's version declares.",
            "spec-yaml: behavior entry fields; component"),
        rule(
            .srvComponentTypes, .must, "components",
            "A component's locale and payload have the types its behavior declares: every required field present, "
                + "every declared field of its type.", "spec-yaml: behavior entry fields; type syntax"),
        rule(
            .srvMergeStrategy, .must, "components",
            "A component's mergeStrategy, when sent, is REPLACE, APPEND or MATCH, and the one its behavior declares "
                + "(REPLACE where it declares none).", "spec-yaml: mergeStrategy values; component: mergeStrategy"),
        rule(
            .srvMetricDeclared, .must, "metrics",
            "A screen's metrics are among its declared screen metrics, its navigationMetrics among its declared "
                + "navigation metrics, each with its declared type, name and payload types.",
            "spec-yaml: screen definition (metrics.screen, metrics.navigation); metric"),
        rule(
            .srvVersionResolution, .must, "versioning",
            "Each component, action, metric and the meta is served in the variant the resolution algorithm picks "
                + "for the client's version: an exact match, else the lowest declared version above it, else the "
                + "latest.",
            "versioning formats: resolution algorithm; constructs versioning"),
        rule(
            .srvNavID, .must, "navigation", "Every navigation directive carries a non-empty id.",
            "rules: server responses; navigation overview: field reference"),
        rule(
            .srvNavValid, .must, "navigation",
            "A navigation's mode is one the protocol defines; PUSH, REPLACE and RESET name a declared screen and a "
                + "flow with a name and a behavior (START_NEW, KEEP or REMOVE_PREVIOUS); POP and FAILED carry only "
                + "their id and mode.", "navigation overview: field reference, mode constraints; stack modes; flows"),
        rule(
            .srvNavDeclared, .must, "navigation",
            "A navigation answering an action goes to one of that action's navigates_to entries (screen, flow name "
                + "and behavior) for the client's version, or is POP or FAILED.",
            "spec-yaml: action definition (navigates_to)"),
        rule(
            .srvForceUpdate, .must, "versioning",
            "An action whose variant for the client's version navigates only to FORCE_UPDATE is answered with that "
                + "navigation, never served as for a newer client.", "force update; constructs versioning"),
        rule(
            .srvActionResult, .must, "actions",
            "An actionResult is SUCCESS, or an error the action declares: its code among the action's errors, of "
                + "the declared type, a TOAST with the declared severity, a FORM_ERROR with declared fields only.",
            "action: ActionResult; spec-yaml: errors map"),
        rule(
            .srvMetaPatch, .must, "meta",
            "meta is a patch of the declared SessionMeta shape: an object whose declared fields have their types "
                + "(null only for an optional one), and whose reserved version is a number.",
            "rules: state ownership; session-meta: shape, merging patches; spec-yaml: meta"),
        rule(
            .srvNavFailed, .should, "navigation",
            "An action that declares navigates_to and fails (an ERROR, FORM_ERROR or TOAST of severity ERROR) "
                + "answers with a FAILED navigation rather than none.",
            "kit decision; rules: server responses (FAILED rather than omitting)"),
        rule(
            .srvIdempotent, .should, "requests",
            "A request sent again with the same x-request-id and body is answered with the same Session (debug "
                + "aside).", "kit decision; api-contract: headers (used for idempotency); rules: requests"),
        rule(
            .srvNavIDUnique, .should, "navigation",
            "Two navigation directives of one session never share an id, except an answer repeated for the same "
                + "x-request-id.", "kit decision; optimistic navigation (matching by id)"),
        rule(
            .srvActionResultPresent, .should, "actions", "Every answer to /session/action carries an actionResult.",
            "kit decision; action: ActionResult (every action produces one) against api-contract (optional)"),
        rule(
            .srvCurrentFollowsNav, .should, "navigation",
            "An answer whose navigation goes to a screen names that screen as currentScreen, when it names one.",
            "kit decision; session: fields"),
        rule(
            .srvUndeclaredField, .should, "components",
            "A component's locale and payload, a metric's payload and meta carry no field the spec does not "
                + "declare.", "kit decision; spec-yaml: type syntax"),
    ]

    private static func rule(
        _ id: String, _ level: Rule.Level, _ feature: String, _ summary: String, _ source: String
    ) -> Rule {
        Rule(id: id, suite: .server, level: level, feature: feature, summary: summary, source: source)
    }
}
