import FlowCheckCore
import FlowCheckEngine
import FlowCheckRecords
import Foundation
import NavigationModel
import Reports
import SampleImplementations
import Testing

@Suite("Report rendering")
struct ReportRenderingTests {
    /// Compares with a golden file; FLOWCHECK_UPDATE_GOLDEN=1 rewrites it instead.
    private func golden(_ name: String, _ text: String) throws {
        let url = Fixtures.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLOWCHECK_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            text == expected,
            "\(name) differs from its golden file; rerun with FLOWCHECK_UPDATE_GOLDEN=1 if the change is intended")
    }

    @Test("HTML, JUnit, Markdown and badge match their golden files for a mutant's run")
    func goldenFiles() throws {
        let input = try Fixtures.input(
            SampleNavigator(bug: .popToBottomMost), seed: 4, sut: "builtin:mutant:pop-to-bottom-most")
        try golden("mutant.html", HTMLReport.render(input))
        try golden("mutant.junit.xml", JUnitReport.render(input))
        try golden("mutant.md", MarkdownReport.render(input))
        try golden("mutant.badge.json", BadgeReport.render(input))
    }

    @Test("JUnit counts a bug once: by the failures naming it, with no failing case of its rule or of a later suite")
    func junitCountsABrokenRuleOnce() throws {
        let input = try Fixtures.input(
            SampleNavigator(bugs: [.popToBottomMost, .presentAsPush]), seed: 1, sut: "builtin:mutant:many")
        let xml = JUnitReport.render(input)
        let divergences = input.failures.filter { $0.kind == .divergence }
        #expect(divergences.count >= 2)
        // A failure a later suite met again is a skipped case there, naming it: one bug, one failing case.
        let failing = xml.components(separatedBy: "<failure ").count - 1
        #expect(failing == divergences.count, "\(xml)")
        #expect(input.suites.contains { $0.reportedElsewhere != nil } == xml.contains("an earlier suite found first"))
        for rule in Set(divergences.flatMap(\.ruleIDs)) { #expect(!xml.contains("name=\"rule \(rule) ")) }
        #expect(xml.contains("name=\"rule NAV-PUSH-KEEP (MUST)\"/>"), "a held rule keeps its passing case")
    }

    @Test("Everything from the implementation is escaped: a screen named <script> stays text")
    func escaping() throws {
        let input = try Fixtures.input(MarkupImplementation(), seed: 1)
        #expect(input.verdict.overall == .divergent)
        let html = HTMLReport.render(input)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(!html.contains("<b>markup</b>") && html.contains("&lt;b&gt;markup&lt;/b&gt;"))
        #expect(html.components(separatedBy: "<script>").count == 2, "only the kit's own copy-button script")
        let xml = JUnitReport.render(input)
        #expect(!xml.contains("<script>") && xml.contains("&lt;script&gt;"))
        #expect(xml.contains("value=\"&lt;b&gt;markup&lt;/b&gt;\""))
    }

    @Test(
        "Control characters from the implementation are shown escaped in every format; a newline in its name fakes no line"
    )
    func controlCharacters() throws {
        let input = try Fixtures.input(MarkupImplementation(controls: true), seed: 1)
        let text = TextReport.render(input)
        #expect(text.hasPrefix("FlowCheck 0.1.0 checked evil\\u{A}  navigation  ✓ conforming\\u{1B}[31m"))
        for (name, output) in [
            ("text", text), ("HTML", HTMLReport.render(input)), ("Markdown", MarkdownReport.render(input)),
            ("JUnit", JUnitReport.render(input)),
        ] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(name)")
            #expect(output.contains("\\u{1B}"), "\(name) shows the escape")
        }
    }

    @Test("A rule outside the declared capabilities is not certified in the HTML, never held")
    func outOfScopeRulesAreNotCertified() throws {
        let html = HTMLReport.render(try Fixtures.input(MarkupImplementation(), seed: 5, suites: [.navigation]))
        for id in ["NAV-RESET", "NAV-PRESENT", "NAV-PUSH-START-NEW", "NAV-FLOWLESS"] {
            #expect(html.contains("<code class=\"rule\">\(id)</code></td><td>not certified</td>"), "\(id)")
        }
        #expect(!html.contains("<code class=\"rule\">NAV-RESET</code></td><td>held</td>"))
    }

    @Test("Markdown: an implementation's name, versions, diffs and replay lines cannot break out of their code spans")
    func markdownEscaping() {
        #expect(MarkdownReport.code("a`b") == "``a`b``")
        #expect(MarkdownReport.code("`x`") == "`` `x` ``")
        #expect(MarkdownReport.fence("```\nrm -rf", language: "diff") == "````diff\n```\nrm -rf\n````")
        #expect(MarkdownReport.text("1.0 *bold* [link](x) | cell") == "1.0 \\*bold\\* \\[link\\](x) \\| cell")
    }

    @Test("The HTML is self-contained: no external fetches")
    func selfContained() throws {
        let html = HTMLReport.render(try Fixtures.input(SampleNavigator(bug: .dismissPopsOne), seed: 2))
        for pattern in ["src=\"http", "href=\"http", "@import", "url(http", "<link "] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
        #expect(html.contains("<section class=\"failure\""))
        #expect(html.contains("<tr class=\"diverged\">"))
    }

    @Test("JUnit stays well-formed XML when implementation text holds U+FFFE or U+FFFF, which XML 1.0 forbids")
    func junitForbiddenCharacters() throws {
        let text = "name \u{FFFE} and \u{FFFF} and \u{1B}"
        let escaped = JUnitReport.escape(text)
        #expect(!escaped.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value < 0x20 })
        #expect(escaped.contains("\\u{FFFE}") && escaped.contains("\\u{FFFF}"))
    }

    @Test("JUnit never has two testcases with the same name in a suite, and counts match")
    func junitUniqueNames() throws {
        let input = try Fixtures.input(SampleNavigator(), seed: 3)
        let cases = ReportCase.cases(input)
        for suite in Set(cases.map(\.suite)) {
            let names = cases.filter { $0.suite == suite }.map(\.name)
            #expect(Set(names).count == names.count)
        }
        let xml = JUnitReport.render(input)
        #expect(xml.contains("<testsuites name=\"FlowCheck: CONFORMING\" tests=\"\(cases.count)\" failures=\"0\""))
        #expect(BadgeReport.render(input).contains("\"message\":\"100% (conforming)\""))
    }

    @Test("Reading names the file and line of a bad record, and refuses mixing runs")
    func readErrors() throws {
        let good = try Fixtures.lines(SampleNavigator(), seed: 1, suites: [.navigation])
        #expect { try RunRecord.read([("a.jsonl", good + "{\"type\":\"nonsense\"}\n")]) } throws: { error in
            (error as? RecordError).map { $0.file == "a.jsonl" && $0.line == good.split(separator: "\n").count + 1 }
                ?? false
        }
        let other = try Fixtures.lines(SampleNavigator(), seed: 2, suites: [.navigation])
        #expect { try RunRecord.read([("a.jsonl", good), ("b.jsonl", other)]) } throws: { error in
            (error as? RecordError)?.message.contains("another run") ?? false
        }
        let unfinished = good.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(throws: RecordError.self) { try RunRecord.read([("c.jsonl", unfinished)]) }
        #expect { try RunRecord.read([("d.jsonl", good + "{\"type\":\"suite\", oops}\n")]) } throws: { error in
            (error as? RecordError)?.message == "not JSON at column 18: expected a string key"
        }
    }
}
