extension Duration {
    /// Milliseconds with one decimal, such as `12.5 ms`.
    var millisecondsText: String {
        let tenths = (components.seconds * 10_000) + components.attoseconds / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// Seconds as a `Double`.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
