import Foundation
import RUFSpec
import Testing

/// One lint rule: an edit of the clean spec that breaks it, and a near miss that does not.
struct LintCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var trigger: [(String, String)]
    var triggerFiles: [String: String] = [:]
    var clean: [(String, String)]
    var cleanFiles: [String: String] = [:]

    var testDescription: String { rule }
}

let detail = "  DETAIL:\n    flows: [MAIN]\n    components: []\n    actions:\n      - $ref: '#/shared/actions/go_home'\n"

let lintCases: [LintCase] = [
    LintCase(rule: "SPEC-YAML", trigger: [("flows: [MAIN]\n    components: []", "flows: [MAIN\n    components: []")],
        clean: [("flows: [MAIN]\n    components: []", "flows: [ MAIN ]\n    components: []")]),
    LintCase(
        rule: "SPEC-REF", trigger: [("'#/shared/actions/go_home'", "'#/shared/actions/go_away'")],
        clean: [(detail, "  DETAIL:\n    $ref: './detail.ruf.yaml'\n")],
        cleanFiles: [
            "detail.ruf.yaml": "flows: [MAIN]\ncomponents: []\nactions:\n  - $ref: '#/shared/actions/go_home'\n"
        ]),
    LintCase(rule: "SPEC-KIND", trigger: [("components: []", "components: {}")],
        clean: [("components: []", "components: [ ]")]),
    LintCase(rule: "SPEC-UNKNOWN-KEY", trigger: [("    components: []", "    colour: blue\n    components: []")],
        clean: [("    components: []", "    alias: Detail\n    components: []")]),
    LintCase(rule: "SPEC-DUPLICATE-KEY", trigger: [("  token?: string", "  token?: string\n  token: string")],
        clean: [("  token?: string", "  token?: string\n  tokens: string")]),
    LintCase(rule: "SPEC-REQUIRED", trigger: [("      - type: OPEN\n", "      - alias: Open\n")],
        clean: [("      - type: OPEN\n", "      - type: OPEN\n        alias: Open\n")]),
    LintCase(rule: "SPEC-TYPE", trigger: [("items: string[]", "items: string[")],
        clean: [("items: string[]", "items: \"string[]\"")]),
    LintCase(rule: "SPEC-SCREENS", trigger: [("screens:\n  HOME:", "screens: {}\nunused:\n  HOME:")],
        clean: []),
    LintCase(rule: "SPEC-BEHAVIOR", trigger: [("behavior: KEEP", "behavior: REPLACE")],
        clean: [("behavior: KEEP", "behavior: REMOVE_PREVIOUS")]),
    LintCase(rule: "SPEC-MERGE-STRATEGY", trigger: [("mergeStrategy: APPEND", "mergeStrategy: PREPEND")],
        clean: [("mergeStrategy: APPEND", "mergeStrategy: MATCH")]),
    LintCase(rule: "SPEC-TRANSITION", trigger: [("transition: RIGHT_TO_LEFT", "transition: SLIDE")],
        clean: [("transition: RIGHT_TO_LEFT", "transition: RIGHT_TO_LEFT_JOINED")]),
    LintCase(rule: "SPEC-ERROR-TYPE", trigger: [("type: TOAST\n            severity: ERROR", "type: BANNER")],
        clean: [("type: TOAST\n            severity: ERROR", "type: ERROR")]),
    LintCase(rule: "SPEC-TOAST-SEVERITY", trigger: [("severity: ERROR", "severity: INFO")],
        clean: [("severity: ERROR", "severity: WARN")]),
    LintCase(rule: "SPEC-RUF-VERSION", trigger: [("ruf: \"1.0\"", "ruf: \"7\"")], clean: [("ruf: \"1.0\"", "ruf: '1.0'")]),
    LintCase(rule: "SPEC-VERSIONING", trigger: [("versioning: semantic", "versioning: calendar")], clean: []),
    LintCase(rule: "SPEC-VERSIONING-UNDECLARED", trigger: [("versioning: semantic\n", "")], clean: []),
    LintCase(rule: "SPEC-VERSION-FORMAT", trigger: [("\"1.5.0\":", "\"1.5\":")],
        clean: [("\"1.5.0\":", "\"1.5.10\":")]),
    LintCase(rule: "SPEC-VERSION-REPEAT", trigger: [("\"1.5.0\":", "\"1.0.00\":")],
        clean: [("\"1.5.0\":", "\"1.0.01\":")]),
    LintCase(rule: "SPEC-VERSION-ORDER", trigger: [("\"1.0.0\":", "\"1.9.0\":")],
        clean: [("\"1.0.0\":", "\"1.4.0\":")]),
    LintCase(rule: "SPEC-VERSION-IDENTITY", trigger: [("\"1.0.0\":\n", "\"1.0.0\":\n            type: OPENED\n")],
        clean: [("\"1.0.0\":\n", "\"1.0.0\":\n            type: OPEN\n")]),
    LintCase(rule: "SPEC-META-VERSION", trigger: [("  token?: string", "  token?: string\n  version: number")],
        clean: [("  token?: string", "  token?: string\n  versionName: string")]),
    LintCase(rule: "SPEC-DUPLICATE-SCREEN", trigger: [(detail, detail + detail)],
        clean: [(detail, detail + detail.replacingOccurrences(of: "DETAIL:", with: "DETAILS:"))]),
    LintCase(rule: "SPEC-DUPLICATE-REL", trigger: [("- rel: list", "- rel: appbar")],
        clean: [("- rel: list", "- rel: list_2")]),
    LintCase(rule: "SPEC-DUPLICATE-ACTION", trigger: [(detail, detail + "      - type: GO_HOME\n")],
        clean: [(detail, detail + "      - type: GO_BACK\n")]),
    LintCase(rule: "SPEC-SCREEN-NAME", trigger: [("  DETAIL:\n", "  Detail:\n"), ("screen: DETAIL", "screen: Detail")],
        clean: [("  DETAIL:\n", "  DETAIL_2:\n"), ("screen: DETAIL", "screen: DETAIL_2")]),
    LintCase(rule: "SPEC-SCREEN", trigger: [("screen: DETAIL", "screen: DETAILS")],
        clean: [("screen: DETAIL", "screen: HOME")]),
    LintCase(rule: "SPEC-FLOW", trigger: [("name: MAIN\n              behavior: KEEP", "name: SIDE\n              behavior: KEEP")],
        clean: [("name: MAIN\n              behavior: KEEP", "name: SIDE\n              behavior: KEEP"),
            ("  DETAIL:\n    flows: [MAIN]", "  DETAIL:\n    flows: [MAIN, SIDE]")]),
    LintCase(rule: "SPEC-MERGE-LIST", trigger: [("items: string[]", "items: string")],
        clean: [("items: string[]", "items: Record<string, number[]>")]),
    LintCase(rule: "SPEC-NAMED-TYPE",
        trigger: [("items: string[]", "items: Item[]"), ("meta:\n", "types:\n  Other: { id: string }\nmeta:\n")],
        clean: [("items: string[]", "items: Item[]"), ("meta:\n", "types:\n  Item: { id: string }\nmeta:\n")]),
]

@Suite("Lint rules of the RUF spec reference")
struct LintRuleTests {
    @Test("The clean spec, which uses every construct, has no finding at all")
    func cleanSpecIsClean() {
        let findings = SpecLinter.lint(edited([]))
        #expect(findings.isEmpty, "\(findings.map(\.description))")
    }

    @Test("Every rule of the article has a case here, and every case names a rule")
    func everyRuleHasCases() {
        #expect(Set(lintCases.map(\.rule)) == Set(SpecLinter.rules.map(\.id)))
        #expect(lintCases.count == SpecLinter.rules.count)
    }

    @Test("The RUFSpec article's rule table lists every rule once, with its level")
    func article() throws {
        let article = try String(
            contentsOf: specs.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/RUFSpec/RUFSpec.docc/RUFSpec.md"), encoding: .utf8)
        let rows = article.split(separator: "\n").filter { $0.hasPrefix("| SPEC-") }.map {
            $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.map { "\($0[0]) \($0[1])" } == SpecLinter.rules.map { "\($0.id) \($0.severity.rawValue)" })
    }

    @Test("Each rule fires on its trigger, at its level and with a place", arguments: lintCases)
    func triggers(_ lintCase: LintCase) throws {
        let findings = SpecLinter.lint(edited(lintCase.trigger, files: lintCase.triggerFiles))
        let finding = try #require(
            findings.first { $0.rule == lintCase.rule }, "\(findings.map(\.description))")
        let level = SpecLinter.rules.first { $0.id == lintCase.rule }?.severity
        #expect(finding.severity == level)
        #expect(finding.location.line > 0 && !finding.message.isEmpty)
        if !["SPEC-YAML"].contains(lintCase.rule) { #expect(!finding.path.isEmpty, "\(finding)") }
    }

    @Test("Each rule stays quiet on its near miss", arguments: lintCases)
    func nearMiss(_ lintCase: LintCase) {
        let findings = SpecLinter.lint(edited(lintCase.clean, files: lintCase.cleanFiles))
        #expect(!findings.contains { $0.rule == lintCase.rule }, "\(findings.map(\.description))")
    }
}
