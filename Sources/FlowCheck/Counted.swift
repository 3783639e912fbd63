/// A count with its noun, singular for one: `1 run`, `3 runs`.
///
/// Shared by every report format of the package, so they all say it the same way.
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
