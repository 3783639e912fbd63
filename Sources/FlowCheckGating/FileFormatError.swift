import Foundation
import JSON

/// A problem with a skip list or baseline file, naming the file and JSON path.
package struct FileFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    package var file: String
    /// The JSON path inside the file, `$` for the whole file.
    package var jsonPath: String
    /// What is wrong.
    package var message: String
    package var description: String { jsonPath == "$" ? "\(file): \(message)" : "\(file) at \(jsonPath): \(message)" }

    static func decode<T: Decodable>(_ path: String) throws(FileFormatError) -> T {
        let data = try read(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            let place = InvalidUTF8.first(in: data).map { ": \($0)" } ?? ""
            throw FileFormatError(file: path, jsonPath: "$", message: "the file is not UTF-8\(place)")
        }
        do { _ = try JSONParser.parse(text) } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "not JSON: \(error)")
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath), message: "missing \"\(key.stringValue)\"")
            case .typeMismatch(let type, let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath), message: "expected \(plain(type)) here")
            case .valueNotFound(let type, let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath),
                    message: "null where \(plain(type)) is expected")
            case .dataCorrupted(let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath), message: context.debugDescription)
            @unknown default: throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
            }
        } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
        }
    }

    /// A regular file's bytes, or what is wrong in plain words: missing, a folder, a FIFO or device, unreadable.
    static func read(_ path: String) throws(FileFormatError) -> Data {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw FileFormatError(file: path, jsonPath: "$", message: "there is no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw FileFormatError(file: path, jsonPath: "$", message: "it is a folder, not a file")
        default:
            throw FileFormatError(
                file: path, jsonPath: "$", message: "it is not a regular file (a FIFO, a socket or a device)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileFormatError(file: path, jsonPath: "$", message: "it cannot be read (no permission)")
        }
        return ByteOrderMark.dropped(data)
    }

    /// A Swift type as a JSON reader says it: `an array`, `a string`.
    static func plain(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Array<") || name.hasPrefix("[") { return "an array" }
        if name.hasPrefix("Dictionary<") || name == "Entry" || name.hasSuffix("Entry") { return "an object" }
        switch name {
        case "String": return "a string"
        case "Bool": return "true or false"
        case "Int", "Double", "UInt64": return "a number"
        default: return "an object"
        }
    }

    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }
}
