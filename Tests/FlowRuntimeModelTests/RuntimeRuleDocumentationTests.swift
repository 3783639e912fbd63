import ConformanceRules
import FlowRuntimeModel
import Foundation
import Testing

/// Keeps the runtime's rule catalogue and its normative article in step.
@Suite("Runtime rule documentation")
struct RuntimeRuleDocumentationTests {
    static let article: String = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("Sources/FlowRuntimeModel/FlowRuntimeModel.docc/Runtime.md")
        // Lines joined, spaces collapsed: the article wraps its sentences.
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }()

    @Test(
        "Every rule is defined in Runtime.md with its level and source, its summary first", arguments: RuntimeRules.all)
    func documented(rule: Rule) throws {
        let header = "**\(rule.id)** (\(rule.level.rawValue.uppercased()); source: \(rule.source)). "
        let start = try #require(Self.article.range(of: header), "\(rule.id): no \"\(header)\" in Runtime.md")
        let body = Self.article[start.upperBound...].prefix(rule.summary.count + 40)
        let summary = rule.summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(body.hasPrefix(summary), "\(rule.id): the article says \"\(body)…\", not \"\(summary)\"")
    }
}
