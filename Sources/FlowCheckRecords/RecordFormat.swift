public import Foundation

/// The JSON-lines record format: its version, and how one record becomes one line.
public enum RecordFormat {
    /// The version every header carries in `formatVersion`. It changes whenever a record's shape changes
    /// in a way an older reader would misread; readers refuse versions they do not know.
    public static let version = 3

    /// The longest line a reader takes, 64 MB (the longest reply line the process protocol takes): a longer one is
    /// refused with its line number before it is parsed, so a damaged or hostile file cannot take memory without end.
    public static let maxLineBytes = 64 << 20

    /// The first line of `bytes` longer than ``maxLineBytes``: its number, from 1, and its length so far.
    public static func overlongLine(in data: Data) -> (line: Int, bytes: Int)? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> (line: Int, bytes: Int)? in
            guard var cursor = buffer.baseAddress else { return nil }
            let end = cursor + buffer.count
            var line = 1
            while cursor < end {
                let newline = memchr(cursor, 0x0A, end - cursor).map(UnsafeRawPointer.init) ?? end
                let length = newline - cursor
                if length > maxLineBytes { return (line, length) }
                line += 1
                cursor = newline + 1
            }
            return nil
        }
    }

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
