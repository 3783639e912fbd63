/// The kit's name and version, as reports and the process protocol give them.
public struct KitInfo: Hashable, Codable, Sendable {
    /// The kit's name.
    public var name: String
    /// The kit's version; the process protocol's hello carries it.
    public var version: String

    /// Creates kit info.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// This kit.
    public static let current = KitInfo(name: "FlowCheck", version: "0.1.0")
}

/// Who the implementation under test is.
public struct ImplementationInfo: Hashable, Codable, Sendable {
    /// Its name, such as `acme-navigation-ios`.
    public var name: String
    /// Its version.
    public var version: String
    /// The language it is written in.
    public var language: String

    /// Creates implementation info.
    public init(name: String, version: String, language: String) {
        self.name = name
        self.version = version
        self.language = language
    }
}
