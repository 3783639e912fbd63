/// The seed a test runs with, and how it was chosen, for the line a passing test prints.
enum TestSeed {
    /// `FLOWCHECK_SEED` (`random`, or a number) overrides `given`; a `nil` seed is drawn fresh.
    static func choose(_ given: UInt64?, environment: String?) -> (seed: UInt64, note: String) {
        if let environment {
            if let number = UInt64(environment) { return (number, "from FLOWCHECK_SEED") }
            if environment == "random" { return (fresh(), "fresh, from FLOWCHECK_SEED=random: pass it to replay") }
        }
        guard let given else { return (fresh(), "fresh, as seed: nil asks: pass it to replay") }
        return (given, "fixed: seed: nil or FLOWCHECK_SEED=random draws a fresh one")
    }

    /// A seed from the system's random source, kept to 9 digits so that it is easy to copy.
    private static func fresh() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return UInt64.random(in: 1...999_999_999, using: &generator)
    }
}
