package import ConformanceRules
package import FlowCheckCore

/// Several implementations of one SDK (iOS, Android, React Native, web) run on the same generated cases: each rule's
/// standing per implementation, the failures where they disagree with each other, and each one's expected failures.
///
/// JSON shape (`flowcheck compare --json`): `{"implementations": [...], "rules": [...], "disagreements": [...]}`.
package struct Parity: Codable, Hashable, Sendable {
    /// One implementation compared.
    package struct Implementation: Codable, Hashable, Sendable {
        /// Its column's letter in every report (`A`, `B`, …): a label, never a count.
        package var label: String
        /// Its name, version and language, as it introduced itself.
        package var name: String
        package var version: String
        package var language: String
        /// Its verdict.
        package var verdict: ConformanceVerdict
        /// What its expected failures decided, when it has any (`--expectations`).
        package var gate: GateRecord?

        /// Whether it passes: its verdict, or its expectations' gate.
        package var passed: Bool { gate?.passed ?? (verdict == .conforming) }

        package init(
            label: String, name: String, version: String, language: String, verdict: ConformanceVerdict,
            gate: GateRecord?
        ) {
            self.label = label
            self.name = name
            self.version = version
            self.language = language
            self.verdict = verdict
            self.gate = gate
        }
    }

    /// One rule's standing in each implementation.
    package struct RuleRow: Codable, Hashable, Sendable {
        package var suite: String
        package var rule: String
        package var level: Rule.Level
        /// Per implementation, in order: `held`, `broken`, `deviation`, `expected` (broken, and expected),
        /// `unresolved`, `not exercised`, `not certified`, or `not run` (the suite did not run for it).
        package var standings: [String]

        /// Whether the implementations that ran the rule's suite stand differently on it.
        package var differs: Bool { Set(standings.filter { $0 != "not run" }).count > 1 }
    }

    /// A failure one implementation showed, replayed on the others.
    package struct Disagreement: Codable, Hashable, Sendable {
        /// The failure's id (its counterexample's content hash), as a gate's new failures name it.
        package var id: String
        package var suite: String
        /// Its cause, as a baseline names it: `navigation: NAV-POP-TO`, `runtime: breakdown (exited)`.
        package var cause: String
        /// The implementation that failed, by its label (`A`, `B`, …).
        package var found: String
        /// The command that replays the failure on it.
        package var replay: String
        /// Per implementation, in order, the same run replayed: `fails` (the same way), `fails otherwise: <cause>`,
        /// `passes`, `not compared: <why>`, or `found here` for the implementation that failed.
        package var others: [String]

        package init(id: String, suite: String, cause: String, found: String, replay: String, others: [String]) {
            self.id = id
            self.suite = suite
            self.cause = cause
            self.found = found
            self.replay = replay
            self.others = others
        }
    }

    /// The seed every implementation ran with.
    package var seed: UInt64
    /// Whether every implementation passes, for a script reading the JSON (the exit code follows it).
    package var passed: Bool
    /// The signal that stopped the comparison (`SIGINT`), when one did: the implementations listed are those that
    /// ran, and no failure was replayed on the others.
    package var interrupted: String?
    /// The implementations a stop kept from running, as given (`--sut`).
    package var notRun: [String]
    package var implementations: [Implementation]
    package var rules: [RuleRow]
    package var disagreements: [Disagreement]

    package init(
        seed: UInt64, implementations: [Implementation], rules: [RuleRow], disagreements: [Disagreement],
        interrupted: String? = nil, notRun: [String] = []
    ) {
        self.seed = seed
        self.interrupted = interrupted
        self.notRun = notRun
        passed = interrupted == nil && implementations.allSatisfy(\.passed)
        self.implementations = implementations
        self.rules = rules
        self.disagreements = disagreements
    }

    /// The label of the implementation at this position: `A` to `Z`, then `AA`, `AB`, ….
    package static func label(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return index < 26 ? String(letters[index]) : label(index / 26 - 1) + String(letters[index % 26])
    }

    /// The matrix of several runs' rules: every rule any of them judges, in the order of the first run that does.
    package static func rules(of records: [RunRecord], gates: [GateRecord?]) -> [RuleRow] {
        var rows: [RuleRow] = []
        var seen = Set<String>()
        for record in records {
            for suite in record.suites {
                for rule in suite.rules where seen.insert(suite.suite.rawValue + " " + rule.id).inserted {
                    rows.append(
                        RuleRow(
                            suite: suite.suite.rawValue, rule: rule.id, level: rule.level,
                            standings: zip(records, gates).map { standing(of: rule.id, suite: suite.suite, in: $0, $1) }
                        ))
                }
            }
        }
        return rows
    }

    /// One rule's standing in one run.
    static func standing(of rule: String, suite: Suite, in record: RunRecord, _ gate: GateRecord?) -> String {
        guard let suiteRecord = record.suites.first(where: { $0.suite == suite }),
            let status = suiteRecord.ruleStatuses(failures: record.failures).first(where: { $0.rule.id == rule })
        else { return "not run" }
        switch status.standing {
        case .held: return "held"
        case .broken:
            let failures = record.failures.filter { $0.ruleIDs.contains(rule) }
            if let gate, failures.allSatisfy({ gate.excuse(for: $0.id) != nil }) { return "expected" }
            return failures.allSatisfy(record.isDeviation) ? "deviation" : "broken"
        case .unresolved: return "unresolved"
        case .notExercised: return "not exercised"
        case .notCertified: return "not certified"
        }
    }
}
