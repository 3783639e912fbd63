import GoldenCorpus
public import JSON
public import NavigationModel
public import RUFClientModel

/// Checks golden client cases against the reference client. Pure: no I/O.
public enum ClientCaseVerifier {
    /// A step whose expected observation differs from the reference client's.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The step's index, from 0.
        public var step: Int
        /// The input of that step.
        public var input: ClientInput
        /// Where the two observations differ: a JSON path, the expected value and the reference's (`nil` when
        /// absent), at most a few.
        public var differences: [Difference]

        public var description: String {
            "step \(step): \(CaseText.inline(input.json))\n"
                + differences.map {
                    "  at \($0.path):\n    - expected: \($0.expectedText)\n    + model:    \($0.actualText)"
                }
                .joined(separator: "\n")
        }
    }

    /// One place where two JSON values differ.
    public struct Difference: Hashable, Sendable {
        /// The JSON path, such as `$.state.cache.HOME.list.payload`.
        public var path: String
        /// The expected value there, `nil` when the expectation has none.
        public var expected: JSONValue?
        /// The other value there, `nil` when it has none.
        public var actual: JSONValue?

        var expectedText: String { expected.map(CaseText.inline) ?? "(absent)" }
        var actualText: String { actual.map(CaseText.inline) ?? "(absent)" }
    }

    /// Feeds a case's inputs to the reference client from its initial stack. Empty means the case holds.
    ///
    /// Later steps go on from the reference's own state, so every mismatch is listed.
    public static func verify(_ clientCase: ClientGoldenCase) throws(NavigationModelError) -> [Mismatch] {
        var client = try ReferenceClient(
            stack: clientCase.initial, profile: clientCase.profile, queueing: clientCase.actionQueue)
        var mismatches: [Mismatch] = []
        for (index, step) in clientCase.steps.enumerated() {
            let observation = client.apply(step.input).json.canonical
            if observation != step.expect {
                mismatches.append(
                    Mismatch(step: index, input: step.input, differences: differences(step.expect, observation)))
            }
        }
        return mismatches
    }

    /// The places where `expected` and `actual` differ, deepest first found, at most `limit`. Objects are compared
    /// key by key whatever their order; lists item by item when they have the same length, else whole.
    public static func differences(
        _ expected: JSONValue?, _ actual: JSONValue?, path: String = "$", limit: Int = 4
    ) -> [Difference] {
        var found: [Difference] = []
        collect(expected, actual, path: path, limit: limit, into: &found)
        return found
    }

    private static func collect(
        _ expected: JSONValue?, _ actual: JSONValue?, path: String, limit: Int, into found: inout [Difference]
    ) {
        guard found.count < limit, expected?.canonical != actual?.canonical else { return }
        switch (expected, actual) {
        case (.object(let a)?, .object(let b)?):
            var keys = a.map(\.key)
            for key in b.map(\.key) where !keys.contains(key) { keys.append(key) }
            for key in keys {
                collect(expected?[key], actual?[key], path: path + "." + key, limit: limit, into: &found)
            }
        case (.array(let a)?, .array(let b)?) where a.count == b.count:
            for (index, pair) in zip(a, b).enumerated() {
                collect(pair.0, pair.1, path: path + "[\(index)]", limit: limit, into: &found)
            }
        default:
            found.append(Difference(path: path, expected: expected, actual: actual))
        }
    }
}
