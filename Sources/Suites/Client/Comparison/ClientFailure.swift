import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import Foundation
import JSON
import NavigationModel
import PropertyTesting
import RUFClientModel

/// Finds where a client run diverges, and describes a minimal failing run: the inputs, the step, the rules broken,
/// a `-`/`+` diff of the observation at that step, and a storyboard of every step up to it.
enum ClientFailure {
    /// The first input after which the implementation's observation differs from the reference client's.
    struct Divergence {
        var step: Int
        var rules: [String]
        var expected: ClientObservation
        var actual: ClientObservation
        /// Other rules that explain the difference as well (``ClientComparison``'s alternatives).
        var alternatives: [String] = []

        /// The failure's identity while shrinking: the rules broken and the kind of input.
        var origin: String = ""
        /// Where the rules were found instead, for a stack restored from before an optimistic change.
        var probe: HiddenStackProbe.Finding?
    }

    /// The later divergences, less those where an answer restores a stack, or a rejection a component, from before
    /// an optimistic change whose value no step showed, and that value was already wrong: asked without the change,
    /// the implementation shows it otherwise before that step (for the reason an earlier divergence gives).
    static func probedLater(
        _ value: ClientCase, first: Divergence, later: [Divergence], implementation: any ClientImplementation
    ) -> [Divergence] {
        later.filter { divergence in
            answerShown(value, divergence, implementation: implementation)
                && restoredStackShown(value, first: first, divergence, implementation: implementation)
                && restoredComponentShown(value, divergence, implementation: implementation)
        }
    }

    /// Whether a later divergence of the stack at a response that also lets a waiting action's optimistic change go
    /// is the response's own: asked the same inputs without that change, the implementation still shows the step's
    /// stack otherwise. Agreeing then, the change was applied otherwise (a RESET keeping the root after a FAILED),
    /// and its own rule is named where it shows alone.
    static func answerShown(
        _ value: ClientCase, _ divergence: Divergence, implementation: any ClientImplementation
    ) -> Bool {
        let (step, steps) = (divergence.step, value.steps)
        guard steps.indices.contains(step), case .respond = value.inputs[step],
            divergence.rules.allSatisfy(HiddenStackProbe.isStackRule),
            steps[step].before.nextWaitingAction?.optimisticNavigation != nil,
            let probe = HiddenStackProbe.stripped(
                value, keeping: step + 1, before: step, where: { $0.nextWaitingAction?.optimisticNavigation == nil }),
            let replies = try? implementation.run(initial: probe.initial, profile: probe.profile, inputs: probe.inputs),
            replies.count == probe.inputs.count
        else { return true }
        var comparison = ClientComparison()
        let observed = replies.map { comparison.normalized($0) }
        return observed[step].state.navigation != probe.steps[step].observation.state.navigation
    }

    /// Whether a later divergence at an answer that restores the stack from before a pending change (FAILED, or
    /// another directive) is the answer's own: asked the same inputs without that change, the implementation shows
    /// no divergence between the first one and this step. One there is what the restored stack already held, from
    /// a change no step showed (a confirmation applied twice under another bug's divergence).
    static func restoredStackShown(
        _ value: ClientCase, first: Divergence, _ divergence: Divergence, implementation: any ClientImplementation
    ) -> Bool {
        let (step, steps) = (divergence.step, value.steps)
        guard steps.indices.contains(step), case .respond(let response) = value.inputs[step],
            divergence.rules.allSatisfy(HiddenStackProbe.isStackRule),
            let directive = response.navigation, let pending = steps[step].before.navigationSession.pending,
            directive.mode == .failed || directive.id != pending.id
                || !directive.asksForSameChange(as: pending.directive),
            let probe = HiddenStackProbe.stripped(
                value, keeping: step + 1, before: step, where: { $0.navigationSession.pending?.id != pending.id }),
            let replies = try? implementation.run(initial: probe.initial, profile: probe.profile, inputs: probe.inputs),
            replies.count == probe.inputs.count
        else { return true }
        let shown = divergences(probe, replies)
        let between = ([shown.first].compactMap { $0 } + shown.later).filter { $0.step > first.step && $0.step < step }
        guard between.isEmpty else { return false }
        // A stack compared at this step had agreed at every step before it; without the change it may show
        // otherwise from the first divergence on (a POP that change's RESET covered, in the step that sent it).
        var comparison = ClientComparison()
        let observed = replies.map { comparison.normalized($0) }
        return (first.step..<step).allSatisfy {
            observed[$0].state.navigation == probe.steps[$0].observation.state.navigation
        }
    }

    /// Whether a later divergence at a rejection that restores a component from before an optimistic update is the
    /// rejection's own: without the update, the component shows right at the step that made it.
    static func restoredComponentShown(
        _ value: ClientCase, _ divergence: Divergence, implementation: any ClientImplementation
    ) -> Bool {
        let (step, steps) = (divergence.step, value.steps)
        guard steps.indices.contains(step), case .respond(let response) = value.inputs[step],
            response.rejectsAction, let update = steps[step].before.optimisticUpdateInFlight,
            divergence.rules.allSatisfy({ [.rufComponentRollback, .rufPartial].contains($0) }),
            let probe = HiddenStackProbe.stripped(
                value, keeping: step, before: step, component: true, where: { !$0.hasOptimisticUpdate }),
            let replies = try? implementation.run(
                initial: probe.initial, profile: probe.profile, inputs: probe.inputs),
            let shown = replies.last, let expected = probe.expected.last
        else { return true }
        return shown.state.cache[update.screen]?[update.rel] == expected.state.cache[update.screen]?[update.rel]
    }

    /// `divergence`, blamed on what ``HiddenStackProbe`` finds where a stack no step showed may be the one left wrong.
    /// A probe the implementation breaks down on tells nothing.
    static func probed(
        _ value: ClientCase, _ divergence: Divergence, implementation: any ClientImplementation
    ) -> Divergence {
        let finding = try? HiddenStackProbe.finding(value, divergence) {
            try implementation.run(initial: $0.initial, profile: $0.profile, inputs: $0.inputs)
        }
        guard let finding = finding ?? nil else { return divergence }
        var result = divergence
        result.rules = finding.rules
        result.alternatives = []
        result.origin = finding.rules.joined(separator: ", ") + " (\(kind(value.inputs[divergence.step])))"
        result.probe = finding
        return result
    }

    /// An implementation that answered a batch of inputs with another number of observations.
    struct ReplyCount: Error, CustomStringConvertible {
        var inputs: Int
        var replies: Int
        var description: String { "the implementation gave \(replies) observations for \(inputs) inputs" }
    }

    /// The first divergence, how many inputs were compared, and the rules broken at later divergences.
    ///
    /// Compared up to the first divergence, and past it while the state stays the reference's and every later step
    /// agrees or diverges the same way (an event order a SHOULD rule recommends, met at every response, must not leave
    /// the rest of the run unchecked). A step that diverges otherwise, or after the state parted, is not counted.
    /// After it, the parts of the state no divergence reached are still compared (``ClientTaint``): the rules broken
    /// there, the first of each distinct list of rules, are `later`.
    static func divergences(
        _ value: ClientCase, _ replies: [ClientObservation]
    ) -> (first: Divergence?, compared: Int, later: [Divergence]) {
        var comparison = ClientComparison()
        // What the reference client did at each step: as the generator drew the case, or replayed.
        let steps = value.steps
        guard steps.count == value.inputs.count else { return (nil, 0, []) }
        let replies = ClientComparison.relocatingLate(replies, expected: steps.map(\.observation))
        var first: Divergence?
        var compared = value.inputs.count
        var taint: ClientTaint?
        var later: [Divergence] = []
        // What the implementation showed at the step before, for a step compared past the divergence.
        var shown = ClientState(stack: value.initial)
        for (step, input) in value.inputs.enumerated() {
            let (before, expected) = (steps[step].before, steps[step].observation)
            guard step < replies.count else {
                if first == nil {
                    first = Divergence(
                        step: step, rules: [], expected: expected,
                        actual: ClientObservation(state: expected.state, events: []), origin: "missing reply")
                    compared = step + 1
                }
                break
            }
            let actual = comparison.normalized(replies[step], placedLike: expected)
            if var parted = taint {
                // Past the run's divergence: only what no divergence reached.
                guard !parted.parted else { break }
                let masked = parted.masked(expected: expected, actual: actual, shownMeta: shown.meta)
                let rules = ClientComparison.brokenRules(
                    expected: expected, actual: masked, input: input, before: before, shownBefore: shown.cache)
                // Only a divergence whose cause the input tells: a guess past the first divergence would be a rule
                // named with nothing to show for it.
                let certain =
                    !guessedRollback(rules, expected: expected, actual: masked)
                    && ClientComparison.alternatives(
                        blamed: rules, expected: expected, actual: masked, input: input, before: before,
                        shown: actual.state.cache
                    ).isEmpty
                if !rules.isEmpty, certain, rules != first?.rules, !later.contains(where: { $0.rules == rules }) {
                    later.append(Divergence(step: step, rules: rules, expected: expected, actual: masked))
                }
                parted.record(expected: expected, actual: actual)
                taint = parted
                shown = actual.state
                continue
            }
            let rules = ClientComparison.brokenRules(expected: expected, actual: actual, input: input, before: before)
            guard !rules.isEmpty else { continue }
            let isFirst = first == nil
            if isFirst {
                first = Divergence(
                    step: step, rules: rules, expected: expected, actual: actual,
                    alternatives: ClientComparison.alternatives(
                        blamed: rules, expected: expected, actual: actual, input: input, before: before),
                    origin: rules.joined(separator: ", ") + " (\(kind(input)))")
            }
            // The same divergence with the state still the reference's: the run goes on being compared as a whole;
            // not a queue's, whose waiting actions (another one sent, with its optimistic changes) the state does
            // not show.
            if rules == first?.rules, expected.state == actual.state, !rules.contains(.rufQueue) { continue }
            // Another divergence, from a state that was still the reference's: as clean as the first.
            if !isFirst, rules != first?.rules, !guessedRollback(rules, expected: expected, actual: actual),
                ClientComparison.alternatives(
                    blamed: rules, expected: expected, actual: actual, input: input, before: before
                ).isEmpty
            {
                later.append(Divergence(step: step, rules: rules, expected: expected, actual: actual))
            }
            compared = isFirst ? step + 1 : step
            var parted = ClientTaint()
            parted.record(expected: expected, actual: actual)
            if rules.contains(.rufQueue) { parted.part() }
            taint = parted
            shown = actual.state
        }
        return (first, compared, later)
    }

    /// Whether `rules` blame navigationMetrics after a FAILED on the rollback with the stack as the reference's: a
    /// guess (a change sent after it may explain them) that no second asking settles past the first divergence.
    static func guessedRollback(_ rules: [String], expected: ClientObservation, actual: ClientObservation) -> Bool {
        rules == [.rufRollback] && actual.state.navigation == expected.state.navigation
            && actual.events.filter({ $0.kind == "navigation" }) == expected.events.filter({ $0.kind == "navigation" })
    }

    static func kind(_ input: ClientInput) -> String {
        switch input {
        case .create: return "create"
        case .dispatch: return "action"
        case .respond: return "response"
        }
    }

    /// One line for an input, as storyboards and messages name it.
    static func summary(_ input: ClientInput) -> String {
        switch input {
        case .create(let screen, _): return "create \(screen)"
        case .dispatch(let action):
            var text = "action \(action.type) on \(action.screen)"
            if let directive = action.optimisticNavigation {
                text += ", optimistic \(directive.mode?.rawValue ?? "?") \(directive.screen ?? "")"
            }
            if let update = action.optimisticUpdate { text += ", optimistic \(update.screen).\(update.rel)" }
            return text
        case .respond(let response):
            return "response: " + ClientGenerator.label(response)
        }
    }

    static func describe(
        _ failing: FailingCase<ClientCase>, implementation: any ClientImplementation
    ) throws(Abort) -> FailureRecord {
        let value = failing.value
        let replies: [ClientObservation]
        do {
            replies = try implementation.run(initial: value.initial, profile: value.profile, inputs: value.inputs)
        } catch {
            return try describeBreakdown(failing, error: error)
        }
        var found = divergences(value, replies)
        if let first = found.first {
            found.later = probedLater(value, first: first, later: found.later, implementation: implementation)
        }
        guard let first = found.first.map({ probed(value, $0, implementation: implementation) }) else {
            throw Abort("the divergence did not replay: the implementation agreed with the reference client")
        }
        // A case searched for a rule that every such case breaks only after another: shown at that later step.
        var divergence = first
        var earlier: Divergence?
        if let target = failing.target, !first.rules.contains(target) {
            guard let shown = found.later.first(where: { $0.rules == [target] }) else {
                throw Abort("the divergence did not replay: no step broke \(target) alone")
            }
            (divergence, earlier) = (shown, first)
        }
        // A stack the navigation model's rules govern is named by them (NAV-), at their level.
        let rules = divergence.rules.compactMap { ClientRules.named($0) ?? NavigationRules.named($0) }
        let step = divergence.step
        let diff = ClientComparison.diff(expected: divergence.expected.json, actual: divergence.actual.json)
        var record = FailureRecord(
            id: "client-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(inputText(value).utf8))), suite: .client,
            description: "\(summary(value.inputs[step])) broke \(divergence.rules.joined(separator: ", "))",
            rules: rules, features: Array(Set(rules.map(\.feature))).sorted(),
            size: UnitCount(value.inputs.count, UnitCount.Unit(rawValue: "input")),
            originalSize: UnitCount(
                failing.original?.inputs.count ?? value.inputs.count, UnitCount.Unit(rawValue: "input")),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls,
            divergedAt: "step \(step) of \(value.inputs.count) (\(summary(value.inputs[step])))",
            input: input(value, mark: step, first: earlier?.step),
            diffHeading: "Observation after step \(step)"
                + (earlier.map { " (what step \($0.step)'s divergence reached is left as the model's)" } ?? ""),
            diff: diff,
            violations: [], storyboard: storyboard(value, replies: replies, divergence: step, first: earlier?.step),
            replay: failing.replay, detail: detail(value, replies: replies))
        record.origin = divergence.origin
        // One wire bug excused by a baseline must not excuse another: the checks that broke are part of the cause.
        var aspects: [String] = []
        for case .request(let request) in divergence.actual.events {
            for aspect in request.wireAspects where !aspects.contains(aspect) { aspects.append(aspect) }
        }
        if divergence.rules.contains(String.rufRequestWire), !aspects.isEmpty {
            let aspect = aspects.joined(separator: ", ")
            record.aspect = aspect
            record.description += " [\(aspect)]"
        }
        // Under flowcheck serve: the step's requests as the network brought them, not as the harness tells them.
        var wire = divergence.actual.events.compactMap { if case .request(let r) = $0 { r.sent } else { nil } }
        if divergence.rules.contains(String.rufRequestID), let reused = firstUse(of: divergence, in: replies) {
            // A reused id is half the story without the request that used it first.
            record.notes.append(
                "x-request-id \(reused.id) was sent first at step \(reused.step) (\(summary(value.inputs[reused.step])))"
            )
            if let sent = reused.request.sent {
                wire.append("(sent first, at step \(reused.step), with the same x-request-id:)\n" + sent)
            }
        }
        if !wire.isEmpty {
            let title = "Sent over HTTP at step \(step), as the kit's server read it (flowcheck serve)"
            record.input += ["", title + ":"]
            record.input += wire.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }
            // The HTML report shows the storyboard, not the input lines: the wire goes above it there.
            record.storyboard.preface = Storyboard.Preface(title: title, text: wire.joined(separator: "\n\n"))
        }
        if let probe = divergence.probe {
            record.notes.append(probe.note(at: step, inputs: value.inputs))
        }
        if let earlier {
            record.origin =
                divergence.rules.joined(separator: ", ") + " (\(kind(value.inputs[step]))) after " + first.origin
            record.notes.append(
                "step \(earlier.step) (\(summary(value.inputs[earlier.step]))) diverged first, breaking "
                    + earlier.rules.joined(separator: ", ") + " (its own failure): no run reached "
                    + "\(divergence.rules[0]) without it, so step \(step) is compared only in what that divergence "
                    + "left as the model's (the cached components, the meta, the requests)")
        }
        return record
    }

    /// The earlier request that first carried an id one of the diverging step's requests carries again.
    static func firstUse(
        of divergence: Divergence, in replies: [ClientObservation]
    ) -> (id: String, step: Int, request: ClientRequest)? {
        // The replies as they came (a divergence's observation has its ids numbered in order of use).
        guard divergence.step < replies.count else { return nil }
        let ids = replies[divergence.step].events.compactMap {
            if case .request(let r) = $0, !r.id.isEmpty { r.id } else { nil }
        }
        for (step, reply) in replies.enumerated().prefix(divergence.step) {
            for case .request(let request) in reply.events where ids.contains(request.id) {
                return (request.id, step, request)
            }
        }
        return nil
    }

    /// The inputs, one per line as the process protocol sends them, the diverging one marked (and the one that
    /// diverged `first`, for a failure shown at a later divergence).
    static func input(_ value: ClientCase, mark: Int?, first: Int? = nil) -> [String] {
        var lines = [
            "Profile: \(value.profile.nesting.rawValue)", "Initial stack: \(value.initial)",
            "Action queue: \(value.queueing.rawValue)", "Inputs:",
        ]
        for (index, input) in value.inputs.enumerated() {
            let note = index == mark ? "   ← diverged" : index == first ? "   ← diverged first (its own failure)" : ""
            lines.append("  \(index). \(JSONWriter.write(input.json))" + note)
        }
        return lines
    }

    static func inputText(_ value: ClientCase) -> String {
        value.inputs.map { JSONWriter.write($0.json) }.joined(separator: "\n") + "\n\(value.initial)"
    }

    /// A JSON value pretty-printed one field per line, so that a line diff points at the field that differs.
    static func lines(_ value: JSONValue, indent: String = "", key: String? = nil) -> [String] {
        let prefix = indent + (key.map { "\"\($0)\": " } ?? "")
        switch value {
        case .object(let pairs) where !pairs.isEmpty:
            return [prefix + "{"] + pairs.flatMap { lines($0.value, indent: indent + "  ", key: $0.key) } + [
                indent + "}"
            ]
        case .array(let items) where !items.isEmpty && items.contains(where: { $0.isObject || $0.arrayValue != nil }):
            return [prefix + "["] + items.flatMap { lines($0, indent: indent + "  ") } + [indent + "]"]
        default:
            return [prefix + JSONWriter.write(value)]
        }
    }

    /// The steps up to the divergence, both observations side by side; `first` marks the step that diverged first,
    /// for a failure shown at a later divergence.
    static func storyboard(
        _ value: ClientCase, replies: [ClientObservation], divergence: Int, first: Int? = nil
    ) -> Storyboard {
        guard var client = try? ReferenceClient(stack: value.initial, profile: value.profile, queueing: value.queueing)
        else { return Storyboard(columns: [], rows: []) }
        var comparison = ClientComparison()
        let replies = ClientComparison.relocatingLate(replies, expected: value.steps.map(\.observation))
        var rows: [Storyboard.Row] = []
        for (index, input) in value.inputs.enumerated() where index <= divergence {
            let expected = client.apply(input)
            let actual = index < replies.count ? comparison.normalized(replies[index], placedLike: expected) : nil
            rows.append(
                Storyboard.Row(
                    label: index == first ? "\(index) (diverged first)" : "\(index)", diverged: index == divergence,
                    cells: [
                        Storyboard.Cell(text: summary(input), style: .code),
                        Storyboard.Cell(text: brief(expected), style: .preformatted),
                        Storyboard.Cell(
                            alert: index == divergence || index == first,
                            text: actual.map(brief) ?? "(no observation)", style: .preformatted),
                    ]))
        }
        return Storyboard(columns: ["", "Input", "Model (reference client)", "Implementation"], rows: rows)
    }

    /// An observation in a few lines: the stack, what is cached, the meta, and the events.
    static func brief(_ observation: ClientObservation) -> String {
        var lines = ["stack \(observation.state.navigation)"]
        let cached = observation.state.cache.sorted { $0.key < $1.key }.flatMap { screen in
            screen.value.keys.sorted().map { "\(screen.key).\($0)" }
        }
        if !cached.isEmpty { lines.append("cache " + cached.joined(separator: ", ")) }
        if observation.state.meta != .object([]) { lines.append("meta " + JSONWriter.write(observation.state.meta)) }
        for event in observation.events { lines.append(eventLine(event)) }
        return lines.joined(separator: "\n")
    }

    static func eventLine(_ event: ClientEvent) -> String {
        switch event {
        case .request(let request): return "→ \(request.kind) \(request.id) \(request.screen)"
        case .metric(let point, let screen, let metric):
            // The payload too, when there is one: two metrics of one name that differ only there must not read alike.
            let payload = metric["payload"].flatMap { $0 == .object([]) || $0 == .null ? nil : JSONWriter.write($0) }
            return "metric \(point.rawValue) \(screen ?? "") \(metric["name"]?.stringValue ?? "")"
                + (payload.map { " \($0)" } ?? "")
        case .navigation(let outcome, let id): return "navigation \(outcome) \(id ?? "")"
        case .actionResult(let result): return "actionResult \(result["type"]?.stringValue ?? "?")"
        }
    }

    static func detail(_ value: ClientCase, replies: [ClientObservation]) -> JSONValue {
        let stack = JSONValue.encoding(value.initial)
        return .object([
            ("initial", stack), ("profile", .object([("nesting", .string(value.profile.nesting.rawValue))])),
            ("actionQueue", .string(value.queueing.rawValue)), ("inputs", .array(value.inputs.map(\.json))),
            ("expected", .array(value.expected.map(\.json))), ("actual", .array(replies.map(\.json))),
        ])
    }

    /// A run the implementation broke down on. No input is marked: the implementation may have broken down at the
    /// reset, before any of them.
    static func describeBreakdown(_ failing: FailingCase<ClientCase>, error: any Error) throws(Abort) -> FailureRecord {
        guard let kind = Breakdown.kind(of: error) else { throw Abort("\(error)") }
        let value = failing.value
        let message = Breakdown.message(of: error)
        var record = FailureRecord(
            id: "client-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(inputText(value).utf8))), suite: .client,
            description: "the implementation broke down: \(kind)", rules: [], features: [],
            size: UnitCount(value.inputs.count, UnitCount.Unit(rawValue: "input")),
            originalSize: UnitCount(
                failing.original?.inputs.count ?? value.inputs.count, UnitCount.Unit(rawValue: "input")),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: "the run",
            input: input(value, mark: nil), diffHeading: "The implementation broke down",
            diff: message, violations: [], storyboard: Storyboard(columns: [], rows: []), replay: failing.replay,
            detail: detail(value, replies: []))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(
            message: message, stderrTail: (error as? any BreakdownDescribing)?.stderrTail ?? [])
        return record
    }
}
