import FlowRuntimeModel

/// A realistic bug planted in the sample flow runtime: a mutant the runtime suite must catch, under the rule that
/// says what it gets wrong (``rule``).
package enum RuntimeBug: String, CaseIterable, Sendable {
    /// not_equals on an undeclared variable is false.
    case notEqualsMissingFalse = "runtime-not-equals-missing-false"
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
    /// experiment_exposure fires on every visit of an abTest node.
    case exposureEveryVisit = "runtime-exposure-every-visit"
    /// A dotted sdk path is read as a path into nested context objects.
    case dottedPathSplit = "runtime-dotted-path-split"
    /// Set Variable changes variables that are not writable.
    case writableIgnored = "runtime-writable-ignored"

    /// What the mutant gets wrong, in one sentence.
    package var summary: String {
        switch self {
        case .notEqualsMissingFalse: return "not_equals on an undeclared variable is false."
        case .notContainsMismatchFalse:
            return "not_contains on a value of another type is false, like the other mismatches."
        case .leftToRight: return "Expressions are evaluated left to right, ignoring precedence."
        case .rightToLeft: return "Binary operators group right to left."
        case .divisionByZeroWritesZero: return "Division by zero writes 0 instead of leaving no value."
        case .noConcatenation: return "`+` with a number and a string has no value instead of joining their texts."
        case .noShortCircuit: return "`&&` and `||` evaluate both sides."
        case .noDepthLimit: return "Expressions nest without a limit."
        case .exposureEveryVisit: return "experiment_exposure fires on every visit of an abTest node."
        case .dottedPathSplit: return "A dotted sdk path is read as a path into nested context objects."
        case .writableIgnored: return "Set Variable changes variables that are not writable."
        }
    }

    /// The steps of its smallest counterexample, the start included: every one but writableIgnored shows at the
    /// start, in a flow whose entry is a logic node (or whose variables start from the context); writableIgnored
    /// needs the one setVariable after it.
    package var minimalSteps: Int { self == .writableIgnored ? 2 : 1 }

    /// The rule a default run of the mutant names.
    package var rule: String {
        switch self {
        case .notEqualsMissingFalse: return .runCondMissingVar
        case .notContainsMismatchFalse: return .runCondMismatch
        case .leftToRight, .rightToLeft: return .runExprArithmetic
        case .divisionByZeroWritesZero: return .runExprNoValue
        case .noConcatenation: return .runExprConcat
        case .noShortCircuit: return .runExprLogic
        case .noDepthLimit: return .runExprDepth
        case .exposureEveryVisit: return .runAbExposure
        case .dottedPathSplit: return .runVarContextKey
        case .writableIgnored: return .runSetWritable
        }
    }
}
