import Foundation

/// A hand-written list of cases and features not to judge, each with a reason.
///
/// JSON shape: `{"skip": [{"case": "pop-to-owned", "reason": "..."}, {"feature": "present", "reason": "..."}]}`.
public struct SkipList: Hashable, Codable, Sendable {
    /// One skipped case or feature.
    public struct Entry: Hashable, Codable, Sendable {
        /// A case id (golden case or counterexample id).
        public var `case`: String?
        /// A feature from the registry.
        public var feature: String?
        /// Why it is skipped: required, and shown in every report.
        public var reason: String
    }

    /// The entries, in file order.
    public var skip: [Entry]

    /// Creates a skip list.
    public init(skip: [Entry] = []) { self.skip = skip }

    /// The reason to skip a case with this id and these features, or `nil` to judge it.
    public func reason(id: String, features: [String]) -> String? {
        skip.first { entry in entry.case == id || entry.feature.map(features.contains) == true }?.reason
    }

    /// Reads a skip list; the error names the file and the JSON path.
    public static func load(_ path: String) throws(FileFormatError) -> SkipList {
        let list: SkipList = try FileFormatError.decode(path)
        for (index, entry) in list.skip.enumerated() {
            if (entry.case == nil) == (entry.feature == nil) {
                throw FileFormatError(file: path, jsonPath: "$.skip[\(index)]", message: "an entry names either a \"case\" or a \"feature\"")
            }
            if entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                throw FileFormatError(file: path, jsonPath: "$.skip[\(index)].reason", message: "every skipped case needs a reason")
            }
        }
        return list
    }
}

/// The generated list of failures a CI pipeline expects, so that it fails only on new ones.
///
/// JSON shape: `{"expectedFailures": ["navigation-3259e566278fca58", "pop-to-owned"]}` (sorted).
public struct Baseline: Hashable, Codable, Sendable {
    /// The ids of the failures expected, sorted.
    public var expectedFailures: [String]

    /// Creates a baseline; ids are deduplicated and sorted.
    public init(expectedFailures: [String]) { self.expectedFailures = Array(Set(expectedFailures)).sorted() }

    /// Reads a baseline; the error names the file and the JSON path.
    public static func load(_ path: String) throws(FileFormatError) -> Baseline { try FileFormatError.decode(path) }

    /// The verdict of a gate with this baseline.
    public struct Gate: Hashable, Sendable {
        /// Failures not in the baseline: these fail the gate.
        public var newFailures: [String]
        /// Baseline entries that now pass or no longer exist: these fail the gate too, so the baseline cannot rot.
        public var stale: [String]
        /// Failures the baseline expects.
        public var expected: [String]

        /// Whether the gate passes: no new failure and no stale entry.
        public var passes: Bool { newFailures.isEmpty && stale.isEmpty }
    }

    /// Compares this run's failures with the baseline.
    public func gate(failures: [String]) -> Gate {
        let failing = Set(failures), expectedSet = Set(expectedFailures)
        return Gate(newFailures: failing.subtracting(expectedSet).sorted(), stale: expectedSet.subtracting(failing).sorted(),
                    expected: failing.intersection(expectedSet).sorted())
    }

    /// The baseline as a file: sorted keys, one entry per line.
    public var fileText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}

/// A problem with a skip list or baseline file, naming the file and JSON path.
public struct FileFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The JSON path inside the file, `$` for the whole file.
    public var jsonPath: String
    /// What is wrong.
    public var message: String
    public var description: String { "\(file) at \(jsonPath): \(message)" }

    static func decode<T: Decodable>(_ path: String) throws(FileFormatError) -> T {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "cannot read: \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context): throw FileFormatError(file: path, jsonPath: jsonPath(context.codingPath), message: "missing \"\(key.stringValue)\"")
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                throw FileFormatError(file: path, jsonPath: jsonPath(context.codingPath), message: context.debugDescription)
            @unknown default: throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
            }
        } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
        }
    }

    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }
}
