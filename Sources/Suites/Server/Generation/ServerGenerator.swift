import JSON
package import PropertyTesting
package import RUFSpec
import RUFServerModel

/// Generates sessions with a backend from its app spec: a client version from the spec's own version keys and their
/// neighbours, a create for a declared screen, then actions the spec declares on their screens with payloads of the
/// declared types, some sent twice.
///
/// An action's screen is drawn among every screen that declares actions, most often a destination of the action
/// before: a client also moves back on its own (POP is local), so a backend cannot assume the screen of its last
/// answer.
package struct ServerGenerator: Sendable {
    let spec: Spec
    /// The client versions a session is drawn with, the one to try first (`--client-version`, else the spec's
    /// `current_version`) first.
    package let versions: [String]
    /// The most requests in one session, the create included.
    let maxRequests: Int
    let types: [String: SpecType]
    /// The screens that declare actions.
    let acting: [SpecScreen]

    package init(spec: Spec, clientVersion: String?, maxSteps: Int) {
        self.spec = spec
        versions = Self.versions(of: spec, first: clientVersion)
        maxRequests = max(1, min(maxSteps, 16))
        types = spec.types ?? [:]
        acting = spec.screens.filter { !$0.actions.isEmpty }
    }

    /// The generator of cases.
    package var generator: Gen<ServerCase> {
        let generator = self
        return Gen { source throws(ChoiceSource.Stop) in try generator.draw(source) }
    }

    func draw(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> ServerCase {
        let version = versions[Int(try source.draw(upTo: UInt64(versions.count - 1)))]
        let check = SessionCheck(spec: spec, clientVersion: version)
        let start = spec.screens[Int(try source.draw(upTo: UInt64(spec.screens.count - 1)))]
        var params: JSONValue?
        if let type = start.params { params = try type.values(types: types).run(source) }
        // A client restoring an earlier session sends the meta it persisted: values of the declared shape.
        var previous: JSONValue?
        if let shape = spec.meta?.shape, try source.drawBool(probability: 0.15) {
            previous = try shape.values(types: types).run(source)
        }
        let create = ServerRequest.Kind.create(screen: start.name, params: params, previousMeta: previous)
        var requests = [ServerRequest(create, sentTwice: try twice(source))]
        var destinations: [String] = [start.name]
        let more = Double(maxRequests - 1) / 2 / (Double(maxRequests - 1) / 2 + 1)
        while !acting.isEmpty {
            let next: ServerRequest? = try source.span("element") { () throws(ChoiceSource.Stop) in
                let another = try source.drawBool(probability: requests.count < maxRequests ? more : 0)
                guard another, requests.count < maxRequests else { return nil }
                // Most often a screen the last request leads to, else any screen with actions.
                let near = acting.filter { destinations.contains($0.name) }
                let preferNear = try source.drawBool(probability: 0.7)
                let pool = preferNear && !near.isEmpty ? near : acting
                let screen = pool[Int(try source.draw(upTo: UInt64(pool.count - 1)))]
                let declared = screen.actions[Int(try source.draw(upTo: UInt64(screen.actions.count - 1)))]
                let action = check.resolved(declared, declared.versions)
                var payload = JSONValue.object([])
                if let type = action.payload { payload = try type.values(types: types).run(source) }
                destinations = action.navigatesTo.compactMap { $0.screen?.value }
                let kind = ServerRequest.Kind.action(
                    screen: screen.name, type: declared.type?.value ?? "", payload: payload)
                return ServerRequest(kind, sentTwice: try twice(source))
            }
            guard let next else { break }
            requests.append(next)
        }
        return ServerCase(clientVersion: version, requests: requests, spec: spec)
    }

    private func twice(_ source: ChoiceSource) throws(ChoiceSource.Stop) -> Bool {
        try source.drawBool(probability: 0.1)
    }

    /// The first version, then every version key the spec declares, each with its neighbours (one patch or build
    /// below and above) and, for semantic versions, a build suffix; then a version below every key.
    static func versions(of spec: Spec, first: String?) -> [String] {
        let format = spec.versioningFormat ?? .semantic
        let current = first ?? spec.currentVersion?.value ?? (format == .semantic ? "1.0.0" : "1")
        var keys: [String] = spec.meta?.versions.map(\.key.value) ?? []
        for screen in spec.screens {
            keys += screen.components.flatMap { $0.versions.map(\.key.value) }
            keys += screen.actions.flatMap { $0.versions.map(\.key.value) }
            keys += (screen.screenMetrics + screen.navigationMetrics).flatMap { $0.versions.map(\.key.value) }
        }
        var parsed = Array(Set(keys.compactMap { format.parse($0) })).sorted { $0.lexicographicallyPrecedes($1) }
        guard spec.versioningFormat != nil, !parsed.isEmpty else { return [current] }
        var result = [current]
        func add(_ numbers: [Int]) {
            let text = numbers.map(String.init).joined(separator: ".")
            if !result.contains(text) { result.append(text) }
        }
        if let newest = format.parse(current, allowsBuild: true) { parsed.append(newest) }
        for numbers in parsed {
            add(numbers)
            add(numbers.dropLast() + [numbers[numbers.count - 1] + 1])
            if numbers[numbers.count - 1] > 0 { add(numbers.dropLast() + [numbers[numbers.count - 1] - 1]) }
            if format == .semantic {
                let text = numbers.map(String.init).joined(separator: ".") + "+7"
                if !result.contains(text) { result.append(text) }
            }
        }
        add(format == .semantic ? [0, 0, 1] : [0])
        return result
    }
}
