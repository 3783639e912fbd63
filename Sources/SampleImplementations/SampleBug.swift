/// A realistic bug planted in the sample SDK: a mutant the kit must catch.
package enum SampleBug: String, CaseIterable, Sendable {
    case removePreviousOnlyPrevious = "remove-previous-only-previous"
    case removePreviousTopRun = "remove-previous-top-run"
    case removePreviousAllLayers = "remove-previous-all-layers"
    case startNewWithoutRoot = "start-new-without-root"
    case keepAlwaysRoot = "keep-always-root"
    case replaceHadBeforeRemoval = "replace-had-before-removal"
    case baseRuleForgotten = "base-rule-forgotten"
    case resetKeepsRoot = "reset-keeps-root"
    case popRootEmptiesStack = "pop-root-empties-stack"
    case popRootIgnored = "pop-root-ignored"
    case presentAsPush = "present-as-push"
    case dismissWithNothingPresentedClears = "dismiss-nothing-presented-clears"
    case dismissPopsOne = "dismiss-pops-one"
    case popToBottomMost = "pop-to-bottom-most"
    case popToRootIgnoresProfile = "pop-to-root-ignores-profile"
    case popToSearchesWholeStack = "pop-to-searches-whole-stack"
    case behaviorReplaceAsKeep = "behavior-replace-as-keep"
    case failedIdlePops = "failed-idle-pops"
    case unknownModeWrongReason = "unknown-mode-wrong-reason"
    case confirmAppliedTwice = "confirm-applied-twice"
    case failedAfterReplaceWrongStack = "failed-after-replace-wrong-stack"
    case optimisticPopAllowed = "optimistic-pop-allowed"
    case noNavigationRollsBack = "no-navigation-rolls-back"
    case secondOptimisticAccepted = "second-optimistic-accepted"
    case redirectWithoutRollback = "redirect-without-rollback"

    /// What the bug does, in one line.
    package var summary: String {
        switch self {
        case .removePreviousOnlyPrevious:
            return "REMOVE_PREVIOUS removes only the immediately previous screen of the flow (as one RUF page says)"
        case .removePreviousTopRun:
            return "REMOVE_PREVIOUS removes only the run of the flow's screens at the top of the stack"
        case .removePreviousAllLayers:
            return "REMOVE_PREVIOUS removes the flow's screens from every layer, not only the top one"
        case .startNewWithoutRoot: return "START_NEW does not mark the new screen as the flow's root"
        case .keepAlwaysRoot: return "KEEP marks every pushed screen as its flow's root"
        case .replaceHadBeforeRemoval: return "REPLACE decides the flow-root mark before removing the top screen"
        case .baseRuleForgotten:
            return "removing a presented layer's first screen through its flow merges the layer into the one below"
        case .resetKeepsRoot: return "RESET keeps the old root screen and pushes the target on it"
        case .popRootEmptiesStack: return "POP on the root alone empties the stack"
        case .popRootIgnored: return "POP on the root alone is accepted and does nothing instead of being rejected"
        case .presentAsPush: return "PRESENT pushes into the current layer instead of presenting a new one"
        case .dismissWithNothingPresentedClears:
            return "DISMISS with nothing presented clears the whole stack (a black screen)"
        case .dismissPopsOne: return "DISMISS removes only the top screen, not the whole presented layer"
        case .popToBottomMost: return "POP_TO stops at the bottom-most match instead of the topmost"
        case .popToRootIgnoresProfile:
            return "POP_TO_ROOT always returns to the stack's root, ignoring the owned profile"
        case .popToSearchesWholeStack: return "POP_TO searches the whole stack even with the owned profile"
        case .behaviorReplaceAsKeep: return "flow behavior REPLACE (from a published spec example) is accepted as KEEP"
        case .failedIdlePops: return "FAILED with nothing pending pops the top screen"
        case .unknownModeWrongReason:
            return "an unknown mode is rejected with the reason unsupportedMode instead of unknownMode"
        case .confirmAppliedTwice: return "the server's confirmation of an optimistic push applies it a second time"
        case .failedAfterReplaceWrongStack:
            return "FAILED after an optimistic change pops the top screen instead of restoring the stack"
        case .optimisticPopAllowed: return "POP is applied optimistically"
        case .noNavigationRollsBack: return "an answer with no navigation rolls the optimistic change back"
        case .secondOptimisticAccepted: return "a second optimistic change is accepted while one is pending"
        case .redirectWithoutRollback:
            return "a different answer is applied on top of the optimistic change instead of after rolling it back"
        }
    }

    /// The length, in commands, of the shortest sequence that exposes the bug
    /// from a suitable initial stack: what the kit's shrinker must reach.
    package var minimalSteps: Int {
        switch self {
        case .confirmAppliedTwice, .failedAfterReplaceWrongStack, .noNavigationRollsBack,
            .secondOptimisticAccepted, .redirectWithoutRollback:
            return 2
        default:
            return 1
        }
    }

    /// Whether the bug lives in optimistic navigation (the session suite).
    package var isSessionBug: Bool {
        switch self {
        case .confirmAppliedTwice, .failedAfterReplaceWrongStack, .optimisticPopAllowed, .noNavigationRollsBack,
            .secondOptimisticAccepted, .redirectWithoutRollback:
            return true
        default:
            return false
        }
    }
}
