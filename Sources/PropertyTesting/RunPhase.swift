/// The generated run the calling thread is computing for the engine, if any: `nil` in a replay, a shrink's candidate
/// or a suite's own judging.
///
/// Workers compute runs ahead of the engine, and how far ahead depends on timing: a run past the one the engine stops
/// at is computed with some `--jobs` and not with others. What a system under test does during such a run (a
/// breakdown it recovered from) must not reach the result; with this and ``CheckResult/lastTakenRun`` it need not.
package enum RunPhase {
    @TaskLocal package static var generatedRun: UInt64? = nil
}
