import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
import NavigationModel
import PropertyTesting

/// Moves steps into the initial stack: a counterexample with fewer directives is
/// what an SDK author reads fastest, and an initial stack is only setup.
///
/// The engine's shrinker works on choices and cannot turn "PRESENT, then REPLACE"
/// into "start from a presented layer, then REPLACE". This pass does: it replaces
/// the first step by the stack that step produces, encoded back into the plan
/// generator's choices, and shrinks again; it keeps the result when it still
/// diverges with fewer steps.
///
/// A plain initial stack holds a dozen screens at most: steps that build a deeper stack cannot be absorbed into
/// one. Once nothing more can be, a last shrink may switch the plain stack for a deep one (drawn from a handful of
/// choices) and drop the steps that built it up; it runs last so that it never takes the place of a short stack
/// the absorption would reach.
enum StepAbsorption {
    static func minimize(
        _ counterexample: Counterexample<RunPlan>, property: Property<RunPlan>,
        generator: PlanGenerator, configuration: Configuration
    ) -> Counterexample<RunPlan> {
        var best = counterexample
        func merge(_ shrunk: Counterexample<RunPlan>) {
            var merged = shrunk
            merged.run = best.run
            merged.originalChoiceCount = best.originalChoiceCount
            merged.shrink.calls += best.shrink.calls
            merged.shrink.duration += best.shrink.duration
            best = merged
        }
        var attempts = 0
        while best.value.commands.count > 1 && attempts < 16 {
            attempts += 1
            guard let choices = absorbingFirstStep(of: best, generator: generator),
                let shrunk = property.shrink(from: choices, configuration: configuration),
                shrunk.value.commands.count < best.value.commands.count
            else { break }
            merge(shrunk)
        }
        if best.value.commands.count > 1,
            let switched = property.shrink(from: best.choices, configuration: configuration, switchingBranches: true),
            switched.value.commands.count < best.value.commands.count
        {
            merge(switched)
        }
        if let smaller = smallerStart(
            of: best, property: property, generator: generator, configuration: configuration)
        {
            merge(smaller)
        }
        return droppingInitialEntries(of: best, property: property, generator: generator)
    }

    /// The most replays the initial stack's entry pass takes, and the deepest stack whose 1-minimality is checked.
    static let entryReplays = 256

    /// The same failure from the initial stack with entries deleted one at a time, top first, then renamed plainly
    /// and taken out of their flows, as long as it fails with the same origin: the choices that draw a stack delete
    /// an entry only where the ones after it mean the same without it, and a deep stack's not at all. Each edit is
    /// tried on the value (one replay each); the choices are encoded again when the generator can draw the stack,
    /// and the value stands for the failure either way.
    static func droppingInitialEntries(
        of counterexample: Counterexample<RunPlan>, property: Property<RunPlan>, generator: PlanGenerator
    ) -> Counterexample<RunPlan> {
        var best = counterexample
        // A bound on the replays: a deep stack whose top entries all matter would take one pass per entry below.
        var replays = 0
        func tried(_ edit: EntryEdit, at index: Int) -> Bool {
            replays += 1
            let plan = best.value
            guard
                let candidate = try? RunPlan(
                    suite: plan.suite, profile: plan.profile, initial: applying(edit, at: index, to: plan.initial),
                    commands: plan.commands),
                let falsification = (try? property.judge(candidate)) ?? nil,
                falsification.origin == best.origin
            else { return false }
            if let (spans, shaped) = layout(of: best, generator: generator),
                let initial = spans.first(where: { $0.label == "initial" }),
                let encoded = shaped.encode(initial: candidate.initial)
            {
                best.choices = Array(best.choices[..<initial.start]) + encoded + Array(best.choices[initial.end...])
            }
            best.value = candidate
            best.message = falsification.message
            return true
        }
        // Deletions, top first, starting over after each one taken.
        var progress = true
        while progress && best.value.initial.count > 1 && replays < entryReplays {
            progress = false
            for index in stride(from: best.value.initial.count - 1, through: 1, by: -1) where replays < entryReplays {
                if tried(.delete, at: index) {
                    progress = true
                    break
                }
            }
        }
        // Then one sweep of plainer names and entries out of their flows, which take no entry away: a deep stack
        // gets two replays per entry, not a pass per success.
        var sweep = 0
        for (index, edit) in edits(of: best.value.initial) where edit != .delete && sweep < 2 * entryReplays {
            sweep += 1
            _ = tried(edit, at: index)
        }
        best.shrink.calls += replays
        return best
    }

    /// How one initial entry may be made simpler: gone, named as plainly as a screen can be, or out of its flow.
    enum EntryEdit { case delete, rename, dropFlow }

    /// `stack` with `edit` made to its entry at `index`.
    static func applying(_ edit: EntryEdit, at index: Int, to stack: ScreenStack) -> ScreenStack {
        var entries = stack.entries
        switch edit {
        case .delete: entries.remove(at: index)
        case .rename: entries[index].screen = Vocabulary.standard.screens[0]
        case .dropFlow:
            entries[index].flow = nil
            entries[index].flowRoot = false
        }
        return ScreenStack(entries)
    }

    /// The edits that make an initial stack simpler, top entry first: every deletion but the bottom entry's, then
    /// each entry with the plainest name and without its flow, where it has another.
    static func edits(of stack: ScreenStack) -> [(Int, EntryEdit)] {
        let entries = stack.entries
        var result: [(Int, EntryEdit)] = stride(from: entries.count - 1, through: 1, by: -1).map { ($0, .delete) }
        for index in entries.indices.reversed() {
            if entries[index].screen != Vocabulary.standard.screens[0] { result.append((index, .rename)) }
            if entries[index].flow != nil { result.append((index, .dropFlow)) }
        }
        return result
    }

    /// The same failure from a smaller initial stack, when one gives it: the engine's shrinker cannot turn a deep
    /// stack (drawn from a handful of choices, 13 entries at least) into a plain one of two entries, since the
    /// choices after the first mean other things there. Candidates are tried smallest first, each encoded as a plain
    /// stack in place of the run's own and replayed once; the first that fails with the same origin is shrunk, and
    /// kept as it is when the shrink would give back a larger stack.
    static func smallerStart(
        of counterexample: Counterexample<RunPlan>, property: Property<RunPlan>, generator: PlanGenerator,
        configuration: Configuration
    ) -> Counterexample<RunPlan>? {
        let stack = counterexample.value.initial
        guard stack.count > 1, let (topLevel, shaped) = layout(of: counterexample, generator: generator),
            let initial = topLevel.first(where: { $0.label == "initial" })
        else { return nil }
        for candidate in smallerStacks(than: stack) {
            guard let encoded = shaped.encode(initial: candidate) else { continue }
            let choices =
                Array(counterexample.choices[..<initial.start]) + encoded
                + Array(counterexample.choices[initial.end...])
            let replayed = property.replay(choices: choices)
            guard case .failed(let falsification) = replayed.outcome, falsification.origin == counterexample.origin,
                let value = replayed.value, value.commands.count <= counterexample.value.commands.count
            else { continue }
            if let shrunk = property.shrink(from: choices, configuration: configuration),
                shrunk.origin == counterexample.origin, shrunk.value.initial.count <= candidate.count,
                shrunk.value.commands.count <= value.commands.count
            {
                return shrunk
            }
            // The engine's shrink takes fewer choices for simpler, and a deep stack is drawn from fewer than a plain
            // one of two entries: it may have gone back to the deep stack. The candidate stands as it is.
            var found = counterexample
            found.value = value
            found.choices = choices
            found.message = falsification.message
            return found
        }
        return nil
    }

    /// Stacks of fewer entries than `stack` made of its own, smallest first: its bottom entry under its top ones,
    /// then its bottom ones alone. Layers and flow roots follow from the entries kept; the encoder refuses a stack
    /// the generator cannot draw.
    static func smallerStacks(than stack: ScreenStack) -> [ScreenStack] {
        let entries = (0..<stack.count).map { stack[$0] }
        var result: [ScreenStack] = []
        for size in 1..<min(stack.count, 13) {
            var top = [entries[0]] + entries.suffix(size - 1)
            var bottom = Array(entries.prefix(size))
            top[0].presentation = .root
            bottom[0].presentation = .root
            result.append(ScreenStack(top))
            if bottom != top { result.append(ScreenStack(bottom)) }
        }
        return result
    }

    /// The choices of the same plan, started from the state after its first step, or
    /// `nil` when that step cannot be absorbed (it was rejected, left something
    /// pending, or led to a stack the generator cannot draw).
    static func absorbingFirstStep(of counterexample: Counterexample<RunPlan>, generator: PlanGenerator) -> [UInt64]? {
        let plan = counterexample.value
        guard let first = plan.commands.first, case .navigate = first, plan.expected[0].outcome.isApplied,
            plan.expected[0].state.pendingID == nil
        else { return nil }
        guard let (topLevel, shaped) = layout(of: counterexample, generator: generator),
            let initial = topLevel.first(where: { $0.label == "initial" }),
            let encoded = shaped.encode(initial: plan.expected[0].state.stack)
        else { return nil }
        let steps = topLevel.filter { $0.label == "step" }
        guard steps.count >= 2 else { return nil }
        return Array(counterexample.choices[..<initial.start]) + encoded
            + Array(counterexample.choices[steps[1].start...])
    }
}

extension StepAbsorption {
    /// A counterexample's top-level spans (its shape, initial stack and steps) and the generator shaped as its run
    /// was: a stack is encoded in the names of the run's own shape, which the kept choices draw again.
    static func layout(
        of counterexample: Counterexample<RunPlan>, generator: PlanGenerator
    ) -> (spans: [ChoiceSource.Span], shaped: PlanGenerator)? {
        let source = ChoiceSource.replaying(counterexample.choices)
        guard (try? generator.plan(source)) != nil else { return nil }
        let topLevel = source.spans.filter { $0.depth == 0 }
        guard let shapeSpan = topLevel.first(where: { $0.label == "shape" }),
            let shape = try? RunShape.draw(
                .replaying(Array(counterexample.choices[shapeSpan.start..<shapeSpan.end])), for: generator)
        else { return nil }
        return (topLevel, generator.shaped(shape))
    }
}

extension PlanGenerator {
    /// The choices `initialStack` draws to produce `stack`, or `nil` when it cannot produce it.
    func encode(initial stack: ScreenStack) -> [UInt64]? {
        let starts = stack.layerStarts
        guard !starts.isEmpty, starts.count <= (navigation.modes.contains(.present) ? 4 : 1), stack.count <= 12 else {
            return nil
        }
        // The first choice says the stack is a plain one, not a deep one.
        var choices: [UInt64] = [0]
        for (layer, start) in starts.enumerated() {
            if layer > 0 { choices.append(1) }
            let end = layer + 1 < starts.count ? starts[layer + 1] : stack.count
            var flowsInLayer: [String] = []
            for index in start..<end {
                let entry = stack[index]
                if index > start { choices.append(1) }
                guard let screen = vocabulary.screens.firstIndex(of: entry.screen) else { return nil }
                choices.append(UInt64(screen))
                if let flow = entry.flow {
                    guard navigation.flows, let flowIndex = vocabulary.flows.firstIndex(of: flow) else { return nil }
                    choices.append(UInt64(flowIndex))
                    if flowsInLayer.contains(flow) {
                        if entry.flowRoot { return nil }
                    } else {
                        flowsInLayer.append(flow)
                        choices.append(entry.flowRoot ? 0 : 1)
                    }
                } else {
                    if entry.flowRoot { return nil }
                    // Without flows the generator draws no flow choice for an entry.
                    if navigation.flows { choices.append(UInt64(vocabulary.flows.count)) }
                }
            }
            // Every layer ends with its "one more entry?" choice, drawn even when full.
            choices.append(0)
        }
        // And the layers end with their "one more layer?" choice, drawn even after the fourth.
        if navigation.modes.contains(.present) { choices.append(0) }
        return choices
    }
}
