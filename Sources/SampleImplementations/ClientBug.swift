import RUFClientModel

/// A realistic bug planted in the sample RUF client: a mutant the client suite must catch.
///
/// Each case says, in its doc comment, its smallest counterexample, counted in ``ClientInput``s from a reset to a
/// one-screen stack (`HOME`) with nothing cached, an empty meta and nothing in flight. Two facts make those
/// sequences shorter than one might think: an action needs no `create` before it (the first request may be an
/// action), and an action's optimistic component update puts a component in the cache without any response, so
/// that a merge mutant shows on the first response. Where the minimum relies on an optimistic update, the comment
/// also gives the minimum without one (for an implementation that declares `optimisticComponents: false`).
package enum ClientBug: String, CaseIterable, Sendable {
    /// APPEND replaces the cached component as REPLACE does. Minimal: an action updating `HOME/list`
    /// optimistically to `{"items": [a]}`, a response sending `HOME/list` `{"items": [b]}` with APPEND (2; without
    /// optimistic updates 4: action, response caching the list, action, response with APPEND).
    case appendReplaces = "client-append-replaces"
    /// MATCH matches by position: the n-th incoming item replaces the n-th cached one. Minimal: an optimistic
    /// `{"items": [{id 1}, {id 2}]}`, a MATCH response with `[{id 2, changed}]` (2; without optimistic updates 4).
    case matchByPosition = "client-match-by-position"
    /// MATCH keeps only the cached items the response matched, and the new ones. Minimal: an optimistic
    /// `[{id 1}]`, a MATCH response with `[{id 2}]` (2; without optimistic updates 4).
    case matchDropsUnmatched = "client-match-drops-unmatched"
    /// MATCH appends a matched item instead of updating it in place. Minimal: an optimistic `[{id 1, v a}]`, a MATCH
    /// response with `[{id 1, v b}]` (2; without optimistic updates 4).
    case matchAppendsMatched = "client-match-appends-matched"
    /// MATCH drops incoming items that have no `id`. Minimal: an optimistic `[{id 1}]`, a MATCH response with
    /// `[{name x}]` (2; without optimistic updates 4).
    case matchDropsItemsWithoutID = "client-match-drops-items-without-id"
    /// MATCH compares ids by their text, as a stringly keyed map or JavaScript's `==` does: `1` matches `"1"`.
    /// Minimal: an optimistic `[{id "1"}]`, a MATCH response with `[{id 1}]` (2; without optimistic updates 4).
    case matchIDsAsText = "client-match-ids-as-text"
    /// An APPEND component sent with `"payload": null` empties the cached payload, instead of leaving it as a
    /// component sent without one does. Minimal: an optimistic `{"items": [a]}`, an APPEND response with
    /// `"payload": null` (2; without optimistic updates 4).
    case mergeNullPayloadClears = "client-merge-null-payload-clears"
    /// REPLACE (or no strategy) keeps the cached payload's fields the incoming payload leaves out. Minimal: an
    /// optimistic `{"x": 1}`, a response sending the same component `{"y": 2}` without a strategy (2; without
    /// optimistic updates 4).
    case replaceKeepsFields = "client-replace-keeps-fields"
    /// A meta patch is merged recursively into nested objects. Minimal: an action, a response patching
    /// `{"user": {"id": 1}}`, an action, a response patching `{"user": {"tier": "gold"}}` (4: two patches need two
    /// answered requests).
    case metaDeepMerged = "client-meta-deep-merged"
    /// The meta becomes the response's patch, losing every key it leaves out. Minimal: an action, a response
    /// patching `{"a": 1}`, an action, a response patching `{"b": 2}` (4).
    case metaReplacedByPatch = "client-meta-replaced-by-patch"
    /// A patched key set to `null` is deleted from the meta instead of holding `null`. Minimal: an action, a
    /// response patching `{"a": null}` (2).
    case metaNullDeletesKey = "client-meta-null-deletes-key"
    /// The client writes the action's origin screen into its meta when it sends an action. Minimal: one action (1).
    case metaStampedByClient = "client-meta-stamped-by-client"
    /// The cache keeps only the screens the latest response sent, as if every response were complete. Minimal: an
    /// action updating `HOME/banner` optimistically, a response with an empty `screens` map (2; without optimistic
    /// updates 4).
    case partialClearsCache = "client-partial-clears-cache"
    /// A screen in a response loses the cached components the response leaves out. Minimal: an optimistic
    /// `HOME/banner`, a response sending `HOME` with only `HOME/list` (2; without optimistic updates 4: a response
    /// cannot remove what it sends itself, so an earlier response must cache the component).
    case absentComponentRemoved = "client-absent-component-removed"
    /// The cache is keyed by `rel` only: a component of one screen overwrites the same `rel` of another. Minimal:
    /// an action, a response sending `HOME/header` and `DETAIL/header` (2).
    case cacheKeyedByRel = "client-cache-keyed-by-rel"
    /// navigationMetrics fire when a screen loads (every screen of the response), not when it becomes active.
    /// Minimal: an action on `HOME`, a response with `HOME`'s navigationMetrics and no navigation (2).
    case navigationMetricsOnLoad = "client-navigation-metrics-on-load"
    /// navigationMetrics fire twice: at the metrics step and again once the navigation is applied. Minimal: an
    /// action, a response pushing `DETAIL` and carrying `DETAIL`'s navigationMetrics (2).
    case navigationMetricsTwice = "client-navigation-metrics-twice"
    /// Every metric list fires last to first (drained from the end). Minimal: an action, a response with a screen's
    /// metrics `[m1, m2]` (2).
    case metricsReversed = "client-metrics-reversed"
    /// actionMetrics fire even when the response rejects the action. Minimal: an action, a response with an
    /// actionResult `ERROR` carrying actionMetrics (2).
    case actionMetricsAfterRejection = "client-action-metrics-after-rejection"
    /// Screen metrics fire only for the screen that is active after the response. Minimal: an action on `HOME`, a
    /// response sending `OTHER` with metrics and no navigation (2).
    case screenMetricsOnlyActive = "client-screen-metrics-only-active"
    /// An action request carries the last meta patch received, not the full meta. Minimal: an action, a response
    /// patching `{"a": 1}`, an action, a response patching `{"b": 2}`, an action (5: the full meta differs from the
    /// last patch only after two patches, and a request must follow them).
    case requestCarriesPatch = "client-request-carries-patch"
    /// A waiting action is sent with the meta as it was when the user dispatched it, not when it is sent. Minimal:
    /// an action, a second action (it waits), a response patching `{"a": 1}` (3: the response sends the second).
    case queuedRequestStaleMeta = "client-queued-request-stale-meta"
    /// The x-request-id is an idempotency key made of the request's kind, screen and action type, so a repeated
    /// action reuses it. Minimal: an action, a response, the same action again (3; or an action, the same action
    /// waiting, a response that sends it).
    case requestIDReused = "client-request-id-reused"
    /// An action dispatched while a request is in flight is sent at once. Minimal: two actions (2).
    case twoInFlight = "client-two-in-flight"
    /// Waiting actions are sent newest first. Minimal: three actions (two wait), a response (4).
    case queueNewestFirst = "client-queue-newest-first"
    /// A waiting action's optimistic component update is applied when the user dispatches it, not when it is sent.
    /// Minimal: an action, a second action with an optimistic update (it waits) (2).
    case queuedOptimisticAtDispatch = "client-queued-optimistic-at-dispatch"
    /// A rejected action's optimistic component update stays. Minimal: an action with an optimistic update, a
    /// response with an actionResult `ERROR` (2).
    case optimisticUpdateNeverRolledBack = "client-optimistic-update-never-rolled-back"
    /// A rejected action restores the whole cache as it was when the action was sent, dropping what the rejecting
    /// response itself sent, even the updated component. Minimal: an action updating `HOME/toggle` optimistically,
    /// a response with an actionResult `ERROR` that sends `HOME/toggle` itself (2).
    case wholeCacheRolledBack = "client-whole-cache-rolled-back"
    /// A component whose behavior the client has no renderer for (not VISIBLE, HIDDEN or LOADING) is not cached.
    /// Minimal: an action, a response sending a component with behavior `SPARKLE` (2).
    case unknownBehaviorDropped = "client-unknown-behavior-dropped"
    /// A component with a merge strategy the client does not know is not cached (it fails instead of merging as
    /// REPLACE). Minimal: an action, a response sending a component with mergeStrategy `UPSERT` (2).
    case unknownStrategyFails = "client-unknown-strategy-fails"
    /// POP is applied optimistically. Minimal: an action, a response pushing `DETAIL`, an action with an optimistic
    /// POP (3: POP on the one-screen stack is refused anyway, and a second action is sent only after a response).
    case optimisticPopApplied = "client-optimistic-pop-applied"
    /// FAILED clears the pending change but leaves the optimistic stack. Minimal: an action with an optimistic PUSH,
    /// a response with FAILED (2).
    case failedNoRollback = "client-failed-no-rollback"
    /// An actionResult of a type the client does not know (not SUCCESS, ERROR, FORM_ERROR or TOAST) is not shown.
    /// Minimal: an action, a response with an actionResult `CONFETTI` (2).
    case unknownActionResultHidden = "client-unknown-action-result-hidden"
    /// The actionResult is shown before the navigation is executed. Minimal: an action, a response pushing `DETAIL`
    /// with an actionResult `SUCCESS` (2).
    case actionResultBeforeNavigation = "client-action-result-before-navigation"
    /// A response's `currentScreen` is ignored: the client keeps the screen it rendered. Minimal: an action, a
    /// response whose currentScreen is `HOME` (2).
    case currentScreenIgnored = "client-current-screen-ignored"

    /// What the bug does, in one line.
    package var summary: String {
        switch self {
        case .appendReplaces: return "APPEND replaces the cached component instead of appending its list items"
        case .matchByPosition: return "MATCH updates list items by position instead of by id"
        case .matchDropsUnmatched: return "MATCH drops the cached items the response did not match"
        case .matchAppendsMatched: return "MATCH appends a matched item instead of updating it in place"
        case .matchDropsItemsWithoutID: return "MATCH drops incoming items without an id"
        case .matchIDsAsText: return "MATCH compares ids as text: 1 matches \"1\""
        case .mergeNullPayloadClears: return "an APPEND with a null payload empties the cached payload"
        case .replaceKeepsFields: return "REPLACE keeps the cached payload fields the new payload leaves out"
        case .metaDeepMerged: return "meta patches are merged into nested objects instead of replacing the key"
        case .metaReplacedByPatch: return "the meta is replaced wholesale by each patch"
        case .metaNullDeletesKey: return "a meta key patched to null is deleted instead of holding null"
        case .metaStampedByClient: return "the client writes the action's screen into its meta"
        case .partialClearsCache: return "screens a response leaves out are dropped from the cache"
        case .absentComponentRemoved: return "components a response leaves out of a screen it sends are dropped"
        case .cacheKeyedByRel: return "the cache is keyed by rel only: one screen's component overwrites another's"
        case .navigationMetricsOnLoad: return "navigationMetrics fire when a screen loads, not when it becomes active"
        case .navigationMetricsTwice: return "navigationMetrics fire twice, before and after the navigation"
        case .metricsReversed: return "metrics fire last to first"
        case .actionMetricsAfterRejection: return "actionMetrics fire after a rejected action"
        case .screenMetricsOnlyActive: return "screen metrics fire only for the active screen"
        case .requestCarriesPatch: return "an action request carries the last meta patch instead of the full meta"
        case .queuedRequestStaleMeta: return "a waiting action is sent with the meta from when it was dispatched"
        case .requestIDReused: return "the request id is built from the action, so a repeated action reuses it"
        case .twoInFlight: return "an action dispatched while a request is in flight is sent at once"
        case .queueNewestFirst: return "waiting actions are sent newest first"
        case .queuedOptimisticAtDispatch: return "a waiting action's optimistic update is applied when dispatched"
        case .optimisticUpdateNeverRolledBack: return "a rejected action's optimistic component update stays"
        case .wholeCacheRolledBack: return "a rejected action rolls the whole cache back, losing what the response sent"
        case .unknownBehaviorDropped: return "a component with an unknown behavior is not cached"
        case .unknownStrategyFails: return "a component with an unknown merge strategy is not cached"
        case .optimisticPopApplied: return "POP is applied optimistically"
        case .failedNoRollback: return "FAILED leaves the optimistic stack in place"
        case .unknownActionResultHidden: return "an actionResult of an unknown type is not shown"
        case .actionResultBeforeNavigation: return "the actionResult is shown before the navigation is executed"
        case .currentScreenIgnored: return "a response's currentScreen is ignored"
        }
    }

    /// Every RUF- rule the bug breaks: its own ``rule``, and the ones its wrong merge also reaches (matching by
    /// position replaces an item without an id too, which RUF-MATCH-NO-ID adds at the end).
    package var rules: [String] {
        switch self {
        case .matchByPosition: return [rule, .rufMatchNoID]
        default: return [rule]
        }
    }

    /// The RUF- rule the bug breaks (``ClientRules``).
    package var rule: String {
        switch self {
        case .appendReplaces: return .rufMergeAppend
        case .matchByPosition, .matchDropsUnmatched, .matchAppendsMatched, .matchIDsAsText: return .rufMergeMatch
        case .mergeNullPayloadClears: return .rufMergeAppend
        case .matchDropsItemsWithoutID: return .rufMatchNoID
        case .replaceKeepsFields: return .rufMergeReplace
        case .metaDeepMerged, .metaReplacedByPatch, .metaNullDeletesKey: return .rufMetaMerge
        case .metaStampedByClient: return .rufMetaReadonly
        case .partialClearsCache, .absentComponentRemoved: return .rufPartial
        case .cacheKeyedByRel: return .rufCacheKey
        case .navigationMetricsOnLoad, .navigationMetricsTwice: return .rufNavMetrics
        case .metricsReversed: return .rufMetricOrder
        case .actionMetricsAfterRejection: return .rufActionMetrics
        case .screenMetricsOnlyActive: return .rufScreenMetrics
        case .requestCarriesPatch, .queuedRequestStaleMeta: return .rufRequestMeta
        case .requestIDReused: return .rufRequestID
        case .twoInFlight: return .rufOneInFlight
        case .queueNewestFirst, .queuedOptimisticAtDispatch: return .rufQueue
        case .optimisticUpdateNeverRolledBack, .wholeCacheRolledBack: return .rufComponentRollback
        case .unknownBehaviorDropped, .unknownStrategyFails: return .rufLenient
        case .optimisticPopApplied: return .rufNoOptimisticPop
        case .failedNoRollback: return .rufRollback
        case .unknownActionResultHidden: return .rufActionResult
        case .actionResultBeforeNavigation: return .rufOrder
        case .currentScreenIgnored: return .rufCurrentScreen
        }
    }

    /// The number of inputs of the smallest counterexample from a reset to a one-screen stack, optimistic component
    /// updates allowed: what the suite's shrinker must reach.
    package var minimalInputs: Int {
        switch self {
        case .metaStampedByClient: return 1
        case .queuedRequestStaleMeta, .requestIDReused, .optimisticPopApplied: return 3
        case .metaDeepMerged, .metaReplacedByPatch, .queueNewestFirst: return 4
        case .requestCarriesPatch: return 5
        default: return 2
        }
    }

    /// The same minimum for an implementation that declares no optimistic component updates; `nil` when the bug
    /// cannot show without them.
    package var minimalInputsWithoutOptimisticUpdates: Int? {
        switch self {
        case .appendReplaces, .matchByPosition, .matchDropsUnmatched, .matchAppendsMatched, .matchDropsItemsWithoutID,
            .matchIDsAsText, .mergeNullPayloadClears, .replaceKeepsFields, .partialClearsCache, .absentComponentRemoved:
            return 4
        // Both need an optimistic update to show at all.
        case .queuedOptimisticAtDispatch, .optimisticUpdateNeverRolledBack, .wholeCacheRolledBack: return nil
        default: return minimalInputs
        }
    }

    /// The number of inputs of the smallest counterexample the client suite can find: its runs start with the session
    /// create, whose answer must come before a first action is sent (so an action's optimistic update never lands in
    /// an empty cache without a response first).
    package var minimalRun: Int {
        switch self {
        case .appendReplaces, .matchByPosition, .matchDropsUnmatched, .matchAppendsMatched, .matchDropsItemsWithoutID,
            .matchIDsAsText, .mergeNullPayloadClears, .replaceKeepsFields, .partialClearsCache, .absentComponentRemoved,
            .metaDeepMerged, .metaReplacedByPatch,
            .queueNewestFirst, .optimisticUpdateNeverRolledBack, .wholeCacheRolledBack, .failedNoRollback:
            return 4
        case .requestCarriesPatch, .requestIDReused: return 5
        case .metaStampedByClient, .queuedRequestStaleMeta, .optimisticPopApplied: return 3
        default: return 2
        }
    }
}
