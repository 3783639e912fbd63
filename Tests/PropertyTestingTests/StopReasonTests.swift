import PropertyTesting
import Testing

/// Why a check stopped generating runs is one reason, whatever ended it.
@Suite("Stop reasons")
struct StopReasonTests {
    static let numbers = Gen<Int>.int(in: 0...1000)

    @Test("Spending the budget, reaching the failure cap, a recurrence, an abort, giving up and a stop request")
    func eachReason() {
        let passing = Property(Self.numbers) { _ in true }.check(Configuration(seed: 1, runs: 50))
        #expect(passing.stop == .budgetSpent && passing.runs == 50)

        // The default cap is one failure: the first ends generation.
        let capped = Property(Self.numbers) { _ in false }.check(Configuration(seed: 1, runs: 50))
        #expect(capped.stop == .failureCap && capped.failureCapReached && capped.runs < 50)

        var uncapped = Configuration(seed: 1, runs: 50)
        uncapped.maxFailures = 5
        let recurring = Property(Self.numbers) { x -> Falsification? in
            Falsification(origin: "hang", message: "hung on \(x)", endsAfterRecurring: 3)
        }.check(uncapped)
        #expect(recurring.stop == .recurred(origin: "hang", runs: 3) && recurring.endedByRecurrence?.runs == 3)

        let aborted = Property(Self.numbers) { _ -> Falsification? in throw Abort("the system broke") }
            .check(Configuration(seed: 1, runs: 50))
        #expect(aborted.stop == .aborted("the system broke") && aborted.verdict == .errored)
        #expect(aborted.abortMessage == "the system broke")

        let never = Self.numbers.filter(maxTries: 2) { _ in false }
        let gaveUp = Property(never) { _ in true }.check(Configuration(seed: 1, runs: 50))
        #expect(gaveUp.stop == .gaveUp && gaveUp.verdict == .gaveUp)

        var stopping = Configuration(seed: 1, runs: 50)
        let request = StopRequest()
        request.request(reason: "SIGINT")
        stopping.stop = request
        let stopped = Property(Self.numbers) { _ in true }.check(stopping)
        #expect(stopped.stop == .stopRequested && stopped.interrupted && stopped.runs == 0)
    }

    @Test("The time limit")
    func timeLimit() {
        let slow = Property(Self.numbers) { _ in
            var sum = 0
            for index in 0..<200_000 { sum &+= index }
            return sum >= 0
        }.check(Configuration(seed: 1, runs: 1_000_000, timeLimit: .milliseconds(50)))
        #expect(slow.stop == .timeLimit && slow.timedOut && slow.runs < 1_000_000)
    }
}
