import ConformanceRules
import FlowCheckDecodingSuite
import FlowSchema
import Foundation
import GoldenCorpus
import NavigationModel
import Testing
import FlowCheckNavigationSuite

/// The repository's `Corpus/` folder, found from this file's path.
let corpusFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus", isDirectory: true)

let loadedCorpus = CorpusLoader.load(corpus: corpusFolder)

@Suite("Golden corpus")
struct CorpusTests {
    @Test("The corpus loads without errors")
    func loadsCleanly() {
        #expect(loadedCorpus.errors.isEmpty, "\(loadedCorpus.errors)")
        #expect(loadedCorpus.cases.count >= 30)
    }

    @Test("Every corpus case holds in the reference model", arguments: loadedCorpus.cases.map(\.file))
    func caseHolds(file: String) throws {
        let loaded = try #require(loadedCorpus.cases.first { $0.file == file })
        let mismatches = try CaseVerifier.verify(loaded.goldenCase)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("The worked examples of seed 000 and the RUF stack-modes page are in the corpus")
    func workedExamplesPresent() {
        let ids = Set(loadedCorpus.cases.map(\.goldenCase.id))
        for id in [
            "flows-keep-seed", "flows-remove-previous-seed", "flows-start-new-seed", "stack-modes-push",
            "stack-modes-replace", "stack-modes-reset", "stack-modes-pop", "optimistic-push-failed",
            "optimistic-push-confirmed",
        ] {
            #expect(ids.contains(id), "missing worked example \(id)")
        }
    }

    @Test("Every rule of the model is exercised by at least one corpus case")
    func everyRuleInCorpus() {
        let cited = Set(loadedCorpus.cases.flatMap(\.goldenCase.rules))
        for rule in NavigationRules.all {
            #expect(cited.contains(rule.id), "no corpus case cites \(rule.id)")
        }
    }

    @Test("A wrong expectation is reported with the step, the expected and the model's reply")
    func verifierCatchesWrongExpectation() throws {
        var broken = try #require(loadedCorpus.cases.first { $0.goldenCase.id == "stack-modes-pop" }).goldenCase
        broken.steps[0].expect.state.stack.entries.removeAll { $0.screen == "CART" }
        let mismatches = try CaseVerifier.verify(broken)
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.step == 0)
        #expect(mismatches.first?.actual.state.stack.map(\.screen) == ["HOME", "CART"])
    }
}

@Suite("Corpus loader errors")
struct CorpusLoaderErrorTests {
    private func corpus(with files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-corpus-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func validCase(id: String, suite: String = "navigation") throws -> String {
        let original = try #require(loadedCorpus.cases.first { $0.goldenCase.id == "stack-modes-pop" }).goldenCase
        var copy = original
        copy.id = id
        copy.suite = suite
        return String(decoding: try JSONEncoder().encode(copy), as: UTF8.self)
    }

    @Test("A malformed case names its file and JSON path, and the other cases still load")
    func malformedCaseNamesPath() throws {
        let good = try validCase(id: "good")
        let bad = good.replacingOccurrences(of: #""outcome":"applied""#, with: #""outcome":"maybe""#)
        let root = try corpus(with: [
            "navigation/a-good.json": good, "navigation/b-bad.json": bad, "navigation/c-not-json.json": "{",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (cases, errors) = CorpusLoader.load(corpus: root)
        #expect(cases.map(\.file) == ["navigation/a-good.json"])
        #expect(errors.count == 2)
        let outcomeError = try #require(errors.first { $0.file == "navigation/b-bad.json" })
        #expect(outcomeError.code == .malformedCase)
        #expect(outcomeError.jsonPath == "$.steps[0].expect.outcome")
        #expect(errors.contains { $0.file == "navigation/c-not-json.json" && $0.code == .malformedCase })
    }

    @Test("Duplicate ids, unknown rules and a suite outside its folder are reported")
    func consistency() throws {
        var unknownRule = try validCase(id: "x")
        unknownRule = unknownRule.replacingOccurrences(of: #""NAV-POP""#, with: #""NAV-JUMP""#)
        let root = try corpus(with: [
            "navigation/one.json": try validCase(id: "same"),
            "navigation/two.json": try validCase(id: "same"),
            "navigation/three.json": unknownRule,
            "navigation/four.json": try validCase(id: "elsewhere", suite: "session"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let errors = CorpusLoader.load(corpus: root).errors
        #expect(errors.contains { $0.code == .duplicateID && $0.jsonPath == "$.id" })
        #expect(
            errors.contains {
                $0.code == .invalidCase && $0.jsonPath == "$.rules[0]" && $0.message.contains("NAV-JUMP")
            })
        #expect(
            errors.contains { $0.code == .invalidCase && $0.jsonPath == "$.suite" && $0.file == "navigation/four.json" }
        )
    }
}

@Suite("Corpus features")
struct CorpusFeatureTests {
    @Test("An unregistered or missing feature is reported with its JSON path")
    func unregisteredFeature() throws {
        let original = try #require(loadedCorpus.cases.first { $0.goldenCase.id == "stack-modes-pop" }).goldenCase
        var bad = original
        bad.features = ["teleport"]
        var none = original
        none.id = "no-features"
        none.features = []
        let errors = CorpusLoader.consistencyErrors([
            .init(file: "navigation/a.json", goldenCase: bad), .init(file: "navigation/b.json", goldenCase: none),
        ])
        #expect(errors.contains { $0.jsonPath == "$.features[0]" && $0.message.contains("teleport") })
        #expect(errors.contains { $0.jsonPath == "$.features" && $0.file == "navigation/b.json" })
    }
}

@Suite("Decoding corpus")
struct DecodingCorpusTests {
    static let loaded = DecodingGoldenCase.load(corpus: corpusFolder)

    @Test("Every decoding case loads, and the reference decoder meets its expectation")
    func casesHold() {
        #expect(Self.loaded.errors.isEmpty, "\(Self.loaded.errors)")
        #expect(Self.loaded.cases.count >= 15)
        for (file, c) in Self.loaded.cases {
            #expect(
                c.expected.isMet(by: ReferenceFlowDecoder.decode(c.text)),
                "\(file): \(ReferenceFlowDecoder.decode(c.text))")
        }
    }

    @Test("The corpus holds seed 001's Welcome flow and a case for every MUST decoding rule")
    func coverage() {
        #expect(Self.loaded.cases.contains { $0.decodingCase.id == "welcome-seed" })
        let cited = Set(Self.loaded.cases.flatMap(\.decodingCase.rules))
        for rule in DecodingRules.all where rule.level == .must {
            #expect(cited.contains(rule.id), "no case for \(rule.id)")
        }
    }

    @Test("A malformed decoding case names its file and JSON path")
    func malformed() {
        #expect {
            try DecodingGoldenCase.read(
                Data(
                    #"{"id":"x","description":"d","level":"must","origin":"o","document":{},"expect":{"ok":false,"error":{}}}"#
                        .utf8), file: "decoding/x.json")
        } throws: { error in
            (error as? CorpusError).map { $0.file == "decoding/x.json" && $0.jsonPath == "$.expect.error.code" }
                ?? false
        }
    }
}

@Suite("Decoding case text")
struct DecodingCaseTextTests {
    @Test("A decoding case's document reaches the decoder as the exact text of the case file: 1e400 stays 1e400")
    func exactDocumentText() throws {
        let file = #"""
            {"id": "big-number", "description": "d", "rules": ["DEC-IGNORE-FIELDS"], "level": "must", "origin": "edge-decision",
             "document": {"id": "f", "weight": 1e400, "ratio": 1.50, "nodes": [], "entryNodeId": ""},
             "expect": {"ok": false, "error": {"code": "invalid_flow_schema"}}}
            """#
        let c = try DecodingGoldenCase.read(Data(file.utf8), file: "decoding/big-number.json")
        #expect(c.text.contains("1e400") && c.text.contains("1.50") && !c.text.contains("inf"))
    }
}
