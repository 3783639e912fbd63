import ConformanceRules
import FlowCheckCore
import FlowCheckEngine
package import NavigationModel

/// Compares an implementation's reply with the model's, and draws the difference.
package enum ReplyComparison {
    /// Whether `actual` agrees with `expected`: the outcome, the reason (only when
    /// the implementation reports reasons), the stack and the pending id.
    package static func matches(_ expected: NavigationReply, _ actual: NavigationReply, reasons: Bool) -> Bool {
        expected.state == actual.state && outcomeMatches(expected.outcome, actual.outcome, reasons: reasons)
    }

    /// Whether `actual` agrees with the `expected` outcome: applied or rejected, and the reason when reported.
    static func outcomeMatches(_ expected: NavigationOutcome, _ actual: NavigationOutcome, reasons: Bool) -> Bool {
        switch (expected, actual) {
        case (.applied, .applied): return true
        case (.rejected(let e), .rejected(let a)): return !reasons || e == a
        default: return false
        }
    }

    /// The lines a reply is drawn as in a diff: outcome, reason, one line per entry, pending.
    package static func lines(of reply: NavigationReply) -> [String] {
        var lines: [String] = []
        switch reply.outcome {
        case .applied: lines.append("outcome: applied")
        case .rejected(let reason): lines.append("outcome: rejected" + (reason.map { " (\($0))" } ?? ""))
        }
        lines.append("stack:")
        // No indices: an entry that only moved must line up in the diff, not show as removed and added.
        for (index, entry) in reply.state.stack.entries.enumerated() { lines.append("  " + notation(entry, at: index)) }
        lines.append("pending: \(reply.state.pendingID ?? "none")")
        return lines
    }

    /// An entry in the kit's one stack notation (`HOME(MAIN)*`, `^CART(CHECKOUT)*`), which the initial stack and the
    /// reports use too. The notation leaves root and push unwritten, since the position says which it is; an entry
    /// whose presentation contradicts its position names it, so that no difference the comparison sees is invisible.
    package static func notation(_ entry: StackEntry, at index: Int) -> String {
        let expected: EntryPresentation = index == 0 ? .root : .push
        guard entry.presentation != expected, entry.presentation != .modal else { return entry.description }
        return entry.description + " (presentation \(entry.presentation.rawValue))"
    }

    /// A diff in the style of custom-dump: `-` lines are the model's, `+` lines the
    /// implementation's, and unchanged runs longer than `context` lines on each side collapse. An entry that differs
    /// from the model's in one attribute says which, since one character (a `*`) is easy to miss.
    package static func diff(expected: NavigationReply, actual: NavigationReply, context: Int = 2) -> String {
        let old = lines(of: expected), new = lines(of: actual)
        var model: [String: StackEntry] = [:], implementation: [String: StackEntry] = [:]
        for (index, entry) in expected.state.stack.entries.enumerated() {
            model["  " + notation(entry, at: index)] = entry
        }
        for (index, entry) in actual.state.stack.entries.enumerated() {
            implementation["  " + notation(entry, at: index)] = entry
        }
        return LineDiff.render(old: old, new: new, context: context) { removed, added in
            guard let was = model[removed], let now = implementation[added] else { return nil }
            return difference(was, now)
        }
    }

    /// `only the flow root differs`, when exactly one attribute does.
    static func difference(_ model: StackEntry, _ implementation: StackEntry) -> String? {
        let differing = [
            ("screen", model.screen != implementation.screen), ("flow", model.flow != implementation.flow),
            ("flow root", model.flowRoot != implementation.flowRoot),
            ("presentation", model.presentation != implementation.presentation),
        ].filter(\.1)
        guard differing.count == 1 else { return nil }
        return "only the \(differing[0].0) differs"
    }
}
