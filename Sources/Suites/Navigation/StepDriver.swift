import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
import NavigationModel
import PropertyTesting

/// Drives an implementation through a plan as the generator draws it, and compares each reply with the model's step
/// as it is taken: the model runs once per step, and no reply outlives its step.
///
/// It only tells whether every step agreed. At the first that did not (or at an error) it stops driving. A divergence
/// is then checked again on the whole plan, drawn again from the run's choices, so that it is found, named and
/// described exactly as when plans are checked after they are drawn; an error is what running the whole plan would
/// have thrown at the same step.
///
/// A run the generator abandons (it drew more choices than allowed) has driven the implementation through the steps
/// drawn so far, which are commands like any other; the engine discards the run, and whatever the implementation
/// answered or threw in it, as it discards a plan never run.
struct StepDriver: PlanWatcher {
    /// `false`: a run that agrees at every step is kept for its labels and rule counts alone (its plan holds no
    /// commands and no initial stack), and one that does not is drawn again, whole, from its choices. A run's
    /// directives are then freed step by step, each before the next is made, where keeping them freed a run's worth
    /// at its end, past the allocator's quick reuse.
    static var keepsCommands: Bool { false }

    let implementation: any NavigationImplementation
    let reasons: Bool
    /// Whether a step disagreed with the model or the implementation threw.
    private(set) var failed = false
    /// What the implementation threw, if it did.
    private(set) var error: (any Error)?

    init(_ implementation: any NavigationImplementation, reasons: Bool) {
        self.implementation = implementation
        self.reasons = reasons
    }

    mutating func start(at initial: ScreenStack, profile: NavigationProfile) {
        do { try implementation.reset(to: initial, profile: profile) } catch { fail(error) }
    }

    mutating func step(_ command: NavigationCommand, outcome: NavigationOutcome, model: borrowing NavigationSession) {
        guard !failed else { return }
        do {
            let reply = try implementation.perform(command)
            failed = !RunPlan.agrees(model, outcome, reply, reasons: reasons)
        } catch {
            fail(error)
        }
    }

    private mutating func fail(_ error: any Error) {
        failed = true
        self.error = error
    }
}

extension StackSuite {
    package func checkWhileGenerating(
        _ capabilities: Capabilities, context: SuiteContext, on subject: any NavigationImplementation
    ) -> CheckWhileGenerating<RunPlan>? {
        guard subject.takesCommandsAsDrawn else { return nil }
        let generator = planGenerator(capabilities, context: context)
        let reasons = generator.navigation.reasons
        return { source throws(ChoiceSource.Stop) in
            var driver = StepDriver(subject, reasons: reasons)
            // Without its commands (``StepDriver/keepsCommands``): the engine reads a generated run's labels and rule
            // counts, then lets it go; a counterexample is rebuilt from the run's choices.
            let steps = try generator.plan(source, watcher: &driver)
            guard driver.failed else { return (steps, .success(nil)) }
            // The same choices draw the same plan, whole this time, to be checked, named and described as usual.
            let plan = try generator.plan(
                ChoiceSource.replaying(source.choices, maxChoices: source.maxChoices, recordsSpans: false))
            // Running the whole plan would reset and perform the same commands, and throw the same error at this step.
            if let error = driver.error { return (plan, .failure(error)) }
            return (
                plan,
                Result {
                    guard let found = try check(plan, on: subject, capabilities: capabilities) else {
                        // As when a divergence does not replay to be described.
                        throw Abort(
                            "the divergence did not replay: the implementation answered the same commands differently "
                                + "the second time")
                    }
                    return found
                }
            )
        }
    }
}
