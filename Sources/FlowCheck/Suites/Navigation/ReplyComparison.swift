import ConformanceRules
import FlowCheckCore
import NavigationModel

/// Compares an implementation's reply with the model's, and draws the difference.
package enum ReplyComparison {
    /// Whether `actual` agrees with `expected`: the outcome, the reason (only when
    /// the implementation reports reasons), the stack and the pending id.
    package static func matches(_ expected: Reply, _ actual: Reply, reasons: Bool) -> Bool {
        guard expected.state == actual.state else { return false }
        switch (expected.outcome, actual.outcome) {
        case (.applied, .applied): return true
        case (.rejected(let e), .rejected(let a)): return !reasons || e == a
        default: return false
        }
    }

    /// The lines a reply is drawn as in a diff: outcome, reason, one line per entry, pending.
    package static func lines(of reply: Reply) -> [String] {
        var lines: [String] = []
        switch reply.outcome {
        case .applied: lines.append("outcome: applied")
        case .rejected(let reason): lines.append("outcome: rejected" + (reason.map { " (\($0))" } ?? ""))
        }
        lines.append("stack:")
        // No indices: an entry that only moved must line up in the diff, not show as removed and added.
        for entry in reply.state.stack {
            lines.append(
                "  \(entry.screen) flow=\(entry.flow ?? "none")\(entry.flowRoot ? " flowRoot" : "") \(entry.presentation.rawValue)"
            )
        }
        lines.append("pending: \(reply.state.pendingID ?? "none")")
        return lines
    }

    /// A diff in the style of custom-dump: `-` lines are the model's, `+` lines the
    /// implementation's, and unchanged runs longer than `context` lines on each side collapse.
    package static func diff(expected: Reply, actual: Reply, context: Int = 2) -> String {
        LineDiff.render(old: lines(of: expected), new: lines(of: actual), context: context)
    }
}
