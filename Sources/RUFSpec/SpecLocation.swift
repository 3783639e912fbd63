import YAML

/// A place in a spec file.
package struct SpecLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, relative to the spec's folder.
    package var file: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int) { self.file = file; self.line = line; self.column = column }
    init(_ file: String, _ position: YAMLNode.Position) {
        self.init(file: file, line: position.line, column: position.column)
    }

    package var description: String { "\(file):\(line):\(column)" }
    package static func < (a: SpecLocation, b: SpecLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// A value as the spec writes it, with where it stands and its path in the spec.
package struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value.
    package var value: Value
    /// Where it stands.
    package var location: SpecLocation
    /// Its path from the spec's root, such as `screens.CART.actions[0].type`.
    package var path: String

    /// Creates a located value.
    package init(_ value: Value, at location: SpecLocation, path: String) {
        self.value = value
        self.location = location
        self.path = path
    }
}
