import FlowRuntimeModel

/// Makes a failing runtime case 1-minimal: no single step, action, node, edge, variable, context key, assignment,
/// variant, condition member, text, guard, priority or draw can be removed, and the run cannot start at another node
/// with fewer steps, without the failure going away (or being blamed on other rules).
///
/// The engine's shrinker works on the generator's choices, so a case it shrinks keeps whatever the generator drew
/// around the failure: nodes the walk never reaches, variables nothing reads, an `and` around a single test, steps
/// that only lead to the node where the divergence happens. A reader would take them for part of the cause.
struct RuntimeMinimizer {
    /// Whether a candidate still fails the same way.
    let fails: (RuntimeCase) -> Bool
    /// The most candidates tried.
    var budget = 600
    /// The most candidates that fail tried, where each costs a restart (a breakdown); `nil` for no such limit.
    var failingBudget: Int?
    private(set) var calls = 0
    private var failing = 0

    init(fails: @escaping (RuntimeCase) -> Bool) { self.fails = fails }

    /// The case, minimized.
    mutating func minimize(_ value: RuntimeCase) -> RuntimeCase {
        var best = value
        var progress = true
        while progress && !spent {
            progress = false
            for candidate in Self.candidates(of: best) where !spent {
                guard Self.weight(candidate) < Self.weight(best) else { continue }
                calls += 1
                if fails(candidate) {
                    failing += 1
                    best = candidate
                    progress = true
                    break
                }
            }
        }
        return best
    }

    private var spent: Bool { calls >= budget || failingBudget.map { failing >= $0 } == true }

    /// How big a case is, steps first: every candidate weighs less than the case it comes from.
    static func weight(_ value: RuntimeCase) -> Int {
        let flow = value.flow
        var weight = value.steps.count * 10_000 + value.steps.joined().count * 1_000
        // An entry that names no node brings in the fallback's rule: the node it falls back to is simpler.
        if value.flow.node(value.flow.entry) == nil { weight += 3 }
        weight += flow.nodes.count * 100 + flow.edges.count * 50 + flow.variables.count * 50
        weight += value.context.count * 20 + value.draws.count * 5
        for node in flow.nodes {
            switch node.kind {
            case .screen(let texts): weight += texts.count * 5
            case .condition(let condition): weight += size(of: condition) * 10
            case .assign(let assignments): weight += assignments.count * 20
            case .abTest(_, let variants): weight += variants.count * 20
            case .unsupported: break
            }
        }
        for edge in flow.edges {
            if edge.priority != nil { weight += 5 }
            if edge.guardExpression != nil { weight += 5 }
        }
        for variable in flow.variables where variable.defaultValue != nil { weight += 5 }
        return weight
    }

    static func size(of condition: RuntimeCondition) -> Int {
        switch condition {
        case .expression, .test: return 1
        case .all(let members), .any(let members): return 1 + members.map(size).reduce(0, +)
        case .not(let inner): return 1 + size(of: inner)
        }
    }

    /// Every single edit of `value`, the ones that remove most first.
    static func candidates(of value: RuntimeCase) -> [RuntimeCase] {
        let flow = value.flow
        var out: [RuntimeCase] = []
        func with(
            _ flow: RuntimeFlow, steps: [[RuntimeAction]]? = nil, context: [String: RuntimeValue]? = nil,
            draws: [Double]? = nil
        ) -> RuntimeCase {
            RuntimeCase(
                flow: flow, context: context ?? value.context, draws: draws ?? value.draws, steps: steps ?? value.steps)
        }
        // Fewer steps: the run cut short, one step left out, or the run started further on.
        for count in 0..<value.steps.count { out.append(with(flow, steps: Array(value.steps.prefix(count)))) }
        for index in value.steps.indices {
            var steps = value.steps
            steps.remove(at: index)
            out.append(with(flow, steps: steps))
        }
        if flow.node(flow.entry) == nil, let fallback = flow.nodes.first(where: \.isScreen) ?? flow.nodes.first {
            var named = flow
            named.entry = fallback.id
            out.append(with(named))
        }
        if !value.steps.isEmpty {
            for node in flow.nodes {
                var moved = flow
                moved.entry = node.id
                out.append(with(moved, steps: Array(value.steps.dropFirst())))
                out.append(with(moved, steps: []))
            }
        }
        for (index, actions) in value.steps.enumerated() where actions.count > 1 {
            for position in actions.indices {
                var steps = value.steps
                steps[index].remove(at: position)
                out.append(with(flow, steps: steps))
            }
        }
        // A smaller flow: a node with its edges, an edge, a variable.
        for node in flow.nodes where flow.nodes.count > 1 {
            var smaller = flow
            smaller.nodes.removeAll { $0.id == node.id }
            smaller.edges.removeAll { $0.from == node.id || $0.to == node.id }
            out.append(with(smaller))
        }
        for index in flow.edges.indices {
            var smaller = flow
            smaller.edges.remove(at: index)
            out.append(with(smaller))
        }
        for index in flow.variables.indices {
            var smaller = flow
            smaller.variables.remove(at: index)
            out.append(with(smaller))
        }
        for key in value.context.keys.sorted() {
            var context = value.context
            context[key] = nil
            out.append(with(flow, context: context))
        }
        for index in value.draws.indices where value.draws.count > 1 {
            var draws = value.draws
            draws.remove(at: index)
            out.append(with(flow, draws: draws))
        }
        // Simpler parts: a node's contents, an edge's guard and priority, a variable's default.
        for (index, node) in flow.nodes.enumerated() {
            for kind in simpler(node.kind) {
                var smaller = flow
                smaller.nodes[index].kind = kind
                out.append(with(smaller))
            }
        }
        for (index, edge) in flow.edges.enumerated() {
            if edge.guardExpression != nil {
                var smaller = flow
                smaller.edges[index].guardExpression = nil
                out.append(with(smaller))
            }
            if edge.priority != nil {
                var smaller = flow
                smaller.edges[index].priority = nil
                out.append(with(smaller))
            }
        }
        for (index, variable) in flow.variables.enumerated() where variable.defaultValue != nil {
            var smaller = flow
            smaller.variables[index].defaultValue = nil
            out.append(with(smaller))
        }
        return out
    }

    /// A node's contents with one thing fewer.
    static func simpler(_ kind: RuntimeNode.Kind) -> [RuntimeNode.Kind] {
        switch kind {
        case .screen(let texts):
            return texts.indices.map { index in
                var fewer = texts
                fewer.remove(at: index)
                return .screen(texts: fewer)
            }
        case .condition(let condition): return simpler(condition).map(RuntimeNode.Kind.condition)
        case .assign(let assignments):
            return assignments.indices.map { index in
                var fewer = assignments
                fewer.remove(at: index)
                return .assign(fewer)
            }
        case .abTest(let key, let variants):
            return variants.indices.map { index in
                var fewer = variants
                fewer.remove(at: index)
                return .abTest(experimentKey: key, variants: fewer)
            }
        case .unsupported: return []
        }
    }

    /// A condition with one thing fewer: a group replaced by one of its members, or a member left out.
    static func simpler(_ condition: RuntimeCondition) -> [RuntimeCondition] {
        switch condition {
        case .expression, .test: return []
        case .not(let inner): return [inner] + simpler(inner).map(RuntimeCondition.not)
        case .all(let members), .any(let members):
            let rebuild: ([RuntimeCondition]) -> RuntimeCondition = {
                if case .all = condition { return .all($0) }
                return .any($0)
            }
            var out = members
            for index in members.indices {
                var fewer = members
                fewer.remove(at: index)
                out.append(rebuild(fewer))
                for inner in simpler(members[index]) {
                    var changed = members
                    changed[index] = inner
                    out.append(rebuild(changed))
                }
            }
            return out
        }
    }
}
