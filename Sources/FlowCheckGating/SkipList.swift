import ConformanceRules
import FlowCheckEngine
import FlowCheckSuites
import Foundation

/// A hand-written list of cases and features not to judge, each with a reason.
///
/// JSON shape: `{"skip": [{"case": "pop-to-owned", "reason": "..."}, {"feature": "present", "reason": "..."}]}`.
package struct SkipList: Hashable, Codable, Sendable {
    /// One skipped case or feature.
    package struct Entry: Hashable, Codable, Sendable {
        /// A case id (golden case or counterexample id).
        package var `case`: String?
        /// A feature from the registry.
        package var feature: String?
        /// Why it is skipped: required, and shown in every report.
        package var reason: String
    }

    /// The entries, in file order.
    package var skip: [Entry]

    /// Creates a skip list.
    package init(skip: [Entry] = []) { self.skip = skip }

    /// The reason to skip a case with this id and these features, or `nil` to judge it.
    package func reason(id: String, features: [String]) -> String? {
        skip.first { entry in entry.case == id || entry.feature.map(features.contains) == true }?.reason
    }

    /// The entries naming a case that is neither among `ids` nor a counterexample id (`navigation-<16 hex digits>`),
    /// with their JSON paths: a misspelt or stale entry, which would skip nothing.
    package func unknownCases(among ids: Set<String>) -> [(jsonPath: String, id: String)] {
        skip.enumerated().compactMap { index, entry in
            guard let id = entry.case, !ids.contains(id), !Self.isCounterexampleID(id) else { return nil }
            return ("$.skip[\(index)].case", id)
        }
    }

    /// `<suite>-<16 hex digits>`, as `FailureRecord` ids are.
    static func isCounterexampleID(_ id: String) -> Bool {
        guard let dash = id.lastIndex(of: "-") else { return false }
        let digits = id[id.index(after: dash)...]
        return digits.count == 16 && digits.allSatisfy(\.isHexDigit)
            && SuiteRegistry.named(Suite(String(id[..<dash]))) != nil
    }

    /// Reads a skip list; the error names the file and the JSON path.
    package static func load(_ path: String) throws(FileFormatError) -> SkipList {
        let list: SkipList = try FileFormatError.decode(path)
        for (index, entry) in list.skip.enumerated() {
            if (entry.case == nil) == (entry.feature == nil) {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)]",
                    message: "an entry names either a \"case\" or a \"feature\"")
            }
            if entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)].reason", message: "every skipped case needs a reason")
            }
            // A misspelt feature would skip nothing, silently.
            let known = Set(SuiteRegistry.all.flatMap(\.features))
            if let feature = entry.feature, !known.contains(feature) {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)].feature",
                    message: "unknown feature \"\(feature)\"; features are " + known.sorted().joined(separator: ", "))
            }
        }
        return list
    }
}
