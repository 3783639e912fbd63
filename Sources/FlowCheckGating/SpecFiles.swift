package import Foundation
import JSON
package import RUFSpec

/// Reads the files of a spec from disk for `SpecReader` (RUFSpec), confined to the spec's folder.
///
/// Paths are compared after resolving symbolic links, so a `$ref` through a symlinked folder cannot read a file
/// outside the spec's folder. The root file the user names is trusted even when it is a symbolic link into another
/// folder: the spec's folder is then the one the link leads to, where its `$ref`s are. A file that is not UTF-8 is
/// named with the offset of its first bad byte.
package struct SpecFiles: Sendable {
    /// The spec's folder: the folder of the root file, with symbolic links resolved (the root file's own included).
    package let folder: URL
    /// The root file's name in ``folder``.
    package let rootName: String

    /// Files of the spec whose root file is `root`.
    package init(root: String) {
        let file = URL(fileURLWithPath: root).resolvingSymlinksInPath()
        folder = file.deletingLastPathComponent()
        rootName = file.lastPathComponent
    }

    /// Reads `relative`, a path relative to the spec's folder.
    package func load(_ relative: String) -> SpecReader.FileText {
        let url = folder.appendingPathComponent(relative).resolvingSymlinksInPath()
        let inside = folder.path == "/" ? url.path.hasPrefix("/") : url.path.hasPrefix(folder.path + "/")
        guard inside else { return .unusable("it resolves to \(url.path), outside the spec's folder \(folder.path)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .missing }
        if isDirectory.boolValue { return .unusable("it is a folder, not a file") }
        // Not read at all past the YAML reader's limit: a huge file must not take memory before it is refused.
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size > SpecReader.maxFileBytes
        {
            return .unusable("it is \(size) bytes: a spec file may be at most 16 MB (\(SpecReader.maxFileBytes) bytes)")
        }
        guard let data = FileManager.default.contents(atPath: url.path).map(ByteOrderMark.dropped) else {
            return .unusable("it cannot be opened")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .unusable("it is not UTF-8 (\(InvalidUTF8.first(in: data).map(String.init(describing:)) ?? "?"))")
        }
        return .text(text)
    }

    /// The spec's root file named by `path`: the file itself, or a folder's conventional `app.ruf.yaml`; `nil` and why
    /// when there is none.
    package static func rootFile(_ path: String) -> (file: String?, problem: String?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return (nil, "\(path) does not exist; give the spec's root file")
        }
        guard isDirectory.boolValue else { return (path, nil) }
        let conventional = (path as NSString).appendingPathComponent("app.ruf.yaml")
        if FileManager.default.fileExists(atPath: conventional) { return (conventional, nil) }
        let roots = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
            $0.hasSuffix(".ruf.yaml")
        }.sorted()
        return (
            nil,
            "\(path) is a folder with no app.ruf.yaml; give the spec's root file"
                + (roots.isEmpty ? "" : ", such as \((path as NSString).appendingPathComponent(roots[0]))")
        )
    }

    /// The spec at `path`, read with its `$ref`s.
    package static func read(_ path: String) -> Spec {
        let files = SpecFiles(root: path)
        return SpecReader(load: files.load).spec(file: files.rootName)
    }
}
