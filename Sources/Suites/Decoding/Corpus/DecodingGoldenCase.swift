public import FlowSchema
public import Foundation
public import GoldenCorpus
import JSON

/// A golden decoding case: a document (as JSON, or as raw text when it is damaged) and what decoding it must give.
///
/// JSON shape: `{"id", "suite": "decoding", "description", "rules": ["DEC-..."], "level", "origin",
/// "document": <any JSON> | "text": "<raw text>", "expect": {"ok": true, "flow": CanonicalFlow} | {"ok": false, "error": {"code"}}}`.
public struct DecodingGoldenCase: Hashable, Sendable, Identifiable {
    /// The case's id, unique in the corpus.
    public var id: String
    /// What the case shows, in one sentence.
    public var description: String
    /// The IDs of the decoding rules the case exercises.
    public var rules: [String]
    /// `must` or `should`: how binding the strictest of those rules is.
    public var level: String
    /// Where the case comes from: a seed document, the public docs, or a shrunk failure.
    public var origin: String
    /// The exact text a decoder is given.
    public var text: String
    /// The canonical flow, or the error code, decoding must give.
    public var expected: Expected

    /// What decoding the case's text must give.
    public enum Expected: Hashable, Sendable {
        /// Exactly this canonical flow.
        case flow(CanonicalFlow)
        /// An error with this code; the message is free.
        case error(code: String)

        /// The expectation as an outcome (an error with no message).
        public var outcome: DecodeOutcome {
            switch self {
            case .flow(let flow): return .flow(flow)
            case .error(let code): return .error(FlowDecodeError(code: code, message: ""))
            }
        }

        /// Whether an outcome meets the expectation (error messages are free).
        public func isMet(by outcome: DecodeOutcome) -> Bool {
            switch (self, outcome) {
            case (.flow(let a), .flow(let b)): return a == b
            case (.error(let code), .error(let error)): return code == error.code
            default: return false
            }
        }
    }

    /// Reads a case; errors name the file and JSON path.
    public static func read(_ data: Data, file: String) throws(CorpusError) -> DecodingGoldenCase {
        let root: JSONValue
        do { root = try JSONParser.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw CorpusError(code: .malformedCase, file: file, message: "not JSON: \(error)")
        }
        func string(_ key: String) throws(CorpusError) -> String {
            guard let value = root[key]?.stringValue else {
                throw CorpusError(
                    code: .malformedCase, file: file, jsonPath: "$.\(key)", message: "missing or not a string")
            }
            return value
        }
        let text: String
        if let raw = root["text"]?.stringValue {
            text = raw
        } else if root["document"] != nil,
            let exact = try? JSONParser.memberText("document", in: String(decoding: data, as: UTF8.self))
        {
            // The document exactly as the case file writes it: re-serialising would turn 1e400 into inf, or 1.50 into 1.5.
            text = exact
        } else {
            throw CorpusError(
                code: .malformedCase, file: file, jsonPath: "$",
                message: "a decoding case needs \"document\" or \"text\"")
        }
        guard let expect = root["expect"], let ok = expect["ok"]?.boolValue else {
            throw CorpusError(
                code: .malformedCase, file: file, jsonPath: "$.expect.ok", message: "missing or not a boolean")
        }
        let expected: Expected
        if ok {
            guard let flowValue = expect["flow"] else {
                throw CorpusError(code: .malformedCase, file: file, jsonPath: "$.expect.flow", message: "missing")
            }
            do {
                expected = .flow(
                    try JSONDecoder().decode(CanonicalFlow.self, from: Data(JSONWriter.write(flowValue).utf8)))
            } catch {
                throw CorpusError(
                    code: .malformedCase, file: file, jsonPath: "$.expect.flow",
                    message: "not a canonical flow: \(error)")
            }
        } else {
            guard let code = expect["error"]?["code"]?.stringValue else {
                throw CorpusError(
                    code: .malformedCase, file: file, jsonPath: "$.expect.error.code",
                    message: "missing or not a string")
            }
            expected = .error(code: code)
        }
        let rules = (root["rules"]?.arrayValue ?? []).compactMap(\.stringValue)
        for (index, rule) in rules.enumerated() where DecodingRules.named(rule) == nil {
            throw CorpusError(
                code: .invalidCase, file: file, jsonPath: "$.rules[\(index)]", message: "unknown rule ID \"\(rule)\"")
        }
        return DecodingGoldenCase(
            id: try string("id"), description: try string("description"), rules: rules, level: try string("level"),
            origin: try string("origin"), text: text, expected: expected)
    }

    /// Every `Corpus/decoding/*.json` case, in path order; malformed files are reported and the rest still load.
    public static func load(
        corpus: URL
    ) -> (cases: [(file: String, decodingCase: DecodingGoldenCase)], errors: [CorpusError]) {
        let folder = corpus.appendingPathComponent("decoding", isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return ([], []) }
        var cases: [(String, DecodingGoldenCase)] = []
        var errors: [CorpusError] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let file = "decoding/\(name)"
            do {
                let data = ByteOrderMark.dropped(try Data(contentsOf: folder.appendingPathComponent(name)))
                cases.append((file, try read(data, file: file)))
            } catch let error as CorpusError {
                errors.append(error)
            } catch {
                errors.append(CorpusError(code: .unreadable, file: file, message: error.localizedDescription))
            }
        }
        return (cases, errors)
    }
}
