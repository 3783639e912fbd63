import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import JSON
public import NavigationModel
import PropertyTesting

/// One step of a failure's trace: the command, the model's reply and the implementation's.
public struct StepTrace: Hashable, Codable, Sendable {
    /// The command sent.
    public var command: NavigationCommand
    /// The reference model's reply.
    public var expected: NavigationReply
    /// The implementation's reply.
    public var actual: NavigationReply
}

/// What a stack suite's failure record carries in its `detail`, for tools and for saving it as a golden case.
public struct StepFailureDetail: Hashable, Codable, Sendable {
    /// The nesting profile.
    public var profile: NavigationProfile
    /// The stack the implementation was reset to.
    public var initial: ScreenStack
    /// Every step up to and including the first divergence.
    public var trace: [StepTrace]
    /// The index of the first diverging step (the last of the trace).
    public var divergingStep: Int
    /// The rule that governs the diverging step.
    public var governingRule: String
    /// The invariants the implementation's trace violates.
    public var violations: [Violation]

    /// The commands, in order.
    public var commands: [NavigationCommand] { trace.map(\.command) }
}

/// Turns a shrunk failing plan into a `FailureRecord`: the trace up to the first
/// divergence, the rules broken, the diff, the storyboard, and whether it is 1-minimal.
enum StackFailure {
    /// The implementation's replies to a plan; the implementation's own errors propagate (a breakdown).
    static func replies(of implementation: any NavigationImplementation, to plan: RunPlan) throws -> [NavigationReply] {
        let replies = try implementation.run(initial: plan.initial, profile: plan.profile, commands: plan.commands)
        guard replies.count == plan.commands.count else {
            throw Abort("the implementation gave \(replies.count) replies to \(plan.commands.count) commands")
        }
        return replies
    }

    static func firstDivergence(_ plan: RunPlan, _ replies: [NavigationReply], reasons: Bool) -> Int? {
        plan.firstDivergence(replies, reasons: reasons)
    }

    /// What a divergence at step `diverging` breaks, by cause: the invariants the implementation's reply violates
    /// there, counted only for rules the step falls under; when none is, the rule that governs the step.
    static func cause(
        _ plan: RunPlan, _ replies: [NavigationReply], diverging: Int,
        implementation: (any NavigationImplementation)? = nil,
        reasons: Bool = true
    ) -> (rules: [String], governing: String, violations: [Violation]) {
        var governing: String = .navStack
        var triggered: [String] = []
        var expected: NavigationReply?
        if var session = try? NavigationSession(stack: plan.initial, profile: plan.profile) {
            for command in plan.commands[..<diverging] { _ = session.perform(command) }
            governing = RuleAttribution.rule(for: plan.commands[diverging], before: session)
            var probe = session
            let reply = probe.perform(plan.commands[diverging])
            expected = reply
            triggered = RuleTriggers.rules(for: plan.commands[diverging], before: session, reply: reply)
        }
        let steps = (0...diverging).map { (plan.commands[$0], replies[$0]) }
        var violations = TraceMonitor.violations(profile: plan.profile, initial: plan.initial, steps: steps).filter {
            $0.step == diverging && triggered.contains($0.rule)
        }
        // The stack as the model's but for a presentation lost where a removal took a layer's first entry: the layer
        // merged into the one below, and what the other invariants see in the merged layer (another root of a flow,
        // another screen of the flow left) follows from that one loss.
        if violations.contains(where: { $0.rule == .navBase }), let expected,
            expected.outcome.isApplied == replies[diverging].outcome.isApplied,
            expected.state.pendingID == replies[diverging].state.pendingID
        {
            let (want, got) = (expected.state.stack.entries, replies[diverging].state.stack.entries)
            let onlyPresentation =
                want.count == got.count
                && zip(want, got).allSatisfy {
                    $0.screen == $1.screen && $0.flow == $1.flow && $0.flowRoot == $1.flowRoot
                }
            if onlyPresentation { violations.removeAll { $0.rule != .navBase } }
        }
        var rules: [String] = []
        for violation in violations where !rules.contains(violation.rule) { rules.append(violation.rule) }
        if triggered.contains(.navIgnore), let implementation,
            ignoresUnknownFields(plan, diverging: diverging, implementation: implementation, reasons: reasons) == false
        {
            // Without its unknown fields the same step agrees: the fields are what the implementation acted on.
            return ([.navIgnore], governing, [])
        }
        if triggered.contains(.sesRedirect),
            appliedWithoutRollback(
                plan, replies, diverging: diverging, implementation: implementation, reasons: reasons)
        {
            // The answer was applied to the optimistic stack instead of the one from before it: the mode's own
            // rule held on the wrong stack, so the cause is the missing rollback alone.
            return ([.sesRedirect], governing, violations.filter { $0.rule == .sesRedirect })
        }
        if triggered.contains(.sesRedirect),
            var before = try? NavigationSession(stack: plan.initial, profile: plan.profile)
        {
            for command in plan.commands[..<diverging] { _ = before.perform(command) }
            // One reply fits two causes: a wrong rollback (a stale or missing snapshot, taking the answer for a
            // confirmation) and a wrong mode applied after a right one. The implementation itself is asked to apply
            // the answer, with nothing pending, to the stack from before the change: doing that right, its mode is
            // right, and what diverged is the redirect's rollback.
            if let pending = before.pending, case .navigate(let directive?) = plan.commands[diverging],
                let implementation,
                let alone = try? RunPlan(
                    suite: plan.suite, profile: plan.profile, initial: pending.stackBefore,
                    commands: [.navigate(directive)]),
                let probe = try? self.replies(of: implementation, to: alone),
                firstDivergence(alone, probe, reasons: reasons) == nil
            {
                return ([.sesRedirect], governing, violations.filter { $0.rule == .sesRedirect })
            }
        }
        if rules.isEmpty, let session = try? NavigationSession(stack: plan.initial, profile: plan.profile) {
            var before = session
            for command in plan.commands[..<diverging] { _ = before.perform(command) }
            let reply = replies[diverging]
            switch plan.commands[diverging] {
            case .optimistic(let directive)
            where governing == .sesOptimistic && reply.state.pendingID == directive.id:
                // Applied and pending as SES-OPTIMISTIC asks, but not as the mode says: the mode's rule broke.
                return (
                    [RuleAttribution.directiveRule(directive, stack: before.stack, profile: plan.profile)], governing,
                    []
                )
            case .navigate(let directive?) where governing == .sesRedirect:
                // Rolled back (or the missing rollback was caught above), then the answer applied wrongly.
                if let base = before.pending?.stackBefore {
                    return (
                        [RuleAttribution.directiveRule(directive, stack: base, profile: plan.profile)], governing, []
                    )
                }
            default:
                break
            }
        }
        return (rules.isEmpty ? [governing] : rules, governing, violations)
    }

    /// Whether the implementation diverges at the same step when the directive there carries none of its unknown
    /// fields (`nil` when that cannot be asked): if it then agrees, the fields were the cause (NAV-IGNORE).
    static func ignoresUnknownFields(
        _ plan: RunPlan, diverging: Int, implementation: any NavigationImplementation, reasons: Bool
    ) -> Bool? {
        var commands = Array(plan.commands[...diverging])
        switch commands[diverging] {
        case .navigate(var directive?):
            directive.unknownFields = [:]
            commands[diverging] = .navigate(directive)
        case .optimistic(var directive):
            directive.unknownFields = [:]
            commands[diverging] = .optimistic(directive)
        default:
            return nil
        }
        guard
            let plain = try? RunPlan(
                suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: commands),
            let replies = try? self.replies(of: implementation, to: plain)
        else { return nil }
        return firstDivergence(plain, replies, reasons: reasons) != nil
    }

    /// Whether the diverging answer's reply is what applying it on top of the pending optimistic change gives, and
    /// not what a wrong mode gives on the stack from before the change.
    ///
    /// Both can explain one reply (a POP accepted on a root alone looks like a POP on the optimistic stack). The
    /// implementation itself tells them apart: it is asked to apply the same directive, with nothing pending, to the
    /// stack from before the change; if it does that right, its mode is right and the rollback is what it missed.
    static func appliedWithoutRollback(
        _ plan: RunPlan, _ replies: [NavigationReply], diverging: Int, implementation: (any NavigationImplementation)?,
        reasons: Bool
    ) -> Bool {
        guard case .navigate(let directive?) = plan.commands[diverging],
            var session = try? NavigationSession(stack: plan.initial, profile: plan.profile)
        else { return false }
        for command in plan.commands[..<diverging] { _ = session.perform(command) }
        guard let base = session.pending?.stackBefore else { return false }
        var onTop = session.stack
        let outcome = session.navigator.apply(directive, to: &onTop)
        let reply = replies[diverging]
        guard reply.outcome.isApplied == outcome.isApplied && reply.state.stack == onTop else { return false }
        guard let implementation,
            let alone = try? RunPlan(
                suite: plan.suite, profile: plan.profile, initial: base, commands: [.navigate(directive)]),
            let probe = try? self.replies(of: implementation, to: alone)
        else {
            // Without the implementation to ask, a difference in the stack points at the rollback.
            return onTop != plan.expected[diverging].state.stack
        }
        return firstDivergence(alone, probe, reasons: reasons) == nil
    }

    /// How the implementation's replies falsify the plan, with an origin naming the cause; `nil` when they agree.
    /// The kind of step a failure's identity names: the governing rule, except that a failure breaking only
    /// navigation rules at an optimistic change or an answer is of the kind of its directive (a wrong REMOVE_PREVIOUS
    /// is one bug whether it came as an optimistic change, an answer, or plain navigation).
    static func kind(
        _ plan: RunPlan, diverging: Int, cause: (rules: [String], governing: String, violations: [Violation])
    ) -> String {
        // Acting on unknown fields is one bug whatever the mode that carried them.
        if cause.rules == [.navIgnore] { return .navIgnore }
        guard cause.governing.hasPrefix("SES-"), cause.rules.allSatisfy({ $0.hasPrefix("NAV-") }) else {
            return cause.governing
        }
        return directiveRule(plan, at: diverging) ?? cause.governing
    }

    /// The rule of the directive step `at` carries, judged on the stack it applies to (the optimistic stack for an
    /// optimistic change, the one from before the pending change for an answer); `nil` for a step without one.
    static func directiveRule(_ plan: RunPlan, at: Int) -> String? {
        guard let directive = plan.commands[at].directive,
            var session = try? NavigationSession(stack: plan.initial, profile: plan.profile)
        else { return nil }
        for command in plan.commands[..<at] { _ = session.perform(command) }
        var stack = session.pending?.stackBefore ?? session.stack
        if case .optimistic = plan.commands[at] { stack = session.stack }
        return RuleAttribution.directiveRule(directive, stack: stack, profile: plan.profile)
    }

    static func falsification(
        _ plan: RunPlan, _ replies: [NavigationReply], reasons: Bool,
        implementation: (any NavigationImplementation)? = nil
    ) -> Falsification? {
        guard let diverging = firstDivergence(plan, replies, reasons: reasons) else { return nil }
        let cause = cause(plan, replies, diverging: diverging, implementation: implementation, reasons: reasons)
        func tally(_ count: Int) -> [String: Int] {
            (try? RunPlan(
                suite: plan.suite, profile: plan.profile, initial: plan.initial,
                commands: Array(plan.commands.prefix(count))))?.ruleTally.counts.byName ?? [:]
        }
        var compared = tally(diverging + 1)
        // The rules the diverging step fell under that its divergence is not blamed on: counted for generated runs
        // only, so a shrink that keeps its origin does not run the model over the plan once more per candidate.
        var masked: [String] = []
        if Falsification.laterWanted {
            let before = tally(diverging)
            masked = compared.filter { $0.value > (before[$0.key] ?? 0) && !cause.rules.contains($0.key) }.keys.sorted()
        }
        // Past the first divergence, the rest of the plan from the model's state (LaterDivergences).
        var later: [[String]] = []
        if let implementation, Falsification.laterWanted {
            let continued = LaterDivergences.find(
                plan, diverging: diverging, implementation: implementation, reasons: reasons)
            later = continued.causes
            compared.merge(continued.compared, uniquingKeysWith: +)
        }
        // A rejection for another reason is a symptom of its own: a shrink that keeps the rules may not slip from a
        // change made where the model refuses it to a refusal for another reason (a second optimistic change
        // stripped of its flow, refused for the missing flow, hides the change the implementation made).
        let (want, got) = (plan.expected[diverging], replies[diverging])
        let reasonOnly = !want.outcome.isApplied && !got.outcome.isApplied && want.state == got.state
        return Falsification(
            origin: "\(cause.rules.joined(separator: ", ")) at \(kind(plan, diverging: diverging, cause: cause))"
                + (reasonOnly ? " (reason)" : ""),
            message: "step \(diverging) (\(plan.commands[diverging])) diverged: \(cause.rules.joined(separator: ", "))",
            unitTriggers: cause.rules, size: diverging + 1, comparedTriggers: compared, later: later, masked: masked,
            symptom: reasonOnly ? "reason" : "state")
    }

    static func describe(
        _ failing: FailingCase<RunPlan>, implementation: any NavigationImplementation,
        reasons: Bool
    ) throws(Abort) -> FailureRecord {
        let plan = failing.value
        let replies: [NavigationReply]
        do { replies = try self.replies(of: implementation, to: plan) } catch let abort as Abort {
            throw abort
        } catch {
            return try describeBreakdown(failing, implementation: implementation, reasons: reasons)
        }
        guard let diverging = firstDivergence(plan, replies, reasons: reasons) else {
            throw Abort(
                "the divergence did not replay: the implementation answered the same commands differently the second time"
            )
        }
        // The model's replies are replayed each time they are asked for: once here.
        let expected = plan.expected
        let trace = (0...diverging).map {
            StepTrace(command: plan.commands[$0], expected: expected[$0], actual: replies[$0])
        }
        let (ruleIDs, governing, violations) = cause(
            plan, replies, diverging: diverging, implementation: implementation, reasons: reasons)
        let commands = Array(plan.commands[...diverging])
        var originalSteps = diverging + 1
        if let original = failing.original, let originalReplies = try? self.replies(of: implementation, to: original),
            let first = firstDivergence(original, originalReplies, reasons: reasons)
        {
            originalSteps = first + 1
        }
        let detail = StepFailureDetail(
            profile: plan.profile, initial: plan.initial, trace: trace, divergingStep: diverging,
            governingRule: governing, violations: violations)
        let step = plan.commands[diverging]
        // The origin the engine knows this failure by, for the 1-minimal check: judged as every shrink candidate is.
        let own = Falsification.$laterWanted.withValue(false) {
            falsification(plan, replies, reasons: reasons, implementation: implementation)?.origin
        }
        var record = FailureRecord(
            id: FailureIdentity.id(suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: commands),
            suite: plan.suite,
            description: "\(step) diverged at step \(diverging) (\(ruleIDs.joined(separator: ", ")))",
            rules: ruleIDs.compactMap(NavigationRules.named), features: features(ruleIDs + [governing]),
            size: UnitCount(diverging + 1, .step), originalSize: UnitCount(originalSteps, .step),
            oneMinimal: own.map {
                isOneMinimal(plan, upTo: diverging, origin: $0, implementation: implementation, reasons: reasons)
            } ?? false,
            shrinkCandidates: failing.shrink.calls, divergedAt: "step \(diverging)",
            input: input(plan, upTo: diverging),
            diffHeading: "Step \(diverging) diverged: \(step)",
            diff: ReplyComparison.diff(expected: expected[diverging], actual: replies[diverging]),
            violations: violations.map { "\($0.invariant) at step \($0.step): \($0.message)" },
            storyboard: storyboard(detail), replay: failing.replay, detail: .encoding(detail))
        record.origin = "\(ruleIDs.joined(separator: ", ")) at \(governing)"
        if failing.target != nil {
            // A search's case may be a later part of its run, started from the model's state (LaterDivergences).
            record.notes.append(
                "found by the search for a rule no other failure names alone: the replay line replays the generated "
                    + "run it started from, whose first divergence may be another failure's; the initial stack and "
                    + "steps above reproduce this one alone")
        }
        return record
    }

    /// The profile, initial stack and steps up to `last`, as the text report lists them.
    static func input(_ plan: RunPlan, upTo last: Int, mark: String = "diverged") -> [String] {
        var input = ["Profile: \(plan.profile.nesting.rawValue)", "Initial stack: \(plan.initial)", "Steps:"]
        for index in 0...max(last, 0) where index < plan.commands.count {
            input.append("  \(index). \(plan.commands[index])" + (index == last ? "   ← \(mark)" : ""))
        }
        return input
    }

    /// A breakdown replayed one command at a time, to name the step it happens at (inside a batch the kit cannot see
    /// which command hung or crashed); the batch is tried last, for a breakdown that only batching brings.
    static func describeBreakdown(
        _ failing: FailingCase<RunPlan>, implementation: any NavigationImplementation, reasons: Bool
    ) throws(Abort) -> FailureRecord {
        let plan = failing.value
        var replies: [NavigationReply] = []
        var failure: (any Error)?
        var wasReset = false
        do {
            try implementation.reset(to: plan.initial, profile: plan.profile)
            wasReset = true
            for command in plan.commands {
                replies.append(try implementation.perform(command))
            }
        } catch {
            failure = error
        }
        if failure == nil {
            // The whole batch, from a fresh process too.
            (implementation as? any RecoveringImplementation)?.startAfresh()
            do { _ = try self.replies(of: implementation, to: plan) } catch { failure = error }
        }
        guard let failure, let kind = Breakdown.kind(of: failure) else {
            throw Abort("the breakdown did not replay: the implementation ran the same commands the second time")
        }
        let at = replies.count < plan.commands.count ? replies.count : plan.commands.count - 1
        let place = wasReset ? "step \(at) (\(plan.commands[at]))" : "the reset"
        let message = Breakdown.message(of: failure)
        let tail = (failure as? any BreakdownDescribing)?.stderrTail ?? []
        // The model's replies are replayed each time they are asked for: once here.
        let expected = plan.expected
        var rows = [
            Storyboard.Row(
                label: "start",
                cells: [Storyboard.Cell(text: "reset"), Storyboard.Cell(stack: picture(plan.initial), span: 2)])
        ]
        for (index, reply) in replies.enumerated() {
            rows.append(
                Storyboard.Row(
                    label: "\(index)",
                    cells: [
                        Storyboard.Cell(text: plan.commands[index].description, style: .code),
                        cell(expected[index]), cell(reply),
                    ]))
        }
        if replies.count < plan.commands.count {
            rows.append(
                Storyboard.Row(
                    label: "\(at)", diverged: true,
                    cells: [
                        Storyboard.Cell(text: plan.commands[at].description, style: .code), cell(expected[at]),
                        Storyboard.Cell(note: "broke down", alert: true, text: message),
                    ]))
        }
        let commands = Array(plan.commands[...at])
        // A crash at a step breaks the rule that governs that step: the implementation could not do what it says (a
        // crash on every POP_TO_ROOT is no POP_TO_ROOT held). One at the reset breaks no rule of the model, nor does
        // a breakdown only the whole batch brings (no step is to blame), nor a timeout: slowness or a hang says
        // nothing about what the step would have done. The rule governing the step, except that a crash applying an
        // optimistic change or a redirecting answer is about its directive's mode (a crash on DISMISS is a DISMISS
        // bug however the DISMISS came).
        var governing: [Rule] = []
        let atStep = wasReset && replies.count < plan.commands.count
        if atStep, kind != "timeout", var session = try? NavigationSession(stack: plan.initial, profile: plan.profile) {
            for command in plan.commands[..<at] { _ = session.perform(command) }
            var rule = RuleAttribution.rule(for: plan.commands[at], before: session)
            if rule == .sesOptimistic || rule == .sesRedirect { rule = directiveRule(plan, at: at) ?? rule }
            governing = NavigationRules.named(rule).map { [$0] } ?? []
        }
        var record = FailureRecord(
            id: FailureIdentity.id(suite: plan.suite, profile: plan.profile, initial: plan.initial, commands: commands),
            suite: plan.suite, description: "the implementation broke down at \(place): \(kind)", rules: governing,
            features: features(governing.map(\.id)), size: UnitCount(at + 1, .step),
            originalSize: UnitCount(failing.original?.commands.count ?? plan.commands.count, .step), oneMinimal: false,
            shrinkCandidates: failing.shrink.calls, divergedAt: place, input: input(plan, upTo: at, mark: "broke down"),
            diffHeading: "The implementation broke down at \(place)", diff: message, violations: [],
            storyboard: Storyboard(columns: ["Step", "Directive", "Model", "Implementation"], rows: rows),
            replay: failing.replay,
            detail: .encoding(
                StepFailureDetail(
                    profile: plan.profile, initial: plan.initial,
                    trace: replies.indices.map {
                        StepTrace(command: plan.commands[$0], expected: expected[$0], actual: replies[$0])
                    }, divergingStep: at, governingRule: "", violations: [])))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(message: message, stderrTail: tail)
        return record
    }

    /// The features of the broken rules and of the governing one, each once: a skip list naming any of them skips the failure.
    static func features(_ ids: [String]) -> [String] {
        var result: [String] = []
        for feature in ids.compactMap({ NavigationRules.named($0)?.feature }) where !result.contains(feature) {
            result.append(feature)
        }
        return result
    }

    /// Whether deleting any single step, or any single entry of the initial stack but its bottom one, as a value,
    /// makes the divergence disappear (a deleted entry may leave a stack no plan can start from: that one is not
    /// tried).
    static func isOneMinimal(
        _ plan: RunPlan, upTo diverging: Int, origin: String, implementation: any NavigationImplementation,
        reasons: Bool
    ) -> Bool {
        let commands = Array(plan.commands[...diverging])
        var candidates: [(initial: ScreenStack, commands: [NavigationCommand])] = commands.indices.map { index in
            var fewer = commands
            fewer.remove(at: index)
            return (plan.initial, fewer)
        }
        // One replay per entry: a stack deeper than the entry pass of the shrink tries (a capacity bug's) is not
        // claimed 1-minimal rather than replayed a thousand times.
        guard plan.initial.count <= StepAbsorption.entryReplays else { return false }
        // Every part of the input, not only its length: each entry gone, with the plainest name, or out of its flow.
        for (index, edit) in StepAbsorption.edits(of: plan.initial) {
            candidates.append((StepAbsorption.applying(edit, at: index, to: plan.initial), commands))
        }
        for (initial, fewer) in candidates {
            guard
                let candidate = try? RunPlan(
                    suite: plan.suite, profile: plan.profile, initial: initial, commands: fewer)
            else { continue }
            // Another failure (or a breakdown) on the shorter plan is not this one.
            guard let candidateReplies = try? replies(of: implementation, to: candidate) else { continue }
            if falsification(candidate, candidateReplies, reasons: reasons, implementation: implementation)?.origin
                == origin
            {
                return false
            }
        }
        return true
    }

    /// The storyboard: the initial stack, then per step the directive and both stacks, the diverging step highlighted.
    static func storyboard(_ detail: StepFailureDetail) -> Storyboard {
        var rows = [
            Storyboard.Row(
                label: "start",
                cells: [Storyboard.Cell(text: "reset"), Storyboard.Cell(stack: picture(detail.initial), span: 2)])
        ]
        for (index, step) in detail.trace.enumerated() {
            rows.append(
                Storyboard.Row(
                    label: "\(index)", diverged: index == detail.divergingStep,
                    cells: [
                        Storyboard.Cell(text: step.command.description, style: .code), cell(step.expected),
                        cell(step.actual),
                    ]))
        }
        return Storyboard(columns: ["Step", "Directive", "Model", "Implementation"], rows: rows)
    }

    static func cell(_ reply: NavigationReply) -> Storyboard.Cell {
        switch reply.outcome {
        case .applied:
            return Storyboard.Cell(note: "applied", stack: picture(reply.state.stack, pending: reply.state.pendingID))
        case .rejected(let reason):
            return Storyboard.Cell(
                note: "rejected" + (reason.map { " (\($0.rawValue))" } ?? ""), alert: true,
                stack: picture(reply.state.stack, pending: reply.state.pendingID))
        }
    }

    /// A stack as layers of cards: each layer starts at a root or presented entry.
    static func picture(_ stack: ScreenStack, pending: String? = nil) -> Storyboard.StackPicture {
        var layers: [Storyboard.StackPicture.Layer] = []
        for entry in stack.entries {
            if entry.presentation != .push || layers.isEmpty {
                layers.append(.init(presented: entry.presentation == .modal, cards: []))
            }
            layers[layers.count - 1].cards.append(.init(title: entry.screen, group: entry.flow, marked: entry.flowRoot))
        }
        return Storyboard.StackPicture(layers: layers, badge: pending.map { "pending \($0)" })
    }
}
