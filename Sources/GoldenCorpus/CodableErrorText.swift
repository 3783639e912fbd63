/// A Codable reading error in plain words, with the JSON path it happened at: what every case format's loader says.
package enum CodableErrorText {
    /// A Swift type in JSON words: `String` is "a string".
    static func kind(_ type: Any.Type) -> String {
        let name = "\(type)"
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "UInt64", "Int64"].contains(name) { return "a number" }
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return "a value of type \(name)"
    }

    /// The path and the message of a reading error: `$.steps[2].command`, `missing key "directive"`.
    package static func describe(_ error: DecodingError) -> (path: String, message: String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce("$") { partial, key in
                if let index = key.intValue { return partial + "[\(index)]" }
                return partial + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "missing key \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(kind(type)), found another kind of value")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(kind(type)), found null")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("$", "\(error)")
        }
    }
}
