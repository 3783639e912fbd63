import ConformanceRules
import Foundation
import RUFServerModel
import Testing

@Suite("Server rules and their article")
struct ServerRuleDocumentationTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/RUFServerModel/RUFServerModel.docc/Server.md")

    @Test("Every SRV- rule is in the article with its level, and the article names no other")
    func documented() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        for rule in ServerRules.all {
            #expect(
                text.contains("**\(rule.id) (\(rule.level.rawValue.uppercased())).**"),
                "\(rule.id) is not in Server.md as **\(rule.id) (\(rule.level.rawValue.uppercased())).**")
            #expect(rule.suite == .server && ServerRules.named(rule.id) == rule)
        }
        let named = Set(text.matches(of: /SRV-[A-Z-]*[A-Z]/).map { String($0.0) })
        #expect(named == Set(ServerRules.all.map(\.id)), "\(named.symmetricDifference(ServerRules.all.map(\.id)))")
    }

    @Test("A SHOULD rule is a kit decision and says so in its source; no two rules share an ID")
    func levels() {
        for rule in ServerRules.all where rule.level == .should {
            #expect(rule.source.hasPrefix("kit decision"), "\(rule.id): \(rule.source)")
        }
        #expect(Set(ServerRules.all.map(\.id)).count == ServerRules.all.count)
    }
}
