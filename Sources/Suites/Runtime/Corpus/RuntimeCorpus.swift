import ConformanceRules
package import FlowCheckCore
package import FlowCheckEngine
package import FlowCheckRecords
import FlowRuntimeModel
import JSON
package import Foundation
package import GoldenCorpus

/// The runtime suite's golden cases (`Corpus/runtime`): checked against the reference runtime and run against a
/// flow runtime.
///
/// A run is judged step by step as a generated run is, its failure naming the rules the comparison blames. A vector
/// is judged through a flow made for it: an expression is assigned to a variable of the expected value's type (of
/// type string, holding `∅`, when it must give no value) by an assign node before one screen; a condition chooses
/// between the screens `yes` and `no`. The variables' values are constants of the flow.
package struct RuntimeCorpus: GoldenCaseFormat {
    package init() {}

    /// The variable a vector's flow writes an expression's value into.
    static let resultKey = "vector_result"

    /// The cases of a corpus, as the generic corpus commands see them.
    package static func goldenCases(in corpus: URL) -> GoldenCases { GoldenCases(RuntimeCorpus(), corpus: corpus) }

    /// One runnable part of a case: the whole run, or one vector.
    struct Part {
        /// What the reference and the implementation run.
        var runtimeCase: RuntimeCase
        /// What the file says the part must show, as the reference would show it.
        var claim: String
        /// Whether the reference meets the file's expectation.
        var holds: Bool
    }

    package func load(corpus: URL) -> (cases: [(file: String, value: RuntimeGoldenCase)], errors: [CorpusError]) {
        RuntimeGoldenCase.load(corpus: corpus)
    }

    package func id(of goldenCase: RuntimeGoldenCase) -> String { goldenCase.id }

    package func content(of cases: [RuntimeGoldenCase]) -> Data {
        var content = Data()
        for c in cases { content += Data((c.id + "\u{0}" + c.fileText + "\u{0}").utf8) }
        return content
    }

    package func verify(_ c: RuntimeGoldenCase, file: String) -> GoldenCases.Verified {
        let failing = Self.parts(of: c).enumerated().filter { !$0.element.holds }
        guard !failing.isEmpty else {
            return .init(lines: ["PASS \(file) [\(c.rules.joined(separator: ", "))]"], held: true)
        }
        var lines = ["FAIL \(file): \(c.description)"]
        for (index, part) in failing {
            lines.append("  \(Self.partName(c, index)): the reference runtime differs from the case: \(part.claim)")
        }
        return .init(lines: lines, held: false)
    }

    package func trials(
        of c: RuntimeGoldenCase, file: String, capabilities: Capabilities
    ) -> [GoldenCaseTrial<RuntimeGoldenCase>] {
        let problem = Self.unsupported(c, capabilities)
        return Self.parts(of: c).enumerated().map { index, part in
            let record = CaseRecord(
                id: Self.partName(c, index), file: file, suite: RuntimeGoldenCase.suite,
                description: Self.partDescription(c, index), features: c.features, rules: c.rules, level: c.level,
                status: .passed)
            let trouble: GoldenCaseTrial<RuntimeGoldenCase>.Problem? =
                part.holds
                ? problem.map { .unsupported($0) }
                : .corpusError(
                    message: "corpus error: the reference runtime does not meet this case (\(part.claim)); fix the "
                        + "case (flowcheck corpus verify shows it)",
                    diff: "")
            return GoldenCaseTrial(value: Self.single(c, index), record: record, skipID: c.id, problem: trouble)
        }
    }

    package func subject(_ implementation: any Implementation) -> (any FlowRuntimeImplementation)? {
        implementation as? any FlowRuntimeImplementation
    }

    package var notSubject: String { "not certified: the implementation does not run flows" }

    package func judge(
        _ c: RuntimeGoldenCase, on runtime: any FlowRuntimeImplementation, capabilities: Capabilities,
        into record: inout CaseRecord
    ) throws {
        // A trial's case holds one part: the run, or one vector.
        guard let value = Self.parts(of: c).first?.runtimeCase else { return }
        let actual = try runtime.run(value.flow, context: value.context, draws: value.draws, steps: value.steps)
        guard actual.count == value.steps.count + 1 else {
            record.status = .failed
            record.message = "\(actual.count) replies to a start and \(value.steps.count) steps"
            return
        }
        guard let divergence = RuntimeComparison.firstDivergence(value, actual, implementation: runtime) else { return }
        let step = divergence.step
        record.status = .failed
        record.step = step
        switch c.body {
        case .run:
            record.message =
                (step == 0 ? "the start" : "step \(step)") + " showed otherwise ("
                + divergence.parts.map(\.rawValue).joined(separator: ", ") + ")"
        case .expressions:
            let written = actual[0].variables[Self.resultKey]
            record.message =
                "the implementation gave "
                + (written == Self.noValue ? "no value" : written?.description ?? "no variable \(Self.resultKey)")
        case .conditions:
            record.message = "the implementation showed " + (actual[0].screen.map { "screen \($0)" } ?? "no screen")
        }
        record.diff = LineDiff.render(
            old: RuntimeFailure.lines(value.expected[step].observation), new: RuntimeFailure.lines(actual[step]),
            context: 3)
        if !divergence.rules.isEmpty {
            record.broken = divergence.rules
            record.level = Rule.Level.binding(of: divergence.rules, RuntimeRules.named)
        }
    }

    // MARK: Parts

    /// The runnable parts of a case, each with whether the reference meets what the file says.
    static func parts(of c: RuntimeGoldenCase) -> [Part] {
        switch c.body {
        case .run(let run):
            let value = run.runtimeCase
            let differing = zip(run.steps, value.expected).enumerated().first {
                $0.element.0.expect != $0.element.1.observation
            }
            let claim = differing.map { "step \($0.offset) expects otherwise" } ?? "every step as expected"
            return [Part(runtimeCase: value, claim: claim, holds: differing == nil)]
        case .expressions(let values, let vectors):
            return vectors.map { vector in
                let value = expressionCase(vector, values: values)
                let computed = RuntimeExpression.evaluate(vector.expression) { values[$0] }.value
                let written = value.expected[0].observation.variables[resultKey]
                let holds = computed == vector.expect && written == (vector.expect ?? noValue)
                let claim =
                    "`\(vector.expression)` gives \(computed?.description ?? "no value"), the case says "
                    + (vector.expect?.description ?? "no value")
                return Part(runtimeCase: value, claim: claim, holds: holds)
            }
        case .conditions(let values, let vectors):
            return vectors.map { vector in
                let value = conditionCase(vector, values: values)
                let holds = vector.condition.evaluate { values[$0] }.holds
                let shown = value.expected[0].observation.screen == "yes"
                let claim = "the condition \(holds ? "holds" : "does not hold"), the case says \(vector.expect)"
                return Part(runtimeCase: value, claim: claim, holds: holds == vector.expect && shown == holds)
            }
        }
    }

    /// The case with only its part `index`: a run is its one part, a vector file is cut down to one vector.
    static func single(_ c: RuntimeGoldenCase, _ index: Int) -> RuntimeGoldenCase {
        var single = c
        switch c.body {
        case .run: break
        case .expressions(let values, let vectors):
            single.body = .expressions(values: values, vectors: [vectors[index]])
        case .conditions(let values, let vectors): single.body = .conditions(values: values, vectors: [vectors[index]])
        }
        return single
    }

    /// The values as the flow's constants, in key order; a list's item type is its first item's.
    static func variables(_ values: [String: RuntimeValue]) -> [RuntimeVariable] {
        values.keys.sorted().map { key in
            let value = values[key]!
            var itemType: RuntimeValueType?
            if case .list(let items) = value { itemType = items.first?.type ?? .string }
            return RuntimeVariable(key: key, type: value.type, listItemType: itemType, source: .constant(value))
        }
    }

    /// The variable an expression's value goes into: of the expected value's type, starting at its zero value; a
    /// string holding `∅` when the expression must give no value (so that any value written shows).
    static func resultVariable(_ expect: RuntimeValue?) -> RuntimeVariable {
        guard let expect else {
            return RuntimeVariable(key: resultKey, type: .string, source: .constant(noValue))
        }
        var itemType: RuntimeValueType?
        if case .list(let items) = expect { itemType = items.first?.type ?? .string }
        return RuntimeVariable(key: resultKey, type: expect.type, listItemType: itemType, source: .constant(nil))
    }

    /// What the result variable holds when an expression must give no value.
    static let noValue = RuntimeValue.string("∅")

    static func expressionCase(
        _ vector: RuntimeGoldenCase.ExpressionVector, values: [String: RuntimeValue]
    ) -> RuntimeCase {
        let result = resultVariable(vector.expect)
        let flow = RuntimeFlow(
            id: "vector", entry: "assign",
            nodes: [
                RuntimeNode(
                    id: "assign", name: "Assign",
                    kind: .assign([.init(variableKey: resultKey, expression: vector.expression)])),
                RuntimeNode(id: "screen", name: "Result", kind: .screen(texts: [])),
            ],
            edges: [RuntimeEdge(id: "e", from: "assign", to: "screen")], variables: variables(values) + [result])
        return RuntimeCase(flow: flow, context: [:], draws: [], steps: [])
    }

    static func conditionCase(
        _ vector: RuntimeGoldenCase.ConditionVector, values: [String: RuntimeValue]
    ) -> RuntimeCase {
        let flow = RuntimeFlow(
            id: "vector", entry: "condition",
            nodes: [
                RuntimeNode(id: "condition", name: "Condition", kind: .condition(vector.condition)),
                RuntimeNode(id: "yes", name: "Holds", kind: .screen(texts: [])),
                RuntimeNode(id: "no", name: "Does not hold", kind: .screen(texts: [])),
            ],
            edges: [
                RuntimeEdge(id: "t", from: "condition", to: "yes", kind: .conditionTrue),
                RuntimeEdge(id: "f", from: "condition", to: "no", kind: .conditionFalse),
            ],
            variables: variables(values))
        return RuntimeCase(flow: flow, context: [:], draws: [], steps: [])
    }

    /// A part's id: the case's, with the vector's 1-based number.
    static func partName(_ c: RuntimeGoldenCase, _ index: Int) -> String {
        if case .run = c.body { return c.id }
        return "\(c.id)#\(index + 1)"
    }

    static func partDescription(_ c: RuntimeGoldenCase, _ index: Int) -> String {
        switch c.body {
        case .run: return c.description
        case .expressions(_, let vectors):
            return "`\(vectors[index].expression)` gives " + (vectors[index].expect?.description ?? "no value")
        case .conditions(_, let vectors):
            return RuntimeFailure.conditionText(vectors[index].condition)
                + (vectors[index].expect ? " holds" : " does not hold")
        }
    }

    /// Why a case is not judged on an implementation with these capabilities, or `nil`.
    static func unsupported(_ c: RuntimeGoldenCase, _ capabilities: Capabilities) -> String? {
        guard capabilities.suites.contains(.runtime) else { return "not certified: suite runtime not declared" }
        let runtime = capabilities.runtime
        var nodes: Set<String> = []
        var actions: Set<String> = []
        switch c.body {
        case .run(let run):
            nodes = Set(run.flow.nodes.map(\.kindName)).intersection(RuntimeCapabilities.knownNodes)
            actions = Set(run.steps.flatMap { $0.actions ?? [] }.map(\.kind))
        case .expressions: nodes = ["assign"]
        case .conditions: nodes = ["condition"]
        }
        if let node = nodes.sorted().first(where: { !runtime.nodes.contains($0) }) {
            return "not certified: the case uses \(node) nodes, which the implementation does not declare"
        }
        if let action = actions.sorted().first(where: { !runtime.actions.contains($0) }) {
            return "not certified: the case uses the \(action) action, which the implementation does not declare"
        }
        if nodes.contains("abTest"), !runtime.injectableRandom {
            return "not certified: the case uses abTest nodes and the implementation does not take the kit's draws"
        }
        return nil
    }
}

// MARK: Saving failures

extension RuntimeCorpus {
    /// A failure's minimal run as a regression case, its expectations the reference runtime's; `nil` when the failure
    /// is not a runtime divergence with its run in `detail`.
    package static func regression(for failure: FailureRecord) -> RuntimeGoldenCase? {
        guard failure.suite == .runtime, let run = failure.detail["run"],
            let read = try? RuntimeGoldenCase.readRun(run.objectPairs ?? [])
        else { return nil }
        let actions = read.steps.dropFirst().map { $0.actions ?? [] }
        return RuntimeGoldenCase(
            id: failure.id, description: "Regression: \(failure.description).", rules: failure.ruleIDs,
            level: Rule.Level.binding(of: failure.ruleIDs, RuntimeRules.named), origin: .regression,
            body: .run(.expecting(flow: read.flow, context: read.context, draws: read.draws, actions: actions)))
    }

    /// A run as a failure's detail keeps it: `{"flow", "context", "draws", "steps": [{}, {"actions"}, …]}`.
    static func runDetail(_ value: RuntimeCase) -> JSONValue {
        .object([
            ("flow", RuntimeJSON.flow(value.flow)), ("context", RuntimeJSON.context(value.context)),
            ("draws", .array(value.draws.map(JSONValue.number))),
            (
                "steps",
                .array(
                    [.object([])]
                        + value.steps.map { .object([("actions", .array($0.map(RuntimeJSON.action)))]) })
            ),
        ])
    }

    /// Writes a case into `folder/runtime/<id>.json`; a file with the same name and other content is never
    /// overwritten.
    package static func save(_ c: RuntimeGoldenCase, into folder: URL) throws -> SaveOutcome {
        try SaveOutcome.save(c.fileText, id: c.id, suite: RuntimeGoldenCase.suite, into: folder) { data, name in
            (try? RuntimeGoldenCase.read(data, file: name)) == c
        }
    }
}
