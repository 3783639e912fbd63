/// A generator of values, built from bounded integer choices.
///
/// A `Gen` never needs a shrink function: the engine shrinks the choices it
/// drew, and replaying smaller choices rebuilds a smaller value. Combinators
/// arrange choices so that the choice 0 always means "the simplest".
public struct Gen<Value>: Sendable {
    /// Draws one value from a source.
    public let run: @Sendable (ChoiceSource) throws(ChoiceSource.Stop) -> Value

    /// Creates a generator from a drawing function.
    public init(_ run: @escaping @Sendable (ChoiceSource) throws(ChoiceSource.Stop) -> Value) {
        self.run = run
    }

    /// Draws a value at random from `seed`: handy in examples and tests.
    public func example(seed: UInt64) throws(ChoiceSource.Stop) -> Value {
        try run(.random(seed: seed))
    }

    /// A generator that always gives `value`.
    public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
        Gen { _ in value }
    }

    /// Transforms every generated value.
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        Gen<T> { source throws(ChoiceSource.Stop) in transform(try self.run(source)) }
    }

    /// Generates a value, then a second value from a generator that depends on it.
    public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { source throws(ChoiceSource.Stop) in
            let first = try source.span("bind") { () throws(ChoiceSource.Stop) in try self.run(source) }
            return try source.span("bound") { () throws(ChoiceSource.Stop) in try next(first).run(source) }
        }
    }

    /// Keeps only values that satisfy `predicate`, retrying up to `maxTries` times.
    ///
    /// When every try is rejected the value is given up with
    /// ``ChoiceSource/Stop/filterExhausted(_:)`` naming `label`; a check that gives
    /// up too often says so instead of passing.
    public func filter(
        _ label: String = "filter", maxTries: Int = 100, _ predicate: @escaping @Sendable (Value) -> Bool
    ) -> Gen<Value> {
        Gen { source throws(ChoiceSource.Stop) in
            for _ in 0..<maxTries {
                let mark = source.mark
                let value = try source.span(label) { () throws(ChoiceSource.Stop) in try self.run(source) }
                if predicate(value) { return value }
                // A replayed sequence never changes on retry, so give up at once.
                guard source.isRandom else { throw .filterExhausted(label) }
                source.rewind(to: mark)
            }
            throw .filterExhausted(label)
        }
    }

    /// Wraps every value of this generator in a labelled span, so the shrinker can treat it as a unit.
    public func spanned(_ label: String) -> Gen<Value> {
        Gen { source throws(ChoiceSource.Stop) in
            try source.span(label) { () throws(ChoiceSource.Stop) in try self.run(source) }
        }
    }
}

/// Pairs the values of two generators.
public func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> {
    Gen { source throws(ChoiceSource.Stop) in (try a.run(source), try b.run(source)) }
}

/// Combines the values of three generators.
public func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> {
    Gen { source throws(ChoiceSource.Stop) in (try a.run(source), try b.run(source), try c.run(source)) }
}
