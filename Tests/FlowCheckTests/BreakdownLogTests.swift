import FlowCheckCore
import Testing

@testable import FlowCheck
@testable import PropertyTesting

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
        RunPhase.$generatedRun.withValue(5) { log.attributing { implementation.breakDown("run 5") } }
        RunPhase.$generatedRun.withValue(9) { log.attributing { implementation.breakDown("run 9") } }
        log.attributing { implementation.breakDown("a replay") }
        #expect(log.reported(lastTaken: 7) == ["run 5", "a replay"])
        #expect(log.reported(lastTaken: 9) == ["run 5", "run 9", "a replay"])
        #expect(log.reported(lastTaken: nil) == ["a replay"])
    }
}
