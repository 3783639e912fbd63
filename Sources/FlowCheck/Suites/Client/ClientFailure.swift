import ConformanceRules
import FlowCheckCore
import FlowCheckRecords
import Foundation
import JSON
import NavigationModel
import PropertyTesting
import RUFClientModel

/// Finds where a client run diverges, and describes a minimal failing run: the inputs, the step, the rules broken,
/// a `-`/`+` diff of the observation at that step, and a storyboard of every step up to it.
enum ClientFailure {
    /// The first input after which the implementation's observation differs from the reference client's.
    struct Divergence {
        var step: Int
        var rules: [String]
        var expected: ClientObservation
        var actual: ClientObservation

        /// The failure's identity while shrinking: the rules broken and the kind of input.
        var origin: String = ""
    }

    /// An implementation that answered a batch of inputs with another number of observations.
    struct ReplyCount: Error, CustomStringConvertible {
        var inputs: Int
        var replies: Int
        var description: String { "the implementation gave \(replies) observations for \(inputs) inputs" }
    }

    static func firstDivergence(_ value: ClientCase, _ replies: [ClientObservation]) -> Divergence? {
        divergences(value, replies).first
    }

    /// The first divergence, and how many inputs were compared: up to the first divergence, and past it while the
    /// state stays the reference's and every later step agrees or diverges the same way (an event order a SHOULD
    /// rule recommends, met at every response, must not leave the rest of the run unchecked). A step that diverges
    /// otherwise, or after the state parted, is not counted: nothing after it is comparable.
    static func divergences(
        _ value: ClientCase, _ replies: [ClientObservation]
    ) -> (first: Divergence?, compared: Int) {
        var comparison = ClientComparison()
        func judge(_ step: Int, _ input: ClientInput, before: ReferenceClient, expected: ClientObservation)
            -> Divergence?
        {
            guard step < replies.count else {
                return Divergence(
                    step: step, rules: [], expected: expected,
                    actual: ClientObservation(state: expected.state, events: []), origin: "missing reply")
            }
            let actual = comparison.normalized(replies[step])
            let rules = ClientComparison.brokenRules(expected: expected, actual: actual, input: input, before: before)
            guard !rules.isEmpty else { return nil }
            return Divergence(
                step: step, rules: rules, expected: expected, actual: actual,
                origin: rules.joined(separator: ", ") + " (\(kind(input)))")
        }
        // What the reference client did at each step as the generator drew the case, when it is at hand: replaying
        // it gives the same, at the cost of a second reference client per check.
        var first: Divergence?
        // Whether the run may go on being compared after a step's divergence (or agreement).
        func goesOn(_ step: Int, _ divergence: Divergence?) -> Bool {
            guard let divergence else { return true }
            if first == nil { first = divergence }
            return divergence.rules == first?.rules && divergence.expected.state == divergence.actual.state
        }
        var compared = value.inputs.count
        if let reference = value.reference, reference.count == value.inputs.count {
            for (step, input) in value.inputs.enumerated() {
                let seen = reference[step]
                let divergence = judge(step, input, before: seen.before, expected: seen.observation)
                let isFirst = first == nil && divergence != nil
                if !goesOn(step, divergence) {
                    compared = isFirst ? step + 1 : step
                    break
                }
            }
            return (first, compared)
        }
        guard var client = try? ReferenceClient(stack: value.initial, profile: value.profile, queueing: value.queueing)
        else { return (nil, 0) }
        for (step, input) in value.inputs.enumerated() {
            let before = client
            let expected = client.apply(input)
            let divergence = judge(step, input, before: before, expected: expected)
            let isFirst = first == nil && divergence != nil
            if !goesOn(step, divergence) {
                compared = isFirst ? step + 1 : step
                break
            }
        }
        return (first, compared)
    }

    static func kind(_ input: ClientInput) -> String {
        switch input {
        case .create: return "create"
        case .dispatch: return "action"
        case .respond: return "response"
        }
    }

    /// One line for an input, as storyboards and messages name it.
    static func summary(_ input: ClientInput) -> String {
        switch input {
        case .create(let screen, _): return "create \(screen)"
        case .dispatch(let action):
            var text = "action \(action.type) on \(action.screen)"
            if let directive = action.optimisticNavigation {
                text += ", optimistic \(directive.mode?.rawValue ?? "?") \(directive.screen ?? "")"
            }
            if let update = action.optimisticUpdate { text += ", optimistic \(update.screen).\(update.rel)" }
            return text
        case .respond(let response):
            return "response: " + ClientGenerator.label(response)
        }
    }

    static func describe(
        _ failing: FailingCase<ClientCase>, implementation: any ClientImplementation
    ) throws(Abort) -> FailureRecord {
        let value = failing.value
        let replies: [ClientObservation]
        do {
            replies = try implementation.run(initial: value.initial, profile: value.profile, inputs: value.inputs)
        } catch {
            return try describeBreakdown(failing, error: error)
        }
        guard let divergence = firstDivergence(value, replies) else {
            throw Abort("the divergence did not replay: the implementation agreed with the reference client")
        }
        // A stack the navigation model's rules govern is named by them (NAV-), at their level.
        let rules = divergence.rules.compactMap { ClientRules.named($0) ?? NavigationRules.named($0) }
        let step = divergence.step
        let diff = ClientComparison.diff(expected: divergence.expected.json, actual: divergence.actual.json)
        var record = FailureRecord(
            id: "client-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(inputText(value).utf8))), suite: .client,
            description: "\(summary(value.inputs[step])) broke \(divergence.rules.joined(separator: ", "))",
            rules: rules, features: Array(Set(rules.map(\.feature))).sorted(),
            size: Count(value.inputs.count, Count.Unit(rawValue: "input")),
            originalSize: Count(failing.original?.inputs.count ?? value.inputs.count, Count.Unit(rawValue: "input")),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls,
            divergedAt: "step \(step) of \(value.inputs.count) (\(summary(value.inputs[step])))",
            input: input(value, mark: step),
            diffHeading: "Observation after step \(step)", diff: diff,
            violations: [], storyboard: storyboard(value, replies: replies, divergence: step),
            replay: failing.replay, detail: detail(value, replies: replies))
        record.origin = divergence.origin
        return record
    }

    /// The inputs, one per line as the process protocol sends them, the diverging one marked.
    static func input(_ value: ClientCase, mark: Int?) -> [String] {
        var lines = [
            "Profile: \(value.profile.nesting.rawValue)", "Initial stack: \(value.initial)",
            "Action queue: \(value.queueing.rawValue)", "Inputs:",
        ]
        for (index, input) in value.inputs.enumerated() {
            lines.append("  \(index). \(JSONWriter.write(input.json))" + (index == mark ? "   ← diverged" : ""))
        }
        return lines
    }

    static func inputText(_ value: ClientCase) -> String {
        value.inputs.map { JSONWriter.write($0.json) }.joined(separator: "\n") + "\n\(value.initial)"
    }

    /// A JSON value pretty-printed one field per line, so that a line diff points at the field that differs.
    static func lines(_ value: JSONValue, indent: String = "", key: String? = nil) -> [String] {
        let prefix = indent + (key.map { "\"\($0)\": " } ?? "")
        switch value {
        case .object(let pairs) where !pairs.isEmpty:
            return [prefix + "{"] + pairs.flatMap { lines($0.value, indent: indent + "  ", key: $0.key) } + [
                indent + "}"
            ]
        case .array(let items) where !items.isEmpty && items.contains(where: { $0.isObject || $0.arrayValue != nil }):
            return [prefix + "["] + items.flatMap { lines($0, indent: indent + "  ") } + [indent + "]"]
        default:
            return [prefix + JSONWriter.write(value)]
        }
    }

    static func storyboard(_ value: ClientCase, replies: [ClientObservation], divergence: Int) -> Storyboard {
        guard var client = try? ReferenceClient(stack: value.initial, profile: value.profile, queueing: value.queueing)
        else { return Storyboard(columns: [], rows: []) }
        var comparison = ClientComparison()
        var rows: [Storyboard.Row] = []
        for (index, input) in value.inputs.enumerated() where index <= divergence {
            let expected = client.apply(input)
            let actual = index < replies.count ? comparison.normalized(replies[index]) : nil
            rows.append(
                Storyboard.Row(
                    label: "\(index)", diverged: index == divergence,
                    cells: [
                        Storyboard.Cell(text: summary(input), style: .code),
                        Storyboard.Cell(text: brief(expected), style: .preformatted),
                        Storyboard.Cell(
                            alert: index == divergence, text: actual.map(brief) ?? "(no observation)",
                            style: .preformatted),
                    ]))
        }
        return Storyboard(columns: ["", "Input", "Model (reference client)", "Implementation"], rows: rows)
    }

    /// An observation in a few lines: the stack, what is cached, the meta, and the events.
    static func brief(_ observation: ClientObservation) -> String {
        var lines = ["stack \(observation.state.navigation)"]
        let cached = observation.state.cache.sorted { $0.key < $1.key }.flatMap { screen in
            screen.value.keys.sorted().map { "\(screen.key).\($0)" }
        }
        if !cached.isEmpty { lines.append("cache " + cached.joined(separator: ", ")) }
        if observation.state.meta != .object([]) { lines.append("meta " + JSONWriter.write(observation.state.meta)) }
        for event in observation.events { lines.append(eventLine(event)) }
        return lines.joined(separator: "\n")
    }

    static func eventLine(_ event: ClientEvent) -> String {
        switch event {
        case .request(let request): return "→ \(request.kind) \(request.id) \(request.screen)"
        case .metric(let point, let screen, let metric):
            return "metric \(point.rawValue) \(screen ?? "") \(metric["name"]?.stringValue ?? "")"
        case .navigation(let outcome, let id): return "navigation \(outcome) \(id ?? "")"
        case .actionResult(let result): return "actionResult \(result["type"]?.stringValue ?? "?")"
        }
    }

    static func detail(_ value: ClientCase, replies: [ClientObservation]) -> JSONValue {
        let stack = JSONValue.encoding(value.initial)
        return .object([
            ("initial", stack), ("profile", .object([("nesting", .string(value.profile.nesting.rawValue))])),
            ("actionQueue", .string(value.queueing.rawValue)), ("inputs", .array(value.inputs.map(\.json))),
            ("expected", .array(value.expected.map(\.json))), ("actual", .array(replies.map(\.json))),
        ])
    }

    /// A run the implementation broke down on. No input is marked: the implementation may have broken down at the
    /// reset, before any of them.
    static func describeBreakdown(_ failing: FailingCase<ClientCase>, error: any Error) throws(Abort) -> FailureRecord {
        guard let kind = Breakdown.kind(of: error) else { throw Abort("\(error)") }
        let value = failing.value
        let message = Breakdown.message(of: error)
        var record = FailureRecord(
            id: "client-" + FailureIdentity.hex(FailureIdentity.fnv1a(Data(inputText(value).utf8))), suite: .client,
            description: "the implementation broke down: \(kind)", rules: [], features: [],
            size: Count(value.inputs.count, Count.Unit(rawValue: "input")),
            originalSize: Count(failing.original?.inputs.count ?? value.inputs.count, Count.Unit(rawValue: "input")),
            oneMinimal: false, shrinkCandidates: failing.shrink.calls, divergedAt: "the run",
            input: input(value, mark: nil), diffHeading: "The implementation broke down",
            diff: message, violations: [], storyboard: Storyboard(columns: [], rows: []), replay: failing.replay,
            detail: detail(value, replies: []))
        record.kind = .breakdown
        record.origin = "breakdown: \(kind)"
        record.breakdown = FailureRecord.BreakdownDetail(
            message: message, stderrTail: (error as? any BreakdownDescribing)?.stderrTail ?? [])
        return record
    }
}
