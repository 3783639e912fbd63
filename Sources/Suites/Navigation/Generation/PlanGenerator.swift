package import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
import JSON
import NavigationModel
package import PropertyTesting

/// Generates run plans by walking the reference model: initial stacks, then
/// commands chosen for the state reached so far.
///
/// Only what the capabilities declare is generated. Choices are ordered so that
/// 0 is the simplest (the first screen, the first flow, PUSH, KEEP, a valid
/// directive), which is what the shrinker moves toward.
package struct PlanGenerator: Sendable {
    /// What a generator's runs share, whatever their shape: held by reference, since each run draws with a copy of
    /// the generator, and copying these values retained every list in them.
    private final class Fixed: Sendable {
        let capabilities: Capabilities
        /// The navigation section of ``capabilities``, read once: it is consulted at every step.
        let navigation: NavigationCapabilities
        let suite: Suite
        let spec: SpecPlan?
        /// Where the steps' labels are, held for every step's label.
        let labelIDs = CoverageLabel.IDs.shared

        init(capabilities: Capabilities, suite: Suite, spec: SpecPlan?) {
            self.capabilities = capabilities
            navigation = capabilities.navigation
            self.suite = suite
            self.spec = spec
        }
    }

    private let fixed: Fixed
    /// What the implementation supports.
    package var capabilities: Capabilities { fixed.capabilities }
    /// What the implementation supports of navigation.
    package var navigation: NavigationCapabilities { fixed.navigation }
    /// The suite the plans are for.
    package var suite: Suite { fixed.suite }
    /// Whether plans hold optimistic changes and the server's answers to them (the session suite's plans).
    package let optimistic: Bool
    /// The names used (a run's shape may swap them for another pool).
    package private(set) var vocabulary: Vocabulary
    /// The most steps in one plan.
    package let maxSteps: Int
    /// The app spec that steers destinations, if any.
    package var spec: SpecPlan? { fixed.spec }
    /// The spec's navigations (none without a spec), and whether there is a spec: asked at every step, where
    /// binding `spec` would copy it whole.
    private let specNavigations: [SpecPlan.Navigation]
    private let hasSpec: Bool

    private(set) var modes: [NavigationMode]
    private var modeWeights: [UInt64]
    /// The sum of ``modeWeights``, drawn below at every directive.
    private var totalModeWeight: UInt64
    private var optimisticModes: [NavigationMode]
    private var nonOptimisticModes: [NavigationMode]
    /// The behaviors destinations are drawn from.
    private(set) var behaviors: [FlowBehavior]
    let presents: Bool
    /// The declared nesting profiles, in their stable order (one is drawn per run).
    private let nestings: [NavigationProfile.Nesting]

    /// How often `mode` is drawn, relative to the others, by its position among the known modes: a swarm run weighs
    /// its modes again, and a table by mode hashed each one.
    static func weight(of mode: NavigationMode) -> UInt64 {
        switch mode.known {
        case NavigationMode.push.known: return 6
        case NavigationMode.replace.known, NavigationMode.pop.known: return 3
        case NavigationMode.present.known, NavigationMode.dismiss.known, NavigationMode.popTo.known: return 2
        default: return 1  // RESET, FAILED, POP_TO_ROOT
        }
    }

    /// Creates a generator of at most `maxSteps` steps; a spec replaces the vocabulary and steers destinations.
    package init(
        capabilities: Capabilities, suite: Suite, optimistic: Bool = false, vocabulary: Vocabulary = .standard,
        maxSteps: Int,
        spec: SpecPlan? = nil
    ) {
        fixed = Fixed(capabilities: capabilities, suite: suite, spec: spec)
        self.optimistic = optimistic
        self.vocabulary = spec?.vocabulary ?? vocabulary
        specNavigations = spec?.navigations ?? []
        hasSpec = spec != nil
        self.maxSteps = maxSteps
        let navigation = capabilities.navigation
        modes = NavigationMode.known.filter(navigation.modes.contains)
        modeWeights = modes.map(Self.weight(of:))
        totalModeWeight = modeWeights.reduce(0, +)
        optimisticModes = NavigationMode.optimistic.filter(navigation.modes.contains)
        nonOptimisticModes = modes.filter { !NavigationMode.optimistic.contains($0) }
        presents = navigation.modes.contains(.present)
        behaviors = navigation.behaviors
        nestings = NavigationProfile.Nesting.allCases.filter(navigation.nesting.contains)
    }

    /// This generator drawing within a run's shape: its names, its enabled modes and behaviors.
    func shaped(_ shape: RunShape) -> PlanGenerator {
        var shaped = self
        shaped.vocabulary = shape.vocabulary
        // A run with every mode enabled (all but swarm runs) keeps the tables made once: rebuilding them gives the
        // same ones, at three allocations a run.
        if shape.modes != modes {
            shaped.modes = shape.modes
            shaped.modeWeights = shape.modes.map(Self.weight(of:))
            shaped.totalModeWeight = shaped.modeWeights.reduce(0, +)
            let optimistic = optimisticModes.filter(shape.modes.contains)
            if !optimistic.isEmpty { shaped.optimisticModes = optimistic }
            let others = nonOptimisticModes.filter(shape.modes.contains)
            shaped.nonOptimisticModes = others
        }
        shaped.behaviors = shape.behaviors
        return shaped
    }

    /// The generator of plans.
    package var plans: Gen<RunPlan> {
        let generator = self
        return Gen { source throws(ChoiceSource.Stop) in try generator.plan(source) }
    }

    /// Notes which spec navigation a directive was drawn from: identical destinations of different
    /// actions must count separately, so the choice is recorded, not inferred from the directive.
    final class SpecChoice {
        var label: String?
    }

    func plan(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> RunPlan {
        var watcher = NoWatcher()
        return try plan(source, watcher: &watcher)
    }

    /// A plan, with `watcher` told of each step as the model takes it.
    func plan<Watcher: PlanWatcher>(
        _ source: ChoiceSource, watcher: inout Watcher
    ) throws(ChoiceSource.Stop) -> RunPlan {
        let chosen = SpecChoice()
        let profile = NavigationProfile(
            nesting: nestings[Int(try source.draw(upTo: UInt64(nestings.count - 1)))], flows: navigation.flows)
        let shape = try RunShape.draw(source, for: self)
        // Most runs draw from the generator's own names, modes and behaviors, and draw with it as it is: a shaped copy
        // retains every list in it, and releases them all at the end of the run.
        guard shape.vocabulary == vocabulary, shape.modes == modes, shape.behaviors == behaviors else {
            return try shaped(shape).plan(
                source, profile: profile, traits: shape.traits, long: shape.long, chosen: chosen, watcher: &watcher)
        }
        return try plan(
            source, profile: profile, traits: shape.traits, long: shape.long, chosen: chosen, watcher: &watcher)
    }

    /// The rest of a plan, once its profile and shape are drawn; a `long` run goes on to its last allowed step.
    private func plan<Watcher: PlanWatcher>(
        _ source: ChoiceSource, profile: NavigationProfile, traits: [String], long: Bool, chosen: SpecChoice,
        watcher: inout Watcher
    ) throws(ChoiceSource.Stop) -> RunPlan {
        var traits = traits
        var initial = try source.span("initial") { () throws(ChoiceSource.Stop) in try startingStack(source) }
        if initial.count > Self.plainStackLimit { traits.append("deep") }
        guard var session = try? NavigationSession(stack: initial, profile: profile) else { throw .invalid }
        watcher.start(at: initial, profile: profile)
        // A plan kept for its labels and rule counts alone keeps no initial stack either: held here, it was shared
        // with the session's, and the first step that changed the stack copied it whole (a deep one is hundreds of
        // entries).
        if !Watcher.keepsCommands { initial = ScreenStack([]) }
        var commands: [NavigationCommand] = [], labelIDs: [UInt16] = [], specLabels: [String] = []
        var steps = 0
        // Room for the steps of most runs at once, instead of growing four or five times.
        if Watcher.keepsCommands { commands.reserveCapacity(min(maxSteps, 16)) }
        labelIDs.reserveCapacity(min(maxSteps, 16))
        var ruleTally = RuleTally()
        // Steps end at random, on average after half the budget at full size, sooner in the first runs.
        let average = max(Double(max(maxSteps, 1)) * source.size, 1) / 2
        let more = long ? 1 : average / (average + 1)
        while true {
            // The step's span is opened by hand: a closure would capture the session, and passing a captured
            // variable on copies it, stack and pending change, at every step.
            source.startSpan("step")
            // Found once a step: drawing the command, its label and its rules all ask, and on a deep stack of one
            // layer each finding is a scan of the whole stack.
            let topStart = session.stack.topLayerStart
            let command: NavigationCommand?
            do throws(ChoiceSource.Stop) {
                // At the maximum the flag is still drawn, as a certain 0, to keep deletions aligned.
                if try source.drawBool(probability: steps < maxSteps ? more : 0), steps < maxSteps {
                    command = try self.command(
                        source, session: session, step: steps, chosen: chosen, topLayerStart: topStart)
                } else {
                    command = nil
                }
            } catch {
                source.endSpan()
                throw error
            }
            source.endSpan()
            guard let command else { break }
            let situation = CommandSituation(command, before: session)
            labelIDs.append(
                CoverageLabel.labelID(
                    situation, of: command, before: session, topLayerStart: topStart, ids: fixed.labelIDs))
            if let label = chosen.label, !specLabels.contains(label) { specLabels.append(label) }
            chosen.label = nil
            let before = RuleTriggers.before(command, situation, in: session, topLayerStart: topStart)
            let outcome: NavigationOutcome
            switch command {
            case .navigate(let directive): outcome = session.navigate(directive)
            case .optimistic(let directive): outcome = session.optimistic(directive)
            }
            ruleTally.count(RuleTriggers.rules(before, outcome: outcome, after: session.stack))
            watcher.step(command, outcome: outcome, model: session)
            if Watcher.keepsCommands { commands.append(command) }
            steps += 1
        }
        // Made whole at once: setting fields after the initializer copied the plan twice.
        return RunPlan(
            suite: suite, profile: profile, initial: initial, commands: commands, labelIDs: labelIDs,
            ruleTally: ruleTally, specLabels: specLabels, traits: traits)
    }

    // MARK: Commands

    func command(
        _ source: ChoiceSource, session: NavigationSession, step: Int, chosen: SpecChoice? = nil,
        topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> NavigationCommand {
        guard optimistic, !optimisticModes.isEmpty else {
            return .navigate(
                try directive(
                    source, stack: session.stack, profile: session.navigator.profile, id: nil, chosen: chosen,
                    topLayerStart: topLayerStart)
            )
        }
        let stack = session.stack, profile = session.navigator.profile
        // The pending change is read in place: binding it would copy it, the stack from before it included.
        if session.pending != nil {
            // 0 confirm, 1 FAILED, 2 no navigation, 3 another directive, 4 another optimistic change; then ids that
            // only look like the pending one's: 5 the same change under the id in other case, 6 another change
            // under the pending id, 7 FAILED under the id in other case. Ids compare exactly (SES-CONFIRM), so
            // 5 and 6 are redirects and 7 still rolls back.
            switch try source.draw(upTo: 7) {
            case 0: return .navigate(session.pending!.directive)
            case 1 where navigation.modes.contains(.failed):
                return .navigate(NavigationDirective(id: session.pending!.id, mode: .failed))
            case 2: return .navigate(nil)
            case 4:
                return .optimistic(
                    try optimisticDirective(
                        source, stack: stack, profile: profile, step: step, chosen: chosen,
                        topLayerStart: topLayerStart))
            case 5:
                var same = session.pending!.directive
                same.id = Self.otherCase(session.pending!.id)
                return .navigate(same)
            case 6:
                return .navigate(
                    try directive(
                        source, stack: stack, profile: profile, id: session.pending!.id, chosen: chosen,
                        topLayerStart: topLayerStart))
            case 7 where navigation.modes.contains(.failed):
                return .navigate(NavigationDirective(id: Self.otherCase(session.pending!.id), mode: .failed))
            default:
                return .navigate(
                    try directive(
                        source, stack: stack, profile: profile, id: Self.id("n", step), chosen: chosen,
                        topLayerStart: topLayerStart))
            }
        }
        if try source.drawBool(probability: 0.5) {
            return .optimistic(
                try optimisticDirective(
                    source, stack: stack, profile: profile, step: step, chosen: chosen,
                    topLayerStart: topLayerStart))
        }
        return .navigate(
            try directive(
                source, stack: stack, profile: profile, id: Self.id("n", step), chosen: chosen,
                topLayerStart: topLayerStart))
    }

    /// `prefix` followed by `step`, as interpolation writes it; the ids of the first steps are made once, since
    /// interpolating one costs more than the rest of drawing its directive.
    static func id(_ prefix: Character, _ step: Int) -> String {
        let table: [String]
        switch prefix {
        case "n": table = navigateIDs
        case "o": table = optimisticIDs
        default: return "\(prefix)\(step)"
        }
        return step >= 0 && step < table.count ? table[step] : "\(prefix)\(step)"
    }

    private static let navigateIDs = (0..<256).map { "n\($0)" }
    private static let optimisticIDs = (0..<256).map { "o\($0)" }

    /// The id with the case of its letters swapped: the same id to a case-insensitive reader only.
    static func otherCase(_ id: String) -> String {
        // An ASCII name (most are) swaps its letters byte by byte, as the Unicode case mapping below would, without
        // looking up each character's properties; the bytes are made on the stack, and a short name (most are)
        // becomes a string without an allocation.
        var name = id
        let swapped = name.withUTF8 { utf8 -> String? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count) { buffer in
                for index in utf8.indices {
                    let byte = utf8[index]
                    let letter = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte & ~0x20)
                    buffer[index] = letter ? byte ^ 0x20 : byte
                }
                return String(decoding: buffer, as: UTF8.self)
            }
        }
        if let swapped { return swapped }
        return String(id.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })
    }

    /// Usually PUSH, REPLACE or RESET with a fresh id; sometimes another mode, an invalid directive, no id, an empty
    /// one, a fresh id in capitals, or an id an earlier step used.
    func optimisticDirective(
        _ source: ChoiceSource, stack: ScreenStack, profile: NavigationProfile, step: Int, chosen: SpecChoice? = nil,
        topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        try source.span("optimistic") { () throws(ChoiceSource.Stop) -> NavigationDirective in
            let id: String?
            switch try source.draw(upTo: 19) {
            case 16: id = nil
            case 17: id = ""
            case 18: id = Self.id("O", step)
            // Reused: the first step's id, which an earlier optimistic change or answer may have carried.
            case 19: id = step > 0 ? "o0" : Self.id("o", step)
            default: id = Self.id("o", step)
            }
            // An invalid directive (an unknown mode above all): SES-NOT-OPTIMISTIC's check comes before validation.
            if try source.drawBool(probability: 0.04) { return try invalidDirective(source, stack: stack, id: id) }
            if !nonOptimisticModes.isEmpty, try source.drawBool(probability: 0.08) {
                let mode = nonOptimisticModes[Int(try source.draw(upTo: UInt64(nonOptimisticModes.count - 1)))]
                return try directive(
                    source, stack: stack, profile: profile, id: id, mode: mode, chosen: chosen,
                    topLayerStart: topLayerStart)
            }
            let mode = optimisticModes[Int(try source.draw(upTo: UInt64(optimisticModes.count - 1)))]
            return try directive(
                source, stack: stack, profile: profile, id: id, mode: mode, chosen: chosen,
                topLayerStart: topLayerStart)
        }
    }

    /// A directive of a declared mode (or `mode`), invalid at a small rate; at a small rate too it carries fields
    /// outside the directive's own, which change nothing (NAV-IGNORE).
    func directive(
        _ source: ChoiceSource, stack: ScreenStack, profile: NavigationProfile, id: String?,
        mode fixed: NavigationMode? = nil,
        chosen: SpecChoice? = nil, topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        var directive = try plainDirective(
            source, stack: stack, profile: profile, id: id, mode: fixed, chosen: chosen, topLayerStart: topLayerStart)
        if try source.drawBool(probability: Self.unknownFieldSteps) {
            directive.unknownFields =
                Self.unknownFields[Int(try source.draw(upTo: UInt64(Self.unknownFields.count - 1)))]
        }
        return directive
    }

    /// Share of directives that carry fields outside their own.
    static let unknownFieldSteps = 0.1

    /// Fields a server may send with a directive that the directive does not define: RUF's own (`transition`,
    /// `screenParams`), ones from a newer server holding every kind of JSON value, and keys that differ from the
    /// directive's own only in case.
    static let unknownFields: [[String: JSONValue]] = [
        ["transition": .string("slide")],
        ["screenParams": .object([("productId", .string("42")), ("source", .string("search"))])],
        ["analytics": .object([("event", .string("tap"))]), "transition": .string("fade")],
        ["screenParams": .null],
        ["x-request-id": .string("req-7"), "retry": .bool(false), "priority": .number(1e300)],
        ["extras": .array([.number(-0.5), .bool(true), .null, .object([("nested", .array([]))])])],
        ["Mode": .string("POP"), "Screen": .string("HOME")],
        [
            "transition": .object([("type", .string("sheet")), ("duration", .number(0.25))]),
            "_": .string("underscore"),
        ],
    ]

    /// `topLayerStart` is `stack`'s when the caller has it: on a deep stack, finding it is a scan of the stack.
    func plainDirective(
        _ source: ChoiceSource, stack: ScreenStack, profile: NavigationProfile, id: String?,
        mode fixed: NavigationMode? = nil,
        chosen: SpecChoice? = nil, topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        try source.span("directive") { () throws(ChoiceSource.Stop) -> NavigationDirective in
            if fixed == nil, try source.drawBool(probability: 0.05) {
                return try invalidDirective(source, stack: stack, id: id)
            }
            let mode: NavigationMode
            if let fixed { mode = fixed } else { mode = try pickMode(source) }
            switch mode {
            case .push, .replace, .reset, .present:
                // With a spec, most destinations are ones its actions declare (0, the simplest choice, is on-spec); a
                // spec with few of them leaves more room to the others, or the rest of the rules would go unexercised.
                if hasSpec, navigation.flows, !specNavigations.isEmpty,
                    !(try source.drawBool(probability: max(0.15, 0.5 / Double(specNavigations.count))))
                {
                    let navigation = specNavigations[Int(try source.draw(upTo: UInt64(specNavigations.count - 1)))]
                    chosen?.label = navigation.label
                    return NavigationDirective(
                        id: id, mode: mode, screen: navigation.screen,
                        flow: .init(name: navigation.flow, behavior: FlowBehavior(navigation.behavior)))
                }
                let screen = try pickScreen(source, from: stack, profile: profile, topLayerStart: topLayerStart)
                guard navigation.flows else { return NavigationDirective(id: id, mode: mode, screen: screen) }
                let flow = try pickFlow(source, stack: stack, replacing: mode == .replace, topLayerStart: topLayerStart)
                let behavior =
                    behaviors.isEmpty
                    ? FlowBehavior.keep : behaviors[Int(try source.draw(upTo: UInt64(behaviors.count - 1)))]
                return NavigationDirective(id: id, mode, screen, flow: flow, behavior)
            case .popTo:
                return NavigationDirective(
                    id: id, mode: .popTo,
                    screen: try pickScreen(source, from: stack, profile: profile, topLayerStart: topLayerStart))
            default:
                return NavigationDirective(id: id, mode: mode)
            }
        }
    }

    func pickMode(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> NavigationMode {
        var pick = try source.draw(upTo: totalModeWeight - 1)
        for (index, weight) in modeWeights.enumerated() {
            if pick < weight { return modes[index] }
            pick -= weight
        }
        return modes[modes.count - 1]
    }

    /// A flow of the top layer most of the time, so that removals remove something.
    /// REPLACE removes the top entry first, so its flow counts only if it also stands lower.
    func pickFlow(
        _ source: ChoiceSource, stack: ScreenStack, replacing: Bool, topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> String {
        let start = topLayerStart ?? stack.topLayerStart
        let end = replacing ? max(start, stack.entries.count - 1) : stack.entries.count
        // The flows present, in the order they first appear, held as the positions of their first entries in room on
        // the stack: a list of names allocated at every step cost more than the rest of the draw.
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.flowsHeld) {
            (firsts: UnsafeMutableBufferPointer<Int>) throws(ChoiceSource.Stop) -> String in
            var count = 0
            // A flow's screens come in runs (a deep stack's are dozens long): one like the last needs no search.
            var last: String?
            for index in start..<end {
                guard let flow = stack.entries[index].flow, flow != last else { continue }
                last = flow
                if firsts[..<count].contains(where: { stack.entries[$0].flow == flow }) { continue }
                // More flows than the room holds (a spec with many): the list of names, as it always was.
                guard count < firsts.count else {
                    let present = Self.flows(of: stack, from: start, to: end)
                    return try pickFlow(source, count: present.count) { present[$0] }
                }
                firsts[count] = index
                count += 1
            }
            return try pickFlow(source, count: count) { stack.entries[firsts[$0]].flow! }
        }
    }

    /// How many distinct flows ``pickFlow(_:stack:replacing:)`` holds without allocating.
    static var flowsHeld: Int { 16 }

    /// The distinct flows of `stack[start..<end]`, in the order they first appear.
    static func flows(of stack: ScreenStack, from start: Int, to end: Int) -> [String] {
        var present: [String] = []
        for index in start..<end {
            if let flow = stack.entries[index].flow, !present.contains(flow) { present.append(flow) }
        }
        return present
    }

    /// A flow of the `count` present (`flow(i)` is the i-th to appear) most of the time, sometimes one of them in
    /// other case, otherwise any flow of the vocabulary.
    private func pickFlow(
        _ source: ChoiceSource, count: Int, flow: (Int) -> String
    ) throws(ChoiceSource.Stop) -> String {
        if count > 0, !(try source.drawBool(probability: 0.3)) {
            return flow(Int(try source.draw(upTo: UInt64(count - 1))))
        }
        if !hasSpec, count > 0, try source.drawBool(probability: Self.otherCaseNames) {
            // A flow on the stack in other case: another flow, to a reader that compares names exactly.
            return Self.otherCase(flow(Int(try source.draw(upTo: UInt64(count - 1)))))
        }
        return vocabulary.flows[Int(try source.draw(upTo: UInt64(vocabulary.flows.count - 1)))]
    }

    /// The chance that a name drawn off the stack is one on the stack in other case (`home` beside `HOME`).
    static let otherCaseNames = 0.2

    /// A screen already on the stack most of the time (so POP_TO finds its target), otherwise any screen or one on
    /// the stack in other case. On a
    /// deep stack the top layer's first screen comes up often: going back to the feed under many screens is what
    /// reaches the bottom of a deep stack.
    func pickScreen(
        _ source: ChoiceSource, from stack: ScreenStack, profile: NavigationProfile, topLayerStart: Int? = nil
    ) throws(ChoiceSource.Stop) -> String {
        if !(try source.drawBool(probability: 0.3)) {
            if stack.count > Self.plainStackLimit, try source.drawBool(probability: 0.35) {
                return stack.entries[topLayerStart ?? stack.topLayerStart].screen
            }
            return stack.entries[Int(try source.draw(upTo: UInt64(stack.entries.count - 1)))].screen
        }
        if !hasSpec, try source.drawBool(probability: Self.otherCaseNames) {
            return Self.otherCase(stack.entries[Int(try source.draw(upTo: UInt64(stack.entries.count - 1)))].screen)
        }
        return vocabulary.screens[Int(try source.draw(upTo: UInt64(vocabulary.screens.count - 1)))]
    }

    /// An unknown mode (or a known one in lower case), a destination without a flow, the spec example's behavior
    /// REPLACE, no screen, or (when POP_TO is declared) a POP_TO without its target.
    func invalidDirective(
        _ source: ChoiceSource, stack: ScreenStack, id: String?
    ) throws(ChoiceSource.Stop) -> NavigationDirective {
        let screen = vocabulary.screens[0], flow = vocabulary.flows[0]
        // Without flows a destination cannot miss its flow or name a behavior: only the mode and the screen can be
        // wrong. The one drawn is the only one made: each directive is an allocation.
        let kinds = (navigation.flows ? 4 : 2) + (navigation.modes.contains(.popTo) ? 1 : 0)
        switch (navigation.flows, try source.draw(upTo: UInt64(kinds - 1))) {
        case (true, 0):
            // A mode no one knows, or a known one in lower case: modes are case-sensitive (NAV-VALID-MODE).
            let mode: NavigationMode = try source.drawBool(probability: 0.5) ? "push" : "JUMP"
            return NavigationDirective(id: id, mode: mode, screen: screen, flow: .init(name: flow, behavior: .keep))
        case (true, 1): return NavigationDirective(id: id, mode: .push, screen: screen)
        case (true, 2): return NavigationDirective(id: id, .push, screen, flow: flow, "REPLACE")
        case (true, 3): return NavigationDirective(id: id, mode: .push, flow: .init(name: flow, behavior: .keep))
        case (false, 0):
            return NavigationDirective(
                id: id, mode: try source.drawBool(probability: 0.5) ? "push" : "JUMP", screen: screen)
        case (false, 1): return NavigationDirective(id: id, mode: .push)
        default: return NavigationDirective(id: id, mode: .popTo)
        }
    }
}
