package import ConformanceRules
import FlowCheckEngine
package import NavigationModel

/// The rules a golden case's failure breaks, by cause, as a generated run's would be named.
///
/// A golden case is about some rules (its `rules`), but an implementation can fail it by breaking another: an
/// optimistic RESET that restores the wrong stack on FAILED is a RESET bug when the RESET itself went wrong.
package enum CaseAttribution {
    /// The rules the implementation's replies break at the first diverging step, or `nil` when the plan cannot be
    /// built or nothing diverges.
    package static func rules(
        suite: Suite, profile: NavigationProfile, initial: ScreenStack, commands: [NavigationCommand],
        replies: [NavigationReply], reasons: Bool
    ) -> [String]? {
        guard let plan = try? RunPlan(suite: suite, profile: profile, initial: initial, commands: commands),
            replies.count == commands.count,
            let diverging = StackFailure.firstDivergence(plan, replies, reasons: reasons)
        else { return nil }
        return StackFailure.cause(plan, replies, diverging: diverging, reasons: reasons).rules
    }
}
