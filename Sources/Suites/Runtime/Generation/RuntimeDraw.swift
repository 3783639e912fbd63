import PropertyTesting

/// Draws from a choice source in the shapes the runtime generators use; 0 is always the simplest choice.
struct RuntimeDraw {
    let source: ChoiceSource

    /// A number in `range`, the lower bound the simplest.
    func int(_ range: ClosedRange<Int>) throws(ChoiceSource.Stop) -> Int {
        range.lowerBound + Int(try source.draw(upTo: UInt64(range.upperBound - range.lowerBound)))
    }

    /// A number in `range` that grows with the run's size.
    func sized(_ range: ClosedRange<Int>) throws(ChoiceSource.Stop) -> Int {
        range.lowerBound + Int(try source.drawSized(upTo: UInt64(range.upperBound - range.lowerBound)))
    }

    /// True with `probability`.
    func chance(_ probability: Double) throws(ChoiceSource.Stop) -> Bool {
        try source.drawBool(probability: probability)
    }

    /// One of `options`, the first the simplest.
    func pick<T>(_ options: [T]) throws(ChoiceSource.Stop) -> T {
        options[try int(0...(options.count - 1))]
    }

    /// One of `options`, or at the rate `missing` (always when there are none) `nil`, for a name that is not
    /// declared.
    func member<T>(of options: [T], missing: Double) throws(ChoiceSource.Stop) -> T? {
        guard !options.isEmpty, !(try chance(missing)) else { return nil }
        return try pick(options)
    }

    /// The index of one of `weights`, drawn in proportion to them; the first the simplest.
    func weighted(_ weights: [Int]) throws(ChoiceSource.Stop) -> Int {
        var pick = try int(0...(weights.reduce(0, +) - 1))
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }
}
