import ConformanceRules
import FlowCheckCore
import JSON
import NavigationModel
import PropertyTesting

/// Generates run plans by walking the reference model: initial stacks, then
/// commands chosen for the state reached so far.
///
/// Only what the capabilities declare is generated. Choices are ordered so that
/// 0 is the simplest (the first screen, the first flow, PUSH, KEEP, a valid
/// directive), which is what the shrinker moves toward.
package struct PlanGenerator: Sendable {
    /// What the implementation supports.
    package let capabilities: Capabilities
    /// The suite the plans are for.
    package let suite: Suite
    /// Whether plans hold optimistic changes and the server's answers to them (the session suite's plans).
    package let optimistic: Bool
    /// The names used.
    package let vocabulary: Vocabulary
    /// The most steps in one plan.
    package let maxSteps: Int
    /// The app spec that steers destinations, if any.
    package let spec: SpecPlan?

    private let modes: [Mode]
    private let modeWeights: [UInt64]
    private let optimisticModes: [Mode]
    private let nonOptimisticModes: [Mode]
    private let presents: Bool

    /// How often each mode is drawn, relative to the others.
    static let weights: [Mode: UInt64] = [
        .push: 6, .replace: 3, .reset: 1, .pop: 3, .failed: 1, .present: 2, .dismiss: 2, .popTo: 2, .popToRoot: 1,
    ]

    /// Creates a generator of at most `maxSteps` steps; a spec replaces the vocabulary and steers destinations.
    package init(
        capabilities: Capabilities, suite: Suite, optimistic: Bool = false, vocabulary: Vocabulary = .standard,
        maxSteps: Int,
        spec: SpecPlan? = nil
    ) {
        self.capabilities = capabilities
        self.suite = suite
        self.optimistic = optimistic
        self.vocabulary = spec?.vocabulary ?? vocabulary
        self.spec = spec
        self.maxSteps = maxSteps
        modes = Mode.known.filter(capabilities.modes.contains)
        modeWeights = modes.map { Self.weights[$0] ?? 1 }
        optimisticModes = Mode.optimistic.filter(capabilities.modes.contains)
        nonOptimisticModes = modes.filter { !Mode.optimistic.contains($0) }
        presents = capabilities.modes.contains(.present)
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
        let chosen = SpecChoice()
        let nestings = Profile.Nesting.allCases.filter(capabilities.nesting.contains)
        let profile = Profile(
            nesting: nestings[Int(try source.draw(upTo: UInt64(nestings.count - 1)))], flows: capabilities.flows)
        let initial = try source.span("initial") { () throws(ChoiceSource.Stop) in try initialStack(source) }
        guard var session = try? Session(stack: initial, profile: profile) else { throw .invalid }
        var commands: [Command] = [], expected: [Reply] = [], labels: [String] = [], specLabels: [String] = []
        let average = Double(max(maxSteps, 1)) / 2
        let more = average / (average + 1)
        while true {
            let command: Command? = try source.span("step") { () throws(ChoiceSource.Stop) -> Command? in
                // At the maximum the flag is still drawn, as a certain 0, to keep deletions aligned.
                guard try source.drawBool(probability: commands.count < maxSteps ? more : 0), commands.count < maxSteps
                else { return nil }
                return try self.command(source, session: session, step: commands.count, chosen: chosen)
            }
            guard let command else { break }
            labels.append(CoverageLabel.label(for: command, before: session, suite: suite))
            if let label = chosen.label, !specLabels.contains(label) { specLabels.append(label) }
            chosen.label = nil
            expected.append(session.perform(command))
            commands.append(command)
        }
        var plan = RunPlan(
            suite: suite, profile: profile, initial: initial, commands: commands, expected: expected, labels: labels)
        plan.specLabels = specLabels
        return plan
    }

    // MARK: Initial stacks

    /// One to three layers (presented ones only when PRESENT is declared) of one
    /// to several entries; flow-root marks are consistent: at most one per flow per
    /// layer, usually on the flow's first entry.
    func initialStack(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ScreenStack {
        var entries: [Entry] = []
        let layers = presents ? 3 : 1
        for layer in 0...layers where layer < layers || presents {
            // A layer and the choice that asked for it form one span, so the shrinker can delete a layer whole.
            let added = try source.span("layer") { () throws(ChoiceSource.Stop) -> Bool in
                if layer > 0, !(try source.drawBool(probability: layer < layers ? 0.4 : 0)) || layer >= layers {
                    return false
                }
                var flowsInLayer: [String] = []
                var first = true
                while true {
                    let entry = try source.span("entry") { () throws(ChoiceSource.Stop) -> Entry? in
                        if !first,
                            !(try source.drawBool(probability: entries.count < 12 ? 0.6 : 0)) || entries.count >= 12
                        {
                            return nil
                        }
                        let screen = vocabulary.screens[
                            Int(try source.draw(upTo: UInt64(vocabulary.screens.count - 1)))]
                        // Without flows no flow is drawn at all: the stack holds plain entries only.
                        let flowIndex =
                            capabilities.flows
                            ? Int(try source.draw(upTo: UInt64(vocabulary.flows.count))) : vocabulary.flows.count
                        let flow = flowIndex < vocabulary.flows.count ? vocabulary.flows[flowIndex] : nil
                        var flowRoot = false
                        if let flow, !flowsInLayer.contains(flow) {
                            flowsInLayer.append(flow)
                            flowRoot = !(try source.drawBool(probability: 0.2))
                        }
                        let presentation: Presentation = first ? (layer == 0 ? .root : .modal) : .push
                        return Entry(screen: screen, flow: flow, flowRoot: flowRoot, presentation: presentation)
                    }
                    guard let entry else { break }
                    entries.append(entry)
                    first = false
                }
                return true
            }
            if !added { break }
        }
        return ScreenStack(entries)
    }

    // MARK: Commands

    func command(
        _ source: ChoiceSource, session: Session, step: Int, chosen: SpecChoice? = nil
    ) throws(ChoiceSource.Stop) -> Command {
        guard optimistic, !optimisticModes.isEmpty else {
            return .navigate(
                try directive(source, stack: session.stack, profile: session.navigator.profile, id: nil, chosen: chosen)
            )
        }
        let stack = session.stack, profile = session.navigator.profile
        if let pending = session.pending {
            // 0 confirm, 1 FAILED, 2 no navigation, 3 another directive, 4 another optimistic change.
            switch try source.draw(upTo: 4) {
            case 0: return .navigate(pending.directive)
            case 1 where capabilities.modes.contains(.failed):
                return .navigate(Directive(id: pending.id, mode: .failed))
            case 2: return .navigate(nil)
            case 4:
                return .optimistic(
                    try optimisticDirective(source, stack: stack, profile: profile, step: step, chosen: chosen))
            default:
                return .navigate(try directive(source, stack: stack, profile: profile, id: "n\(step)", chosen: chosen))
            }
        }
        if try source.drawBool(probability: 0.5) {
            return .optimistic(
                try optimisticDirective(source, stack: stack, profile: profile, step: step, chosen: chosen))
        }
        return .navigate(try directive(source, stack: stack, profile: profile, id: "n\(step)", chosen: chosen))
    }

    /// Usually PUSH, REPLACE or RESET with an id; sometimes another mode, or no id.
    func optimisticDirective(
        _ source: ChoiceSource, stack: ScreenStack, profile: Profile, step: Int, chosen: SpecChoice? = nil
    ) throws(ChoiceSource.Stop) -> Directive {
        try source.span("optimistic") { () throws(ChoiceSource.Stop) -> Directive in
            let id: String? = try source.drawBool(probability: 0.05) ? nil : "o\(step)"
            if !nonOptimisticModes.isEmpty, try source.drawBool(probability: 0.08) {
                let mode = nonOptimisticModes[Int(try source.draw(upTo: UInt64(nonOptimisticModes.count - 1)))]
                return try directive(source, stack: stack, profile: profile, id: id, mode: mode, chosen: chosen)
            }
            let mode = optimisticModes[Int(try source.draw(upTo: UInt64(optimisticModes.count - 1)))]
            return try directive(source, stack: stack, profile: profile, id: id, mode: mode, chosen: chosen)
        }
    }

    /// A directive of a declared mode (or `mode`), invalid at a small rate; at a small rate too it carries fields
    /// outside the directive's own, which change nothing (NAV-IGNORE).
    func directive(
        _ source: ChoiceSource, stack: ScreenStack, profile: Profile, id: String?, mode fixed: Mode? = nil,
        chosen: SpecChoice? = nil
    ) throws(ChoiceSource.Stop) -> Directive {
        var directive = try plainDirective(
            source, stack: stack, profile: profile, id: id, mode: fixed, chosen: chosen)
        if try source.drawBool(probability: 0.04) {
            directive.unknownFields =
                Self.unknownFields[Int(try source.draw(upTo: UInt64(Self.unknownFields.count - 1)))]
        }
        return directive
    }

    /// Fields a server may send with a directive that the directive does not define: RUF's own (`transition`,
    /// `screenParams`) and one from a newer server.
    static let unknownFields: [[String: JSONValue]] = [
        ["transition": .string("slide")],
        ["screenParams": .object([("productId", .string("42")), ("source", .string("search"))])],
        ["analytics": .object([("event", .string("tap"))]), "transition": .string("fade")],
    ]

    func plainDirective(
        _ source: ChoiceSource, stack: ScreenStack, profile: Profile, id: String?, mode fixed: Mode? = nil,
        chosen: SpecChoice? = nil
    ) throws(ChoiceSource.Stop) -> Directive {
        try source.span("directive") { () throws(ChoiceSource.Stop) -> Directive in
            if fixed == nil, try source.drawBool(probability: 0.05) {
                return try invalidDirective(source, stack: stack, id: id)
            }
            let mode: Mode
            if let fixed { mode = fixed } else { mode = try pickMode(source) }
            switch mode {
            case .push, .replace, .reset, .present:
                // With a spec, most destinations are ones its actions declare (0, the simplest choice, is on-spec).
                if let spec, capabilities.flows, !spec.navigations.isEmpty, !(try source.drawBool(probability: 0.15)) {
                    let navigation = spec.navigations[Int(try source.draw(upTo: UInt64(spec.navigations.count - 1)))]
                    chosen?.label = navigation.label
                    return Directive(
                        id: id, mode: mode, screen: navigation.screen,
                        flow: .init(name: navigation.flow, behavior: Behavior(navigation.behavior)))
                }
                let screen = try pickScreen(source, from: stack, profile: profile)
                guard capabilities.flows else { return Directive(id: id, mode: mode, screen: screen) }
                let flow = try pickFlow(source, stack: stack, replacing: mode == .replace)
                let behavior =
                    capabilities.behaviors.isEmpty
                    ? Behavior.keep
                    : capabilities.behaviors[Int(try source.draw(upTo: UInt64(capabilities.behaviors.count - 1)))]
                return Directive(id: id, mode, screen, flow: flow, behavior)
            case .popTo:
                return Directive(id: id, mode: .popTo, screen: try pickScreen(source, from: stack, profile: profile))
            default:
                return Directive(id: id, mode: mode)
            }
        }
    }

    func pickMode(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> Mode {
        var pick = try source.draw(upTo: modeWeights.reduce(0, +) - 1)
        for (index, weight) in modeWeights.enumerated() {
            if pick < weight { return modes[index] }
            pick -= weight
        }
        return modes[modes.count - 1]
    }

    /// A flow of the top layer most of the time, so that removals remove something.
    /// REPLACE removes the top entry first, so its flow counts only if it also stands lower.
    func pickFlow(_ source: ChoiceSource, stack: ScreenStack, replacing: Bool) throws(ChoiceSource.Stop) -> String {
        var present: [String] = []
        let end = replacing ? max(stack.topLayerStart, stack.entries.count - 1) : stack.entries.count
        for entry in stack.entries[stack.topLayerStart..<end] {
            if let flow = entry.flow, !present.contains(flow) { present.append(flow) }
        }
        if !present.isEmpty, !(try source.drawBool(probability: 0.3)) {
            return present[Int(try source.draw(upTo: UInt64(present.count - 1)))]
        }
        return vocabulary.flows[Int(try source.draw(upTo: UInt64(vocabulary.flows.count - 1)))]
    }

    /// A screen already on the stack most of the time (so POP_TO finds its target), otherwise any screen.
    func pickScreen(
        _ source: ChoiceSource, from stack: ScreenStack, profile: Profile
    ) throws(ChoiceSource.Stop) -> String {
        if !(try source.drawBool(probability: 0.3)) {
            return stack.entries[Int(try source.draw(upTo: UInt64(stack.entries.count - 1)))].screen
        }
        return vocabulary.screens[Int(try source.draw(upTo: UInt64(vocabulary.screens.count - 1)))]
    }

    /// An unknown mode, a destination without a flow, the spec example's behavior REPLACE, no screen, or (when
    /// POP_TO is declared) a POP_TO without its target.
    func invalidDirective(
        _ source: ChoiceSource, stack: ScreenStack, id: String?
    ) throws(ChoiceSource.Stop) -> Directive {
        let screen = vocabulary.screens[0], flow = vocabulary.flows[0]
        var candidates: [Directive]
        if capabilities.flows {
            candidates = [
                Directive(id: id, mode: "JUMP", screen: screen, flow: .init(name: flow, behavior: .keep)),
                Directive(id: id, mode: .push, screen: screen), Directive(id: id, .push, screen, flow: flow, "REPLACE"),
                Directive(id: id, mode: .push, flow: .init(name: flow, behavior: .keep)),
            ]
        } else {
            // Without flows a destination cannot miss its flow or name a behavior: only the mode and the screen can be wrong.
            candidates = [Directive(id: id, mode: "JUMP", screen: screen), Directive(id: id, mode: .push)]
        }
        if capabilities.modes.contains(.popTo) { candidates.append(Directive(id: id, mode: .popTo)) }
        return candidates[Int(try source.draw(upTo: UInt64(candidates.count - 1)))]
    }
}
