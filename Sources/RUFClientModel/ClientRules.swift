public import ConformanceRules

extension Suite {
    /// A RUF client's handling of Session responses and user actions (RUF- rules).
    public static let client = Suite("client")
}

/// The normative rules of a RUF client (RUF-): MUST where the protocol's pages say MUST, SHOULD for the kit's
/// decisions where they are silent. The full text and an example of each are in <doc:Client>.
public enum ClientRules {
    /// The rule with this ID, if any.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// Every rule, in the order of <doc:Client>.
    public static let all: [Rule] = [
        rule(
            .rufMetaMerge, .must, "meta",
            "A meta patch is applied by shallow merge: each patched key replaced "
                + "whole, every other key kept.", "rules: state management; session-meta: merging patches"),
        rule(
            .rufMetaReadonly, .must, "meta", "The client never changes meta except by a response's patch.",
            "rules: state management; session-meta: the server-only mutation rule"),
        rule(
            .rufRequestMeta, .must, "requests", "Every action request carries the full current meta.",
            "rules: state management; api-contract: /session/action"),
        rule(
            .rufRequestID, .must, "requests", "Every request carries an x-request-id no earlier request used.",
            "rules: requests; api-contract: headers"),
        rule(
            .rufRequestWire, .must, "requests",
            "On the network, every request is a POST to /session/create or /session/action with Content-Type "
                + "application/json, an x-request-id header and a JSON body of the api-contract's shape: a create's "
                + "screen, the screenParams it was given and a context; an action's screen, action type and payload "
                + "object, and meta object.",
            "api-contract: headers, /session/create, /session/action (checked under flowcheck serve)"),
        rule(
            .rufCacheKey, .must, "cache",
            "The cache is keyed by screen and rel: a component updates only the "
                + "entry of its own screen.", "rules: component cache; component: the rel identifier"),
        rule(
            .rufMergeReplace, .must, "cache",
            "A component with mergeStrategy REPLACE, or none, replaces the "
                + "cached one whole.", "rules: component cache; component: mergeStrategy"),
        rule(
            .rufMergeAppend, .must, "cache",
            "A component with mergeStrategy APPEND appends its list items to "
                + "the cached lists.", "component: mergeStrategy"),
        rule(
            .rufMergeMatch, .must, "cache",
            "A component with mergeStrategy MATCH updates the cached items with "
                + "the same id, keeps the others, and adds the new ones.", "component: mergeStrategy"),
        rule(
            .rufPartial, .must, "cache",
            "Screens and components a response leaves out stay as cached; an "
                + "empty screens map is valid.", "session: partial responses; component: component cache"),
        rule(
            .rufNavMetrics, .must, "metrics",
            "A screen's navigationMetrics fire when it becomes the active "
                + "screen, and only then.", "rules: metrics; metric: firing points"),
        rule(
            .rufScreenMetrics, .must, "metrics", "A screen's metrics fire when its content loads.",
            "rules: metrics; metric: firing points"),
        rule(
            .rufActionMetrics, .must, "metrics",
            "actionMetrics fire after an action completes successfully, "
                + "and not after a rejected one.", "rules: metrics; action: action metrics"),
        rule(
            .rufMetricOrder, .must, "metrics", "Metrics fire in the order they appear in their array.",
            "metric: firing points"),
        rule(
            .rufNavigate, .must, "navigation",
            "The navigation directive of a response is executed (with the "
                + "NAV- and SES- rules of the navigation model).", "rules: navigation"),
        rule(
            .rufRollback, .must, "navigation", "On FAILED, the stack returns to its state before the action.",
            "rules: navigation; optimistic navigation"),
        rule(
            .rufCurrentScreen, .must, "navigation",
            "The screen a response's currentScreen names is the one the client renders, until a later response "
                + "names another.", "session: fields; session: how the client processes a Session (render)"),
        rule(
            .rufNoOptimisticPop, .must, "navigation", "POP is never applied optimistically.",
            "optimistic navigation: rules"),
        rule(
            .rufOneInFlight, .must, "requests",
            "One request is in flight at a time: an action dispatched "
                + "meanwhile is not sent until the answer in flight has been processed.", "state machine: notes"),
        rule(
            .rufComponentRollback, .must, "cache",
            "When the server rejects an action, its optimistic component "
                + "update is rolled back, before the response's own components are merged.",
            "sharing global state: optimistic updates"),
        rule(
            .rufOrder, .should, "order",
            "A response's effects happen in the session page's order: metrics, then "
                + "navigation, then the actionResult.", "session: how the client processes a Session"),
        rule(
            .rufActionResult, .should, "order", "A response's actionResult is shown, whatever its type.",
            "session: how the client processes a Session"),
        rule(
            .rufQueue, .should, "requests",
            "Waiting actions are sent oldest first (or only the newest, for an "
                + "implementation that declares actionQueue latest), each with its optimistic changes applied when it "
                + "is sent.", "kit decision; state machine: notes"),
        rule(
            .rufMatchNoID, .should, "cache",
            "Under MATCH, an item without an id, or with an id not cached, is "
                + "added at the end; a cached list keeps its order.", "kit decision"),
        rule(
            .rufLenient, .should, "lenient",
            "Unknown fields, behaviors, merge strategies, actionResult types and "
                + "transitions never make a response fail: an unknown strategy merges as REPLACE, an unknown behavior "
                + "is cached (and renders as nothing).", "kit decision; flow decoding leniency"),
    ]

    private static func rule(
        _ id: String, _ level: Rule.Level, _ feature: String, _ summary: String, _ source: String
    ) -> Rule {
        Rule(id: id, suite: .client, level: level, feature: feature, summary: summary, source: source)
    }
}
