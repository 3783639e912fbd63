import FlowCheck
import Foundation
import Testing

/// Rule IDs are written once each, as constants (`RuleIDs.swift` of each model), and code names them: a misspelt ID
/// is then a build error, not a rule that silently never fires.
@Suite("Rule ID constants")
struct RuleIDTests {
    private let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    /// A string literal that is exactly a rule ID (a prefix such as `"NAV-PUSH-"`, ending in `-`, is not one).
    private static var literal: Regex<(Substring, Substring)> { /"((?:NAV|SES|DEC|RUF|RUN)-[A-Z0-9]+(?:-[A-Z0-9]+)*)"/ }

    private func swiftFiles() throws -> [URL] {
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    private func constants() throws -> [String] {
        try swiftFiles().filter { $0.lastPathComponent == "RuleIDs.swift" }.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).matches(of: Self.literal).map { String($0.1) }
        }
    }

    @Test("No rule ID is written as a literal outside the constants")
    func noLiterals() throws {
        for file in try swiftFiles() where file.lastPathComponent != "RuleIDs.swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if let match = line.firstMatch(of: Self.literal) {
                    Issue.record("\(file.lastPathComponent):\(index + 1) writes \(match.0); name its constant instead")
                }
            }
        }
    }

    @Test("Every constant names a catalogued rule or a documented invariant, and every rule has one")
    func constantsMatchTheCatalogues() throws {
        let constants = try constants()
        #expect(Set(constants).count == constants.count, "a rule ID defined twice")
        let rules = Set((NavigationRules.all + DecodingRules.all + ClientRules.all + RuntimeRules.all).map(\.id))
        let decoding = try String(
            contentsOf: sources.appendingPathComponent("FlowSchema/FlowSchema.docc/Decoding.md"), encoding: .utf8)
        let invariants = Set(decoding.matches(of: /\| (DEC-INV-[A-Z-]+) \|/).map { String($0.1) })
        #expect(!invariants.isEmpty)
        for id in constants { #expect(rules.contains(id) || invariants.contains(id), "\(id) is no rule") }
        for id in rules.union(invariants) { #expect(constants.contains(id), "\(id) has no constant") }
    }
}
