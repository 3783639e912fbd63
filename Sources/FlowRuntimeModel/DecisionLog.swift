/// The choices a step made that a wrong runtime could have made otherwise, each under the rule it follows, in the
/// order they were made; and, when asked, the one choice to make the other way.
///
/// The suite asks the reference to redo a diverging step with one choice flipped: the choice whose flip gives what
/// the implementation showed is the one it got wrong, and its rule is the one broken.
package struct DecisionLog: Sendable {
    /// The rule of each choice, in order.
    private(set) var rules: [String] = []
    /// The choices to make the other way.
    let flip: ReferenceRuntime.Flip

    init(flip: ReferenceRuntime.Flip) { self.flip = flip }

    /// Notes a choice made under `rule`, one of the ways (`way`) it could have gone otherwise; true when this is a
    /// choice to flip.
    mutating func decide(_ rule: String, way: Int = 0) -> Bool {
        rules.append(rule)
        switch flip {
        case .none: return false
        case .choice(let index): return index == rules.count - 1
        case .rule(let flipped, let flippedWay): return flipped == rule && flippedWay == way
        }
    }

    /// The rule a test's choice is blamed on: the most specific of the rules its evaluation went through.
    static func leafRule(_ evaluated: [String], otherwise: String) -> String {
        leafOrder.first(where: evaluated.contains) ?? otherwise
    }

    package static let leafOrder: [String] = [
        .runCondUnknownOp, .runCondMissingVar, .runCondMismatch, .runExprDepth, .runExprNoValue, .runExprFunction,
        .runExprConcat, .runExprArithmetic, .runExprLogic, .runExprCompare, .runCondLogic, .runCondOps,
        .runCondExpression,
    ]
}
