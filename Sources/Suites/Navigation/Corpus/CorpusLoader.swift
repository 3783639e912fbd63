public import GoldenCorpus
import ConformanceRules
public import Foundation
import JSON
import NavigationModel

/// Reads golden cases from a corpus folder. This is the module's only I/O.
public enum CorpusLoader {
    /// A case with the file it came from.
    public struct LoadedCase: Hashable, Sendable {
        /// The file, relative to the corpus folder, such as `navigation/flows-keep-seed.json`.
        public var file: String
        /// The case.
        public var goldenCase: GoldenCase

        /// Pairs a case with the file it came from.
        public init(file: String, goldenCase: GoldenCase) {
            self.file = file
            self.goldenCase = goldenCase
        }
    }

    /// The navigation and session case folders inside a corpus.
    public static let suites = ["navigation", "session"]

    /// Loads every `*.json` file of the suite folders, in path order. A malformed
    /// file is reported and the others are still loaded.
    public static func load(corpus: URL) -> (cases: [LoadedCase], errors: [CorpusError]) {
        var cases: [LoadedCase] = []
        var errors: [CorpusError] = []
        for suite in suites {
            let folder = corpus.appendingPathComponent(suite, isDirectory: true)
            guard FileManager.default.fileExists(atPath: folder.path) else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                    $0.hasSuffix(".json")
                }.sorted()
            } catch {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
                // Foundation's words ("The file couldn't be opened") name no reason; these do.
                let why =
                    isFolder.boolValue
                    ? "it cannot be listed (permission denied?)" : "it is a file, where a folder of cases is expected"
                errors.append(CorpusError(code: .unreadable, file: suite, message: why))
                continue
            }
            for name in names {
                let file = "\(suite)/\(name)"
                do {
                    let url = folder.appendingPathComponent(name)
                    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                    guard attributes?[.type] as? FileAttributeType == .typeRegular else {
                        throw CorpusError(code: .unreadable, file: file, message: "not a regular file")
                    }
                    let data = ByteOrderMark.dropped(try Data(contentsOf: url))
                    cases.append(LoadedCase(file: file, goldenCase: try decode(data, file: file)))
                } catch let error as CorpusError {
                    errors.append(error)
                } catch {
                    errors.append(CorpusError(code: .unreadable, file: file, message: error.localizedDescription))
                }
            }
        }
        errors += consistencyErrors(cases)
        return (cases, errors)
    }

    /// Decodes one case, turning a decoding error into a ``CorpusError`` with its JSON path.
    public static func decode(_ data: Data, file: String) throws(CorpusError) -> GoldenCase {
        // The kit's own parser first: a syntax error is named by line and column, in plain words.
        guard let text = String(validating: data, as: UTF8.self) else {
            let place = InvalidUTF8.first(in: data).map { ": \($0)" } ?? ""
            throw CorpusError(code: .malformedCase, file: file, message: "the file is not UTF-8\(place)")
        }
        do { _ = try JSONParser.parse(text) } catch {
            throw CorpusError(code: .malformedCase, file: file, message: "not JSON: \(error)")
        }
        if let place = LoneSurrogate.first(in: text) {
            throw CorpusError(
                code: .malformedCase, file: file,
                message: "line \(place.line), column \(place.column): a \\u escape of half a surrogate pair, alone; "
                    + "no string holds it")
        }
        do {
            return try JSONDecoder().decode(GoldenCase.self, from: data)
        } catch let error as DecodingError {
            let (path, message) = CodableErrorText.describe(error)
            throw CorpusError(code: .malformedCase, file: file, jsonPath: path, message: message)
        } catch {
            throw CorpusError(code: .malformedCase, file: file, message: error.localizedDescription)
        }
    }

    /// Duplicate ids, unknown rule IDs and features, suites that do not match their folder, invalid initial stacks.
    public static func consistencyErrors(_ cases: [LoadedCase]) -> [CorpusError] {
        var errors: [CorpusError] = []
        var seen: [String: String] = [:]
        for loaded in cases {
            let c = loaded.goldenCase
            if let first = seen[c.id] {
                errors.append(
                    CorpusError(
                        code: .duplicateID, file: loaded.file, jsonPath: "$.id",
                        message: "id \"\(c.id)\" is already used by \(first)"))
            } else {
                seen[c.id] = loaded.file
            }
            for (index, rule) in c.rules.enumerated() where NavigationRules.named(rule) == nil {
                errors.append(
                    CorpusError(
                        code: .invalidCase, file: loaded.file, jsonPath: "$.rules[\(index)]",
                        message: "unknown rule ID \"\(rule)\""))
            }
            if c.features.isEmpty {
                errors.append(
                    CorpusError(
                        code: .invalidCase, file: loaded.file, jsonPath: "$.features",
                        message: "a case names at least one feature"))
            }
            for (index, feature) in c.features.enumerated() where !NavigationFeature.isRegistered(feature) {
                errors.append(
                    CorpusError(
                        code: .invalidCase, file: loaded.file, jsonPath: "$.features[\(index)]",
                        message: "unknown feature \"\(feature)\"; registered: "
                            + NavigationFeature.all.joined(separator: ", ")
                    ))
            }
            if !loaded.file.hasPrefix(c.suite + "/") {
                errors.append(
                    CorpusError(
                        code: .invalidCase, file: loaded.file, jsonPath: "$.suite",
                        message: "suite \"\(c.suite)\" does not match the case's folder"))
            }
            if let problem = c.initial.shapeProblem {
                errors.append(
                    CorpusError(code: .invalidCase, file: loaded.file, jsonPath: "$.initial", message: problem))
            }
        }
        return errors
    }
}
