import ConformanceRules
import FlowCheckClientSuite
import FlowCheckDecodingSuite
import Foundation
import GoldenCorpus
import JSON
import NavigationModel
import RUFClientModel
import Testing
import FlowCheckNavigationSuite

let loadedClientCorpus = ClientGoldenCase.load(corpus: corpusFolder)

@Suite("Client corpus")
struct ClientCorpusTests {
    @Test("The client cases load without errors, with ids no other case uses")
    func loadsCleanly() {
        #expect(loadedClientCorpus.errors.isEmpty, "\(loadedClientCorpus.errors)")
        #expect(loadedClientCorpus.cases.count >= ClientRules.all.count)
        let others = Set(
            loadedCorpus.cases.map(\.goldenCase.id)
                + DecodingGoldenCase.load(corpus: corpusFolder).cases.map(\.decodingCase.id))
        for (file, c) in loadedClientCorpus.cases { #expect(!others.contains(c.id), "\(file): id \(c.id) is taken") }
    }

    @Test("Every client case holds in the reference client", arguments: loadedClientCorpus.cases.map(\.file))
    func caseHolds(file: String) throws {
        let c = try #require(loadedClientCorpus.cases.first { $0.file == file }).clientCase
        let mismatches = try ClientCaseVerifier.verify(c)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("Every RUF- rule is named by at least one hand-written client case")
    func everyRuleInCorpus() {
        let handWritten = loadedClientCorpus.cases.map(\.clientCase).filter { $0.origin != .regression }
        let cited = Set(handWritten.flatMap(\.rules))
        // A golden case is run in process or over JSON lines, where the kit never sees the network: the wire rule is
        // checked by flowcheck serve alone.
        for rule in ClientRules.all where rule.id != "RUF-REQUEST-WIRE" {
            #expect(cited.contains(rule.id), "no client case names \(rule.id)")
        }
    }

    @Test("Every client case file is laid out as the kit writes it, so that regenerating it changes nothing")
    func layout() throws {
        for (file, c) in loadedClientCorpus.cases {
            let text = try String(contentsOf: corpusFolder.appendingPathComponent(file), encoding: .utf8)
            #expect(text == c.fileText, "\(file) is not laid out as the kit writes it (FLOWCHECK_FILL_CLIENT_CASES=1)")
            #expect(try ClientGoldenCase.read(Data(c.fileText.utf8), file: file) == c, "\(file) does not read back")
        }
    }

    @Test("A wrong expectation is reported with the step and the JSON path where it differs")
    func wrongExpectation() throws {
        var c = try #require(loadedClientCorpus.cases.first { $0.clientCase.id == "meta-shallow-merge" }).clientCase
        let last = c.steps.count - 1
        c.steps[last].expect = Self.replacing(
            "tier", with: .string("gold"), in: c.steps[last].expect, under: ["state", "meta", "user"])
        let mismatches = try ClientCaseVerifier.verify(c)
        #expect(mismatches.map(\.step) == [last])
        #expect(mismatches.first?.differences.map(\.path) == ["$.state.meta.user.tier"])
        #expect(mismatches.first?.differences.first?.actual == nil)
    }

    /// `value` with `key` set in the object at `path`.
    static func replacing(_ key: String, with new: JSONValue, in value: JSONValue, under path: [String]) -> JSONValue {
        guard case .object(var pairs) = value else { return value }
        if let head = path.first {
            pairs = pairs.map {
                $0.key == head ? ($0.key, replacing(key, with: new, in: $0.value, under: Array(path.dropFirst()))) : $0
            }
        } else {
            pairs.removeAll { $0.key == key }
            pairs.append((key, new))
        }
        return .object(pairs)
    }
}

@Suite("Client case errors")
struct ClientCaseErrorTests {
    static let valid = """
        {"id": "x", "suite": "client", "description": "d", "rules": ["RUF-META-MERGE"], "level": "must",
         "origin": "docs-example", "profile": {"nesting": "owned"},
         "initial": [{"screen": "HOME", "flow": null, "flowRoot": false, "presentation": "root"}],
         "actionQueue": "fifo",
         "steps": [{"input": {"kind": "create", "screen": "HOME", "screenParams": {}},
          "expect": {
           "state": {"stack": [{"screen": "HOME", "flow": null, "flowRoot": false, "presentation": "root"}],
            "pending": null, "cache": {}, "meta": {}, "currentScreen": null, "inFlight": "#1", "queued": 0},
           "events": [{"event": "request", "kind": "create", "id": "#1", "screen": "HOME", "screenParams": {}}]}}]}
        """

    private func error(_ text: String, file: String = "client/x.json") -> CorpusError? {
        do {
            _ = try ClientGoldenCase.read(Data(text.utf8), file: file)
            return nil
        } catch { return error }
    }

    @Test("The valid case reads and holds")
    func valid() throws {
        let c = try ClientGoldenCase.read(Data(Self.valid.utf8), file: "client/x.json")
        #expect(try ClientCaseVerifier.verify(c).isEmpty)
    }

    @Test(
        "A malformed client case names the file and the JSON path",
        arguments: [
            (#""kind": "create""#, #""kind": "teleport""#, "$.steps[0].input", CorpusError.Code.malformedCase),
            (#""event": "request""#, #""event": "sneeze""#, "$.steps[0].expect.events[0]", .malformedCase),
            (#""queued": 0"#, #""queued": "none""#, "$.steps[0].expect.state.queued", .malformedCase),
            (
                #""root"}],"#, #""sideways"}],"#,
                "$.initial[0].presentation", .malformedCase
            ),
            (#""RUF-META-MERGE""#, #""RUF-META-TELEPATHY""#, "$.rules[0]", .invalidCase),
            (#""RUF-META-MERGE""#, #""RUF-QUEUE""#, "$.level", .invalidCase),
            (#""suite": "client""#, #""suite": "navigation""#, "$.suite", .invalidCase),
            (#""actionQueue": "fifo""#, #""actionQueue": "lifo""#, "$.actionQueue", .malformedCase),
            (#""origin": "docs-example""#, #""origin": "folklore""#, "$.origin", .malformedCase),
            (#""steps": [{"#, #""steps": [7, {"#, "$.steps[0]", .malformedCase),
        ])
    func malformed(original: String, replacement: String, path: String, code: CorpusError.Code) throws {
        #expect(Self.valid.contains(original))
        let found = try #require(error(Self.valid.replacingOccurrences(of: original, with: replacement)))
        #expect(found.file == "client/x.json")
        #expect(found.jsonPath == path, "\(found)")
        #expect(found.code == code, "\(found)")
    }

    @Test("A client case outside the client folder, or one that is not JSON, is an error")
    func placeAndSyntax() {
        #expect(error(Self.valid, file: "navigation/x.json")?.jsonPath == "$.suite")
        #expect(error("{", file: "client/x.json")?.code == .malformedCase)
    }

    @Test("The loader reports a malformed file and a duplicate id, and still loads the other cases")
    func loader() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-client-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("client")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(Self.valid.utf8).write(to: folder.appendingPathComponent("a.json"))
        try Data(Self.valid.utf8).write(to: folder.appendingPathComponent("b.json"))
        try Data(Self.valid.replacingOccurrences(of: #""id": "x""#, with: #""id": 3"#).utf8)
            .write(to: folder.appendingPathComponent("c.json"))
        let (cases, errors) = ClientGoldenCase.load(corpus: root)
        #expect(cases.map(\.file) == ["client/a.json"])
        #expect(errors.contains { $0.file == "client/b.json" && $0.code == .duplicateID && $0.jsonPath == "$.id" })
        #expect(errors.contains { $0.file == "client/c.json" && $0.jsonPath == "$.id" })
    }
}

/// Completes the hand-written client cases: `FLOWCHECK_FILL_CLIENT_CASES=1 swift test --filter ClientCaseAuthoring`
/// reads every `Corpus/client/*.json` with its inputs, takes each step's expectation from the reference client, and
/// writes the file back laid out as the kit writes it. Review the diff: the expectations are what the case asserts.
@Suite("Client case authoring", .enabled(if: ProcessInfo.processInfo.environment["FLOWCHECK_FILL_CLIENT_CASES"] != nil))
struct ClientCaseAuthoring {
    @Test("Fill in every client case's expectations from the reference client")
    func fill() throws {
        let folder = corpusFolder.appendingPathComponent(ClientGoldenCase.suite)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            let c = try ClientGoldenCase.read(
                Data(contentsOf: url), file: "\(ClientGoldenCase.suite)/\(name)", computingExpectations: true)
            try Data(c.fileText.utf8).write(to: url)
        }
    }
}
