import NavigationModel

/// Compares an implementation's reply with the model's, and draws the difference.
public enum ReplyComparison {
    /// Whether `actual` agrees with `expected`: the outcome, the reason (only when
    /// the implementation reports reasons), the stack and the pending id.
    public static func matches(_ expected: Reply, _ actual: Reply, reasons: Bool) -> Bool {
        guard expected.state == actual.state else { return false }
        switch (expected.outcome, actual.outcome) {
        case (.applied, .applied): return true
        case (.rejected(let e), .rejected(let a)): return !reasons || e == a
        default: return false
        }
    }

    /// The lines a reply is drawn as in a diff: outcome, reason, one line per entry, pending.
    public static func lines(of reply: Reply) -> [String] {
        var lines: [String] = []
        switch reply.outcome {
        case .applied: lines.append("outcome: applied")
        case .rejected(let reason): lines.append("outcome: rejected" + (reason.map { " (\($0))" } ?? ""))
        }
        lines.append("stack:")
        // No indices: an entry that only moved must line up in the diff, not show as removed and added.
        for entry in reply.state.stack {
            lines.append("  \(entry.screen) flow=\(entry.flow ?? "none")\(entry.flowRoot ? " flowRoot" : "") \(entry.presentation.rawValue)")
        }
        lines.append("pending: \(reply.state.pendingID ?? "none")")
        return lines
    }

    /// A diff in the style of custom-dump: `-` lines are the model's, `+` lines the
    /// implementation's, and unchanged runs longer than `context` lines on each side collapse.
    public static func diff(expected: Reply, actual: Reply, context: Int = 2) -> String {
        LineDiff.render(old: lines(of: expected), new: lines(of: actual), context: context)
    }
}

/// A line diff by longest common subsequence.
enum LineDiff {
    enum Line: Equatable { case same(String), removed(String), added(String) }

    static func lines(old: [String], new: [String]) -> [Line] {
        let n = old.count, m = new.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = old[i] == new[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < n && j < m {
            if old[i] == new[j] {
                result.append(.same(old[i])); i += 1; j += 1
            } else if lcs[i + 1][j] >= lcs[i][j + 1] {
                // Removals come before additions at the same place, as custom-dump writes them.
                result.append(.removed(old[i])); i += 1
            } else {
                result.append(.added(new[j])); j += 1
            }
        }
        result += old[i...].map(Line.removed) + new[j...].map(Line.added)
        return result
    }

    static func render(old: [String], new: [String], context: Int) -> String {
        let diff = lines(old: old, new: new)
        var output: [String] = []
        var index = 0
        while index < diff.count {
            guard case .same = diff[index] else {
                switch diff[index] {
                case .removed(let text): output.append("- " + text)
                case .added(let text): output.append("+ " + text)
                case .same: break
                }
                index += 1
                continue
            }
            var end = index
            while end < diff.count, case .same = diff[end] { end += 1 }
            let run = diff[index..<end].map { line -> String in if case .same(let text) = line { return text }; return "" }
            let keepBefore = index == 0 ? 0 : context, keepAfter = end == diff.count ? 0 : context
            if run.count > keepBefore + keepAfter + 1 {
                output += run.prefix(keepBefore).map { "  " + $0 }
                let hidden = run.count - keepBefore - keepAfter
                output.append("  … (\(counted(hidden, "unchanged line")))")
                output += run.suffix(keepAfter).map { "  " + $0 }
            } else {
                output += run.map { "  " + $0 }
            }
            index = end
        }
        return output.joined(separator: "\n")
    }
}
