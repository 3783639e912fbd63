import ConformanceRules
import FlowCheckCore
import FlowCheckRecords

/// Draws any suite's failure from its record: the rules, the storyboard table, the diff and the replay line.
enum HTMLStoryboard {
    static func section(_ failure: FailureRecord, number: Int, groups: [String: Int]) -> String {
        let escape = HTMLReport.escape
        var out =
            #"<section class="failure" id="failure-\#(number)"><h2>✗ \#(escape(failure.suite.rawValue)): \#(escape(failure.description))</h2>"#
        out +=
            "<p class=\"meta\">Case <code>\(escape(failure.id))</code> · \(escape(failure.size.description)), shrunk from \(escape(failure.originalSize.description))"
            + "\(failure.oneMinimal ? ", 1-minimal" : "")"
            + (failure.occurrences > 1 ? " · \(failure.occurrences) runs failed this way" : "")
            + "</p><ul class=\"rules\">"
        for rule in failure.rules {
            out +=
                "<li><code>\(escape(rule.id))</code> (\(rule.level.rawValue.uppercased())) \(escape(rule.summary))</li>"
        }
        out += "</ul>"
        let board = failure.storyboard
        if let preface = board.preface {
            out += "<h3>\(escape(preface.title))</h3><pre class=\"document\">\(escape(preface.text))</pre>"
        }
        out += "<table class=\"storyboard\"><tr>" + board.columns.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        for row in board.rows {
            out +=
                "<tr class=\"\(row.diverged ? "diverged" : "")\"><td>\(escape(row.label))\(row.diverged ? "<br><strong>diverged</strong>" : "")</td>"
            for cell in row.cells { out += self.cell(cell, groups: groups) }
            out += "</tr>"
        }
        if let breakdown = failure.breakdown {
            out += "</table><h3>\(escape(failure.diffHeading))</h3><pre>\(escape(breakdown.message))</pre>"
            if !breakdown.stderrTail.isEmpty {
                out +=
                    "<h3>Its standard error ended with</h3><pre class=\"stderr\">"
                    + escape(breakdown.stderrTail.joined(separator: "\n")) + "</pre>"
            }
        } else {
            out +=
                "</table><h3>\(escape(failure.diffHeading)) (− model, + implementation)</h3>" + diffBlock(failure.diff)
        }
        for note in failure.notes { out += "<p class=\"meta\">Note: \(escape(note))</p>" }
        if !failure.violations.isEmpty {
            out += "<ul class=\"violations\">" + failure.violations.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        out +=
            #"<p class="replay">Replay: <code id="replay-\#(number)">\#(escape(failure.replay))</code> <button type="button" data-copy="replay-\#(number)">Copy</button></p></section>"#
        return out
    }

    static func cell(_ cell: Storyboard.Cell, groups: [String: Int]) -> String {
        let escape = HTMLReport.escape
        var out = cell.span > 1 ? "<td colspan=\"\(cell.span)\">" : "<td>"
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
        if let stack = cell.stack { out += picture(stack, groups: groups) }
        return out + "</td>"
    }

    /// A stack drawn as boxes, bottom first; each layer in its own frame, presented ones emphasised.
    static func picture(_ stack: Storyboard.StackPicture, groups: [String: Int]) -> String {
        let escape = HTMLReport.escape
        var out = "<div class=\"stack\">"
        for layer in stack.layers {
            out += layer.presented ? #"<span class="layer modal" title="presented layer">"# : #"<span class="layer">"#
            for card in layer.cards {
                let color = card.group.flatMap { groups[$0] }.map { " flow-\($0 % 8)" } ?? " no-flow"
                out +=
                    #"<span class="entry\#(color)" title="\#(escape(card.group.map { "flow \($0)" } ?? "no flow"))\#(card.marked ? ", flow root" : "")">"#
                out += escape(card.title)
                if let group = card.group { out += "<small>\(escape(group))</small>" }
                if card.marked { out += #"<b class="root" title="flow root">★</b>"# }
                out += "</span>"
            }
            out += "</span>"
        }
        if stack.layers.isEmpty { out += #"<span class="empty">empty stack</span>"# }
        if let badge = stack.badge { out += "<span class=\"pending\">\(escape(badge))</span>" }
        return out + "</div>"
    }

    /// A diff with its removed and added lines coloured.
    static func diffBlock(_ diff: String) -> String {
        var out = "<pre class=\"diff\">"
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            let kind = line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "same"
            out += "<span class=\"\(kind)\">\(HTMLReport.escape(String(line)))</span>\n"
        }
        return out + "</pre>"
    }

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
