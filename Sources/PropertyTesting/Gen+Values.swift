extension Gen where Value == Bool {
    /// `false` or `true`, equally likely; shrinks to `false`.
    public static var bool: Gen<Bool> { Gen { source throws(ChoiceSource.Stop) in try source.drawBool() } }

    /// `true` with the given probability while generating; shrinks to `false`.
    public static func bool(probability: Double) -> Gen<Bool> {
        Gen { source throws(ChoiceSource.Stop) in try source.drawBool(probability: probability) }
    }
}

extension Gen where Value == Int {
    /// An integer in `range`, shrinking toward the value closest to zero.
    ///
    /// When the range holds zero, the choice `c` maps to 0, 1, -1, 2, -2, … in turn
    /// (values outside the range skipped), so shrinking brings magnitudes down
    /// and prefers a positive value to its negative.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        let lower = range.lowerBound, upper = range.upperBound
        let bound = UInt64(bitPattern: Int64(upper &- lower))
        if lower >= 0 {
            return Gen { source throws(ChoiceSource.Stop) in lower + Int(bitPattern: UInt(try source.draw(upTo: bound)))
            }
        }
        if upper <= 0 {
            return Gen { source throws(ChoiceSource.Stop) in upper - Int(bitPattern: UInt(try source.draw(upTo: bound)))
            }
        }
        // Both signs: zigzag up to the shorter side, then straight on along the longer one.
        // Magnitudes are computed in UInt64 so that Int.min does not overflow.
        let positive = UInt64(upper), negative = UInt64(bitPattern: Int64(0 &- lower))
        let shorter = min(positive, negative)
        let positiveLonger = positive > negative
        return Gen { source throws(ChoiceSource.Stop) in
            Gen<Int>.zigzag(try source.draw(upTo: bound), shorter: shorter, positiveLonger: positiveLonger)
        }
    }

    /// Maps a choice to 0, 1, -1, 2, -2, … while both sides have room (`shorter`
    /// magnitudes on each side), then continues along the longer side.
    static func zigzag(_ c: UInt64, shorter: UInt64, positiveLonger: Bool) -> Int {
        if c <= 2 * shorter {
            let magnitude = (c + 1) / 2
            return c % 2 == 1 ? Int(magnitude) : 0 &- Int(bitPattern: UInt(magnitude))
        }
        let magnitude = shorter + (c - 2 * shorter)
        return positiveLonger ? Int(magnitude) : 0 &- Int(bitPattern: UInt(magnitude))
    }
}

extension Gen {
    /// One of `elements`, shrinking toward the first.
    public static func element(of elements: [Value]) -> Gen<Value> where Value: Sendable {
        precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
        let bound = UInt64(elements.count - 1)
        return Gen { source throws(ChoiceSource.Stop) in elements[Int(try source.draw(upTo: bound))] }
    }

    /// The value of one of `generators`, equally likely; shrinks toward the first.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        precondition(!generators.isEmpty, "Gen.oneOf needs at least one generator")
        let bound = UInt64(generators.count - 1)
        return Gen { source throws(ChoiceSource.Stop) in
            try source.span("oneOf") { () throws(ChoiceSource.Stop) in
                try generators[Int(try source.draw(upTo: bound))].run(source)
            }
        }
    }

    /// The value of one of `choices`, picked in proportion to its weight; shrinks toward the first.
    public static func frequency(_ choices: [(weight: Int, gen: Gen<Value>)]) -> Gen<Value> {
        // Closures, not key paths: a key path into a tuple of a generic type is built anew at every call, and some
        // generators make a frequency generator per value they draw.
        let weights = choices.map { $0.weight }
        precondition(
            !weights.isEmpty && weights.allSatisfy { $0 >= 0 } && weights.reduce(0, +) > 0,
            "Gen.frequency needs non-negative weights with a positive total")
        let gens = choices.map { $0.gen }
        let total = UInt64(weights.reduce(0, +))
        return Gen { source throws(ChoiceSource.Stop) in
            try source.span("frequency") { () throws(ChoiceSource.Stop) in
                var pick = try source.draw(upTo: total - 1)
                for (index, weight) in weights.enumerated() {
                    if pick < UInt64(weight) { return try gens[index].run(source) }
                    pick -= UInt64(weight)
                }
                return try gens[gens.count - 1].run(source)
            }
        }
    }

    /// An optional value: `nil` (the simplest) or a value of this generator.
    public var optional: Gen<Value?> {
        Gen<Value?> { source throws(ChoiceSource.Stop) in
            try source.span("optional") { () throws(ChoiceSource.Stop) in
                try source.drawBool(probability: 0.75) ? try self.run(source) : nil
            }
        }
    }

    /// An array of values whose length is in `count`.
    ///
    /// Each element past the minimum is preceded by a "one more?" choice and
    /// recorded with it as one `element` span, so the shrinker can delete an
    /// element as a unit, and deleting the boundary between two nested arrays joins them.
    public func array(count: ClosedRange<Int> = 0...20) -> Gen<[Value]> {
        let minimum = count.lowerBound, maximum = count.upperBound
        let average = Double(minimum + maximum) / 2
        // A geometric length with the range's mean: P(one more) = extra / (extra + 1).
        let extra = max(average - Double(minimum), 0.5)
        let more = extra / (extra + 1)
        return Gen<[Value]> { source throws(ChoiceSource.Stop) in
            var result: [Value] = []
            result.reserveCapacity(minimum)
            while true {
                let element: Value? = try source.span("element") { () throws(ChoiceSource.Stop) in
                    if result.count >= minimum {
                        // At the maximum the "one more?" choice is still drawn, as a certain 0, so that
                        // deleting earlier elements while shrinking keeps every later choice in place.
                        let another = try source.drawBool(probability: result.count < maximum ? more : 0)
                        if !another || result.count >= maximum { return nil }
                    }
                    return try self.run(source)
                }
                guard let element else { break }
                result.append(element)
            }
            return result
        }
    }

    /// An array of exactly `count` values.
    public func array(exactly count: Int) -> Gen<[Value]> { array(count: count...count) }

    /// A generator for a recursive structure, such as an expression tree.
    ///
    /// `body` receives the generator for the sub-structures; at `depth` levels it
    /// receives `leaf` instead, so generation always ends. Each level is its own
    /// `recursive` span, which lets the shrinker replace a node by one of its descendants.
    public static func recursive(
        depth: Int, leaf: Gen<Value>, _ body: @escaping @Sendable (Gen<Value>) -> Gen<Value>
    ) -> Gen<Value> {
        var gen = leaf.spanned("recursive")
        for _ in 0..<depth { gen = body(gen).spanned("recursive") }
        return gen
    }
}

extension Gen where Value == String {
    /// A string of characters from `alphabet`, with a length in `length`;
    /// shrinks toward shorter strings of the alphabet's first characters.
    public static func string(from alphabet: [Character], length: ClosedRange<Int> = 0...10) -> Gen<String> {
        Gen<Character>.element(of: alphabet).array(count: length).map { String($0) }
    }
}
