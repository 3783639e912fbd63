import ConformanceRules
import FlowCheckEngine
import FlowCheckRuntimeSuite
import FlowRuntimeModel
import Foundation
import GoldenCorpus
import JSON
import Testing

let loadedRuntimeCorpus = RuntimeGoldenCase.load(corpus: corpusFolder)

@Suite("Runtime corpus")
struct RuntimeCorpusTests {
    @Test("The runtime cases load without errors")
    func loadsCleanly() {
        #expect(loadedRuntimeCorpus.errors.isEmpty, "\(loadedRuntimeCorpus.errors)")
        #expect(loadedRuntimeCorpus.cases.count >= 20)
        for kind in ["run", "expressions", "conditions"] {
            #expect(loadedRuntimeCorpus.cases.contains { $0.value.kind == kind }, "no \(kind) case")
        }
    }

    @Test("Every runtime case holds in the reference runtime", arguments: loadedRuntimeCorpus.cases.map(\.file))
    func caseHolds(file: String) throws {
        let c = try #require(loadedRuntimeCorpus.cases.first { $0.file == file }).value
        let verified = RuntimeCorpus().verify(c, file: file)
        #expect(verified.held, "\(verified.lines.joined(separator: "\n"))")
    }

    @Test("Every RUN- rule is named by at least one hand-written runtime case")
    func everyRuleInCorpus() {
        let cited = Set(loadedRuntimeCorpus.cases.map(\.value).filter { $0.origin != .regression }.flatMap(\.rules))
        for rule in RuntimeRules.all { #expect(cited.contains(rule.id), "no runtime case names \(rule.id)") }
    }

    @Test("Every runtime case file is laid out as the kit writes it, so that regenerating it changes nothing")
    func layout() throws {
        for (file, c) in loadedRuntimeCorpus.cases {
            let text = try String(contentsOf: corpusFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(text == c.fileText, "\(file) is not laid out as the kit writes it (FLOWCHECK_FILL_RUNTIME_CASES=1)")
            #expect(try RuntimeGoldenCase.read(Data(c.fileText.utf8), file: file) == c, "\(file) does not read back")
        }
    }

    @Test("A wrong expectation fails verification, naming the step or the vector")
    func wrongExpectation() throws {
        var run = try #require(loadedRuntimeCorpus.cases.first { $0.value.id == "back-history" }).value
        guard case .run(var body) = run.body else { throw Fault("back-history is not a run") }
        body.steps[2].expect.history = ["s1"]
        run.body = .run(body)
        let verified = RuntimeCorpus().verify(run, file: "runtime/back-history.json")
        #expect(!verified.held)
        #expect(verified.lines.last?.contains("step 2 expects otherwise") == true, "\(verified.lines)")

        var vectors = try #require(loadedRuntimeCorpus.cases.first { $0.value.id == "expressions-arithmetic" }).value
        guard case .expressions(let values, var list) = vectors.body else { throw Fault("not an expression case") }
        list[0].expect = .number(9)
        vectors.body = .expressions(values: values, vectors: list)
        let lines = RuntimeCorpus().verify(vectors, file: "runtime/expressions-arithmetic.json").lines
        #expect(lines.count == 2)
        #expect(lines.last?.contains("expressions-arithmetic#1") == true, "\(lines)")
        #expect(lines.last?.contains("`1 + 2 * 3` gives 7, the case says 9") == true, "\(lines)")
    }

    @Test(
        "A malformed case names the file and the JSON path",
        arguments: [
            (#"{"id": "x"}"#, "$", #"missing "rules""#),
            (
                #"{"id": "x", "description": "", "rules": ["RUN-NOPE"], "level": "must", "origin": "regression"}"#,
                "$.rules[0]", #"unknown rule ID "RUN-NOPE""#
            ),
            (
                #"{"id": "x", "description": "", "rules": [], "level": "must", "origin": "regression", "kind": "run", "#
                    + #""flow": {"id": "f", "entryNodeId": "s", "nodes": [], "edges": []}, "draws": [1.5], "#
                    + #""steps": [{}]}"#,
                "$.draws[0]", "expected a number in [0, 1), found the number 1.5"
            ),
            (
                #"{"id": "x", "description": "", "rules": [], "level": "must", "origin": "regression", "kind": "run", "#
                    + #""flow": {"id": "f", "entryNodeId": "s", "nodes": [], "edges": []}, "steps": [{}, {}]}"#,
                "$.steps[1]", #"missing "actions""#
            ),
            (
                #"{"id": "x", "description": "", "rules": [], "level": "must", "origin": "regression", "#
                    + #""kind": "expressions", "vectors": [{"expression": "1"}]}"#,
                "$.vectors[0]", #"missing "expect""#
            ),
        ])
    func malformed(text: String, path: String, message: String) {
        #expect(throws: CorpusError.self) { try RuntimeGoldenCase.read(Data(text.utf8), file: "runtime/x.json") }
        do {
            _ = try RuntimeGoldenCase.read(Data(text.utf8), file: "runtime/x.json")
        } catch {
            #expect(error.file == "runtime/x.json")
            #expect(error.jsonPath == path)
            #expect(error.message == message)
        }
    }
}

struct Fault: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Completes the hand-written runtime cases: `FLOWCHECK_FILL_RUNTIME_CASES=1 swift test --filter RuntimeCaseAuthoring`
/// reads every `Corpus/runtime/*.json`, takes each run step's expectation from the reference runtime, and writes the
/// file back laid out as the kit writes it. A vector's expectation is written by hand and left as it is. Review the
/// diff: the expectations are what the case asserts.
@Suite(
    "Runtime case authoring", .enabled(if: ProcessInfo.processInfo.environment["FLOWCHECK_FILL_RUNTIME_CASES"] != nil))
struct RuntimeCaseAuthoring {
    @Test("Fill in every runtime run's expectations from the reference runtime")
    func fill() throws {
        let folder = corpusFolder.appendingPathComponent(RuntimeGoldenCase.suite)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            var c = try RuntimeGoldenCase.read(Data(contentsOf: url), file: "\(RuntimeGoldenCase.suite)/\(name)")
            if case .run(let run) = c.body {
                c.body = .run(
                    .expecting(
                        flow: run.flow, context: run.context, draws: run.draws,
                        actions: run.steps.dropFirst().map { $0.actions ?? [] }))
            }
            try Data(c.fileText.utf8).write(to: url)
        }
    }
}
