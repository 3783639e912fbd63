import GoldenCorpus
public import NavigationModel

/// Checks golden cases against the reference model. Pure: no I/O.
public enum CaseVerifier {
    /// A step whose expected reply differs from the model's.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The step's index, from 0.
        public var step: Int
        /// The command of that step.
        public var command: NavigationCommand
        /// The reply the case expects.
        public var expected: NavigationReply
        /// The reply the model gives.
        public var actual: NavigationReply

        public var description: String {
            "step \(step): \(command)\n  - expected: \(expected)\n  + model:    \(actual)"
        }
    }

    /// Runs a case through the model from its initial stack. Empty means the case holds.
    ///
    /// Later steps keep going from the model's own state, so every mismatch is listed.
    public static func verify(_ goldenCase: GoldenCase) throws(NavigationModelError) -> [Mismatch] {
        var session = try NavigationSession(stack: goldenCase.initial, profile: goldenCase.profile)
        var mismatches: [Mismatch] = []
        for (index, step) in goldenCase.steps.enumerated() {
            let reply = session.perform(step.command)
            if reply != step.expect {
                mismatches.append(Mismatch(step: index, command: step.command, expected: step.expect, actual: reply))
            }
        }
        return mismatches
    }
}
