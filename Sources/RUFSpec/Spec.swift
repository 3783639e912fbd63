import YAML

/// A place in a spec file.
public struct SpecLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, relative to the spec's folder.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    init(_ file: String, _ position: YAMLNode.Position) {
        self.init(file: file, line: position.line, column: position.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
    public static func < (a: SpecLocation, b: SpecLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// One `navigates_to` entry: where an action may send the client.
public struct Navigation: Hashable, Sendable {
    /// The action it belongs to, such as `CART.checkout` (with `@<version>` for a version override).
    public var action: String
    /// The target screen, as written; `nil` when missing.
    public var screen: String?
    /// The transition, as written; the kit ignores it as the protocol does.
    public var transition: String?
    /// The flow's name, as written; `nil` when missing.
    public var flowName: String?
    /// The flow behavior, as written, even one the protocol does not know; `nil` when missing.
    public var behavior: String?
    /// Where the entry stands.
    public var location: SpecLocation
    /// Where its `screen` stands, when given.
    public var screenLocation: SpecLocation?
    /// Where its `behavior` stands, when given.
    public var behaviorLocation: SpecLocation?
    /// Where its `flow` stands, when given.
    public var flowLocation: SpecLocation?
}

/// A screen of the spec.
public struct SpecScreen: Hashable, Sendable {
    /// The screen's name.
    public var name: String
    /// Where the screen is declared.
    public var location: SpecLocation
    /// The screen's description, when the spec gives one.
    public var description: String?
    /// The flows it belongs to.
    public var flows: [String]
    /// Its parameter names.
    public var params: [String]
    /// Its action names.
    public var actions: [String]
}

/// A RUF app spec: its screens and every navigation its actions declare.
public struct Spec: Hashable, Sendable {
    /// The spec's root file, relative to its folder.
    public var file: String
    /// The `ruf` version.
    public var ruf: String?
    /// Screens in file order; a repeated name appears twice (lint reports it).
    public var screens: [SpecScreen]
    /// Every `navigates_to` entry, version overrides included.
    public var navigations: [Navigation]
    /// Keys of `shared.components`, `shared.actions` and `shared.metrics`.
    public var shared: [String: [String]]
    /// Problems found while reading: YAML errors and `$ref`s that could not be resolved.
    public var problems: [SpecProblem]

    /// Every flow name any screen declares, in first-seen order.
    public var flows: [String] {
        var result: [String] = []
        for screen in screens { for flow in screen.flows where !result.contains(flow) { result.append(flow) } }
        return result
    }
}

/// A finding about a spec: a rule ID, a severity, a place, and a sentence.
public struct SpecProblem: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Errors fail `flowcheck lint`; warnings do not.
    public enum Severity: String, Hashable, Sendable {
        /// The spec is broken, or declares navigations the protocol rejects.
        case error
        /// The spec is probably not what its author meant.
        case warning
    }

    /// The rule ID, such as `SPEC-BEHAVIOR`.
    public var rule: String
    /// Whether the problem fails `flowcheck lint`.
    public var severity: Severity
    /// Where the problem stands.
    public var location: SpecLocation
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates a problem.
    public init(rule: String, severity: Severity, location: SpecLocation, message: String) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(severity.rawValue): \(message) [\(rule)]" }
    public static func < (a: SpecProblem, b: SpecProblem) -> Bool {
        (a.location, a.rule, a.message) < (b.location, b.rule, b.message)
    }
}
