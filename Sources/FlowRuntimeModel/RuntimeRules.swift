public import ConformanceRules

extension Suite {
    /// How an SDK runs a FlowPilot-style flow: edges, logic nodes, variables, events and outcomes (RUN- rules).
    public static let runtime = Suite("runtime")
}

/// The normative rules of a flow runtime (RUN-): MUST where a source page or seed 001 says so, SHOULD for the kit's
/// decisions where they are silent. The full text and an example of each are in <doc:Runtime>.
public enum RuntimeRules {
    /// The rule with this ID, if any.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// Every rule, in the order of <doc:Runtime>.
    public static let all: [Rule] = [
        rule(
            .runStart, .must, "start",
            "A flow starts at the node its entryNodeId names.",
            "seed 001: FlowDefinition.entryNodeId"),
        rule(
            .runStartFallback, .should, "start",
            "An entryNodeId that is empty or names no node starts the flow at the first screen, or the first node "
                + "when there is no screen.",
            "reference/flow-documents.md (the iOS SDK's fallback); editor-multi-step-flows (the first screen is the"
                + " entry)"),
        rule(
            .runNextEdge, .must, "edges",
            "goNext follows the current screen's default edge and shows the screen it leads to, through any logic "
                + "nodes on the way.",
            "seed 001: edges; editor-multi-step-flows: goNext"),
        rule(
            .runEdgeKind, .must, "edges",
            "goNext and the way out of assign, abTest and unsupported nodes follow normal edges only; a condition "
                + "node's branch follows its conditionTrue or conditionFalse edges; error, event and abVariant edges "
                + "are never followed by these.",
            "seed 001: FlowEdge.kind"),
        rule(
            .runEdgeGuard, .must, "edges",
            "An edge whose guard does not evaluate to true is not followed.",
            "seed 001: FlowEdge.guard"),
        rule(
            .runEdgePriority, .should, "edges",
            "Among the edges that may be followed, the highest priority wins (none counts as 0), and the first in "
                + "document order among equal priorities.",
            "kit decision (seed 001 calls priority an ordering hint)"),
        rule(
            .runEdgeDangling, .should, "edges",
            "An edge, or an abTest variant, whose target names no node is left out, as if it were not there: a "
                + "variant leading nowhere is never drawn and has no share of the weights.",
            "kit decision"),
        rule(
            .runComplete, .must, "outcome",
            "When the walk finds no edge to follow after a screen was shown, the flow completes: flow_complete, "
                + "outcome completed.",
            "ios/expo results-and-outcomes: completed at the final screen"),
        rule(
            .runBack, .must, "back",
            "goBack returns to the previous screen of the history (screens in the order shown, navigate included; "
                + "logic nodes are never in it and are not run again).",
            "editor pages: Go Back; ios results: screensVisited; kit decision for history after navigate"),
        rule(
            .runBackDismiss, .must, "back",
            "goBack on the first screen of the history dismisses the flow: screen_exit, flow_exit, outcome "
                + "dismissed.",
            "ios-sdk-results-and-outcomes: a back action off the first screen"),
        rule(
            .runNavigate, .must, "navigate",
            "navigate goes to the node it names, running logic nodes from there as goNext does.",
            "editor-multi-step-flows: Navigate to Screen"),
        rule(
            .runNavigateUnknown, .should, "navigate",
            "navigate to an id that names no node does nothing: no event, no change.",
            "kit decision (the docs are silent)"),
        rule(
            .runClose, .must, "close",
            "closeFlow ends the flow as completed: screen_exit, flow_complete.",
            "ios/expo results-and-outcomes; expo-sdk-analytics (flow_complete via closeFlow)"),
        rule(
            .runCloseRest, .should, "actions",
            "Once the flow has ended, the rest of the action list is not run.",
            "kit decision"),
        rule(
            .runActionOrder, .must, "actions",
            "An action list runs top to bottom, each action seeing what the ones before it did.",
            "editor-interactions-and-actions: actions run in list order"),
        rule(
            .runEnded, .should, "actions",
            "After the flow has ended, actions do nothing.",
            "kit decision"),
        rule(
            .runCondBranch, .must, "conditions",
            "A condition node follows its conditionTrue edge when its condition holds and its conditionFalse edge "
                + "when not.",
            "seed 001: ConditionNode, FlowEdge.kind"),
        rule(
            .runCondMissingEdge, .should, "conditions",
            "A condition node without an edge for its result follows its normal edges instead.",
            "kit decision"),
        rule(
            .runCondExpression, .should, "conditions",
            "A condition written as a FlowExpression string holds only when it evaluates to the boolean true.",
            "seed 001: condition is a FlowExpression; kit decision for non-boolean results"),
        rule(
            .runCondOps, .must, "conditions",
            "Each documented operator tests the variable as its type says: strings, numbers, booleans and lists.",
            "reference-conditions-and-expressions: operators by type"),
        rule(
            .runCondLogic, .must, "conditions",
            "`and` holds when every condition holds, `or` when any does, `not` when its condition does not; "
                + "conditions nested deeper than 32 are false.",
            "reference-conditions-and-expressions: logical operators; kit decision for the depth"),
        rule(
            .runCondMissingVar, .must, "conditions",
            "A variable the flow does not declare is empty: is_empty holds, is_not_empty and every comparison do "
                + "not, and not_equals and not_contains hold.",
            "reference-conditions-and-expressions: a missing variable is empty; kit decision for the negations"),
        rule(
            .runCondMismatch, .must, "conditions",
            "An operator applied to a value of another type, or with a right operand of another type, is false; "
                + "not_equals and not_contains are then true.",
            "reference-conditions-and-expressions: evaluation notes"),
        rule(
            .runCondUnknownOp, .must, "conditions",
            "An unknown operator is false and never throws.",
            "reference-conditions-and-expressions: evaluation notes"),
        rule(
            .runExprArithmetic, .should, "expressions",
            "Operators bind by the grammar's precedence (* / % before + -, comparisons before == and !=, && before ||) "
                + "and group left to right; arithmetic takes numbers, and prefix minus negates one.",
            "kit decision (the expressions section was not retrieved)"),
        rule(
            .runExprConcat, .should, "expressions",
            "+ with a string on either side joins the display strings.",
            "kit decision"),
        rule(
            .runExprCompare, .should, "expressions",
            "== and != compare any values (different types are unequal); < <= > >= compare two numbers or two "
                + "strings.",
            "kit decision"),
        rule(
            .runExprLogic, .should, "expressions",
            "&& and || take booleans and look at their right side only when the left does not decide.",
            "kit decision"),
        rule(
            .runExprFunction, .should, "expressions",
            "The functions length, lower, upper, contains, min, max and abs, each with its arity and types.",
            "kit decision"),
        rule(
            .runExprNoValue, .should, "expressions",
            "An expression that does not parse, names an unknown variable or function, divides by zero or applies "
                + "an operator to the wrong types has no value.",
            "kit decision"),
        rule(
            .runExprDepth, .should, "expressions",
            "An expression nesting parentheses, prefix operators or calls deeper than 32 has no value.",
            "kit decision"),
        rule(
            .runAssign, .must, "assign",
            "An assign node writes its assignments in order, each expression seeing the values written before it, "
                + "then follows its default edge.",
            "seed 001: AssignNode"),
        rule(
            .runAssignNoValue, .should, "assign",
            "An assignment whose expression has no value, or a value that does not convert to the variable's type, "
                + "leaves the variable as it was.",
            "kit decision"),
        rule(
            .runSetValue, .must, "variables",
            "Set Variable's set operation writes its value, converted to the variable's type, to a writable variable.",
            "editor-interactions-and-actions: Set Variable (variable, operation, value)"),
        rule(
            .runSetOp, .should, "variables",
            "Set Variable's operations: set, toggle, increment, decrement, multiply, divide, append, remove (every "
                + "equal item) and reset (to the starting value); an operation that does not fit the type, or an "
                + "unknown one, changes nothing.",
            "editor-interactions-and-actions: Set Variable; kit decision for the operations"),
        rule(
            .runSetWritable, .must, "variables",
            "Set Variable does not change a variable that is not writable.",
            "seed 001: FlowVariable.writable"),
        rule(
            .runSetUnknown, .should, "variables",
            "Set Variable or an assignment naming an undeclared variable does nothing.",
            "expo-sdk-variables-and-context: set returns false for an unknown key; kit decision"),
        rule(
            .runSetDivZero, .should, "variables",
            "divide by zero leaves the variable as it was.",
            "kit decision"),
        rule(
            .runVarSource, .must, "variables",
            "A variable starts from its source: a constant's value, or the context's value under the sdk path.",
            "seed 001: FlowVariable.source; expo-sdk-variables-and-context"),
        rule(
            .runVarFallback, .must, "variables",
            "A variable whose source gives no value starts at its defaultValue, else at its type's zero value ('', "
                + "0, false, []).",
            "expo-sdk-variables-and-context; ios-sdk-variables-and-context"),
        rule(
            .runVarCoerce, .should, "variables",
            "A source value of another type converts to the variable's type (a numeric string to a number; the "
                + "strings true/1/yes and false/0/no, in any case, to a boolean, and a number to true when it is not "
                + "zero; a scalar to its display string for a string variable; a list item by item, the whole list "
                + "not converting when one item does not); one that does not convert counts as no value.",
            "ios-sdk-variables-and-context: the accessors' coercion; kit decision"),
        rule(
            .runVarContextKey, .must, "variables",
            "A context key is flat: a dot is part of the key, not a path.",
            "ios/expo variables-and-context: flat dotted keys"),
        rule(
            .runInterp, .must, "interpolation",
            "{{key}} in a screen's text shows the variable's display string (a whole number without a fraction).",
            "editor-dynamic-values; ios-sdk-variables-and-context: displayString"),
        rule(
            .runInterpUnknown, .should, "interpolation",
            "{{key}} naming no variable shows nothing.",
            "kit decision"),
        rule(
            .runAbWeights, .must, "abTest",
            "An abTest node picks a variant by the cumulative split of its weights, as shares of their sum, with "
                + "the draw given.",
            "seed 001: AbTestNode; dashboard-experiments: the cumulative split; kit decision for negative weights "
                + "and no draws: a negative weight counts as 0, and with no draws the draw is 0"),
        rule(
            .runAbZero, .should, "abTest",
            "When every weight is zero, every variant has an equal share.",
            "kit decision"),
        rule(
            .runAbSticky, .must, "abTest",
            "Once an experiment key is assigned a variant, every later abTest node with that key in the session "
                + "goes to the same variant.",
            "dashboard-experiments: sticky assignment"),
        rule(
            .runAbExposure, .must, "abTest",
            "experiment_exposure fires once per experiment key, when it is first assigned, with experiment_id, "
                + "variant_id and variant_name.",
            "reference-event-taxonomy; expo-sdk-analytics"),
        rule(
            .runAbEmpty, .should, "abTest",
            "An abTest node without variants, whose variants all lead nowhere (RUN-EDGE-DANGLING), or that does not "
                + "offer the variant its experiment key was already assigned, follows its default edge: no draw, no "
                + "new assignment, no exposure.",
            "kit decision"),
        rule(
            .runUnsupported, .must, "nodes",
            "api, event and subflow nodes are skipped: the walk follows their default edge.",
            "seed 001: declared but unsupported nodes"),
        rule(
            .runCycle, .must, "nodes",
            "A walk runs at most 100 logic nodes: when it reaches a 101st without having shown a screen, that node "
                + "is not run and the flow ends with outcome error; it never hangs.",
            "kit decision (the bound); expo/ios results: error"),
        rule(
            .runNoScreen, .must, "outcome",
            "A flow that ends before any screen was shown ends with outcome error.",
            "ios/expo results-and-outcomes: error when nothing could be presented"),
        rule(
            .runEventStart, .must, "events",
            "flow_start fires first, once, when the flow starts.",
            "reference-event-taxonomy; expo-sdk-analytics"),
        rule(
            .runEventView, .must, "events",
            "screen_view fires each time a screen shows, with screen_id, screen_name and screen_index (the screen's"
                + " 0-based place among the flow's screens).",
            "reference-event-taxonomy; kit decision for the index"),
        rule(
            .runEventExit, .must, "events",
            "screen_exit fires when the screen shown is left, by any action.",
            "reference-event-taxonomy"),
        rule(
            .runEventEnd, .must, "events",
            "flow_complete fires when the flow completes, flow_exit (with the screen_id) when it is dismissed.",
            "reference-event-taxonomy; expo-sdk-analytics"),
        rule(
            .runEventOrder, .should, "events",
            "Events fire in the order things happen: screen_exit before the next screen's events, an exposure "
                + "before the screen it leads to, flow_complete and flow_exit last.",
            "kit decision (the order is not documented)"),
        rule(
            .runOutcome, .must, "outcome",
            "A flow ends once, with one outcome: completed, dismissed or error.",
            "ios/expo results-and-outcomes"),
    ]

    private static func rule(
        _ id: String, _ level: Rule.Level, _ feature: String, _ summary: String, _ source: String
    ) -> Rule {
        Rule(id: id, suite: .runtime, level: level, feature: feature, summary: summary, source: source)
    }
}
