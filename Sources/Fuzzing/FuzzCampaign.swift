package import Foundation
import Synchronization

/// Runs one target on many mutated inputs, watching for hangs: an input that runs longer than the hang limit is
/// written to disk and the process exits, so that a hang can never pass as slowness.
package struct FuzzCampaign {
    /// What a campaign did.
    package struct Summary: Sendable {
        /// Inputs run.
        package var inputs: Int
        /// Wall time.
        package var seconds: Double
        /// The longest one input took, in milliseconds.
        package var slowestMilliseconds: Double
        /// The size of the largest input, in bytes.
        package var largestBytes: Int
    }

    package var target: FuzzTarget
    package var seed: UInt64
    package var corpus: URL

    package init(target: FuzzTarget, seed: UInt64, corpus: URL) {
        self.target = target
        self.seed = seed
        self.corpus = corpus
    }

    /// Runs `inputs` inputs. `onHang` gets the input that ran past `hangLimit` (the caller saves it and exits).
    /// `remember` sees each input before it runs (so that a crash handler can save it).
    package func run(
        inputs: Int, hangLimit: Duration = .seconds(10), remember: (([UInt8]) -> Void)? = nil,
        onHang: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Summary {
        var mutator = Mutator(seed: seed, seeds: target.seeds(corpus: corpus), tokens: target.tokens)
        let current = Mutex<(input: [UInt8], started: ContinuousClock.Instant?)>(([], nil))
        let done = Atomic<Bool>(false)
        let clock = ContinuousClock()
        if let onHang {
            let watchdog = Thread {
                while !done.load(ordering: .relaxed) {
                    Thread.sleep(forTimeInterval: 0.25)
                    let running = current.withLock { $0 }
                    if let started = running.started, clock.now - started > hangLimit { onHang(running.input) }
                }
            }
            watchdog.start()
        }
        defer { done.store(true, ordering: .relaxed) }
        var summary = Summary(inputs: 0, seconds: 0, slowestMilliseconds: 0, largestBytes: 0)
        let started = clock.now
        for _ in 0..<inputs {
            let input = mutator.next()
            let text = String(decoding: input, as: UTF8.self)
            let began = clock.now
            remember?(input)
            if onHang != nil { current.withLock { $0 = (input, began) } }
            target.execute(text)
            let took = clock.now - began
            let milliseconds = Double(took.components.seconds) * 1000 + Double(took.components.attoseconds) / 1e15
            summary.slowestMilliseconds = max(summary.slowestMilliseconds, milliseconds)
            summary.largestBytes = max(summary.largestBytes, input.count)
            summary.inputs += 1
        }
        let total = clock.now - started
        summary.seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
        return summary
    }
}
