extension Engine {
    /// How many failing runs blamed on one trigger a check keeps, for the search for that trigger's own failure.
    static let witnessesKept = 8

    /// Keeps a failing run among a trigger's witnesses when it ranks among the best ``witnessesKept``: blamed on the
    /// fewest triggers, then falling under the fewest rules, then the earliest. The order depends on the runs alone,
    /// never on when a worker finished one, so that any number of workers keeps the same ones.
    static func keep(_ witness: (run: Int, found: TestRun), in list: inout [(run: Int, found: TestRun)]) {
        func rank(_ witness: (run: Int, found: TestRun)) -> (Int, Int, Int) {
            guard case .failed(let falsification) = witness.found.outcome else { return (.max, .max, witness.run) }
            let blamed = Set((falsification.unitTriggers ?? []) + falsification.later.joined())
            return (blamed.count, (unitRules(of: witness.found.outcome) ?? []).count, witness.run)
        }
        let position = list.firstIndex { rank(witness) < rank($0) } ?? list.endIndex
        guard position < witnessesKept else { return }
        list.insert(witness, at: position)
        if list.count > witnessesKept { list.removeLast() }
    }
}
