import ConformanceRules
import FlowCheckEngine
import FlowCheckSuites
import Foundation

/// A hand-written list of cases, features, rules and causes not to judge, each with a reason.
///
/// JSON shape: `{"skip": [{"case": "pop-to-owned", "reason": "..."}, {"feature": "present", "reason": "..."},
/// {"rule": "NAV-POP-TO", "reason": "..."}, {"cause": "navigation: NAV-POP-TO", "reason": "..."}]}`.
///
/// A counterexample's id changes with the seed; a rule or a cause does not, so an entry that names one skips the
/// same bug at any seed, as a baseline entry does.
package struct SkipList: Hashable, Codable, Sendable {
    /// One skipped case or feature.
    package struct Entry: Hashable, Codable, Sendable {
        /// A case id (golden case or counterexample id).
        package var `case`: String?
        /// A feature from the registry.
        package var feature: String?
        /// A rule ID: every failure that breaks it (among others) is skipped.
        package var rule: String?
        /// A failure's cause, as a baseline entry names it (`navigation: NAV-POP-TO`, `runtime: breakdown (exited)`):
        /// the failures with exactly that cause are skipped.
        package var cause: String?

        /// Creates an entry naming one of a case, a feature, a rule or a cause.
        package init(
            case id: String? = nil, feature: String? = nil, rule: String? = nil, cause: String? = nil, reason: String
        ) {
            self.case = id
            self.feature = feature
            self.rule = rule
            self.cause = cause
            self.reason = reason
        }

        /// Whether it skips a failure or golden case.
        package func skips(id: String, features: [String], rules: [String], cause: String?) -> Bool {
            self.case == id || feature.map(features.contains) == true || rule.map(rules.contains) == true
                || (self.cause != nil && self.cause == cause)
        }
        /// Why it is skipped: required, and shown in every report.
        package var reason: String
    }

    /// The entries, in file order.
    package var skip: [Entry]

    /// Creates a skip list.
    package init(skip: [Entry] = []) { self.skip = skip }

    /// The reason to skip a case with this id and these features (a counterexample: these rules and this cause), or
    /// `nil` to judge it.
    package func reason(id: String, features: [String], rules: [String] = [], cause: String? = nil) -> String? {
        skip.first { $0.skips(id: id, features: features, rules: rules, cause: cause) }?.reason
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
            if [entry.case, entry.feature, entry.rule, entry.cause].compactMap({ $0 }).count != 1 {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)]",
                    message: "an entry names one of a \"case\", a \"feature\", a \"rule\" or a \"cause\"")
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
            if let rule = entry.rule, SuiteRegistry.rule(rule) == nil {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)].rule",
                    message: "unknown rule \"\(rule)\": no suite has a rule of that ID")
            }
            if let cause = entry.cause, !Self.isCause(cause) {
                throw FileFormatError(
                    file: path, jsonPath: "$.skip[\(index)].cause",
                    message: "\"\(cause)\" is not a failure's cause: write \"<suite>: <rule IDs, comma-separated>\" "
                        + "or \"<suite>: breakdown (<kind>)\", as a baseline entry names it")
            }
        }
        return list
    }

    /// `<known suite>: <known rules, comma-separated>` or `<known suite>: breakdown (<kind>)`.
    static func isCause(_ cause: String) -> Bool {
        guard let colon = cause.range(of: ": "), SuiteRegistry.named(Suite(String(cause[..<colon.lowerBound]))) != nil
        else { return false }
        let rest = cause[colon.upperBound...]
        if rest.hasPrefix("breakdown (") && rest.hasSuffix(")") { return true }
        return rest.split(separator: ", ").allSatisfy { SuiteRegistry.rule(String($0)) != nil }
    }
}
