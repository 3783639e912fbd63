import Dispatch
import Foundation
import ProcessProtocol
package import PropertyTesting

/// SIGINT, SIGTERM and SIGHUP for a real `flowcheck` process (SIGPIPE is ignored): the first asks the run to stop
/// after the run under way and write its results so far, and ends the implementations' process groups (SIGTERM,
/// then SIGKILL after a one-second grace); a second kills them and lets none start again, so that the results so far
/// are written without waiting on an implementation; a third ends the process at once.
package enum Interruption {
    /// Keeps the signal sources alive for the life of the process.
    private final class Sources: @unchecked Sendable {
        var sources: [any DispatchSourceSignal] = []
    }

    private static let kept = Sources()

    /// Installs the handlers and returns the stop request they make. The process also adopts what its
    /// implementations leave behind (``Orphans``), to end it when they stop and at ``exit(_:)``.
    package static func install() -> StopRequest {
        Orphans.adopt()
        let stop = StopRequest()
        // A reader that went away (`flowcheck run … | head`) must not kill the run before its report files are
        // written: a write to it fails, and is dropped (Console).
        signal(SIGPIPE, SIG_IGN)
        // A closed terminal or a dropped ssh session (SIGHUP) stops the run as SIGTERM does: results written.
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { @Sendable in
                // Standard error may be gone (a closed terminal, a reader that left): a failed write is dropped.
                func say(_ line: String) { try? FileHandle.standardError.write(contentsOf: Data(line.utf8)) }
                if stop.isRequested {
                    // A third signal quits without the results; nothing the kit started outlives it.
                    if stop.isUrgent { exit(128 + number) }
                    // The second ends the implementations at once and writes what was found, unreplayed.
                    stop.request(reason: name)
                    ProcessGroups.signalAll(SIGKILL)
                    say("\nflowcheck: \(name) again: writing the results so far, unreplayed (again to quit)\n")
                    return
                }
                say(
                    "\nflowcheck: \(name): stopping to write the results so far (a second signal stops the "
                        + "implementations at once, a third quits without writing)\n")
                stop.request(reason: name)
                // A call blocked on an implementation (hello included) returns at once when its group is gone.
                ProcessGroups.signalAll(SIGTERM)
                // An implementation that ignores SIGTERM must not hold the kit: after a short grace, SIGKILL.
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1000)) {
                    ProcessGroups.signalAll(SIGKILL)
                }
            }
            source.resume()
            kept.sources.append(source)
        }
        return stop
    }

    /// Ends the process with `code`, after ending whatever an implementation left that it adopted.
    package static func exit(_ code: Int32) -> Never {
        Orphans.sweepAll()
        Foundation.exit(code)
    }
}
