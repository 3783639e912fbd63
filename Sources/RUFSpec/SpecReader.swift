import YAML

/// Builds a ``Spec`` from YAML written to the RUF spec reference, resolving `$ref`s. Pure: files are read through
/// `load`.
///
/// A screen may be a `$ref` to a file relative to the file that names it (`'./screens/product.ruf.yaml'`), which
/// holds the screen definition at its root. A component, action or metric entry may be a `$ref` to a shared
/// definition (`'#/shared/components/appbar'`), which always lives under the root's `shared:` key. Whatever cannot
/// be read, resolved or understood is a ``SpecProblem``, and the rest of the spec is still read.
package struct SpecReader {
    /// What reading one file of a spec gave.
    package enum FileText: Sendable {
        /// The file's text.
        case text(String)
        /// There is no such file.
        case missing
        /// The file exists but cannot be used, with the reason in plain words (not UTF-8, outside the folder, a folder).
        case unusable(String)
    }

    /// Reads a file given its path relative to the spec's folder.
    package let load: (String) -> FileText

    /// The largest spec file read, 16 MB: the YAML reader's limit. A loader should refuse a larger file unread.
    package static let maxFileBytes = YAMLParser.maxBytes

    /// Creates a reader; `load` reads a file given its path relative to the spec's folder.
    package init(load: @escaping (String) -> FileText) { self.load = load }

    /// Creates a reader from a function that returns a file's text, or `nil` when there is no such file.
    package init(read: @escaping (String) -> String?) { self.load = { read($0).map(FileText.text) ?? .missing } }

    /// Reads the spec whose root file is `file`.
    package func spec(file: String) -> Spec {
        SpecReading(root: file, load: load).read()
    }

    /// A relative path joined to a folder (both relative to the spec's folder); `nil` when it climbs out of it.
    static func join(_ folder: [String], _ relative: String) -> String? {
        if relative.hasPrefix("/") { return nil }
        var parts = folder
        for segment in relative.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(segment))
            }
        }
        return parts.joined(separator: "/")
    }
}
