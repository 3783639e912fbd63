import FlowCheckEngine
import FlowCheckRecords
import JSON
import RUFServerModel
import RUFSpec

/// An answer shown as swift-custom-dump shows a difference: the answer as the backend sent it, each part that broke
/// a rule marked `+`, preceded by a `-` line saying what the spec allows there, unchanged runs collapsed.
enum AnswerDiff {
    /// One printed line and the JSON path of the value it belongs to.
    struct PrintedLine {
        var text: String
        var path: String
    }

    static func render(_ answer: JSONValue, _ violations: [ServerViolation]) -> String {
        let printed = lines(answer)
        var marks: [Int: [ServerViolation]] = [:]
        var first: [Int: [ServerViolation]] = [:]
        for violation in violations {
            let covered = printed.indices.filter { inside(printed[$0].path, violation.path) }
            if let start = covered.first {
                for index in covered { marks[index, default: []].append(violation) }
                first[start, default: []].append(violation)
            } else {
                // A field that is missing: said after the line that opens its nearest enclosing value.
                let anchor =
                    printed.indices.last { inside(violation.path, printed[$0].path) && opens(printed[$0]) } ?? 0
                first[-anchor - 1, default: []].append(violation)
            }
        }
        var diff: [LineDiff.Line] = []
        for (index, line) in printed.enumerated() {
            let indent = String(line.text.prefix { $0 == " " })
            for violation in first[index] ?? [] { diff.append(.removed(indent + expectation(violation))) }
            let text = VisibleText.line(line.text)
            diff.append(marks[index] == nil ? .same(text) : .added(text))
            for violation in first[-index - 1] ?? [] { diff.append(.removed(indent + "  " + expectation(violation))) }
        }
        return LineDiff.render(diff, context: 3)
    }

    static func expectation(_ violation: ServerViolation) -> String {
        VisibleText.line("… \(violation.rule) at \(violation.path): \(violation.message)")
    }

    /// Whether `path` is `ancestor` or inside it.
    static func inside(_ path: String, _ ancestor: String) -> Bool {
        path == ancestor || path.hasPrefix(ancestor + ".") || path.hasPrefix(ancestor + "[")
    }

    static func opens(_ line: PrintedLine) -> Bool { line.text.hasSuffix("{") || line.text.hasSuffix("[") }

    /// The value pretty-printed with sorted keys, two spaces per level, each line with its value's path.
    static func lines(
        _ value: JSONValue, path: String = "$", indent: String = "", key: String? = nil, last: Bool = true
    ) -> [PrintedLine] {
        let head = indent + (key.map { JSONWriter.write(.string($0)) + ": " } ?? "")
        let comma = last ? "" : ","
        switch value {
        case .object(let pairs) where !pairs.isEmpty:
            let sorted = pairs.sorted { $0.key < $1.key }
            var out = [PrintedLine(text: head + "{", path: path)]
            for (index, pair) in sorted.enumerated() {
                out += lines(
                    pair.value, path: SpecType.member(path, pair.key), indent: indent + "  ", key: pair.key,
                    last: index == sorted.count - 1)
            }
            return out + [PrintedLine(text: indent + "}" + comma, path: path)]
        case .array(let items) where !items.isEmpty:
            var out = [PrintedLine(text: head + "[", path: path)]
            for (index, item) in items.enumerated() {
                out += lines(
                    item, path: "\(path)[\(index)]", indent: indent + "  ", key: nil, last: index == items.count - 1)
            }
            return out + [PrintedLine(text: indent + "]" + comma, path: path)]
        default:
            return [PrintedLine(text: head + JSONWriter.write(value) + comma, path: path)]
        }
    }
}
