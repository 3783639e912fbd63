import NavigationModel

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
        var rules: [String]
        var flows: Bool
        /// A PUSH or REPLACE applied to a stack by this step: that stack's length, the start of its top layer, and
        /// the entry there.
        var replacing: (count: Int, start: Int, entry: Entry?)?
    }

    /// The rules of `command` known before it is performed in `session`'s state.
    static func before(_ command: Command, in session: Session) -> Before {
        let profile = session.navigator.profile
        var rules = [RuleAttribution.rule(for: command, before: session), "NAV-STACK"]
        if let directive = command.directive, !directive.unknownFields.isEmpty { rules.append("NAV-IGNORE") }
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
        var replacing: (count: Int, start: Int, entry: Entry?)?
        if let (directive, base) = applied, directive.mode == .push || directive.mode == .replace {
            let start = base.topLayerStart
            replacing = (base.count, start, base.count > start ? base[start] : nil)
        }
        return Before(rules: rules, flows: profile.flows, replacing: replacing)
    }

    /// The rules of a step, given what was known before it and the model's reply.
    static func rules(_ before: Before, reply: Reply) -> [String] {
        var rules = before.rules
        let applied = reply.outcome.isApplied
        if !applied { rules.append("NAV-REJECT") }
        if let replacing = before.replacing, applied {
            if before.flows { rules.append("NAV-FLOW-ROOT") }
            // NAV-BASE: the removal took the top layer's first entry, whose presentation the layer keeps.
            let after = reply.state.stack
            if let entry = replacing.entry, after.count > replacing.start, after[replacing.start] != entry {
                rules.append("NAV-BASE")
            }
        }
        var distinct: [String] = []
        for rule in rules where !distinct.contains(rule) { distinct.append(rule) }
        return distinct
    }

    /// The IDs of the rules `command`, sent in `session`'s state, falls under; `reply` is the model's reply.
    static func rules(for command: Command, before session: Session, reply: Reply) -> [String] {
        rules(before(command, in: session), reply: reply)
    }
}
