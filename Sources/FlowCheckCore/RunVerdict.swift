public import ConformanceRules

/// What a suite, or a whole run, comes to.
public enum ConformanceVerdict: String, Hashable, Codable, Sendable, CaseIterable {
    /// Every suite ran its budget, agreed with the model at every step, and exercised every required combination.
    case conforming
    /// A suite found a step where the implementation and the model differ, or a golden case failed.
    case divergent
    /// Everything judged agreed, but a required combination was never exercised, or nothing ran: not a pass.
    case insufficientCoverage
    /// The implementation could not be run to the end, or a golden case could not be run or read.
    case errored

    /// The verdict in capitals, as the text report writes it: `DIVERGENT`, `INSUFFICIENT COVERAGE`.
    public var title: String {
        switch self {
        case .conforming: return "CONFORMING"
        case .divergent: return "DIVERGENT"
        case .insufficientCoverage: return "INSUFFICIENT COVERAGE"
        case .errored: return "ERRORED"
        }
    }

    /// The verdict in words, with its mark: `✓ conforming`, `✗ insufficient coverage`.
    public var label: String {
        switch self {
        case .conforming: return "✓ conforming"
        case .divergent: return "✗ divergent"
        case .insufficientCoverage: return "✗ insufficient coverage"
        case .errored: return "✗ errored"
        }
    }

    /// Worst first: an errored run outranks a divergent one, which outranks insufficient coverage.
    var severity: Int {
        switch self {
        case .errored: return 3
        case .divergent: return 2
        case .insufficientCoverage: return 1
        case .conforming: return 0
        }
    }
}

/// The verdict on a run, per suite and overall, computed once from what the run found.
///
/// The exit code, the text report, the JSON-lines summary, HTML, JUnit, Markdown, the badge and the
/// certificate all read this value; none of them works the verdict out again. Merged shards get theirs
/// from the same initializer, fed with the merged facts.
public struct RunVerdict: Hashable, Codable, Sendable {
    /// One suite's verdict and the facts it rests on.
    public struct SuiteVerdict: Hashable, Codable, Sendable {
        /// The suite.
        public var suite: Suite
        /// The suite's verdict.
        public var verdict: ConformanceVerdict
        /// Generated cases run.
        public var runs: Int
        /// What the runs exercised, in the suite's unit (steps, documents).
        public var exercised: UnitCount
        /// Distinct minimal divergences found that break a MUST rule (with `--strict`, any rule).
        public var failures: Int
        /// Distinct minimal divergences that break SHOULD rules only: deviations from the kit's recommendations,
        /// reported with their counterexamples but not failing the suite (`--strict` counts them as failures).
        public var deviations: Int
        /// Rules that units diverging under them left undecided: no failure names them, so they are neither held
        /// nor broken. They change no verdict (the failures do), but a rule among them is never reported held.
        public var unresolvedRules: [String]
        /// Distinct minimal breakdowns found: inputs the implementation exited, hung or broke its protocol on.
        public var breakdowns: Int
        /// Declared rules too few steps or documents fell under to judge them.
        public var unexercisedRules: [String]
        /// Required coverage never reached.
        public var missingCoverage: [String]
        /// Why the suite could not run to the end, when it could not.
        public var error: String?
        /// The `--time-limit` that ended the suite before its budget, when one did.
        public var stoppedByTimeLimit: String?
        /// The signal that stopped the run while the suite ran (`SIGINT`), when one did: the suite judged only the
        /// runs it finished, so it is never conforming.
        public var interrupted: String?

        /// Creates a suite's verdict from its facts: errored, else divergent, else insufficient coverage, else conforming.
        public init(
            suite: Suite, runs: Int, exercised: UnitCount, failures: Int, missingCoverage: [String],
            error: String? = nil,
            stoppedByTimeLimit: String? = nil, breakdowns: Int = 0, unexercisedRules: [String] = [],
            deviations: Int = 0, unresolvedRules: [String] = [], interrupted: String? = nil
        ) {
            self.interrupted = interrupted
            self.deviations = deviations
            self.unresolvedRules = unresolvedRules
            self.stoppedByTimeLimit = stoppedByTimeLimit
            self.breakdowns = breakdowns
            self.unexercisedRules = unexercisedRules
            self.suite = suite
            self.runs = runs
            self.exercised = exercised
            self.failures = failures
            self.missingCoverage = missingCoverage
            self.error = error
            // A suite that finished no run judged nothing: never a pass, whatever stopped it.
            verdict =
                error != nil || breakdowns > 0
                ? .errored
                : failures > 0
                    ? .divergent
                    : !missingCoverage.isEmpty || !unexercisedRules.isEmpty || runs == 0 || interrupted != nil
                        ? .insufficientCoverage : .conforming
        }

        /// The verdict in words with its deviations: `✓ conforming, 2 deviations`.
        public var label: String {
            // Cut short by a signal, the suite says so rather than naming coverage it may well have had.
            let label = interrupted != nil && verdict == .insufficientCoverage ? "✗ interrupted" : verdict.label
            return deviations == 0 ? label : label + ", " + counted(deviations, "deviation")
        }

        /// What the suite ran, in words: `7 runs, 116 steps`, or `400 documents` when one run is one document.
        public var size: String {
            exercised.unit == .step ? counted(runs, "run") + ", " + exercised.description : exercised.description
        }
    }

    /// How the golden cases of a corpus run ended.
    public struct CorpusTally: Hashable, Codable, Sendable {
        /// Cases whose every reply matched.
        public var passed: Int
        /// Cases with a reply that differs.
        public var failed: Int
        /// Cases the implementation could not run.
        public var errored: Int
        /// Cases not judged: named by the skip list, or needing what the implementation does not declare.
        public var skipped: Int
        /// Case files that could not be read.
        public var malformed: Int
        /// Cases that failed on SHOULD rules only, in a run that is not strict: deviations, not failures.
        public var deviations: Int

        /// Creates a tally.
        public init(passed: Int, failed: Int, errored: Int, skipped: Int, malformed: Int, deviations: Int = 0) {
            self.deviations = deviations
            self.passed = passed
            self.failed = failed
            self.errored = errored
            self.skipped = skipped
            self.malformed = malformed
        }

        /// Cases that were run and judged.
        public var judged: Int { passed + failed + errored + deviations }

        /// The corpus's own verdict: malformed or errored cases, then failed ones, then nothing judged.
        public var verdict: ConformanceVerdict {
            errored + malformed > 0
                ? .errored : failed > 0 ? .divergent : judged == 0 ? .insufficientCoverage : .conforming
        }
    }

    /// The overall verdict: the worst of the suites' and the corpus's, and insufficient coverage when nothing ran.
    public var overall: ConformanceVerdict
    /// One verdict per suite, in run order.
    public var suites: [SuiteVerdict]
    /// The golden cases, when the run ran the corpus.
    public var corpus: CorpusTally?
    /// Failures in all: distinct minimal counterexamples that break a MUST rule or broke the implementation down (one
    /// that several suites found counts once), plus golden cases that failed, errored or could not be read.
    public var failures: Int
    /// Deviations from the kit's recommendations: distinct minimal counterexamples that break SHOULD rules only. They
    /// are reported in every output and fail nothing, unless the run was strict (then they are ``failures``).
    public var deviations: Int
    /// Whether SHOULD rules count as MUST rules (`--strict`): the level this verdict certifies.
    public var strict: Bool
    /// What the suites exercised, one count per unit.
    public var exercised: [UnitCount]
    /// What stopped the run before its budget was spent (`SIGINT`, `SIGTERM`), when something did.
    public var interrupted: String?

    /// Computes the verdict from the suites' and the corpus's facts. An interrupted run that found nothing wrong is
    /// insufficient coverage: it did not run everything it was asked to.
    ///
    /// A suite counts every failure it met, including one an earlier suite found first; `distinctFailures`, when
    /// given, is how many different ones the suites found together, which ``failures`` then counts instead of
    /// adding up the suites'.
    public init(
        suites: [SuiteVerdict], corpus: CorpusTally? = nil, interrupted: String? = nil, distinctFailures: Int? = nil,
        distinctDeviations: Int? = nil, strict: Bool = false
    ) {
        self.strict = strict
        deviations = (distinctDeviations ?? suites.map(\.deviations).reduce(0, +)) + (corpus?.deviations ?? 0)
        self.suites = suites
        self.corpus = corpus
        self.interrupted = interrupted
        var worst: ConformanceVerdict =
            (suites.isEmpty && corpus == nil) || interrupted != nil ? .insufficientCoverage : .conforming
        for verdict in suites.map(\.verdict) + [corpus?.verdict].compactMap({ $0 })
        where verdict.severity > worst.severity {
            worst = verdict
        }
        overall = worst
        failures =
            (distinctFailures ?? suites.map { $0.failures + $0.breakdowns }.reduce(0, +))
            + (corpus.map { $0.failed + $0.errored + $0.malformed } ?? 0)
        exercised = UnitCount.totals(suites.map(\.exercised))
    }

    /// Whether the run passed: only a conforming verdict does (deviations from SHOULD rules included).
    public var passed: Bool { overall == .conforming }

    /// The rules this verdict holds an implementation to: `MUST`, or `MUST and SHOULD` for a strict run.
    public var level: String { strict ? "MUST and SHOULD" : "MUST" }

    /// The deviations and unresolved rules in words, for the end of a sentence: `; 2 deviations from SHOULD rules
    /// (recommendations), …`.
    private var deviationClause: String {
        var clause = ""
        if deviations > 0 {
            clause +=
                "; \(counted(deviations, "deviation")) from SHOULD rules (the kit's recommendations), listed "
                + "with their counterexamples: they do not fail the run (--strict makes them fail)"
        }
        let unresolved = suites.flatMap(\.unresolvedRules)
        if !unresolved.isEmpty {
            let pronoun = unresolved.count == 1 ? "it" : "them"
            clause +=
                "; \(counted(unresolved.count, "rule")) unresolved, so not held (units under \(pronoun) "
                + "diverged, and no failure names \(pronoun))"
        }
        // Beside failures, too few units compared under a rule is said here too (alone, it is the verdict).
        let unexercised = suites.filter { $0.verdict != .insufficientCoverage }.flatMap { suite in
            suite.unexercisedRules.filter { !suite.unresolvedRules.contains($0) }
        }
        if !unexercised.isEmpty {
            let pronoun = unexercised.count == 1 ? "it" : "them"
            clause +=
                "; \(counted(unexercised.count, "rule")) not exercised, so not held (too few units under "
                + "\(pronoun) were compared)"
        }
        return clause
    }

    /// Generated cases run in all suites.
    public var runs: Int { suites.map(\.runs).reduce(0, +) }

    /// The verdict in one sentence, starting with its title: `DIVERGENT: 1 suite found a divergence …`; an
    /// interrupted run says so first: `INTERRUPTED by SIGINT; the results so far: …`.
    public var sentence: String {
        let cut = suites.filter { $0.stoppedByTimeLimit != nil }
        let limited =
            cut.isEmpty
            ? ""
            : " The time limit cut \(counted(cut.count, "suite")) short ("
                + cut.map(\.suite.rawValue).joined(separator: ", ") + ")."
        guard let interrupted else { return resultSentence + limited }
        let partial =
            overall == .insufficientCoverage && suites.allSatisfy { $0.verdict != .divergent && $0.verdict != .errored }
        return "INTERRUPTED by \(interrupted); the results so far: "
            + (partial ? "\(overall.title): everything judged agreed, but the run did not finish." : resultSentence)
    }

    private var resultSentence: String {
        let counts = exercised.map(\.description)
        // "A and B", "A, B and C": one "and", however many units.
        let exercisedText =
            counts.count < 3
            ? counts.joined(separator: " and ") : counts.dropLast().joined(separator: ", ") + " and " + counts.last!
        switch overall {
        case .conforming:
            var parts: [String] = []
            if !exercisedText.isEmpty {
                // With deviations, not every unit agreed: only the MUST rules held everywhere.
                parts.append(
                    deviations == 0
                        ? "\(exercisedText) agreed with the reference model"
                        : "\(exercisedText) checked, and no MUST rule broken")
            }
            if let corpus, corpus.passed > 0 { parts.append("\(counted(corpus.passed, "golden case")) passed") }
            return "CONFORMING: " + parts.joined(separator: "; ") + deviationClause + "."
        case .divergent:
            var parts: [String] = []
            let diverged = suites.filter { $0.verdict == .divergent }.count
            if diverged > 0 {
                parts.append(
                    "\(counted(diverged, "suite")) found a divergence between the implementation and the model")
            }
            if let corpus, corpus.failed > 0 { parts.append("\(counted(corpus.failed, "golden case")) failed") }
            return "DIVERGENT: " + parts.joined(separator: "; ") + deviationClause + "."
        case .insufficientCoverage where suites.isEmpty && corpus == nil:
            return
                "INSUFFICIENT COVERAGE: no suite ran, because the implementation declares none of the requested suites."
        case .insufficientCoverage where suites.allSatisfy({ $0.verdict == .conforming }):
            return "INSUFFICIENT COVERAGE: no golden case could be judged (every case was skipped)."
        case .insufficientCoverage:
            let rules = suites.flatMap(\.unexercisedRules)
            // With deviations, not everything judged agreed: only no MUST rule broke.
            let judged = deviations == 0 ? "everything judged agreed" : "no MUST rule broken"
            if !rules.isEmpty && suites.allSatisfy(\.missingCoverage.isEmpty) {
                return "INSUFFICIENT COVERAGE: \(judged), but too few steps or documents fell under "
                    + "\(counted(rules.count, "declared rule")) to judge \(rules.count == 1 ? "it" : "them"): "
                    + rules.joined(separator: ", ") + deviationClause + "."
            }
            return "INSUFFICIENT COVERAGE: \(judged), but not every required combination was exercised"
                + (rules.isEmpty ? "" : ", and too few steps or documents fell under " + rules.joined(separator: ", "))
                + deviationClause + "."
        case .errored:
            var parts: [String] = []
            let brokeDown = suites.filter { $0.breakdowns > 0 }.count
            if brokeDown > 0 {
                parts.append(
                    "the implementation broke down (exited, hung or broke its protocol) in \(counted(brokeDown, "suite")), each with its minimal sequence"
                )
            }
            let errored = suites.filter { $0.error != nil }.count
            if errored > 0 {
                parts.append("the implementation could not be run to the end in \(counted(errored, "suite"))")
            }
            if let corpus, corpus.errored > 0 {
                parts.append("\(counted(corpus.errored, "golden case")) could not be run")
            }
            if let corpus, corpus.malformed > 0 {
                parts.append("\(counted(corpus.malformed, "golden case file")) could not be read")
            }
            return "ERRORED: " + parts.joined(separator: "; ") + "."
        }
    }
}
