import FlowRuntimeModel

/// A realistic bug planted in the sample flow runtime: a mutant the runtime suite must catch, under the rule that
/// says what it gets wrong (``rule``).
package enum RuntimeBug: String, CaseIterable, Sendable {
    /// goNext takes the first edge in document order, whatever the priorities.
    case priorityIgnored = "runtime-priority-ignored"
    /// The lowest priority wins instead of the highest.
    case priorityLowestWins = "runtime-priority-lowest-wins"
    /// Guards are never evaluated: every edge may be followed.
    case guardIgnored = "runtime-guard-ignored"
    /// goNext follows any outgoing edge, whatever its kind.
    case edgeKindIgnored = "runtime-edge-kind-ignored"
    /// An edge to a node that does not exist is followed, and the flow ends in error there.
    case danglingFollowed = "runtime-dangling-followed"
    /// Logic nodes are kept in the history: goBack onto one runs it again.
    case logicInHistory = "runtime-logic-in-history"
    /// goBack on the first screen does nothing instead of dismissing.
    case backOnFirstIgnored = "runtime-back-on-first-ignored"
    /// An empty or unknown entryNodeId ends the flow in error instead of starting at the first screen.
    case noEntryFallback = "runtime-no-entry-fallback"
    /// navigate to an unknown id completes the flow.
    case navigateUnknownCompletes = "runtime-navigate-unknown-completes"
    /// closeFlow is reported as dismissed.
    case closeReportedDismissed = "runtime-close-reported-dismissed"
    /// The actions after closeFlow in the same list still run.
    case actionsAfterCloseRun = "runtime-actions-after-close-run"
    /// A condition node without an edge for its result ends the flow instead of following its normal edges.
    case missingBranchEnds = "runtime-missing-branch-ends"
    /// A condition naming an undeclared variable ends the flow in error, as an exception would.
    case missingVariableThrows = "runtime-missing-variable-throws"
    /// not_equals on an undeclared variable is false.
    case notEqualsMissingFalse = "runtime-not-equals-missing-false"
    /// An unknown operator ends the flow in error, as an exception would.
    case unknownOperatorThrows = "runtime-unknown-operator-throws"
    /// not_contains on a value of another type is false, like the other mismatches.
    case notContainsMismatchFalse = "runtime-not-contains-mismatch-false"
    /// Expressions are evaluated left to right, ignoring precedence.
    case leftToRight = "runtime-left-to-right"
    /// Binary operators group right to left.
    case rightToLeft = "runtime-right-to-left"
    /// Division by zero writes 0 instead of leaving no value.
    case divisionByZeroWritesZero = "runtime-division-by-zero-writes-zero"
    /// `+` with a number and a string has no value instead of joining their texts.
    case noConcatenation = "runtime-no-concatenation"
    /// `&&` and `||` evaluate both sides.
    case noShortCircuit = "runtime-no-short-circuit"
    /// Expressions nest without a limit.
    case noDepthLimit = "runtime-no-depth-limit"
    /// length() counts UTF-16 code units, as JavaScript's and Java's strings do, instead of Unicode scalars.
    case lengthCountsUTF16 = "runtime-length-utf16"
    /// abTest draws a variant on every visit.
    case abNotSticky = "runtime-ab-not-sticky"
    /// Weights are read as percentages of 100 instead of shares of their sum: what they leave goes to the last variant.
    case weightsAsPercentages = "runtime-weights-as-percentages"
    /// When every weight is zero, the abTest node picks nothing and follows its default edge.
    case zeroWeightsNeverPicked = "runtime-zero-weights-never-picked"
    /// experiment_exposure fires on every visit of an abTest node.
    case exposureEveryVisit = "runtime-exposure-every-visit"
    /// A context value "42" for a number variable is not converted: the variable falls back.
    case numericStringsNotCoerced = "runtime-numeric-strings-not-coerced"
    /// A dotted sdk path is read as a path into nested context objects.
    case dottedPathSplit = "runtime-dotted-path-split"
    /// Set Variable's set does nothing.
    case setIgnored = "runtime-set-ignored"
    /// Set Variable changes variables that are not writable.
    case writableIgnored = "runtime-writable-ignored"
    /// remove takes out only the first equal item.
    case removeFirstOnly = "runtime-remove-first-only"
    /// reset sets the type's zero value instead of the starting value.
    case resetToZero = "runtime-reset-to-zero"
    /// `{{key}}` naming no variable is left as written.
    case unknownTokenKept = "runtime-unknown-token-kept"
    /// A whole number shows with a fraction (`3.0`).
    case wholeNumbersWithFraction = "runtime-whole-numbers-with-fraction"
    /// screen_view fires before the screen_exit of the screen left.
    case viewBeforeExit = "runtime-view-before-exit"
    /// screen_index counts the screens viewed so far instead of the screen's place in the flow.
    case screenIndexCountsViews = "runtime-screen-index-counts-views"
    /// api, event and subflow nodes end the flow instead of being skipped.
    case unsupportedEnds = "runtime-unsupported-ends"
    /// A cycle of logic nodes completes the flow at the bound instead of ending in error.
    case cycleCompletes = "runtime-cycle-completes"

    /// What the mutant gets wrong, in one sentence.
    package var summary: String {
        switch self {
        case .priorityIgnored: return "goNext takes the first edge in document order, whatever the priorities."
        case .priorityLowestWins: return "The lowest priority wins instead of the highest."
        case .guardIgnored: return "Guards are never evaluated: every edge may be followed."
        case .edgeKindIgnored: return "goNext follows any outgoing edge, whatever its kind."
        case .danglingFollowed:
            return "An edge to a node that does not exist is followed, and the flow ends in error there."
        case .logicInHistory: return "Logic nodes are kept in the history: goBack onto one runs it again."
        case .backOnFirstIgnored: return "goBack on the first screen does nothing instead of dismissing."
        case .noEntryFallback:
            return "An empty or unknown entryNodeId ends the flow in error instead of starting at the first screen."
        case .navigateUnknownCompletes: return "navigate to an unknown id completes the flow."
        case .closeReportedDismissed: return "closeFlow is reported as dismissed."
        case .actionsAfterCloseRun: return "The actions after closeFlow in the same list still run."
        case .missingBranchEnds:
            return
                "A condition node without an edge for its result ends the flow instead of following its normal edges."
        case .missingVariableThrows:
            return "A condition naming an undeclared variable ends the flow in error, as an exception would."
        case .notEqualsMissingFalse: return "not_equals on an undeclared variable is false."
        case .unknownOperatorThrows: return "An unknown operator ends the flow in error, as an exception would."
        case .notContainsMismatchFalse:
            return "not_contains on a value of another type is false, like the other mismatches."
        case .leftToRight: return "Expressions are evaluated left to right, ignoring precedence."
        case .rightToLeft: return "Binary operators group right to left."
        case .divisionByZeroWritesZero: return "Division by zero writes 0 instead of leaving no value."
        case .noConcatenation: return "`+` with a number and a string has no value instead of joining their texts."
        case .noShortCircuit: return "`&&` and `||` evaluate both sides."
        case .noDepthLimit: return "Expressions nest without a limit."
        case .lengthCountsUTF16: return "length() counts UTF-16 code units instead of Unicode scalars."
        case .abNotSticky: return "abTest draws a variant on every visit."
        case .weightsAsPercentages:
            return "Weights are read as percentages of 100 instead of shares of their sum."
        case .zeroWeightsNeverPicked:
            return "When every weight is zero, the abTest node picks nothing and follows its default edge."
        case .exposureEveryVisit: return "experiment_exposure fires on every visit of an abTest node."
        case .numericStringsNotCoerced:
            return "A context value \"42\" for a number variable is not converted: the variable falls back."
        case .dottedPathSplit: return "A dotted sdk path is read as a path into nested context objects."
        case .setIgnored: return "Set Variable's set does nothing."
        case .writableIgnored: return "Set Variable changes variables that are not writable."
        case .removeFirstOnly: return "remove takes out only the first equal item."
        case .resetToZero: return "reset sets the type's zero value instead of the starting value."
        case .unknownTokenKept: return "`{{key}}` naming no variable is left as written."
        case .wholeNumbersWithFraction: return "A whole number shows with a fraction (`3.0`)."
        case .viewBeforeExit: return "screen_view fires before the screen_exit of the screen left."
        case .screenIndexCountsViews:
            return "screen_index counts the screens viewed so far instead of the screen's place in the flow."
        case .unsupportedEnds: return "api, event and subflow nodes end the flow instead of being skipped."
        case .cycleCompletes:
            return "A cycle of logic nodes completes the flow at the bound instead of ending in error."
        }
    }

    /// The steps of its smallest counterexample, the start included: 1 where the bug shows at the start (a flow
    /// whose entry leads into it), 2 where it takes an action after the start.
    package var minimalSteps: Int {
        switch self {
        case .actionsAfterCloseRun, .backOnFirstIgnored, .closeReportedDismissed, .logicInHistory,
            .navigateUnknownCompletes, .removeFirstOnly, .resetToZero, .viewBeforeExit, .writableIgnored, .setIgnored:
            return 2
        default: return 1
        }
    }

    /// Every rule the mutant breaks: its own, and the rules a bug of its kind breaks as well (a runtime that draws
    /// again at every abTest node also fires the exposure again).
    package var rules: Set<String> {
        switch self {
        // Drawing again at every abTest node also fires the exposure again, and draws at a node that does not offer
        // the variant its key was assigned.
        case .abNotSticky: return [.runAbSticky, .runAbExposure, .runAbEmpty]
        // A runtime that keeps logic nodes in its history does not find the first screen at its bottom.
        case .logicInHistory: return [.runBack, .runBackDismiss]
        default: return [rule]
        }
    }

    /// The rule a default run of the mutant names.
    package var rule: String {
        switch self {
        case .priorityIgnored, .priorityLowestWins: return .runEdgePriority
        case .guardIgnored: return .runEdgeGuard
        case .edgeKindIgnored: return .runEdgeKind
        case .danglingFollowed: return .runEdgeDangling
        case .logicInHistory: return .runBack
        case .backOnFirstIgnored: return .runBackDismiss
        case .noEntryFallback: return .runStartFallback
        case .navigateUnknownCompletes: return .runNavigateUnknown
        case .closeReportedDismissed: return .runClose
        case .actionsAfterCloseRun: return .runCloseRest
        case .missingBranchEnds: return .runCondMissingEdge
        case .missingVariableThrows, .notEqualsMissingFalse: return .runCondMissingVar
        case .unknownOperatorThrows: return .runCondUnknownOp
        case .notContainsMismatchFalse: return .runCondMismatch
        case .leftToRight, .rightToLeft: return .runExprArithmetic
        case .divisionByZeroWritesZero: return .runExprNoValue
        case .noConcatenation: return .runExprConcat
        case .noShortCircuit: return .runExprLogic
        case .noDepthLimit: return .runExprDepth
        case .lengthCountsUTF16: return .runExprFunction
        case .abNotSticky: return .runAbSticky
        case .zeroWeightsNeverPicked: return .runAbZero
        case .weightsAsPercentages: return .runAbWeights
        case .exposureEveryVisit: return .runAbExposure
        case .numericStringsNotCoerced: return .runVarCoerce
        case .dottedPathSplit: return .runVarContextKey
        case .writableIgnored: return .runSetWritable
        case .setIgnored: return .runSetValue
        case .removeFirstOnly, .resetToZero: return .runSetOp
        case .unknownTokenKept: return .runInterpUnknown
        case .wholeNumbersWithFraction: return .runInterp
        case .viewBeforeExit: return .runEventOrder
        case .screenIndexCountsViews: return .runEventView
        case .unsupportedEnds: return .runUnsupported
        case .cycleCompletes: return .runCycle
        }
    }
}
