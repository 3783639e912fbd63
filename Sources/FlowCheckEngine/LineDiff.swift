import FlowCheckCore
import FlowCheckRecords
import Foundation

/// A line diff by longest common subsequence.
package enum LineDiff {
    package enum Line: Equatable { case same(String), removed(String), added(String) }

    package static func lines(old: [String], new: [String]) -> [Line] {
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

    /// The diff as text: `-` and `+` lines, unchanged runs longer than `context` lines on each side collapsed. Where a
    /// change removes as many lines as it adds, `annotate` may say how each pair differs, after the added line.
    package static func render(
        old: [String], new: [String], context: Int, annotate: (String, String) -> String? = { _, _ in nil }
    ) -> String {
        // Each is one line: a newline inside a value (a screen name an implementation made up) is shown escaped, so
        // it cannot print a line without its mark, such as a fake model line.
        render(
            lines(old: old.map { VisibleText.line($0) }, new: new.map { VisibleText.line($0) }), context: context,
            annotate: annotate)
    }

    /// A diff already made, as text: unchanged runs longer than `context` lines on each side collapsed. Each line's
    /// text must be one line (``VisibleText/line(_:)``).
    package static func render(
        _ diff: [Line], context: Int, annotate: (String, String) -> String? = { _, _ in nil }
    ) -> String {
        var output: [String] = []
        var index = 0
        while index < diff.count {
            guard case .same = diff[index] else {
                var end = index
                var removed: [String] = [], added: [String] = []
                while end < diff.count {
                    if case .removed(let text) = diff[end] {
                        removed.append(text)
                    } else if case .added(let text) = diff[end] {
                        added.append(text)
                    } else {
                        break
                    }
                    end += 1
                }
                var pairs = removed.count == added.count ? Array(zip(removed, added)) : []
                for line in diff[index..<end] {
                    switch line {
                    case .removed(let text): output.append("- " + text)
                    case .added(let text):
                        let note = pairs.isEmpty ? nil : annotate(pairs.removeFirst().0, text)
                        output.append("+ " + text + (note.map { "   ← " + $0 } ?? ""))
                    case .same: break
                    }
                }
                index = end
                continue
            }
            var end = index
            while end < diff.count, case .same = diff[end] { end += 1 }
            let run = diff[index..<end].map { line -> String in
                if case .same(let text) = line { return text }; return ""
            }
            let keepBefore = index == 0 ? 0 : context, keepAfter = end == diff.count ? 0 : context
            if run.count > keepBefore + keepAfter + 1 {
                output += run.prefix(keepBefore).map { "  " + $0 }
                output += collapsed(Array(run[keepBefore..<(run.count - keepAfter)]), last: end == diff.count)
                output += run.suffix(keepAfter).map { "  " + $0 }
            } else {
                output += run.map { "  " + $0 }
            }
            index = end
        }
        return output.joined(separator: "\n")
    }

    /// Hidden unchanged lines, as ellipses with their count; before a change, the lines that open the objects and
    /// lists still open at its place stay shown, so that a change deep in nested JSON says where it is (the path
    /// through `"cache": {`, `"HOME": {`, …), as swift-custom-dump does.
    private static func collapsed(_ hidden: [String], last: Bool) -> [String] {
        var open: [Int] = []
        if !last {
            for (index, line) in hidden.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.hasSuffix("{") || text.hasSuffix("[") {
                    open.append(index)
                } else if text.hasPrefix("}") || text.hasPrefix("]"), !open.isEmpty {
                    open.removeLast()
                }
            }
        }
        var output: [String] = []
        var from = 0
        for index in open + [hidden.count] {
            if index > from { output.append("  … (\(counted(index - from, "unchanged line")))") }
            if index < hidden.count { output.append("  " + hidden[index]) }
            from = index + 1
        }
        return output
    }
}
