import Foundation

/// The JSON-lines record format: its version, and how one record becomes one line.
public enum RecordFormat {
    /// The version every header carries in `formatVersion`. It changes whenever a record's shape changes
    /// in a way an older reader would misread; readers refuse versions they do not know.
    public static let version = 3

    /// One record as a line of sorted-key JSON, without its newline.
    public static func line<T: Encodable>(_ record: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension RecordFormat {
    /// A value as indented sorted-key JSON with a final newline, for files people open (certificates, baselines).
    public static func pretty<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self) + "\n"
    }
}
