import FlowCheckCore
import Testing

@testable import FlowCheckEngine
@testable import PropertyTesting
import NavigationModel

/// An implementation that breaks down when told to.
private final class Breaking: RecoveringImplementation {
    var info: ImplementationInfo { ImplementationInfo(name: "breaking", version: "1", language: "Swift") }
    var capabilities: Capabilities { Capabilities(suites: [.navigation]) }
    private(set) var breakdowns: [String] = []
    func breakDown(_ what: String) { breakdowns.append(what) }
}

@Suite("Breakdowns reported beside the failures")
struct BreakdownLogTests {
    @Test("Breakdowns of runs computed past the last one taken are left out; those of taken runs and replays are kept")
    func runsPastTheLastTakenAreLeftOut() {
        let implementation = Breaking()
        implementation.breakDown("before the suite")
        let log = BreakdownLog(implementation)
        RunPhase.generating(5) { log.attributing { implementation.breakDown("run 5") } }
        RunPhase.generating(9) { log.attributing { implementation.breakDown("run 9") } }
        log.attributing { implementation.breakDown("a replay") }
        #expect(BreakdownLog.reported([log], lastTaken: 7) == ["run 5", "a replay"])
        #expect(BreakdownLog.reported([log], lastTaken: 9) == ["run 5", "run 9", "a replay"])
        #expect(BreakdownLog.reported([log], lastTaken: nil) == ["a replay"])
    }

    @Test("Breakdowns of generated runs come in run order, whichever worker ran them, then the others")
    func inRunOrder() {
        let first = Breaking(), second = Breaking()
        let logs = [BreakdownLog(first), BreakdownLog(second)]
        RunPhase.generating(8) { logs[0].attributing { first.breakDown("run 8") } }
        logs[0].attributing { first.breakDown("a replay") }
        RunPhase.generating(3) { logs[1].attributing { second.breakDown("run 3") } }
        #expect(BreakdownLog.reported(logs, lastTaken: 10) == ["run 3", "run 8", "a replay"])
    }
}
