/// An error from the navigation model, with a code and a message that names the place.
public struct NavigationModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A stack that is empty, or whose entry 0 is not the only root.
        public static let invalidStack = Code(rawValue: "invalidStack")
    }

    /// The error's code.
    public var code: Code
    /// A sentence that says what is wrong and where.
    public var message: String

    /// Creates an error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
