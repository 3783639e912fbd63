package import PropertyTesting

/// A small navigation stack checked against a model: the engine's benchmark
/// subject and the stateful shrinking test.
///
/// With `buggy` set, the system's REMOVE_PREVIOUS strips only the top run of
/// the flow, as a real SDK did; the shortest failing sequence then has three
/// steps: push A(F), push A(G), push A(F) with REMOVE_PREVIOUS.
package struct FlowStackMachine: StateMachine {
    /// A screen and its flow.
    package struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The screen's name.
        package var screen: String
        /// The flow the screen belongs to.
        package var flow: String
        /// Creates an entry.
        package init(screen: String, flow: String) {
            self.screen = screen
            self.flow = flow
        }
        package var description: String { "\(screen)(\(flow))" }
    }

    /// One step of the example.
    package enum Step: Hashable, Sendable, CustomStringConvertible {
        case push(screen: String, flow: String, removePrevious: Bool)
        case pop

        package var description: String {
            switch self {
            case .push(let screen, let flow, let remove):
                return "PUSH \(screen) \(flow) \(remove ? "REMOVE_PREVIOUS" : "KEEP")"
            case .pop: return "POP"
            }
        }
    }

    /// The stack under test.
    package struct System: Sendable {
        /// The stack, bottom first.
        package var entries: [Entry]
        let removesOnlyTopRun: Bool

        mutating func apply(_ step: Step) {
            switch step {
            case .pop:
                entries.removeLast()
            case .push(let screen, let flow, let removePrevious):
                if removePrevious {
                    if removesOnlyTopRun {
                        while entries.count > 1, entries.last?.flow == flow { entries.removeLast() }
                    } else {
                        entries.removeAll { $0.flow == flow }
                        if entries.isEmpty { entries = [Entry(screen: "HOME", flow: "MAIN")] }
                    }
                }
                entries.append(Entry(screen: screen, flow: flow))
            }
        }
    }

    /// Whether the system has the top-run bug.
    package let buggy: Bool

    /// Creates the example; `buggy` plants the REMOVE_PREVIOUS bug.
    package init(buggy: Bool) { self.buggy = buggy }

    static let screens = ["A", "B", "C", "D"]
    static let flows = ["F", "G", "H"]

    /// The stack every run starts from: `[HOME(MAIN)]`.
    package static let home = System(entries: [Entry(screen: "HOME", flow: "MAIN")], removesOnlyTopRun: false)

    package var initialModel: Gen<System> { .constant(Self.home) }

    package func makeSystem(for model: System) throws -> System {
        System(entries: model.entries, removesOnlyTopRun: buggy)
    }

    private static let push = zip(Gen.element(of: screens), Gen.element(of: flows), Gen<Bool>.bool)
        .map { Step.push(screen: $0, flow: $1, removePrevious: $2) }
    private static let steps = Gen<Step>.frequency([(4, push), (1, .constant(.pop))])

    package func step(for model: System) -> Gen<Step> { Self.steps }

    package func precondition(_ step: Step, model: System) -> Bool {
        step != .pop || model.entries.count > 1
    }

    package func labels(for step: Step, model: System) -> [String] {
        switch step {
        case .pop: return ["POP"]
        case .push(_, let flow, let remove):
            return [
                remove ? "REMOVE_PREVIOUS" : "KEEP",
                model.entries.contains { $0.flow == flow } ? "flow present" : "new flow",
            ]
        }
    }

    package func run(_ step: Step, model: inout System, system: inout System) -> String? {
        model.apply(step)
        system.apply(step)
        guard model.entries != system.entries else { return nil }
        return "after \(step): model \(model.entries), system \(system.entries)"
    }
}
