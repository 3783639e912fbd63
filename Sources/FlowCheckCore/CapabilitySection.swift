public import JSON

/// A suite's own part of the capabilities: the fields it reads, with their defaults.
///
/// The core keeps a section's fields as they were declared (``Capabilities/sections``) and never reads them: the suite
/// that owns them does, through this protocol, so that one type holds each field's name, type and default.
public protocol CapabilitySection: Hashable, Sendable {
    /// The section with every field at its default.
    init()
    /// Reads the section from declared fields; a field that is absent or null takes its default.
    /// - Throws: ``CapabilityError`` naming the field and what is wrong with it.
    init(fields: [String: JSONValue]) throws(CapabilityError)
    /// Every field of the section, as the hello reply writes it.
    var fields: [String: JSONValue] { get }
}

/// A declared capability field a suite cannot read: `capabilities.actionQueue: "lifo" is not an action queue`.
public struct CapabilityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field, as the hello reply names it.
    public var field: String
    /// What is wrong with it, in plain words.
    public var message: String

    /// Creates an error.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "capabilities.\(field): \(message)" }
}

extension Capabilities {
    /// A suite's section as declared. A section with a field it cannot read gives its defaults here: the suite reports
    /// that field before it runs (``section(_:)``).
    public subscript<Section: CapabilitySection>(section: Section.Type) -> Section {
        get { cachedSection(Section.self) { (try? Section(fields: sections)) ?? Section() } }
        set {
            for (name, value) in newValue.fields { sections[name] = value }
        }
    }

    /// A suite's section as declared.
    /// - Throws: ``CapabilityError`` for a field the section cannot read.
    public func section<Section: CapabilitySection>(_ type: Section.Type) throws(CapabilityError) -> Section {
        try Section(fields: sections)
    }
}

/// Reads one field of a section: `nil` when it is absent or null, a ``CapabilityError`` naming it when it is of the
/// wrong kind, so that every section words its errors alike.
package enum CapabilityField {
    /// A true-or-false field.
    package static func bool(_ fields: [String: JSONValue], _ name: String) throws(CapabilityError) -> Bool? {
        switch fields[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw CapabilityError(field: name, message: "expected true or false, found \(found(other))")
        }
    }

    /// A string field.
    package static func string(_ fields: [String: JSONValue], _ name: String) throws(CapabilityError) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw CapabilityError(field: name, message: "expected a string, found \(found(other))")
        }
    }

    /// An array-of-strings field.
    package static func strings(_ fields: [String: JSONValue], _ name: String) throws(CapabilityError) -> [String]? {
        switch fields[name] {
        case nil, .null?: return nil
        case .array(let items)? where items.allSatisfy({ $0.stringValue != nil }):
            return items.compactMap(\.stringValue)
        case let other?:
            throw CapabilityError(field: name, message: "expected an array of strings, found \(found(other))")
        }
    }

    private static func found(_ value: JSONValue) -> String { JSONWriter.write(value) }
}
