/// A problem with a corpus file, naming the file and the JSON path.
public struct CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        /// Creates a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file or folder could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The file is not JSON, or not a case of the expected shape.
        public static let malformedCase = Code(rawValue: "malformedCase")
        /// Two cases share an id.
        public static let duplicateID = Code(rawValue: "duplicateID")
        /// A case names a rule the model does not have, or is otherwise inconsistent.
        public static let invalidCase = Code(rawValue: "invalidCase")
    }

    /// The problem's code.
    public var code: Code
    /// The file, relative to the corpus folder.
    public var file: String
    /// The JSON path inside the file, such as `$.steps[2].expect.state`; `$` for the whole file.
    public var jsonPath: String
    /// What is wrong.
    public var message: String

    /// Creates an error at a place in a corpus file.
    public init(code: Code, file: String, jsonPath: String = "$", message: String) {
        self.code = code
        self.file = file
        self.jsonPath = jsonPath
        self.message = message
    }

    public var description: String { "\(file) at \(jsonPath): \(code): \(message)" }
}
