import FlowCheckCore
import FlowCheckEngine
import FlowCheckNavigationSuite
import NavigationModel
import Testing

@Suite("Reply diffs")
struct ReplyDiffTests {
    private func reply(_ entries: [StackEntry]) -> NavigationReply {
        NavigationReply(outcome: .applied, state: SessionState(stack: ScreenStack(entries)))
    }

    @Test("Entries are written in the stack notation of the initial stack, one a line")
    func notation() {
        let lines = ReplyComparison.lines(
            of: reply([
                StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root),
                StackEntry(screen: "LOGIN", flow: "AUTH", flowRoot: true, presentation: .modal),
                StackEntry(screen: "STEP", flow: nil, flowRoot: false, presentation: .push),
            ]))
        #expect(lines == ["outcome: applied", "stack:", "  HOME(MAIN)*", "  ^LOGIN(AUTH)*", "  STEP", "pending: none"])
    }

    @Test("An entry that differs in one attribute says which, after the implementation's line")
    func oneAttribute() {
        let home = StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root)
        var unmarked = home
        unmarked.flowRoot = false
        let diff = ReplyComparison.diff(expected: reply([home]), actual: reply([unmarked]))
        #expect(diff.contains("-   HOME(MAIN)*\n+   HOME(MAIN)   ← only the flow root differs"), "\(diff)")
        var moved = home
        moved.flow = "SHOP"
        #expect(ReplyComparison.diff(expected: reply([home]), actual: reply([moved])).contains("only the flow differs"))
        var both = moved
        both.screen = "CART"
        #expect(!ReplyComparison.diff(expected: reply([home]), actual: reply([both])).contains("only"))
    }

    @Test("A newline or a bidirectional override in an implementation's screen name stays on its own + line, escaped")
    func spoofedName() {
        let home = StackEntry(screen: "HOME", flow: "MAIN", flowRoot: true, presentation: .root)
        var spoofed = home
        spoofed.screen = "HOME\n-   FAKE(MAIN)*\u{202E}"
        let diff = ReplyComparison.diff(expected: reply([home]), actual: reply([spoofed]))
        let lines = diff.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("-") } == ["-   HOME(MAIN)*"], "\(diff)")
        #expect(lines.contains { $0.hasPrefix("+   HOME\\u{A}-   FAKE(MAIN)*\\u{202E}(MAIN)*") }, "\(diff)")
        #expect(!diff.contains("\u{202E}"))
    }

    @Test("A presentation that contradicts the entry's position is written out, so the diff never hides it")
    func presentation() {
        let home = StackEntry(screen: "HOME", flow: nil, flowRoot: false, presentation: .root)
        var pushed = home
        pushed.presentation = .push
        let diff = ReplyComparison.diff(expected: reply([home]), actual: reply([pushed]))
        #expect(diff.contains("+   HOME (presentation push)   ← only the presentation differs"), "\(diff)")
    }
}
