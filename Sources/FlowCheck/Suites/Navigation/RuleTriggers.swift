import NavigationModel

/// The rules a step falls under, judged from the model's side: the rule that governs the command in its state
/// (``RuleAttribution``), and the rules every step of its kind is also held to.
///
/// A rule's count of triggered steps says how well a run tested it ("held" needs a minimum), and a divergence at a
/// step is blamed only on rules the step falls under: a DISMISS with nothing presented is under NAV-DISMISS-ROOT,
/// never NAV-DISMISS, whatever the implementation did with it.
enum RuleTriggers {
    /// The IDs of the rules `command`, sent in `session`'s state, falls under; `reply` is the model's reply.
    static func rules(for command: Command, before session: Session, reply: Reply) -> [String] {
        let profile = session.navigator.profile
        var rules = [RuleAttribution.rule(for: command, before: session), "NAV-STACK"]
        if let directive = command.directive, !directive.unknownFields.isEmpty { rules.append("NAV-IGNORE") }
        if !reply.outcome.isApplied { rules.append("NAV-REJECT") }
        // The directive applied to a stack by this step, and that stack.
        var applied: (directive: Directive, base: ScreenStack)?
        switch CommandSituation(command, before: session) {
        case .optimistic:
            if let directive = command.directive {
                applied = (directive, session.stack)
                rules.append(RuleAttribution.directiveRule(directive, stack: session.stack, profile: profile))
            }
        case .directive(let directive):
            applied = (directive, session.stack)
            if case .navigate = command { rules.append("SES-IDLE") }
        case .idleNone:
            rules.append("SES-IDLE")
        case .answerRedirect:
            rules.append("SES-SETTLE")
            if let directive = command.directive, let base = session.pending?.stackBefore {
                applied = (directive, base)
                rules.append(RuleAttribution.directiveRule(directive, stack: base, profile: profile))
            }
        case .answerNone, .answerConfirm, .answerFailed:
            rules.append("SES-SETTLE")
        default:
            break
        }
        if let (directive, base) = applied, reply.outcome.isApplied,
            directive.mode == .push || directive.mode == .replace
        {
            if profile.flows { rules.append("NAV-FLOW-ROOT") }
            // NAV-BASE: the removal took the top layer's first entry, whose presentation the layer keeps.
            let start = base.topLayerStart
            let after = reply.state.stack
            if base.count > start, after.count > start, after[start] != base[start] { rules.append("NAV-BASE") }
        }
        var distinct: [String] = []
        for rule in rules where !distinct.contains(rule) { distinct.append(rule) }
        return distinct
    }

    /// Every step's rules counted over a plan: how many of its steps fell under each rule.
    static func counts(_ plan: RunPlan) -> [String: Int] {
        guard var session = try? Session(stack: plan.initial, profile: plan.profile) else { return [:] }
        var counts: [String: Int] = [:]
        for command in plan.commands {
            let before = session
            let reply = session.perform(command)
            for rule in rules(for: command, before: before, reply: reply) { counts[rule, default: 0] += 1 }
        }
        return counts
    }
}
