package import Foundation

/// What saving a golden case did: a file written, one already holding the same case, or one holding another case of
/// the same name (never overwritten).
public enum SaveOutcome: Equatable, Sendable { case written(String), unchanged(String), conflict(String) }

extension SaveOutcome {
    /// Writes a case's `text` into `folder/<suite>/<id>.json`; a file of that name already there is left as it is:
    /// unchanged when `holdsSameCase` says it holds the same case (its bytes and its path in the corpus given), a
    /// conflict otherwise.
    package static func save(
        _ text: String, id: String, suite: String, into folder: URL, holdsSameCase: (Data, String) -> Bool
    ) throws -> SaveOutcome {
        let directory = folder.appendingPathComponent(suite, isDirectory: true)
        let file = directory.appendingPathComponent("\(id).json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let existing = try? Data(contentsOf: file) {
            return holdsSameCase(existing, "\(suite)/\(id).json") ? .unchanged(file.path) : .conflict(file.path)
        }
        try Data(text.utf8).write(to: file)
        return .written(file.path)
    }
}
