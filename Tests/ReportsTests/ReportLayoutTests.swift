import FlowCheckEngine
import FlowCheckRecords
import FlowCheckSuites
import Foundation
import JSON
import Reports
import SampleImplementations
import Testing

/// The order and contents of the HTML report that its layout promises: the failure first, what was certified when
/// nothing failed, the legend, the exact decoding text, rates only for complete runs.
@Suite("HTML report layout")
struct ReportLayoutTests {
    private func position(_ needle: String, in html: String) throws -> String.Index {
        try #require(html.range(of: needle)?.lowerBound, "\(needle) is missing")
    }

    @Test("A failing run: verdict, then one summary line per failure linking to it, then the failures, then the rest")
    func failureFirst() throws {
        let record = try Fixtures.input(
            SampleNavigator(bug: .removePreviousTopRun), seed: 7, sut: "builtin:mutant:remove-previous-top-run")
        let html = HTMLReport.render(record)
        #expect(record.failures.count > 1)
        let summary = try position("<nav class=\"summary\"", in: html)
        let first = try position("<section class=\"failure\" id=\"failure-1\"", in: html)
        #expect(try position("<header class=\"verdict divergent\"", in: html) < summary)
        #expect(summary < first)
        #expect(html.contains("<a class=\"jump\" href=\"#failure-1\">First failure ↓</a>"))
        for (index, failure) in record.failures.enumerated() {
            let link = "<li><a href=\"#failure-\(index + 1)\"><code class=\"rule\">\(failure.ruleIDs[0])</code>"
            #expect(try position(link, in: html) < first, "summary line \(index + 1)")
            #expect(html.contains("<section class=\"failure\" id=\"failure-\(index + 1)\""))
        }
        for later in ["<section id=\"run\">", "<h2>Results by suite</h2>", "<h2>Results by rule</h2>"] {
            #expect(try position(later, in: html) > first, "\(later)")
        }
        // Coverage comes last, collapsed; the legend of the stack pictures is on the page.
        #expect(html.contains("<details class=\"coverage\"><summary><h2>Coverage</h2></summary>"))
        let legend = try position("<p class=\"legend\">", in: html)
        let second = try position("id=\"failure-2\"", in: html)
        #expect(legend > first && legend < second, "under the first storyboard")
        #expect(!html.contains("s/s"), "a run that failed spent its time shrinking: no rate")
    }

    @Test("A conforming run: the summary says what was certified, and the run's rates are in each suite's unit")
    func certified() throws {
        let result = try ConformanceRunner(implementation: SampleNavigator(), options: .init(seed: 3)).run()
        let html = HTMLReport.render(result)
        #expect(html.contains("<nav class=\"summary\" aria-label=\"Summary\"><h2>Certified</h2>"))
        #expect(html.contains("<li><strong>navigation</strong> conforming: 400 runs, "))
        #expect(html.contains(" rules held ("))
        #expect(!html.contains("<section class=\"failure\"") && !html.contains("class=\"legend\""))
        #expect(
            html.contains(" steps/s, session ") && html.contains(" documents/s, client ")
                && html.contains(" responses/s)"))
    }

    @Test("A decoding failure shows the exact text the decoder received, and a formatted view of it beside it")
    func exactDocument() throws {
        let record = try Fixtures.input(
            SampleFlowDecoder(bug: .unknownTypeDropsSiblings), seed: 1,
            sut: "builtin:mutant:decoder-unknown-type-drops-siblings")
        let failure = try #require(record.failures.first)
        let preface = try #require(failure.storyboard.preface)
        let document = try #require(failure.detail["document"]?.stringValue)
        #expect(preface.text == document, "the text the decoder received, byte for byte")
        #expect(preface.formatted?.filter { !$0.isWhitespace } == document.filter { !$0.isWhitespace })
        let html = HTMLReport.render(record)
        #expect(html.contains("<pre class=\"document exact\">\(HTMLReport.escape(document))</pre>"))
        #expect(html.contains("<figcaption>Formatted</figcaption>"))
    }

    @Test("A diff pair marks the characters that differ; the text diff's note is left unmarked")
    func diffMarks() {
        let html = HTMLStoryboard.diffBlock("  stack:\n-   HOME(MAIN)*\n+   HOME(MAIN)   ← only the flow root differs")
        #expect(html.contains("<span class=\"del\">-   HOME(MAIN)<mark>*</mark></span>"))
        #expect(html.contains("<span class=\"ins\">+   HOME(MAIN)   ← only the flow root differs</span>"))
    }

    @Test("Two stacks are compared as a diff compares lines: an entry added in the middle is marked alone")
    func stackChanges() {
        func stack(_ titles: String...) -> Storyboard.StackPicture {
            .init(layers: [.init(presented: false, cards: titles.map { .init(title: $0, group: nil, marked: false) })])
        }
        // Bottom first: the implementation has an extra LIST in the middle; CART and PAY above it are unchanged.
        let inserted = HTMLStoryboard.changes(stack("HOME", "CART", "PAY"), stack("HOME", "LIST", "CART", "PAY"))
        #expect(inserted.model.isEmpty && inserted.implementation == [1: .added])
        let removed = HTMLStoryboard.changes(stack("HOME", "CART", "PAY"), stack("HOME", "PAY"))
        #expect(removed.model == [1: .removed] && removed.implementation.isEmpty)
        // Facing entries that differ are changed; what is left over is added.
        let changed = HTMLStoryboard.changes(stack("HOME", "CART"), stack("HOME", "LIST", "PAY"))
        #expect(changed.model == [1: .changed] && changed.implementation == [1: .changed, 2: .added])
        // Lined up as the diff pairs them: the model's stack gets a blank below CART, facing the added LIST.
        let blanks = HTMLStoryboard.spacers(
            model: inserted.model, implementation: inserted.implementation, counts: (3, 4))
        #expect(blanks.model == [1: 1] && blanks.implementation.isEmpty, "\(blanks)")
        let gone = HTMLStoryboard.spacers(model: [0: .removed], implementation: [:], counts: (2, 1))
        #expect(gone.implementation == [0: 1] && gone.model.isEmpty, "\(gone)")
        let spaced = HTMLStoryboard.picture(stack("HOME", "CART", "PAY"), groups: [:], blanks: [1: 1, 3: 2])
        #expect(
            spaced.components(separatedBy: "entry spacer").count == 4
                && spaced.range(of: "HOME")!.upperBound < spaced.range(of: "spacer")!.lowerBound
                && spaced.range(of: "spacer")!.upperBound < spaced.range(of: "CART")!.lowerBound, "\(spaced)")
        let html = HTMLStoryboard.picture(stack("HOME", "LIST"), groups: [:], changes: [1: .added])
        #expect(
            html.contains(
                #"<span class="entry no-flow differs added" title="no flow, only in the implementation&#39;s stack">"#
                    + #"<i class="change" aria-hidden="true">+</i>LIST</span>"#
            ), "\(html)")
    }

    @Test("Rule IDs in headings and lists never break at their hyphens")
    func unbrokenRuleIDs() {
        #expect(
            HTMLReport.unbroken("x diverged (NAV-POP-TO, NAV-FLOW-ROOT)")
                == "x diverged <span class=\"rule\">(NAV-POP-TO,</span> <span class=\"rule\">NAV-FLOW-ROOT)</span>")
    }
}
