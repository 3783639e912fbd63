package import ConformanceRules
package import FlowRuntimeModel
package import Foundation
package import GoldenCorpus
package import JSON
import ProcessProtocol

/// A golden runtime case (`Corpus/runtime/*.json`), in one of three kinds that any SDK's own unit tests can read:
///
/// - `run`: a flow, a context and draws, then steps, each an action list (none for the start) with the state and
///   events expected after it;
/// - `expressions`: variables' values and FlowExpressions, each with the value it must give (`null`: no value);
/// - `conditions`: variables' values and conditions (either wire form), each with whether it holds.
///
/// The README of Corpus/ gives the shapes; the flow, actions, states and events are those of the process protocol.
package struct RuntimeGoldenCase: Hashable, Sendable {
    /// The folder and the `suite` of every runtime case.
    package static let suite = "runtime"

    /// The case's id, unique in the corpus (the file's name without `.json`).
    package var id: String
    /// What the case shows, in one sentence.
    package var description: String
    /// The RUN- rules it exercises.
    package var rules: [String]
    /// How binding the strictest of its rules is.
    package var level: Rule.Level
    /// Where it comes from.
    package var origin: CaseOrigin
    /// What it holds.
    package var body: Body

    /// What a case holds, by kind.
    package enum Body: Hashable, Sendable {
        /// A flow run step by step.
        case run(Run)
        /// Expressions evaluated with the variables' values.
        case expressions(values: [String: RuntimeValue], vectors: [ExpressionVector])
        /// Conditions tested with the variables' values.
        case conditions(values: [String: RuntimeValue], vectors: [ConditionVector])
    }

    /// A flow run step by step.
    package struct Run: Hashable, Sendable {
        package var flow: RuntimeFlow
        package var context: [String: RuntimeValue]
        package var draws: [Double]
        /// The steps: the start (no actions), then one per action list.
        package var steps: [Step]

        /// One step and what it must show.
        package struct Step: Hashable, Sendable {
            /// The action list; `nil` for the start.
            package var actions: [RuntimeAction]?
            /// What the runtime shows after it, with the events it fired.
            package var expect: RuntimeObservation
        }

        /// The run with the reference runtime's observations as its expectations.
        package static func expecting(
            flow: RuntimeFlow, context: [String: RuntimeValue], draws: [Double], actions: [[RuntimeAction]]
        ) -> Run {
            let value = RuntimeCase(flow: flow, context: context, draws: draws, steps: actions)
            let steps = value.expected.enumerated().map { index, step in
                Step(actions: index == 0 ? nil : actions[index - 1], expect: step.observation)
            }
            return Run(flow: flow, context: context, draws: draws, steps: steps)
        }

        /// The run as a generated case (whose expectations are the reference's).
        package var runtimeCase: RuntimeCase {
            RuntimeCase(flow: flow, context: context, draws: draws, steps: steps.dropFirst().map { $0.actions ?? [] })
        }
    }

    /// An expression and the value it must give; `nil` for no value.
    package struct ExpressionVector: Hashable, Sendable {
        package var expression: String
        package var expect: RuntimeValue?
    }

    /// A condition and whether it holds.
    package struct ConditionVector: Hashable, Sendable {
        package var condition: RuntimeCondition
        package var expect: Bool
    }

    /// The kind's name, as the file writes it.
    package var kind: String {
        switch body {
        case .run: return "run"
        case .expressions: return "expressions"
        case .conditions: return "conditions"
        }
    }

    /// The features of its rules, as skip lists name them.
    package var features: [String] { Array(Set(rules.compactMap { RuntimeRules.named($0)?.feature })).sorted() }

    // MARK: Writing

    /// The JSON form a case file holds.
    package var json: JSONValue {
        var pairs: Wire.Pairs = [
            ("id", .string(id)), ("suite", .string(Self.suite)), ("kind", .string(kind)),
            ("description", .string(description)), ("rules", .array(rules.map(JSONValue.string))),
            ("level", .string(level.rawValue)), ("origin", .string(origin.rawValue)),
        ]
        switch body {
        case .run(let run):
            pairs += [
                ("flow", RuntimeJSON.flow(run.flow)), ("context", RuntimeJSON.context(run.context)),
                ("draws", .array(run.draws.map(JSONValue.number))),
                (
                    "steps",
                    .array(
                        run.steps.map { step in
                            var pairs: Wire.Pairs = []
                            if let actions = step.actions {
                                pairs.append(("actions", .array(actions.map(RuntimeJSON.action))))
                            }
                            pairs.append(
                                (
                                    "expect",
                                    .object([
                                        ("state", RuntimeJSON.state(step.expect)),
                                        ("events", RuntimeJSON.events(step.expect.events)),
                                    ])
                                ))
                            return .object(pairs)
                        })
                ),
            ]
        case .expressions(let values, let vectors):
            pairs.append(("variables", RuntimeJSON.context(values)))
            pairs.append(
                (
                    "vectors",
                    .array(
                        vectors.map {
                            .object([
                                ("expression", .string($0.expression)),
                                ("expect", $0.expect.map(RuntimeJSON.value) ?? .null),
                            ])
                        })
                ))
        case .conditions(let values, let vectors):
            pairs.append(("variables", RuntimeJSON.context(values)))
            pairs.append(
                (
                    "vectors",
                    .array(
                        vectors.map {
                            .object([("condition", RuntimeJSON.condition($0.condition)), ("expect", .bool($0.expect))])
                        })
                ))
        }
        return .object(pairs)
    }

    /// The case file's text: ``json`` laid out for reading, ending with a newline.
    package var fileText: String { CaseText.pretty(json) + "\n" }

    // MARK: Reading

    /// Reads a case; errors name the file and the JSON path. A run's step without `expect` is read with an empty
    /// expectation, for the authoring test to fill in.
    package static func read(_ data: Data, file: String) throws(CorpusError) -> RuntimeGoldenCase {
        let root: JSONValue
        do { root = try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw CorpusError(code: .malformedCase, file: file, message: "not JSON: \(error)")
        }
        do {
            return try read(root)
        } catch {
            throw CorpusError(code: .malformedCase, file: file, jsonPath: error.path, message: error.problem)
        }
    }

    static func read(_ root: JSONValue) throws(WireError) -> RuntimeGoldenCase {
        let pairs = try Wire.object(root)
        let rules = try Wire.field(pairs, "rules") { (value) throws(WireError) in try Wire.array(value, rule) }
        let level = try Wire.field(pairs, "level") { (value) throws(WireError) -> Rule.Level in
            let name = try Wire.string(value)
            guard let level = Rule.Level(rawValue: name) else { throw WireError("\"\(name)\" is not must or should") }
            return level
        }
        let origin = try Wire.field(pairs, "origin") { (value) throws(WireError) -> CaseOrigin in
            let name = try Wire.string(value)
            guard let origin = CaseOrigin(rawValue: name) else {
                throw WireError("\"\(name)\" is not docs-example, edge-decision or regression")
            }
            return origin
        }
        let body: Body
        switch try Wire.optionalField(pairs, "kind", Wire.string) ?? "run" {
        case "run":
            body = .run(try readRun(pairs))
        case "expressions":
            body = .expressions(
                values: try Wire.optionalField(pairs, "variables", RuntimeJSON.readContext) ?? [:],
                vectors: try Wire.field(pairs, "vectors") { (value) throws(WireError) in
                    try Wire.array(value) { (value) throws(WireError) in
                        let pairs = try Wire.object(value)
                        guard Wire.lookup(pairs, "expect") != nil else { throw WireError("missing \"expect\"") }
                        return ExpressionVector(
                            expression: try Wire.field(pairs, "expression", Wire.string),
                            expect: try Wire.optionalField(pairs, "expect", RuntimeJSON.readValue))
                    }
                })
        case "conditions":
            body = .conditions(
                values: try Wire.optionalField(pairs, "variables", RuntimeJSON.readContext) ?? [:],
                vectors: try Wire.field(pairs, "vectors") { (value) throws(WireError) in
                    try Wire.array(value) { (value) throws(WireError) in
                        let pairs = try Wire.object(value)
                        return ConditionVector(
                            condition: try Wire.field(pairs, "condition", RuntimeJSON.readCondition),
                            expect: try Wire.field(pairs, "expect", Wire.bool))
                    }
                })
        case let other:
            throw WireError("\"\(other)\" is not a kind of runtime case (run, expressions, conditions)").inside("kind")
        }
        return RuntimeGoldenCase(
            id: try Wire.field(pairs, "id", Wire.string),
            description: try Wire.field(pairs, "description", Wire.string),
            rules: rules, level: level, origin: origin, body: body)
    }

    static func rule(_ value: JSONValue) throws(WireError) -> String {
        let id = try Wire.string(value)
        guard RuntimeRules.named(id) != nil else { throw WireError("unknown rule ID \"\(id)\"") }
        return id
    }

    static func readRun(_ pairs: Wire.Pairs) throws(WireError) -> Run {
        let steps = try Wire.field(pairs, "steps") { (value) throws(WireError) in
            try Wire.array(value) { (value) throws(WireError) -> Run.Step in
                let pairs = try Wire.object(value)
                let actions = try Wire.optionalField(pairs, "actions") { (value) throws(WireError) in
                    try Wire.array(value, RuntimeJSON.readAction)
                }
                let expect =
                    try Wire.optionalField(pairs, "expect") { (value) throws(WireError) in
                        try RuntimeJSON.readObservation(value)
                    }
                    ?? RuntimeObservation(
                        screen: nil, history: [], texts: [], variables: [:], assignments: [:], events: [], outcome: nil)
                return Run.Step(actions: actions, expect: expect)
            }
        }
        guard let first = steps.first, first.actions == nil else {
            throw WireError("the first step is the start, without actions").inside("steps")
        }
        for (index, step) in steps.enumerated().dropFirst() where step.actions == nil {
            throw WireError("missing \"actions\"").inside(index).inside("steps")
        }
        return Run(
            flow: try Wire.field(pairs, "flow", RuntimeJSON.readFlow),
            context: try Wire.optionalField(pairs, "context", RuntimeJSON.readContext) ?? [:],
            draws: try Wire.optionalField(pairs, "draws") { (value) throws(WireError) in
                try Wire.array(value) { (value) throws(WireError) -> Double in
                    guard case .number(let draw) = value, draw >= 0, draw < 1 else {
                        throw WireError("expected a number in [0, 1), found \(Wire.found(value))")
                    }
                    return draw
                }
            } ?? [],
            steps: steps)
    }

    /// Every `Corpus/runtime/*.json` case, in path order; malformed files are reported and the rest still load.
    package static func load(corpus: URL) -> (cases: [(file: String, value: RuntimeGoldenCase)], errors: [CorpusError])
    {
        let folder = corpus.appendingPathComponent(suite, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return ([], []) }
        var cases: [(String, RuntimeGoldenCase)] = []
        var errors: [CorpusError] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let file = "\(suite)/\(name)"
            do {
                let data = ByteOrderMark.dropped(try Data(contentsOf: folder.appendingPathComponent(name)))
                let c = try read(data, file: file)
                if let earlier = cases.first(where: { $0.1.id == c.id }) {
                    throw CorpusError(
                        code: .duplicateID, file: file, jsonPath: "$.id",
                        message: "\"\(c.id)\" is the id of \(earlier.0) too")
                }
                cases.append((file, c))
            } catch let error as CorpusError {
                errors.append(error)
            } catch {
                errors.append(CorpusError(code: .unreadable, file: file, message: error.localizedDescription))
            }
        }
        return (cases, errors)
    }
}
