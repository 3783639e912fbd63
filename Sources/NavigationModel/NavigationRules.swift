public import ConformanceRules

extension Suite {
    /// Directives applied to a stack (NAV- rules).
    public static let navigation = Suite("navigation")
    /// Optimistic navigation in a session (SES- rules).
    public static let session = Suite("session")
}

/// The normative rules of the navigation model (NAV-) and of sessions (SES-).
///
/// The full text, an example and the source of each rule are in <doc:Semantics>.
public enum NavigationRules {
    /// The rule with this ID, if any.
    public static func named(_ id: String) -> Rule? { byID[id] }

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// Every rule, in the order of <doc:Semantics>.
    public static let all: [Rule] = [
        rule(
            .navStack, .must, "The stack is never empty and entry 0 is its only root entry.",
            source: "kit model; RUF stack modes"),
        rule(
            .navIgnore, .must,
            "Unknown directive fields (transition, screenParams, anything else) never cause a rejection.",
            source: "RUF directive fields"),
        rule(
            .navValidMode, .should,
            "A directive whose mode is not one of the nine modes is rejected with unknownMode.", source: "kit decision"),
        rule(
            .navValidDest, .should,
            "PUSH, REPLACE, RESET and PRESENT without a screen or a named flow are rejected with missingScreen or missingFlow.",
            source: "RUF directive fields; kit decision on the reason"),
        rule(
            .navValidBehavior, .should,
            "A flow behavior other than KEEP, REMOVE_PREVIOUS or START_NEW (such as REPLACE) is rejected with unknownBehavior.",
            source: "RUF flows page; kit decision"),
        rule(
            .navValidTarget, .should, "POP_TO without a screen is rejected with missingScreen.",
            source: "kit decision"),
        rule(.navReject, .should, "A rejected directive changes nothing at all.", source: "kit decision"),
        rule(
            .navPushKeep, .must, "PUSH with KEEP appends the screen and removes nothing.",
            source: "RUF flows page (KEEP)"),
        rule(
            .navPushRemovePrevious, .must,
            "PUSH with REMOVE_PREVIOUS removes every screen of the flow in the top layer, then pushes.",
            source: "RUF flows page (REMOVE_PREVIOUS)"),
        rule(
            .navPushStartNew, .must,
            "PUSH with START_NEW removes every screen of the flow in the top layer, then pushes the screen as the flow's root.",
            source: "RUF flows page (START_NEW)"),
        rule(
            .navFlowRoot, .must,
            "A pushed screen is its flow's root exactly when the top layer held no screen of that flow (or with START_NEW); a layer never holds two roots of one flow.",
            source: "RUF flows page; kit decision for KEEP and REMOVE_PREVIOUS"),
        rule(
            .navFlowless, .should,
            "Without flows (a route-array implementation), PUSH, REPLACE, RESET and PRESENT need only a screen: their entry belongs to no flow and is no flow root, and no behavior applies.",
            source: "FlowStacks routes; kit decision"),
        rule(
            .navBase, .should,
            "When a removal deletes a layer's first entry, the first entry left in the layer takes over its presentation (root or modal).",
            source: "kit decision"),
        rule(
            .navReplace, .must, "REPLACE removes the top entry, then acts as PUSH with the same flow object.",
            source: "RUF stack modes (REPLACE)"),
        rule(
            .navReset, .must, "RESET leaves exactly one entry: the target, as root and flow root.",
            source: "RUF stack modes (RESET)"),
        rule(
            .navPop, .must, "POP removes the top entry, closing its layer when it was the layer's base.",
            source: "RUF stack modes (POP); FlowStacks goBack"),
        rule(
            .navPopRoot, .should, "POP on a stack holding only its root is rejected with cannotPopRoot.",
            source: "kit decision (RUF is silent)"),
        rule(
            .navPresent, .must, "PRESENT starts a new layer whose base is the target, marked as its flow's root.",
            source: "FlowStacks presentSheet/presentCover; FlowKit present"),
        rule(
            .navDismiss, .must, "DISMISS removes the whole top presented layer, with everything pushed on it.",
            source: "FlowStacks dismiss; FlowKit dismiss"),
        rule(
            .navDismissRoot, .should,
            "DISMISS with nothing presented is rejected with nothingToDismiss and never clears the stack.",
            source: "kit decision; FlowKit dismiss does nothing; reported FlowStacks bug"),
        rule(
            .navPopTo, .must,
            "POP_TO removes every entry above the topmost entry showing the screen: in the top layer (owned) or the whole stack (shared).",
            source: "FlowStacks goBackTo; FlowKit popTo; FlowStacks nesting"),
        rule(
            .navPopToMissing, .should,
            "POP_TO to a screen that is not in the searched range is rejected with targetNotFound.",
            source: "kit decision"),
        rule(
            .navPopToRoot, .must,
            "POP_TO_ROOT returns to the top layer's first entry (owned) or to entry 0 (shared).",
            source: "FlowStacks goBackToRoot and nesting; FlowKit popToRoot"),
        rule(
            .navFailedIdle, .must, "FAILED with nothing pending changes nothing: the client stays where it is.",
            source: "RUF stack modes (FAILED)"),
        rule(
            .sesOptimistic, .must,
            "An optimistic PUSH, REPLACE or RESET is applied at once and recorded as pending under its id.",
            source: "RUF optimistic navigation"),
        rule(
            .sesInFlight, .must,
            "An optimistic change while another is pending is rejected with actionInFlight and changes nothing.",
            source: "RUF client states (one action in flight)"),
        rule(
            .sesNotOptimistic, .must,
            "Only PUSH, REPLACE and RESET may be applied optimistically; anything else (POP above all) is rejected with notOptimistic.",
            source: "RUF optimistic navigation"),
        rule(
            .sesMissingID, .should, "An optimistic change without a non-empty id is rejected with missingId.",
            source: "RUF (the server must put an id on every directive); kit decision"),
        rule(
            .sesConfirm, .must,
            "The server's directive with the pending id and the same change confirms it: nothing is applied twice.",
            source: "RUF optimistic navigation"),
        rule(
            .sesRollback, .must,
            "FAILED while a change is pending restores exactly the stack from before that change.",
            source: "RUF stack modes (FAILED)"),
        rule(
            .sesNoNavigation, .must, "An answer with no navigation keeps the stack and settles the pending change.",
            source: "RUF (no directive: the current screen stays)"),
        rule(
            .sesSettle, .must,
            "Every answer from the server settles the pending change: afterwards nothing is pending.",
            source: "RUF optimistic navigation"),
        rule(
            .sesRedirect, .should,
            "Any other answer while a change is pending rolls it back, then applies the answer; the pending change is settled whatever the outcome.",
            source: "kit decision"),
        rule(
            .sesIdle, .must,
            "With nothing pending, the server's directive is applied as usual; no navigation changes nothing.",
            source: "RUF directives"),
    ]

    private static func rule(_ id: String, _ level: Rule.Level, _ summary: String, source: String) -> Rule {
        Rule(
            id: id, suite: id.hasPrefix("SES-") ? .session : .navigation, level: level, feature: feature(of: id),
            summary: summary, source: source)
    }

    /// The feature a rule belongs to, which reports group results by (see ``NavigationFeature``).
    static func feature(of id: String) -> String {
        switch id {
        case .navStack, .navIgnore, .navReject, .navBase, .navFlowRoot, .navFlowless: return "stack"
        case let id where id.hasPrefix("NAV-VALID-"): return "validation"
        case let id where id.hasPrefix("NAV-PUSH-"): return "push"
        case .navReplace: return "replace"
        case .navReset: return "reset"
        case .navPop, .navPopRoot: return "pop"
        case .navPresent: return "present"
        case .navDismiss, .navDismissRoot: return "dismiss"
        case .navPopTo, .navPopToMissing: return "pop-to"
        case .navPopToRoot: return "pop-to-root"
        case .navFailedIdle, .sesRollback: return "rollback"
        case .sesConfirm: return "confirm"
        case .sesNoNavigation, .sesIdle, .sesSettle: return "answer"
        case .sesRedirect: return "redirect"
        default: return "optimistic"
        }
    }
}
