import ConformanceRules
import FlowCheckCore
import FlowCheckGating
import FlowCheckRecords
import Foundation
import Reports

/// The files a test's run writes when asked (`reports:` or `FLOWCHECK_REPORTS`): those `flowcheck certify` writes,
/// named after the implementation: `<implementation>.html`, `.jsonl`, `.junit.xml`, `.md` and `.certificate.json`.
enum ConformanceReports {
    /// Writes every report of `record` into `folder`; returns the paths written, or why one could not be.
    static func write(_ record: RunRecord, runsPerSuite: Int, into folder: String) -> Result<[String], any Error> {
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        let slug = ReportFileName.slug(record.header.implementation.name)
        let files: [(String, String)] = [
            ("\(slug).html", HTMLReport.render(record)), ("\(slug).jsonl", record.text),
            ("\(slug).junit.xml", JUnitReport.render(record)), ("\(slug).md", MarkdownReport.render(record)),
            (
                "\(slug).certificate.json",
                RecordFormat.pretty(Certificate(record: record, runsPerSuite: runsPerSuite))
            ),
        ]
        do {
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            var written: [String] = []
            for (name, text) in files {
                let url = base.appendingPathComponent(name)
                try Data(text.utf8).write(to: url, options: .atomic)
                written.append(url.path)
            }
            return .success(written)
        } catch {
            return .failure(error)
        }
    }

    /// What a passing test prints: one paragraph on what was exercised, held and not certified, and the seed.
    static func summary(_ record: RunRecord, seedNote: String) -> String {
        let verdict = record.verdict
        let implementation = record.header.implementation
        var parts = [
            "FlowCheck: \(verdict.overall.title). \(implementation.name) \(implementation.version) "
                + "(\(implementation.language)), seed \(record.header.seed) (\(seedNote))"
        ]
        if !verdict.suites.isEmpty {
            parts.append(verdict.suites.map { "\($0.suite) \($0.size)" }.joined(separator: "; "))
        }
        let statuses = record.suites.flatMap { $0.ruleStatuses(failures: record.failures) }
        func named(_ standing: RuleStatus.Standing) -> [String] {
            statuses.filter { $0.standing == standing }.map(\.rule.id)
        }
        var rules = "rules: \(named(.held).count) held"
        for (standing, word) in [
            (RuleStatus.Standing.broken, "broken"), (.unresolved, "unresolved"),
            (.notExercised, "not exercised"), (.notCertified, "not certified"),
        ] {
            let ids = named(standing)
            guard !ids.isEmpty else { continue }
            let shown = ids.count > 8 ? ids.prefix(8).joined(separator: ", ") + ", …" : ids.joined(separator: ", ")
            rules += ", \(ids.count) \(word) (\(shown))"
        }
        parts.append(rules)
        if let corpus = verdict.corpus {
            parts.append(
                "golden cases: \(corpus.passed) passed, \(corpus.failed) failed, \(corpus.errored) errored, "
                    + "\(corpus.skipped) skipped")
        }
        if verdict.deviations > 0 {
            parts.append(counted(verdict.deviations, "deviation") + " from SHOULD rules, listed above")
        }
        return parts.joined(separator: "; ") + "."
    }
}
