package import FlowCheckEngine
import Foundation

/// The `expectConformance` call that replays one suite of a run, or one run of it alone, as a test would write it.
package struct CallReplay: Sendable {
    /// The spec file the run was given, or `nil`.
    package var spec: String?

    /// Creates the renderer of a test's replays.
    package init(spec: String? = nil) { self.spec = spec }

    /// The call.
    package func text(_ replay: Replay) -> String {
        "expectConformance(implementation, seed: \(replay.seed), "
            + (replay.run.map { "run: \($0)" } ?? "runs: \(replay.runs)")
            + (replay.maxSteps.map { ", maxSteps: \($0)" } ?? "") + ", suites: [.\(replay.suite)]"
            + (spec.map { ", spec: \(Self.literal($0))" } ?? "") + (replay.strict ? ", strict: true" : "") + ")"
    }

    /// A Swift string literal of `text`.
    private static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
