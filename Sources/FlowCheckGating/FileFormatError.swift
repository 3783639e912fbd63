import Foundation

/// A problem with a skip list or baseline file, naming the file and JSON path.
public struct FileFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The JSON path inside the file, `$` for the whole file.
    public var jsonPath: String
    /// What is wrong.
    public var message: String
    public var description: String { "\(file) at \(jsonPath): \(message)" }

    static func decode<T: Decodable>(_ path: String) throws(FileFormatError) -> T {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "cannot read: \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath), message: "missing \"\(key.stringValue)\"")
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                throw FileFormatError(
                    file: path, jsonPath: jsonPath(context.codingPath), message: context.debugDescription)
            @unknown default: throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
            }
        } catch {
            throw FileFormatError(file: path, jsonPath: "$", message: "\(error)")
        }
    }

    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { $0 + ($1.intValue.map { "[\($0)]" } ?? ".\($1.stringValue)") }
    }
}
