import YAML

/// Builds a ``Spec`` from YAML, resolving `$ref`s. Pure: files are read through `read`.
///
/// A `$ref` is local (`'#/shared/actions/go_to_webview'`, inside the file that holds it) or a
/// relative file (`'./screens/product.ruf.yaml'`, optionally with a `#/...` fragment). A reference
/// that cannot be resolved, that leads back into itself, or that leaves the spec's folder is a
/// `SPEC-REF` problem; the rest of the spec is still read.
public struct SpecReader {
    /// What reading one file of a spec gave.
    public enum FileText: Sendable {
        /// The file's text.
        case text(String)
        /// There is no such file.
        case missing
        /// The file exists but cannot be used, with the reason in plain words (not UTF-8, outside the folder, a folder).
        case unusable(String)
    }

    /// Reads a file given its path relative to the spec's folder.
    public let load: (String) -> FileText

    /// Creates a reader; `load` reads a file given its path relative to the spec's folder.
    public init(load: @escaping (String) -> FileText) { self.load = load }

    /// Creates a reader from a function that returns a file's text, or `nil` when there is no such file.
    public init(read: @escaping (String) -> String?) { self.load = { read($0).map(FileText.text) ?? .missing } }

    private final class State {
        var problems: [SpecProblem] = []
        var documents: [String: YAMLNode] = [:]
        var failed: Set<String> = []
    }

    /// Reads the spec whose root file is `file`.
    public func spec(file: String) -> Spec {
        let state = State()
        guard let root = document(file, state: state, from: SpecLocation(file: file, line: 1, column: 1)) else {
            return Spec(file: file, ruf: nil, screens: [], navigations: [], shared: [:], problems: state.problems)
        }
        var spec = Spec(file: file, ruf: root["ruf"]?.string, screens: [], navigations: [], shared: [:], problems: [])
        if let shared = root["shared"]?.pairs {
            for pair in shared { spec.shared[pair.key] = pair.value.pairs?.map(\.key) ?? [] }
        }
        for pair in root["screens"]?.pairs ?? [] {
            let location = SpecLocation(file, pair.keyPosition)
            guard let (node, nodeFile) = resolve(pair.value, in: file, state: state, trail: []) else {
                spec.screens.append(
                    SpecScreen(name: pair.key, location: location, description: nil, flows: [], params: [], actions: [])
                )
                continue
            }
            var screen = SpecScreen(
                name: pair.key, location: location, description: node["description"]?.string,
                flows: node["flows"]?.items?.compactMap(\.string) ?? [],
                params: node["params"]?.pairs?.map(\.key) ?? [], actions: [])
            for action in node["actions"]?.pairs ?? [] {
                screen.actions.append(action.key)
                guard let (actionNode, actionFile) = resolve(action.value, in: nodeFile, state: state, trail: []) else {
                    continue
                }
                let name = "\(pair.key).\(action.key)"
                spec.navigations += navigations(actionNode["navigates_to"], action: name, file: actionFile)
                for version in actionNode["versions"]?.pairs ?? [] {
                    guard let (override, overrideFile) = resolve(version.value, in: actionFile, state: state, trail: [])
                    else { continue }
                    spec.navigations += navigations(
                        override["navigates_to"], action: "\(name)@\(version.key)", file: overrideFile)
                }
            }
            spec.screens.append(screen)
        }
        if spec.screens.isEmpty && !state.problems.contains(where: { $0.severity == .error }) {
            // A spec that lints clean but declares nothing would certify nothing: say so.
            state.problems.append(
                SpecProblem(
                    rule: "SPEC-SCREENS", severity: .error, location: SpecLocation(file: file, line: 1, column: 1),
                    message: "the spec declares no screens (a top-level \"screens\" mapping)"))
        }
        spec.problems = state.problems.sorted()
        return spec
    }

    private func navigations(_ node: YAMLNode?, action: String, file: String) -> [Navigation] {
        (node?.items ?? []).map { entry in
            Navigation(
                action: action, screen: entry["screen"]?.string, transition: entry["transition"]?.string,
                flowName: entry["flow"]?["name"]?.string, behavior: entry["flow"]?["behavior"]?.string,
                location: SpecLocation(file, entry.position),
                screenLocation: entry["screen"].map { SpecLocation(file, $0.position) },
                behaviorLocation: entry["flow"]?["behavior"].map { SpecLocation(file, $0.position) },
                flowLocation: entry["flow"]?["name"].map { SpecLocation(file, $0.position) })
        }
    }

    /// Parses a file once; a YAML error is a `SPEC-YAML` problem.
    private func document(_ file: String, state: State, from: SpecLocation) -> YAMLNode? {
        if let cached = state.documents[file] { return cached }
        if state.failed.contains(file) { return nil }
        let text: String
        switch load(file) {
        case .text(let contents):
            text = contents
        case .missing:
            state.failed.insert(file)
            state.problems.append(
                SpecProblem(
                    rule: "SPEC-REF", severity: .error, location: from, message: "the file \(file) does not exist"))
            return nil
        case .unusable(let reason):
            state.failed.insert(file)
            state.problems.append(
                SpecProblem(
                    rule: "SPEC-REF", severity: .error, location: from,
                    message: "the file \(file) cannot be read: \(reason)"))
            return nil
        }
        do {
            let node = try YAMLParser.parse(text)
            state.documents[file] = node
            return node
        } catch {
            state.failed.insert(file)
            state.problems.append(
                SpecProblem(
                    rule: "SPEC-YAML", severity: .error,
                    location: SpecLocation(file: file, line: error.line, column: error.column),
                    message: error.message))
            return nil
        }
    }

    /// Follows `$ref`s until a node that is not a reference; `nil` (after recording a problem) when it cannot.
    private func resolve(_ node: YAMLNode, in file: String, state: State, trail: [String]) -> (YAMLNode, String)? {
        guard let reference = node["$ref"]?.string else { return (node, file) }
        let location = SpecLocation(file, node["$ref"]!.position)
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        var target = file
        if !parts[0].isEmpty {
            guard let joined = Self.join(folder(of: file), parts[0]) else {
                state.problems.append(
                    SpecProblem(
                        rule: "SPEC-REF", severity: .error, location: location,
                        message: "$ref '\(reference)' leaves the spec's folder"))
                return nil
            }
            target = joined
        }
        let key = target + "#" + (parts.count > 1 ? parts[1] : "")
        if trail.contains(key) {
            state.problems.append(
                SpecProblem(
                    rule: "SPEC-REF", severity: .error, location: location,
                    message: "$ref '\(reference)' is cyclic: \((trail + [key]).joined(separator: " → "))"))
            return nil
        }
        guard var resolved = document(target, state: state, from: location) else { return nil }
        if parts.count > 1, !parts[1].isEmpty {
            for segment in parts[1].split(separator: "/") {
                // JSON-pointer escapes: ~1 is "/", ~0 is "~".
                let name = String(segment).split(separator: "~1", omittingEmptySubsequences: false).joined(
                    separator: "/"
                )
                .split(separator: "~0", omittingEmptySubsequences: false).joined(separator: "~")
                guard
                    let next = resolved[name]
                        ?? Int(name).flatMap({ i in resolved.items.flatMap { i < $0.count ? $0[i] : nil } })
                else {
                    state.problems.append(
                        SpecProblem(
                            rule: "SPEC-REF", severity: .error, location: location,
                            message: "$ref '\(reference)' names nothing: no \"\(name)\" in \(target)"))
                    return nil
                }
                resolved = next
            }
        }
        return resolve(resolved, in: target, state: state, trail: trail + [key])
    }

    private func folder(of file: String) -> [String] {
        Array(file.split(separator: "/").dropLast().map(String.init))
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
