import ConformanceRules
import FlowCheckCore
package import FlowCheckRecords
import Foundation

/// Draws any suite's failure from its record: the rules, the storyboard table, the diff and the replay line.
package enum HTMLStoryboard {
    static func section(
        _ failure: FailureRecord, number: Int, groups: [String: Int], legend: Bool = false, deviation: Bool = false,
        excuse: String? = nil
    ) -> String {
        let escape = HTMLReport.escape
        // A deviation from a SHOULD rule is shown in full, but marked as what it is: it fails nothing. So is a
        // failure the gate excused (a skip list, a baseline): it fails nothing in the pipeline.
        let mark = deviation ? "△" : "✗"
        var kind = deviation ? " <span class=\"deviation\">deviation from a SHOULD rule</span>" : ""
        if let excuse { kind += " <span class=\"excused\">\(escape(excuse))</span>" }
        var out =
            #"<section class="failure" id="failure-\#(number)"><h2>\#(mark) \#(escape(failure.suite.rawValue)): \#(HTMLReport.unbroken(failure.description))\#(kind)</h2>"#
        out +=
            "<p class=\"meta\">Case <code>\(escape(failure.id))</code> · \(escape(failure.sizeText))"
            + (failure.occurrences > 1 ? " · \(failure.occurrences) runs failed this way" : "")
            + "</p><ul class=\"rules\">"
        for rule in failure.rules {
            out +=
                "<li><code class=\"rule\">\(escape(rule.id))</code> (\(rule.level.rawValue.uppercased())) \(escape(rule.summary))</li>"
        }
        out += "</ul>"
        let board = failure.storyboard
        if let preface = board.preface { out += self.preface(preface) }
        // The legend before the first storyboard with stacks, where the pictures are first read.
        if legend { out += self.legend }
        out += "<table class=\"storyboard\"><tr>" + board.columns.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        for row in board.rows {
            out +=
                "<tr class=\"\(row.diverged ? "diverged" : "")\"><td class=\"label\">\(escape(row.label))\(row.diverged ? "<br><strong>diverged</strong>" : "")</td>"
            // On a narrow screen the cells stack, each under its column's heading.
            var column = 1
            // Two stacks in a row (the model's and the implementation's) have the entries that differ outlined.
            let stacks = row.cells.compactMap(\.stack)
            let changes = stacks.count == 2 ? Self.changes(stacks[0], stacks[1]) : (model: [:], implementation: [:])
            let blanks =
                stacks.count == 2
                ? Self.spacers(
                    model: changes.model, implementation: changes.implementation,
                    counts: (entries(stacks[0]), entries(stacks[1]))) : (model: [:], implementation: [:])
            var stackIndex = 0
            for cell in row.cells {
                let headings = board.columns.dropFirst(column).prefix(cell.span).filter { !$0.isEmpty }
                if cell.stack != nil, cell.span > 1 {
                    // One stack for several columns (the start, where model and implementation agree): drawn in each,
                    // so that every column shows a stack and the next rows compare with it side by side.
                    var single = cell
                    single.span = 1
                    for heading in board.columns.dropFirst(column).prefix(cell.span) {
                        out += self.cell(single, label: heading, groups: groups)
                    }
                } else {
                    let mine = cell.stack == nil ? [:] : stackIndex == 0 ? changes.model : changes.implementation
                    let gaps = cell.stack == nil ? [:] : stackIndex == 0 ? blanks.model : blanks.implementation
                    if cell.stack != nil { stackIndex += 1 }
                    out += self.cell(
                        cell, label: headings.joined(separator: " · "), groups: groups, changes: mine, blanks: gaps)
                }
                column += cell.span
            }
            out += "</tr>"
        }
        if let breakdown = failure.breakdown {
            out += "</table>"
            out += "<h3>\(escape(failure.diffHeading))</h3><pre>\(escape(breakdown.message))</pre>"
            if !breakdown.stderrTail.isEmpty {
                out +=
                    "<h3>Its standard error ended with</h3><pre class=\"stderr\">"
                    + escape(breakdown.stderrTail.joined(separator: "\n")) + "</pre>"
            }
        } else {
            out += "</table>"
            let legend = (failure.diffLegend ?? "- model, + implementation")
                .replacingOccurrences(of: "- ", with: "− ")
            out += "<h3>\(escape(failure.diffHeading)) (\(escape(legend)))</h3>" + diffBlock(failure.diff)
        }
        for note in failure.notes { out += "<p class=\"meta\">Note: \(escape(note))</p>" }
        if !failure.violations.isEmpty {
            out += "<ul class=\"violations\">" + failure.violations.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        out +=
            #"<p class="replay">Replay: <code id="replay-\#(number)">\#(escape(failure.replay))</code> <button type="button" data-copy="replay-\#(number)">Copy</button></p></section>"#
        return out
    }

    /// The text exactly as the implementation received it, and beside it (below, on a narrow screen) a formatted view.
    static func preface(_ preface: Storyboard.Preface) -> String {
        let escape = HTMLReport.escape
        guard let formatted = preface.formatted else {
            return "<h3>\(escape(preface.title))</h3><pre class=\"document\">\(escape(preface.text))</pre>"
        }
        return
            "<h3>\(escape(preface.title))</h3><div class=\"preface\"><figure><figcaption>Exact text "
            + "(\(counted(preface.text.utf8.count, "byte")); long lines wrap, nothing is added)</figcaption>"
            + "<pre class=\"document exact\">\(escape(preface.text))</pre></figure>"
            + "<figure><figcaption>Formatted</figcaption><pre class=\"document\">\(escape(formatted))</pre></figure></div>"
    }

    static func cell(
        _ cell: Storyboard.Cell, label: String, groups: [String: Int], changes: [Int: Change] = [:],
        blanks: [Int: Int] = [:]
    ) -> String {
        let escape = HTMLReport.escape
        let data = label.isEmpty ? "" : " data-label=\"\(escape(label))\""
        var out = cell.span > 1 ? "<td colspan=\"\(cell.span)\"\(data)>" : "<td\(data)>"
        if let note = cell.note {
            out += "<div class=\"outcome\(cell.alert ? " rejected" : "")\">\(escape(note))</div>"
        }
        if let text = cell.text {
            switch cell.style {
            case .text: out += escape(text)
            case .code: out += "<code>\(escape(text))</code>"
            case .preformatted: out += "<pre>\(escape(text))</pre>"
            }
        }
        if let stack = cell.stack { out += picture(stack, groups: groups, changes: changes, blanks: blanks) }
        return out + "</td>"
    }

    /// How many entries a stack holds, across its layers.
    static func entries(_ stack: Storyboard.StackPicture) -> Int { stack.layers.reduce(0) { $0 + $1.cards.count } }

    /// How an entry of one of two stacks compares with the other stack.
    package enum Change: Hashable, Sendable {
        /// Only the model's stack has it (`−`).
        case removed
        /// Only the implementation's stack has it (`+`).
        case added
        /// Both have an entry here, and they differ: screen, flow, root mark, or presented layer (`≠`).
        case changed

        var sign: String { self == .removed ? "−" : self == .added ? "+" : "≠" }
        var words: String {
            self == .removed
                ? "only in the model's stack" : self == .added ? "only in the implementation's stack" : "differs"
        }
    }

    /// The entries of two stacks (the model's, the implementation's) that differ, by position from the bottom across
    /// layers: the stacks compared as a diff compares lines (a longest common subsequence), so that one entry added
    /// in the middle marks that entry alone, not every entry above it. Within a gap between entries both keep, entries
    /// facing each other are changed, the rest removed or added.
    package static func changes(
        _ a: Storyboard.StackPicture, _ b: Storyboard.StackPicture
    ) -> (model: [Int: Change], implementation: [Int: Change]) {
        struct Key: Hashable {
            var card: Storyboard.StackPicture.Card
            var presented: Bool
        }
        func flat(_ stack: Storyboard.StackPicture) -> [Key] {
            stack.layers.flatMap { layer in layer.cards.map { Key(card: $0, presented: layer.presented) } }
        }
        let left = flat(a), right = flat(b)
        var pairs: [(Int, Int)] = []
        // A longest common subsequence, in quadratic time: stacks an implementation reports may be long, so past a
        // bound the entries are compared position by position instead.
        if left.count * right.count <= 250_000 {
            var length = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
            for i in stride(from: left.count - 1, through: 0, by: -1) {
                for j in stride(from: right.count - 1, through: 0, by: -1) {
                    length[i][j] =
                        left[i] == right[j] ? length[i + 1][j + 1] + 1 : max(length[i + 1][j], length[i][j + 1])
                }
            }
            var (i, j) = (0, 0)
            while i < left.count, j < right.count {
                if left[i] == right[j] {
                    pairs.append((i, j))
                    (i, j) = (i + 1, j + 1)
                } else if length[i + 1][j] >= length[i][j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
        } else {
            pairs = (0..<min(left.count, right.count)).filter { left[$0] == right[$0] }.map { ($0, $0) }
        }
        var model: [Int: Change] = [:], implementation: [Int: Change] = [:]
        var (i, j) = (0, 0)
        for (x, y) in pairs + [(left.count, right.count)] {
            let facing = min(x - i, y - j)
            for k in 0..<(x - i) { model[i + k] = k < facing ? .changed : .removed }
            for k in 0..<(y - j) { implementation[j + k] = k < facing ? .changed : .added }
            (i, j) = (x + 1, y + 1)
        }
        return (model, implementation)
    }

    /// Where each stack needs blank slots so that the two line up as the diff pairs them: an entry only the other
    /// stack has faces a blank, never an unrelated entry. By position from the bottom: `[i: n]` puts n blanks below
    /// the entry at i, and `[count: n]` n above the top.
    package static func spacers(
        model: [Int: Change], implementation: [Int: Change], counts: (model: Int, implementation: Int)
    ) -> (model: [Int: Int], implementation: [Int: Int]) {
        var blanks: (model: [Int: Int], implementation: [Int: Int]) = ([:], [:])
        var (i, j) = (0, 0)
        // Walk both stacks bottom up: kept and changed entries face each other; a removed entry faces a blank in
        // the implementation's stack, an added one a blank in the model's.
        while i < counts.model || j < counts.implementation {
            if i < counts.model, model[i] == .removed {
                blanks.implementation[j, default: 0] += 1
                i += 1
            } else if j < counts.implementation, implementation[j] == .added {
                blanks.model[i, default: 0] += 1
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
        return blanks
    }

    /// A stack drawn as boxes, top at the top (the markup lists them bottom first); each layer in its own frame,
    /// presented ones emphasised; the entries at the positions (from the bottom) in `changes` outlined and signed.
    package static func picture(
        _ stack: Storyboard.StackPicture, groups: [String: Int], changes: [Int: Change] = [:], blanks: [Int: Int] = [:]
    ) -> String {
        let escape = HTMLReport.escape
        let blank = #"<span class="entry spacer" aria-hidden="true"></span>"#
        var out = "<div class=\"stack\">"
        var position = 0
        for (index, layer) in stack.layers.enumerated() {
            out += layer.presented ? #"<span class="layer modal" title="presented layer">"# : #"<span class="layer">"#
            for card in layer.cards {
                out += String(repeating: blank, count: blanks[position] ?? 0)
                let color = card.group.flatMap { groups[$0] }.map { " flow-\($0 % 8)" } ?? " no-flow"
                let change = changes[position]
                position += 1
                let differs = change.map { " differs \($0)" } ?? ""
                let title =
                    (card.group.map { "flow \($0)" } ?? "no flow") + (card.marked ? ", flow root" : "")
                    + (change.map { ", \($0.words)" } ?? "")
                out += #"<span class="entry\#(color)\#(differs)" title="\#(escape(title))">"#
                if let change { out += #"<i class="change" aria-hidden="true">\#(change.sign)</i>"# }
                out += escape(card.title)
                if let group = card.group { out += "<small>\(escape(group))</small>" }
                if card.marked { out += #"<b class="root" title="flow root">★</b>"# }
                out += "</span>"
            }
            // Blanks above the top entry go in the top layer.
            if index == stack.layers.count - 1 { out += String(repeating: blank, count: blanks[position] ?? 0) }
            out += "</span>"
        }
        if stack.layers.isEmpty { out += #"<span class="empty">empty stack</span>"# }
        if let badge = stack.badge { out += "<span class=\"pending\">\(escape(badge))</span>" }
        return out + "</div>"
    }

    /// A diff with its removed and added lines coloured. Where a change removes as many lines as it adds, each pair
    /// has the part that differs marked, since one character (a `*`) is easy to miss.
    package static func diffBlock(_ diff: String) -> String {
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var marks: [Int: Range<Int>] = [:]
        var index = 0
        while index < lines.count {
            var end = index
            while end < lines.count, lines[end].hasPrefix("-") || lines[end].hasPrefix("+") { end += 1 }
            let removed = (index..<end).filter { lines[$0].hasPrefix("-") }
            let added = (index..<end).filter { lines[$0].hasPrefix("+") }
            if removed.count == added.count {
                for (old, new) in zip(removed, added) {
                    let (a, b) = differing(body(lines[old]), body(lines[new]))
                    marks[old] = a
                    marks[new] = b
                }
            }
            index = max(end, index + 1)
        }
        var out = "<pre class=\"diff\">"
        for (number, line) in lines.enumerated() {
            let kind = line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "same"
            var text = HTMLReport.escape(line)
            if let range = marks[number], !range.isEmpty {
                let characters = Array(line)
                text =
                    HTMLReport.escape(String(characters[..<range.lowerBound])) + "<mark>"
                    + HTMLReport.escape(String(characters[range])) + "</mark>"
                    + HTMLReport.escape(String(characters[range.upperBound...]))
            }
            out += "<span class=\"\(kind)\">\(text)</span>\n"
        }
        return out + "</pre>"
    }

    /// A diff line without the note the text diff puts after it (`   ← only the flow root differs`).
    static func body(_ line: String) -> [Character] {
        Array(line.range(of: "   ← ").map { String(line[..<$0.lowerBound]) } ?? line)
    }

    /// The characters of each line between their common prefix and suffix (the sign in column 0 excluded).
    static func differing(_ a: [Character], _ b: [Character]) -> (Range<Int>, Range<Int>) {
        var prefix = 1
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix..<(a.count - suffix), prefix..<(b.count - suffix))
    }

    /// Whether any cell holds a stack picture, which the legend explains.
    static func hasStacks(_ board: Storyboard) -> Bool {
        board.rows.contains { $0.cells.contains { $0.stack != nil } }
    }

    /// What the stack pictures' colours and marks mean, on the page rather than only in tooltips; and the same
    /// stacks in the text notation the terminal report and the docs use.
    static let legend =
        #"<p class="legend"><strong>Reading the stacks:</strong> "#
        + #"<span>top of the stack at the top, the bottom entries of the model's and the implementation's stacks "#
        + #"side by side, compared as a diff compares lines: <span class="entry no-flow differs removed">"#
        + #"<i class="change">−</i>X</span> only in the model's, <span class="entry no-flow differs added">"#
        + #"<i class="change">+</i>Y</span> only in the implementation's, <span class="entry no-flow differs changed">"#
        + #"<i class="change">≠</i>Z</span> facing an entry that differs</span> "#
        + #"<span><span class="entry flow-0">CART<small>CHECKOUT</small></span> a screen and its flow, one colour per "#
        + #"flow (<span class="entry no-flow">HOME</span> grey: no flow)</span> "#
        + #"<span><b class="root">★</b> the flow's root</span> "#
        + #"<span><span class="layer modal"><span class="entry no-flow">SHEET</span></span> a presented (modal) layer; "#
        + #"its first card is the layer's base</span> "#
        + #"<span><span class="pending">pending o3</span> an optimistic change awaiting the server's answer</span> "#
        + #"<span>In text: <code>[HOME, CART(CHECKOUT)*, ^SHEET]</code>: <code>(FLOW)</code>, <code>*</code> a flow "#
        + #"root, <code>^</code> a modal base.</span></p>"#

    /// A colour per group (flow), by name order, so the same flow has the same colour everywhere in the report.
    static func palette(_ failures: [FailureRecord]) -> [String: Int] {
        var names = Set<String>()
        for failure in failures {
            for row in failure.storyboard.rows {
                for cell in row.cells {
                    for layer in cell.stack?.layers ?? [] {
                        for card in layer.cards { if let group = card.group { names.insert(group) } }
                    }
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: names.sorted().enumerated().map { ($1, $0) })
    }
}
