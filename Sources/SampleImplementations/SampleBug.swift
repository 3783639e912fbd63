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
    case capacity16 = "capacity-16"
    case stackFullAt50 = "stack-full-at-50"
    case popToSearchesTop32 = "pop-to-searches-top-32"
    case removePreviousScansTop20 = "remove-previous-scans-top-20"
    case flowRootWindow10 = "flow-root-window-10"
    case presentMax3Layers = "present-max-3-layers"
    case popDeepRemovesTwo = "pop-deep-removes-two"
    case screenNamesCaseInsensitive = "screen-names-case-insensitive"
    case flowNamesCaseInsensitive = "flow-names-case-insensitive"
    case longNamesTruncated = "long-names-truncated"
    case nonASCIINamesMangled = "non-ascii-names-mangled"
    case nullFieldRejected = "null-field-rejected"
    case pendingIDLowercased = "pending-id-lowercased"
    case confirmByIDOnly = "confirm-by-id-only"
    case failedKeepsPending = "failed-keeps-pending"
    case staleRollbackSnapshot = "stale-rollback-snapshot"

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
        case .capacity16: return "the stack keeps only its top 16 screens (a fixed-size buffer)"
        case .stackFullAt50: return "PUSH and PRESENT are refused once the stack holds 50 screens"
        case .popToSearchesTop32: return "POP_TO looks for its target among the top 32 screens only"
        case .removePreviousScansTop20:
            return "REMOVE_PREVIOUS removes the flow's screens among the top 20 of the layer only"
        case .flowRootWindow10:
            return "whether a flow is already in the layer is decided on the top 10 screens only (root marks)"
        case .presentMax3Layers: return "a PRESENT over three presented layers pushes into the top one"
        case .popDeepRemovesTwo: return "POP on a stack of more than 100 screens removes two (an index off by one)"
        case .screenNamesCaseInsensitive: return "POP_TO matches screen names ignoring case (\"home\" finds \"HOME\")"
        case .flowNamesCaseInsensitive: return "flows are compared ignoring case (\"main\" counts as \"MAIN\")"
        case .longNamesTruncated: return "screen and flow names are cut to 64 characters when stored"
        case .nonASCIINamesMangled: return "non-ASCII characters in screen and flow names are stored as \"?\""
        case .nullFieldRejected: return "a directive with an unknown field set to null is refused as malformed"
        case .pendingIDLowercased: return "the pending change's id is stored lowercased"
        case .confirmByIDOnly:
            return "an answer carrying the pending id confirms the change whatever change it asks for"
        case .failedKeepsPending: return "FAILED rolls the optimistic change back but leaves it pending"
        case .staleRollbackSnapshot:
            return "the rollback snapshot is taken at the session's first optimistic change and never again"
        }
    }

    /// The length, in commands, of the shortest sequence that exposes the bug
    /// from a suitable initial stack: what the kit's shrinker must reach.
    package var minimalSteps: Int {
        switch self {
        case .staleRollbackSnapshot:
            return 4
        // A name in other case comes from a step (initial stacks use the run's names), then POP_TO reaches it.
        case .screenNamesCaseInsensitive:
            return 2
        case .confirmAppliedTwice, .failedAfterReplaceWrongStack, .noNavigationRollsBack,
            .secondOptimisticAccepted, .redirectWithoutRollback, .confirmByIDOnly, .failedKeepsPending:
            return 2
        default:
            return 1
        }
    }

    /// The fewest screens the initial stack needs for the bug to show, when the bug lives at depth: a shrunk
    /// counterexample starts from a stack about this deep, never the thousand screens it was found with.
    package var minimalDepth: Int? {
        switch self {
        case .capacity16: return 17
        case .stackFullAt50: return 50
        case .popToSearchesTop32: return 33
        case .removePreviousScansTop20: return 21
        // 11 at least: a plain stack of 12 shows it to a REPLACE (which removes the top screen first); a deep stack
        // (four flows in runs of four) from 14.
        case .flowRootWindow10: return 12
        case .popDeepRemovesTwo: return 101
        default: return nil
        }
    }

    /// Whether the bug lives in optimistic navigation (the session suite).
    package var isSessionBug: Bool {
        switch self {
        case .confirmAppliedTwice, .failedAfterReplaceWrongStack, .optimisticPopAllowed, .noNavigationRollsBack,
            .secondOptimisticAccepted, .redirectWithoutRollback, .pendingIDLowercased, .confirmByIDOnly,
            .failedKeepsPending, .staleRollbackSnapshot:
            return true
        default:
            return false
        }
    }
}
