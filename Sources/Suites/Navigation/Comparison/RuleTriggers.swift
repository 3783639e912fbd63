import FlowCheckEngine
import NavigationModel
import PropertyTesting

/// A rule a step can fall under, by position: a step's rules are then a bitmask and a plan's counts a fixed table,
/// so that counting them hashes no string and allocates nothing per step.
enum StepRule: Int, CaseIterable {
    case stack, ignore, reject, flowRoot, base, flowless, pushKeep, pushRemovePrevious, pushStartNew, replace, reset
    case pop, popRoot, present, dismiss, dismissRoot, popTo, popToMissing, popToRoot, failedIdle
    case validMode, validDest, validBehavior, validTarget
    case idle, settle, inFlight, notOptimistic, missingID, optimistic, noNavigation, confirm, rollback, redirect

    /// The rule's ID.
    var id: String { Self.ids[rawValue] }

    /// The IDs, in the cases' order.
    static let ids: [String] = [
        .navStack, .navIgnore, .navReject, .navFlowRoot, .navBase, .navFlowless, .navPushKeep,
        .navPushRemovePrevious, .navPushStartNew, .navReplace, .navReset, .navPop, .navPopRoot,
        .navPresent, .navDismiss, .navDismissRoot, .navPopTo, .navPopToMissing, .navPopToRoot,
        .navFailedIdle, .navValidMode, .navValidDest, .navValidBehavior, .navValidTarget,
        .sesIdle, .sesSettle, .sesInFlight, .sesNotOptimistic, .sesMissingID, .sesOptimistic,
        .sesNoNavigation, .sesConfirm, .sesRollback, .sesRedirect,
    ]
}

/// A set of ``StepRule``s.
struct StepRules: Equatable {
    var bits: UInt64 = 0

    mutating func insert(_ rule: StepRule) { bits |= 1 << UInt64(rule.rawValue) }

    func contains(_ rule: StepRule) -> Bool { bits & (1 << UInt64(rule.rawValue)) != 0 }

    /// The IDs, in ``StepRule``'s order.
    var ids: [String] {
        var result: [String] = []
        var rest = bits
        while rest != 0 {
            result.append(StepRule.ids[rest.trailingZeroBitCount])
            rest &= rest &- 1
        }
        return result
    }
}

/// How many steps of a plan fall under each rule, counted by position.
struct RuleTally: Sendable {
    // Counted from the IDs: `allCases` makes a list of every case each time it is asked, at every run.
    private var tally = [Int](repeating: 0, count: StepRule.ids.count)

    mutating func count(_ rules: StepRules) {
        var rest = rules.bits
        while rest != 0 {
            tally[rest.trailingZeroBitCount] += 1
            rest &= rest &- 1
        }
    }

    /// The counts by position in ``StepRule/ids``, the list every plan shares.
    var counts: TriggerCounts { TriggerCounts(names: StepRule.ids, counts: tally) }
}

/// The rules a step falls under, judged from the model's side: the rule that governs the command in its state
/// (``RuleAttribution``), and the rules every step of its kind is also held to.
///
/// A rule's count of triggered steps says how well a run tested it ("held" needs a minimum), and a divergence at a
/// step is blamed only on rules the step falls under: a DISMISS with nothing presented is under NAV-DISMISS-ROOT,
/// never NAV-DISMISS, whatever the implementation did with it.
enum RuleTriggers {
    /// What a step's rules need from the state before it, taken before the model performs it: a step's rules are
    /// counted while a plan is generated, and holding the session from before would copy the stack at every step.
    struct Before {
        var rules: StepRules
        var flows: Bool
        /// A PUSH or REPLACE applied to a stack by this step: that stack's length, the start of its top layer, the
        /// entry there, and whether the step is a REPLACE of that entry (the layer's only one).
        var replacing: (count: Int, start: Int, entry: StackEntry?, replacesFirst: Bool)?
    }

    /// The rules of `command` known before it is performed in `session`'s state, in which it is `situation`.
    ///
    /// The stacks are read where the session keeps them: binding one to a local retained and released it at every
    /// generated step.
    /// `topLayerStart` is the session's stack's, when the caller has it found already.
    static func before(
        _ command: NavigationCommand, _ situation: CommandSituation, in session: NavigationSession,
        topLayerStart: Int? = nil
    ) -> Before {
        let flows = session.navigator.profile.flows
        var rules = StepRules()
        rules.insert(RuleAttribution.governing(situation, command: command, session: session))
        rules.insert(.stack)
        switch command {
        case .navigate(let directive?), .optimistic(let directive):
            if !directive.unknownFields.isEmpty { rules.insert(.ignore) }
            // A PUSH or REPLACE applied to a stack by this step: the session's stack, or the one from before the
            // pending change for a redirect.
            let pushes = directive.mode == .push || directive.mode == .replace
            var replacing: (count: Int, start: Int, entry: StackEntry?, replacesFirst: Bool)?
            switch situation {
            case .optimistic:
                rules.insert(
                    RuleAttribution.directive(directive, stack: session.stack, profile: session.navigator.profile))
                if pushes { replacing = Self.replacing(session.stack, start: topLayerStart, directive: directive) }
            case .directive:
                if case .navigate = command { rules.insert(.idle) }
                if pushes { replacing = Self.replacing(session.stack, start: topLayerStart, directive: directive) }
            case .answerRedirect:
                rules.insert(.settle)
                if session.pending != nil {
                    rules.insert(
                        RuleAttribution.directive(
                            directive, stack: session.pending!.stackBefore, profile: session.navigator.profile))
                    if pushes { replacing = Self.replacing(session.pending!.stackBefore, directive: directive) }
                }
            case .answerNone, .answerConfirm, .answerFailed:
                rules.insert(.settle)
            default:
                break
            }
            return Before(rules: rules, flows: flows, replacing: replacing)
        case .navigate(nil):
            switch situation {
            case .idleNone: rules.insert(.idle)
            case .answerNone: rules.insert(.settle)
            default: break
            }
            return Before(rules: rules, flows: flows, replacing: nil)
        }
    }

    /// What NAV-BASE needs of the stack a PUSH or REPLACE applies to: its length, the start of its top layer, the
    /// entry there, and whether the step takes that entry: a REPLACE of the layer's only entry, or a PUSH or REPLACE
    /// that removes every entry of the first one's flow.
    private static func replacing(
        _ base: borrowing ScreenStack, start known: Int? = nil, directive: NavigationDirective
    ) -> (count: Int, start: Int, entry: StackEntry?, replacesFirst: Bool) {
        let start = known ?? base.topLayerStart
        let entry = base.count > start ? base[start] : nil
        let removing = directive.flow?.behavior == .removePrevious || directive.flow?.behavior == .startNew
        let takes =
            (directive.mode == .replace && base.count == start + 1)
            || (removing && entry?.flow != nil && entry?.flow == directive.flow?.name)
        return (base.count, start, entry, takes)
    }

    /// The rules of a step, given what was known before it and the model's reply.
    static func rules(_ before: Before, reply: NavigationReply) -> StepRules {
        rules(before, outcome: reply.outcome, after: reply.state.stack)
    }

    /// The rules of a step, given what was known before it, the model's outcome and the stack after it (read where
    /// the model keeps it: a reply made at every generated step retained and released the stack for nothing).
    static func rules(_ before: Before, outcome: NavigationOutcome, after: ScreenStack) -> StepRules {
        var rules = before.rules
        let applied = outcome.isApplied
        if !applied { rules.insert(.reject) }
        if let replacing = before.replacing, applied {
            if before.flows { rules.insert(.flowRoot) }
            // NAV-BASE: the removal took the top layer's first entry, whose presentation the layer keeps (also where
            // the entry now first is equal to it).
            if let entry = replacing.entry, after.count > replacing.start,
                after[replacing.start] != entry || replacing.replacesFirst
            {
                rules.insert(.base)
            }
        }
        return rules
    }

    /// The IDs of the rules `command`, sent in `session`'s state, falls under; `reply` is the model's reply.
    static func rules(
        for command: NavigationCommand, before session: NavigationSession, reply: NavigationReply
    ) -> [String] {
        rules(before(command, CommandSituation(command, before: session), in: session), reply: reply).ids
    }
}
