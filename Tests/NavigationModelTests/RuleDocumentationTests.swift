import ConformanceRules
import Foundation
import NavigationModel
import Testing

/// Keeps the rules, the normative document and the tests in step.
@Suite("Rule documentation")
struct RuleDocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("Every rule and invariant ID is written in Semantics.md")
    func documented() throws {
        let semantics = try Self.text("Sources/NavigationModel/NavigationModel.docc/Semantics.md")
        for rule in NavigationRules.all {
            #expect(
                semantics.contains("**\(rule.id)** (\(rule.level.rawValue.uppercased()))"),
                "\(rule.id) is not defined in Semantics.md with its level")
        }
        for invariant in InvariantCatalogue.all {
            #expect(semantics.contains(invariant.id), "\(invariant.id) is not listed in Semantics.md")
        }
    }

    @Test("Every rule ID appears in at least one test of this target")
    func tested() throws {
        let folder = Self.root.appendingPathComponent("Tests/NavigationModelTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".swift") && $0 != "RuleDocumentationTests.swift"
        }
        let tests = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined()
        for rule in NavigationRules.all {
            #expect(tests.contains(rule.id), "no test names \(rule.id)")
        }
    }
}

@Suite("Features")
struct FeatureTests {
    @Test("Every rule belongs to a registered feature, and every feature has a rule")
    func registry() {
        for rule in NavigationRules.all {
            #expect(NavigationFeature.isRegistered(rule.feature), "\(rule.id) → \(rule.feature)")
        }
        for feature in NavigationFeature.all {
            #expect(NavigationRules.all.contains { $0.feature == feature }, "no rule in \(feature)")
        }
    }
}
