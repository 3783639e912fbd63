/// The named invariants the kit checks on every step an implementation takes.
///
/// Each invariant looks only at the implementation's own trace (the state
/// before, the command, the reply), never at the model's answer, so that it can
/// say *which* rule broke. IDs are stable; <doc:Semantics> lists them with their rules.
public enum InvariantCatalogue {
    /// Every invariant, in a stable order.
    public static let all: [Invariant] = stack + validation + flows + modes + session

    static let stack: [Invariant] = [
        Invariant(
            id: "INV-STACK-SHAPE", rule: .navStack,
            message: "the stack is empty, or entry 0 is not its only root entry"
        ) { o in
            o.after.stack.shapeProblem == nil
        },
        Invariant(
            id: "INV-ONE-FLOW-ROOT", rule: .navFlowRoot,
            message: "a layer holds two flow roots of the same flow"
        ) { o in
            !o.before.stack.duplicateFlowRoots.isEmpty || o.after.stack.duplicateFlowRoots.isEmpty
        },
        Invariant(
            id: "INV-REJECT-CHANGES-NOTHING", rule: .navReject,
            message: "a rejected directive changed the stack or the pending change"
        ) { o in
            guard case .apply(_, _, afterRollback: false) = o.effect, !o.reply.outcome.isApplied else { return true }
            return o.after == o.before
        },
    ]

    static let validation: [Invariant] = [
        rejectsInvalid(
            "INV-UNKNOWN-MODE-REJECTED", .navValidMode, .unknownMode,
            "a directive with an unknown mode was applied"),
        rejectsInvalid(
            "INV-DESTINATION-REQUIRED", .navValidDest, .missingScreen,
            "a destination directive without a screen was applied"),
        rejectsInvalid(
            "INV-FLOW-REQUIRED", .navValidDest, .missingFlow,
            "a destination directive without a named flow was applied"),
        rejectsInvalid(
            "INV-BEHAVIOR-CHECKED", .navValidBehavior, .unknownBehavior,
            "a directive whose behavior is not KEEP, REMOVE_PREVIOUS or START_NEW was applied"),
    ]

    static let flows: [Invariant] = [
        Invariant(
            id: "INV-KEEP-REMOVES-NOTHING", rule: .navPushKeep,
            message: "PUSH with KEEP removed or changed an existing entry, or did not push the target"
        ) { o in
            guard let (d, base) = o.applied(.push), d.flow?.behavior == .keep else { return true }
            let after = o.after.stack.entries
            return after.count == base.count + 1 && Array(after.dropLast()) == base.entries && o.topIsTarget(d)
        },
        Invariant(
            id: "INV-REMOVE-PREVIOUS-CLEARS-FLOW", rule: .navPushRemovePrevious,
            message: "after PUSH with REMOVE_PREVIOUS, another screen of the flow is still in the top layer"
        ) { o in
            guard let (d, _) = o.applied(.push), d.flow?.behavior == .removePrevious else { return true }
            return o.topIsTarget(d) && o.flowCountInTopLayer(d.flow!.name!) == 1
        },
        Invariant(
            id: "INV-START-NEW-CLEARS-FLOW", rule: .navPushStartNew,
            message: "after PUSH with START_NEW, another screen of the flow is still in the top layer"
        ) { o in
            guard let (d, _) = o.applied(.push), d.flow?.behavior == .startNew else { return true }
            return o.topIsTarget(d) && o.flowCountInTopLayer(d.flow!.name!) == 1
        },
        Invariant(
            id: "INV-REMOVAL-KEEPS-OTHERS", rule: .navPushRemovePrevious,
            message:
                "after a PUSH that removes a flow's screens, the entries left are not the earlier ones minus that flow's screens in the top layer, in order"
        ) { o in
            guard let (d, base) = o.applied(.push), let behavior = d.flow?.behavior, behavior != .keep,
                let flow = d.flow?.name
            else { return true }
            let start = base.topLayerStart
            let expected = base.entries.enumerated().filter { $0.offset < start || $0.element.flow != flow }.map(
                \.element)
            return sameScreens(Array(o.after.stack.entries.dropLast()), expected)
        },
        Invariant(
            id: "INV-START-NEW-MARKS-ROOT", rule: .navPushStartNew,
            message: "the screen pushed with START_NEW is not marked as its flow's root"
        ) { o in
            guard let (d, _) = o.applied(.push) ?? o.applied(.replace), d.flow?.behavior == .startNew else {
                return true
            }
            return o.after.stack.last?.flowRoot == true
        },
        Invariant(
            id: "INV-FLOW-ROOT-MARK", rule: .navFlowRoot,
            message:
                "a screen pushed with KEEP or REMOVE_PREVIOUS has the wrong flow-root mark (it is the root exactly when the top layer held no screen of its flow)"
        ) { o in
            let pushed = o.applied(.push), replaced = o.applied(.replace)
            guard let (d, base) = pushed ?? replaced, let behavior = d.flow?.behavior, behavior != .startNew,
                let flow = d.flow?.name
            else { return true }
            var layer = Array(base.entries[base.topLayerStart...])
            if replaced != nil { layer.removeLast() }
            let had = layer.contains { $0.flow == flow }
            return o.after.stack.last?.flowRoot == !had
        },
        Invariant(
            id: "INV-BASE-PRESENTATION", rule: .navBase,
            message: "a removal deleted the top layer's first entry and the layer lost its presentation (root or modal)"
        ) { o in
            guard let (_, base) = o.applied(.push) ?? o.applied(.replace) else { return true }
            let start = base.topLayerStart
            // A layer gone whole, or the layers below it changed, is another rule's doing (what the step removed).
            guard o.after.stack.count > start,
                Array(o.after.stack.entries.prefix(start)) == Array(base.entries.prefix(start))
            else { return true }
            return o.after.stack[start].presentation == base[start].presentation
        },
        Invariant(
            id: "INV-PUSH-TOP-LAYER-ONLY", rule: .navPushRemovePrevious,
            message: "a PUSH or REPLACE changed an entry below the top layer"
        ) { o in
            guard let (_, base) = o.applied(.push) ?? o.applied(.replace) else { return true }
            let start = base.topLayerStart
            return o.after.stack.count >= start
                && Array(o.after.stack.entries.prefix(start)) == Array(base.entries.prefix(start))
        },
    ]

    static let modes: [Invariant] = [
        Invariant(
            id: "INV-REPLACE-SWAPS-TOP", rule: .navReplace,
            message: "REPLACE with KEEP did not swap exactly the top entry for the target"
        ) { o in
            guard let (d, base) = o.applied(.replace), d.flow?.behavior == .keep else { return true }
            let after = o.after.stack.entries
            return after.count == base.count && sameScreens(Array(after.dropLast()), Array(base.entries.dropLast()))
                && o.topIsTarget(d)
        },
        Invariant(
            id: "INV-FLOWLESS-PLAIN-ENTRY", rule: .navFlowless,
            message:
                "without flows, PUSH or REPLACE did not put the target on the unchanged stack (less its top for REPLACE) as a plain entry, with no flow and no flow root"
        ) { o in
            guard !o.profile.flows, let (d, base) = o.applied(.push) ?? o.applied(.replace) else { return true }
            let kept = d.mode == .replace ? Array(base.entries.dropLast()) : base.entries
            guard let top = o.after.stack.last else { return false }
            return sameScreens(Array(o.after.stack.entries.dropLast()), kept) && top.screen == d.screen
                && top.flow == nil && !top.flowRoot
        },
        Invariant(
            id: "INV-RESET-SINGLE-ROOT", rule: .navReset,
            message: "RESET did not leave exactly the target as the only entry, marked root and flow root"
        ) { o in
            guard let (d, _) = o.applied(.reset) else { return true }
            return o.after.stack.entries == [
                StackEntry(screen: d.screen!, flow: o.flowName(d), flowRoot: o.profile.flows, presentation: .root)
            ]
        },
        Invariant(
            id: "INV-POP-REMOVES-TOP", rule: .navPop,
            message: "POP did not remove exactly the top entry"
        ) { o in
            guard let (_, base) = o.applied(.pop) else { return true }
            return o.after.stack.entries == Array(base.entries.dropLast())
        },
        Invariant(
            id: "INV-POP-ROOT-REJECTED", rule: .navPopRoot,
            message: "POP on a stack holding only its root was applied"
        ) { o in
            guard case .apply(let d, let base, _) = o.effect, d.mode == .pop, base.count == 1 else { return true }
            return !o.reply.outcome.isApplied
        },
        Invariant(
            id: "INV-PRESENT-NEW-LAYER", rule: .navPresent,
            message:
                "PRESENT did not add exactly one modal entry, marked as its flow's root, on top of the unchanged stack"
        ) { o in
            guard let (d, base) = o.applied(.present) else { return true }
            let expected =
                base.entries + [
                    StackEntry(screen: d.screen!, flow: o.flowName(d), flowRoot: o.profile.flows, presentation: .modal)
                ]
            return o.after.stack.entries == expected
        },
        Invariant(
            id: "INV-DISMISS-LAYER", rule: .navDismiss,
            message: "DISMISS did not remove exactly the top presented layer"
        ) { o in
            guard let (_, base) = o.applied(.dismiss) else { return true }
            let start = base.topLayerStart
            return start > 0 && o.after.stack.entries == Array(base.entries.prefix(start))
        },
        Invariant(
            id: "INV-DISMISS-ROOT-REJECTED", rule: .navDismissRoot,
            message: "DISMISS with nothing presented was applied"
        ) { o in
            guard case .apply(let d, let base, _) = o.effect, d.mode == .dismiss, base.topLayerStart == 0 else {
                return true
            }
            return !o.reply.outcome.isApplied
        },
        Invariant(
            id: "INV-POP-TO-TOPMOST", rule: .navPopTo,
            message: "POP_TO did not stop at the topmost entry showing the target in the searched range"
        ) { o in
            guard let (d, base) = o.applied(.popTo), let target = d.screen else { return true }
            let after = o.after.stack.entries
            let lowest = o.profile.nesting == .owned ? base.topLayerStart : 0
            return after.count > lowest && after.count <= base.count && after == Array(base.entries.prefix(after.count))
                && after.last?.screen == target && !base.entries[after.count...].contains { $0.screen == target }
        },
        Invariant(
            id: "INV-POP-TO-MISSING-REJECTED", rule: .navPopToMissing,
            message: "POP_TO to a screen outside the searched range was applied"
        ) { o in
            guard case .apply(let d, let base, _) = o.effect, d.mode == .popTo, let target = d.screen, !target.isEmpty
            else { return true }
            let lowest = o.profile.nesting == .owned ? base.topLayerStart : 0
            return base.entries[lowest...].contains { $0.screen == target } || !o.reply.outcome.isApplied
        },
        Invariant(
            id: "INV-POP-TO-ROOT", rule: .navPopToRoot,
            message: "POP_TO_ROOT did not return to the top layer's first entry (owned) or to entry 0 (shared)"
        ) { o in
            guard let (_, base) = o.applied(.popToRoot) else { return true }
            let keep = o.profile.nesting == .owned ? base.topLayerStart + 1 : 1
            return o.after.stack.entries == Array(base.entries.prefix(keep))
        },
        Invariant(
            id: "INV-FAILED-IDLE", rule: .navFailedIdle,
            message: "FAILED with nothing pending was rejected or changed the stack"
        ) { o in
            guard case .apply(let d, let base, false) = o.effect, d.mode == .failed else { return true }
            return o.reply.outcome.isApplied && o.after.stack == base
        },
    ]

    static let session: [Invariant] = [
        Invariant(
            id: "INV-OPTIMISTIC-PENDING", rule: .sesOptimistic,
            message: "an applied optimistic change is not pending under its id"
        ) { o in
            guard case .optimistic(let d) = o.command, case .apply = o.effect, o.reply.outcome.isApplied else {
                return true
            }
            return o.after.pendingID == d.id
        },
        Invariant(
            id: "INV-ONE-IN-FLIGHT", rule: .sesInFlight,
            message: "an optimistic change was accepted while another was pending, or changed the state"
        ) { o in
            guard case .optimisticInFlight = o.effect else { return true }
            return !o.reply.outcome.isApplied && o.after == o.before
        },
        Invariant(
            id: "INV-NOT-OPTIMISTIC", rule: .sesNotOptimistic,
            message: "a change other than PUSH, REPLACE or RESET (such as POP) was applied optimistically"
        ) { o in
            guard case .optimistic(let d) = o.command, case .apply = o.effect else { return true }
            return d.mode.map(NavigationMode.optimistic.contains) == true || !o.reply.outcome.isApplied
        },
        Invariant(
            id: "INV-OPTIMISTIC-NEEDS-ID", rule: .sesMissingID,
            message: "an optimistic change without an id was applied"
        ) { o in
            guard case .optimistic(let d) = o.command, case .apply = o.effect else { return true }
            return !(d.id ?? "").isEmpty || !o.reply.outcome.isApplied
        },
        Invariant(
            id: "INV-CONFIRM-CHANGES-NOTHING", rule: .sesConfirm,
            message: "the server's confirmation of a pending change changed the stack (applied it twice?)"
        ) { o in
            guard case .confirm = o.effect else { return true }
            return o.reply.outcome.isApplied && o.after.stack == o.before.stack
        },
        Invariant(
            id: "INV-FAILED-RESTORES", rule: .sesRollback,
            message: "FAILED did not restore exactly the stack from before the pending change"
        ) { o in
            guard case .rollback(let base) = o.effect else { return true }
            return o.after.stack == base
        },
        Invariant(
            id: "INV-NO-NAVIGATION-KEEPS", rule: .sesNoNavigation,
            message: "an answer with no navigation changed the stack"
        ) { o in
            guard case .noNavigation = o.effect else { return true }
            return o.after.stack == o.before.stack
        },
        Invariant(
            id: "INV-REDIRECT-ROLLS-BACK", rule: .sesRedirect,
            message:
                "an answer that differs from the pending change was not applied to the stack from before that change"
        ) { o in
            guard case .apply(_, let base, true) = o.effect, !o.reply.outcome.isApplied else { return true }
            return o.after.stack == base
        },
        Invariant(
            id: "INV-ANSWER-SETTLES", rule: .sesSettle,
            message: "a change is still pending after the server's answer"
        ) { o in
            guard case .navigate = o.command else { return true }
            return o.after.pendingID == nil
        },
    ]

    private static func rejectsInvalid(
        _ id: String, _ rule: String, _ reason: RejectionReason, _ message: String
    ) -> Invariant {
        Invariant(id: id, rule: rule, message: message) { o in
            guard case .apply(let d, _, _) = o.effect, ReferenceNavigator.validate(d, flows: o.profile.flows) == reason
            else {
                return true
            }
            return !o.reply.outcome.isApplied
        }
    }
}

/// Compares stacks by screen, flow and flow-root mark, not by presentation
/// (NAV-BASE may legitimately move a presentation).
func sameScreens(_ a: [StackEntry], _ b: [StackEntry]) -> Bool {
    a.count == b.count
        && zip(a, b).allSatisfy { $0.screen == $1.screen && $0.flow == $1.flow && $0.flowRoot == $1.flowRoot }
}

extension StepObservation {
    /// The directive and its base when this step applied a directive of `mode`.
    func applied(_ mode: NavigationMode) -> (NavigationDirective, ScreenStack)? {
        guard case .apply(let d, let base, _) = effect, d.mode == mode, reply.outcome.isApplied,
            ReferenceNavigator.validate(d, flows: profile.flows) == nil
        else { return nil }
        return (d, base)
    }

    /// The flow a valid destination's entry belongs to under this step's profile.
    func flowName(_ d: NavigationDirective) -> String? { profile.flows ? d.flow?.name : nil }

    /// Whether the top entry shows the directive's screen in its flow.
    func topIsTarget(_ d: NavigationDirective) -> Bool {
        after.stack.last?.screen == d.screen && after.stack.last?.flow == flowName(d)
    }

    /// How many entries of `flow` the top layer holds after the step.
    func flowCountInTopLayer(_ flow: String) -> Int {
        let stack = after.stack
        guard !stack.isEmpty else { return 0 }
        return stack.entries[stack.topLayerStart...].count { $0.flow == flow }
    }
}
