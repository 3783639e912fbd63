import ConformanceRules
public import Foundation
public import GoldenCorpus
import JSON
import NavigationModel
import RUFClientModel

extension ClientGoldenCase {
    /// Reads a case file; errors name the file and the JSON path.
    ///
    /// With `computingExpectations`, a step's `expect` may be left out: every step gets the reference client's
    /// observation instead. That is how a hand-written case is completed (see `Corpus/README.md`).
    public static func read(
        _ data: Data, file: String, computingExpectations: Bool = false
    ) throws(CorpusError) -> ClientGoldenCase {
        guard let text = String(validating: data, as: UTF8.self) else {
            let place = InvalidUTF8.first(in: data).map { ": \($0)" } ?? ""
            throw CorpusError(code: .malformedCase, file: file, message: "the file is not UTF-8\(place)")
        }
        let root: JSONValue
        if let place = LoneSurrogate.first(in: text) {
            throw CorpusError(
                code: .malformedCase, file: file,
                message: "line \(place.line), column \(place.column): a \\u escape of half a surrogate pair, alone; "
                    + "no string holds it")
        }
        do { root = try JSONParser.parse(text) } catch {
            throw CorpusError(code: .malformedCase, file: file, message: "not JSON: \(error)")
        }
        let reader = CaseReader(file: file)
        guard root.isObject else { throw reader.malformed("$", "a case is an object") }
        let id = try reader.string(root, "id")
        let suite = try reader.string(root, "suite")
        if suite != Self.suite || !file.hasPrefix(suite + "/") {
            throw CorpusError(
                code: .invalidCase, file: file, jsonPath: "$.suite",
                message: "suite \"\(suite)\" does not match the case's folder")
        }
        let description = try reader.string(root, "description")
        guard let ruleValues = root["rules"]?.arrayValue else {
            throw reader.malformed("$.rules", "missing or not an array")
        }
        var rules: [String] = []
        for (index, value) in ruleValues.enumerated() {
            guard let rule = value.stringValue else { throw reader.malformed("$.rules[\(index)]", "not a string") }
            guard ClientRules.named(rule) != nil else {
                throw CorpusError(
                    code: .invalidCase, file: file, jsonPath: "$.rules[\(index)]",
                    message: "unknown rule ID \"\(rule)\"; the client rules are RUF-… (see ClientRules)")
            }
            rules.append(rule)
        }
        guard let level = Rule.Level(rawValue: try reader.string(root, "level")) else {
            throw reader.malformed("$.level", "expected \"must\" or \"should\"")
        }
        // A case may rest on a kit decision about a MUST rule (and is then `should`), but a `must` case needs a MUST
        // rule to rest on.
        if level == .must, let strictest = strictestLevel(of: rules), strictest != .must {
            throw CorpusError(
                code: .invalidCase, file: file, jsonPath: "$.level",
                message: "a must case names a MUST rule; the case's rules are all \(strictest.rawValue)")
        }
        guard let origin = CaseOrigin(rawValue: try reader.string(root, "origin")) else {
            throw reader.malformed("$.origin", "expected \"docs-example\", \"edge-decision\" or \"regression\"")
        }
        let profile: NavigationProfile = try reader.decoded(root["profile"], at: "$.profile")
        let initial: ScreenStack = try reader.decoded(root["initial"], at: "$.initial")
        if let problem = initial.shapeProblem {
            throw CorpusError(code: .invalidCase, file: file, jsonPath: "$.initial", message: problem)
        }
        guard let queueing = ReferenceClient.Queueing(rawValue: try reader.string(root, "actionQueue")) else {
            throw reader.malformed("$.actionQueue", "expected \"fifo\" or \"latest\"")
        }
        guard let stepValues = root["steps"]?.arrayValue, !stepValues.isEmpty else {
            throw reader.malformed("$.steps", "missing, not an array, or empty")
        }
        var inputs: [ClientInput] = []
        var expectations: [JSONValue] = []
        for (index, step) in stepValues.enumerated() {
            let path = "$.steps[\(index)]"
            guard step.isObject else { throw reader.malformed(path, "a step is an object {input, expect}") }
            guard let inputValue = step["input"], let input = ClientInput(json: inputValue) else {
                throw reader.malformed(
                    path + ".input",
                    "missing or not a client input ({\"kind\": \"create\", \"screen\"}, "
                        + "{\"kind\": \"action\", \"screen\", \"action\": {\"type\"}} or "
                        + "{\"kind\": \"response\", \"session\": {…}})")
            }
            inputs.append(input)
            if computingExpectations { continue }
            guard let expect = step["expect"] else { throw reader.malformed(path + ".expect", "missing") }
            try reader.checkObservation(expect, at: path + ".expect")
            expectations.append(expect)
        }
        if computingExpectations {
            do {
                return try expecting(
                    id: id, description: description, rules: rules, level: level, origin: origin, profile: profile,
                    initial: initial, actionQueue: queueing, inputs: inputs)
            } catch {
                throw CorpusError(code: .invalidCase, file: file, jsonPath: "$.initial", message: "\(error)")
            }
        }
        return ClientGoldenCase(
            id: id, description: description, rules: rules, level: level, origin: origin, profile: profile,
            initial: initial, actionQueue: queueing,
            steps: zip(inputs, expectations).map { Step(input: $0, expect: $1) })
    }

    /// Every `Corpus/client/*.json` case, in path order; malformed files and duplicate ids are reported and the
    /// other cases still load.
    public static func load(
        corpus: URL
    ) -> (cases: [(file: String, clientCase: ClientGoldenCase)], errors: [CorpusError]) {
        let folder = corpus.appendingPathComponent(suite, isDirectory: true)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return ([], []) }
        guard isFolder.boolValue, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            // Foundation's words ("The file couldn't be opened") name no reason; these do.
            let why =
                isFolder.boolValue
                ? "it cannot be listed (permission denied?)" : "it is a file, where a folder of cases is expected"
            return ([], [CorpusError(code: .unreadable, file: suite, message: why)])
        }
        var cases: [(file: String, clientCase: ClientGoldenCase)] = []
        var errors: [CorpusError] = []
        var seen: [String: String] = [:]
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let file = "\(suite)/\(name)"
            do {
                let url = folder.appendingPathComponent(name)
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                guard attributes?[.type] as? FileAttributeType == .typeRegular else {
                    throw CorpusError(code: .unreadable, file: file, message: "not a regular file")
                }
                let clientCase = try read(ByteOrderMark.dropped(try Data(contentsOf: url)), file: file)
                if let first = seen[clientCase.id] {
                    throw CorpusError(
                        code: .duplicateID, file: file, jsonPath: "$.id",
                        message: "id \"\(clientCase.id)\" is already used by \(first)")
                }
                seen[clientCase.id] = file
                cases.append((file, clientCase))
            } catch let error as CorpusError {
                errors.append(error)
            } catch {
                errors.append(CorpusError(code: .unreadable, file: file, message: error.localizedDescription))
            }
        }
        return (cases, errors)
    }
}

/// Reads the parts of one case file, naming the file and JSON path of what is wrong.
private struct CaseReader {
    var file: String

    func malformed(_ path: String, _ message: String) -> CorpusError {
        CorpusError(code: .malformedCase, file: file, jsonPath: path, message: message)
    }

    func string(_ object: JSONValue, _ key: String) throws(CorpusError) -> String {
        guard let value = object[key]?.stringValue else { throw malformed("$.\(key)", "missing or not a string") }
        return value
    }

    /// A value decoded by its `Codable` form (profiles and stacks are written as the other cases write them).
    func decoded<T: Decodable>(_ value: JSONValue?, at path: String) throws(CorpusError) -> T {
        guard let value else { throw malformed(path, "missing") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(JSONWriter.write(value).utf8))
        } catch let error as DecodingError {
            let (inner, message) = CodableErrorText.describe(error)
            throw malformed(path + inner.dropFirst(), message)
        } catch {
            throw malformed(path, "\(error)")
        }
    }

    /// Checks that `value` has the shape of an observation: `{"state": {stack, pending, cache, meta, currentScreen,
    /// inFlight, queued}, "events": [event...]}`. Its content is judged by the verifier, not here.
    func checkObservation(_ value: JSONValue, at path: String) throws(CorpusError) {
        guard value.isObject else { throw malformed(path, "an observation is an object {state, events}") }
        guard let state = value["state"], state.isObject else {
            throw malformed(path + ".state", "missing or not an object")
        }
        let _: ScreenStack = try decoded(state["stack"], at: path + ".state.stack")
        guard let pending = state["pending"], pending == .null || pending["id"]?.stringValue != nil else {
            throw malformed(path + ".state.pending", "missing, or neither null nor {\"id\": \"…\"}")
        }
        guard let cache = state["cache"]?.objectPairs else {
            throw malformed(path + ".state.cache", "missing or not an object (screen → rel → component)")
        }
        for screen in cache {
            guard let components = screen.value.objectPairs else {
                throw malformed(path + ".state.cache.\(screen.key)", "not an object (rel → component)")
            }
            for component in components {
                let at = path + ".state.cache.\(screen.key).\(component.key)"
                guard component.value["locale"]?.isObject == true, component.value["payload"] != nil,
                    let behavior = component.value["behavior"], behavior == .null || behavior.stringValue != nil
                else { throw malformed(at, "a cached component is {\"behavior\", \"locale\": {…}, \"payload\"}") }
            }
        }
        guard state["meta"]?.isObject == true else { throw malformed(path + ".state.meta", "missing or not an object") }
        for key in ["currentScreen", "inFlight"] {
            guard let field = state[key], field == .null || field.stringValue != nil else {
                throw malformed(path + ".state.\(key)", "missing, or neither null nor a string")
            }
        }
        guard let queued = state["queued"]?.numberValue, queued >= 0, queued == queued.rounded() else {
            throw malformed(path + ".state.queued", "missing or not a count")
        }
        guard let events = value["events"]?.arrayValue else {
            throw malformed(path + ".events", "missing or not an array")
        }
        for (index, event) in events.enumerated() where ClientEvent(json: event) == nil {
            throw malformed(
                path + ".events[\(index)]",
                "not a client event: {\"event\": \"request\" | \"metric\" | \"navigation\" | \"actionResult\", …}")
        }
    }
}
