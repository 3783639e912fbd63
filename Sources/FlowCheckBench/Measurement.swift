/// One figure a benchmark measured, with the target it is held to.
struct Measurement {
    /// What was measured, as `area.figure` (`runner.navigation.jobs2`).
    var name: String
    /// The measured value, in `unit`.
    var value: Double
    /// The unit of `value` (`steps/s`, `µs/step`, `ms`, `MB`).
    var unit: String
    /// The target, in words (`≥ 2,500,000 steps/s`); empty when the figure is informative only.
    var target: String
    /// Whether the value meets the target (true for an informative figure).
    var met: Bool
    /// What else to know to read the figure: the workload, what a rate counts.
    var detail: String = ""
}

/// `count` runs, in words: "1 run", "20000 runs".
func runCount(_ count: Int) -> String { count == 1 ? "1 run" : "\(count) runs" }
