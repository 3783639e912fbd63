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

/// A value as the spec writes it, with where it stands and its path in the spec.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value.
    public var value: Value
    /// Where it stands.
    public var location: SpecLocation
    /// Its path from the spec's root, such as `screens.CART.actions[0].type`.
    public var path: String

    /// Creates a located value.
    public init(_ value: Value, at location: SpecLocation, path: String) {
        self.value = value
        self.location = location
        self.path = path
    }
}
