package import JSON
package import RUFSpec

/// Checks a backend's answers against its app spec, for the client version a session was created with
/// (<doc:Server>): a pure function of the spec, the version, the request and the answer.
package struct SessionCheck: Sendable {
    /// What the answer answers.
    package enum Request: Hashable, Sendable {
        /// `/session/create` for this screen.
        case create(screen: String)
        /// `/session/action` for this action on this screen.
        case action(screen: String, type: String)
    }

    package let spec: Spec
    /// The session's client version: the one its create request sent.
    package let clientVersion: String
    /// The named types' shapes the spec gives.
    let types: [String: SpecType]

    /// Creates a check for one client version.
    package init(spec: Spec, clientVersion: String) {
        self.spec = spec
        self.clientVersion = clientVersion
        types = spec.types ?? [:]
    }

    /// Every rule the answer breaks, in the order of the answer's fields.
    package func check(status: Int, body: JSONValue?, answering request: Request) -> [ServerViolation] {
        guard status == 200 else { return [ServerViolation(.srvShape, "$", "the status is \(status), not 200")] }
        guard let body, let fields = body.objectPairs else {
            return [ServerViolation(.srvShape, "$", "the body is not a JSON object")]
        }
        var found: [ServerViolation] = []
        let screenName = fields.first { $0.key == "currentScreen" }?.value
        if let screenName {
            if let name = screenName.stringValue {
                if screen(name) == nil {
                    found.append(
                        .init(.srvScreenDeclared, "$.currentScreen", "\"\(name)\" is not a screen of the spec"))
                }
            } else {
                found.append(.init(.srvShape, "$.currentScreen", "\(SpecType.kind(screenName)), not a string"))
            }
        } else if case .create = request {
            found.append(.init(.srvCreateScreen, "$", "the answer to create names no currentScreen"))
        }
        for (key, value) in fields {
            switch key {
            case "screens": found += screens(value)
            case "navigation": found += navigation(value, request: request, currentScreen: screenName?.stringValue)
            case "actionResult": found += actionResult(value, request: request)
            case "meta": found += meta(value)
            case "debug":
                if !value.isObject {
                    found.append(.init(.srvShape, "$.debug", "\(SpecType.kind(value)), not an object"))
                }
            default: break
            }
        }
        if case .action(let screenName, let type) = request {
            if !fields.contains(where: { $0.key == "actionResult" }) {
                found.append(.init(.srvActionResultPresent, "$", "the answer to an action carries no actionResult"))
            }
            found += failedNavigation(fields, screen: screenName, type: type)
        }
        return found
    }

    func screen(_ name: String) -> SpecScreen? { spec.screens.first { $0.name == name } }

    /// The variant of a construct the resolution algorithm picks for the session's client version: the exact one,
    /// else the lowest declared above it, else the latest (the top-level definition). A spec without `versioning`
    /// serves the latest.
    package func resolved<C>(_ latest: C, _ versions: [SpecVersion<C>]) -> C {
        guard let versioning = spec.versioningFormat,
            let index = versioning.resolve(versions.map(\.key.value), clientVersion: clientVersion)
        else { return latest }
        return versions[index].construct
    }

    /// The variant the client gets, in words: `the variant of 2.1.9`, or `the latest variant`.
    func variantName<C>(_ versions: [SpecVersion<C>]) -> String {
        guard let versioning = spec.versioningFormat,
            let index = versioning.resolve(versions.map(\.key.value), clientVersion: clientVersion)
        else { return "the latest variant" }
        return "the variant of \(versions[index].key.value)"
    }

    /// Every variant but the resolved one, to tell an answer served for another version from one that fits none.
    func others<C: Equatable>(_ latest: C, _ versions: [SpecVersion<C>]) -> [C] {
        let chosen = resolved(latest, versions)
        return ([latest] + versions.map(\.construct)).filter { $0 != chosen }
    }

    /// The departures of a value from a declared type (absent types as an empty object): type errors under `rule`,
    /// fields the spec does not declare under SRV-UNDECLARED-FIELD.
    func typed(_ value: JSONValue?, _ type: SpecType?, at path: String, rule: String) -> [ServerViolation] {
        let declared = type ?? .object([])
        // A behavior declared without a locale or payload may be sent with none; one declared with fields needs
        // them.
        let actual = value ?? .object([])
        return declared.mismatches(actual, at: path, types: types).map {
            ServerViolation($0.undeclaredField ? .srvUndeclaredField : rule, $0.path, $0.message)
        }
    }
}

extension SessionCheck {
    /// SRV-IDEMPOTENT: the answer to a request sent again with the same `x-request-id` and body is the first answer,
    /// compared as JSON (key order aside) without `debug`.
    package static func repeated(_ first: JSONValue?, _ again: JSONValue?) -> [ServerViolation] {
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let pairs): return .object(pairs.map { ($0.key, sorted($0.value)) }.sorted { $0.0 < $1.0 })
            case .array(let items): return .array(items.map(sorted))
            default: return value
            }
        }
        func stripped(_ value: JSONValue?) -> JSONValue? {
            guard let pairs = value?.objectPairs else { return value }
            return sorted(.object(pairs.filter { $0.key != "debug" }))
        }
        guard stripped(first) != stripped(again) else { return [] }
        return [ServerViolation(.srvIdempotent, "$", "the same x-request-id and body got another answer")]
    }
}
