import YAML

extension SpecReading {
    /// Reads the whole spec from its root file.
    func read() -> Spec {
        var spec = Spec(file: root)
        let start = SpecLocation(file: root, line: 1, column: 1)
        guard let node = document(root, from: start, path: "") else {
            spec.problems = problems.sorted()
            return spec
        }
        rootNode = node
        guard
            let pairs = mapping(
                node, root, "", what: "the spec's root",
                known: ["ruf", "versioning", "current_version", "meta", "shared", "screens"])
        else {
            spec.problems = problems.sorted()
            return spec
        }
        spec.ruf = text(node["ruf"], root, "ruf", what: "ruf")
        require(node, "ruf", in: "the spec", root, "", " (the spec format version, such as \"1.0\")")
        spec.versioning = text(node["versioning"], root, "versioning", what: "versioning")
        spec.currentVersion = text(node["current_version"], root, "current_version", what: "current_version")
        if let types = node["types"], let pairs = types.pairs {
            var defined: [String: SpecType] = [:]
            for pair in pairs {
                if let type = type(pair.value, root, Self.child("types", pair.key)) { defined[pair.key] = type }
            }
            spec.types = defined
        }
        if let meta = node["meta"] { spec.meta = self.meta(meta) }
        readShared(node["shared"], into: &spec)
        if let screens = node["screens"] {
            // A screen named twice is SPEC-DUPLICATE-SCREEN, not also a duplicate key.
            if let screenPairs = mapping(screens, root, "screens", what: "screens", known: nil, duplicates: false) {
                for pair in screenPairs { spec.screens.append(screen(pair)) }
                if screenPairs.isEmpty {
                    report("SPEC-SCREENS", .error, root, screens.position, "screens", "the spec declares no screens")
                }
            }
        } else if pairs.contains(where: { $0.key == "screens" }) == false {
            report(
                "SPEC-REQUIRED", .error, root, node.position, "",
                "the spec has no screens, which the reference requires (a top-level \"screens\" mapping)")
        }
        spec.problems = problems.sorted()
        return spec
    }

    /// Parses a file once; a YAML error is a `SPEC-YAML` problem, an unreadable file a `SPEC-REF` one.
    func document(_ file: String, from: SpecLocation, path: String) -> YAMLNode? {
        if let cached = documents[file] { return cached }
        if failed.contains(file) { return nil }
        let text: String
        switch load(file) {
        case .text(let contents):
            text = contents
        case .missing:
            failed.insert(file)
            problems.append(
                SpecProblem(
                    rule: "SPEC-REF", severity: .error, location: from, path: path,
                    message: "the file \(file) does not exist"))
            return nil
        case .unusable(let reason):
            failed.insert(file)
            problems.append(
                SpecProblem(
                    rule: "SPEC-REF", severity: .error, location: from, path: path,
                    message: "the file \(file) cannot be read: \(reason)"))
            return nil
        }
        do {
            // Repeated keys are kept so that the walk reports each one with its path and goes on reading.
            let node = try YAMLParser.parse(text, keepingDuplicateKeys: true)
            documents[file] = node
            return node
        } catch {
            failed.insert(file)
            problems.append(
                SpecProblem(
                    rule: "SPEC-YAML", severity: .error,
                    location: SpecLocation(file: file, line: error.line, column: error.column), message: error.message))
            return nil
        }
    }

    /// The node a screen's `$ref` names: a file relative to the one that names it, holding a screen definition at
    /// its root. `nil` after a reported problem.
    func screenFile(_ reference: YAMLNode, in file: String, path: String) -> (YAMLNode, String)? {
        let location = SpecLocation(file, reference.position)
        guard let target = reference.string, !target.isEmpty else {
            report("SPEC-REF", .error, file, reference.position, path, "$ref must be a file path such as "
                + "'./screens/home.ruf.yaml'; it is \(Self.kind(reference))")
            return nil
        }
        if target.hasPrefix("#") || target.contains("#") {
            report(
                "SPEC-REF", .error, file, reference.position, path,
                "$ref '\(target)': a screen's $ref names a file that holds the screen definition at its root, such as "
                    + "'./screens/home.ruf.yaml', with no '#' part")
            return nil
        }
        let folder = Array(file.split(separator: "/").dropLast().map(String.init))
        guard let joined = SpecReader.join(folder, target) else {
            report("SPEC-REF", .error, file, reference.position, path, "$ref '\(target)' leaves the spec's folder")
            return nil
        }
        guard let node = document(joined, from: location, path: path) else { return nil }
        guard node.pairs != nil, node["ruf"] == nil, node["screens"] == nil else {
            report(
                "SPEC-REF", .error, file, reference.position, path,
                "$ref '\(target)' names a file whose root is not a screen definition"
                    + (node.pairs == nil ? "" : " (it has \(node["ruf"] != nil ? "ruf" : "screens"): a spec's root)"))
            return nil
        }
        return (node, joined)
    }

    /// The shared key a list entry's `$ref` names, checked to be `#/shared/<section>/<key>`; `nil` after a report.
    func sharedKey(_ reference: YAMLNode, section: String, what: String, in file: String, path: String) -> String? {
        guard let target = reference.string else {
            report("SPEC-REF", .error, file, reference.position, path, "$ref must be text such as "
                + "'#/shared/\(section)/<key>'; it is \(Self.kind(reference))")
            return nil
        }
        let prefix = "#/shared/"
        guard target.hasPrefix(prefix) else {
            report(
                "SPEC-REF", .error, file, reference.position, path,
                "$ref '\(target)': an entry of \(section) references a shared definition, '#/shared/\(section)/<key>'; "
                    + "only screens can live in other files")
            return nil
        }
        let parts = target.dropFirst(prefix.count).split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else {
            report(
                "SPEC-REF", .error, file, reference.position, path,
                "$ref '\(target)' names no shared definition; the form is '#/shared/\(section)/<key>'")
            return nil
        }
        guard parts[0] == section else {
            report(
                "SPEC-REF", .error, file, reference.position, path,
                "$ref '\(target)' names shared \(parts[0]) where \(what) is expected ('#/shared/\(section)/<key>')")
            return nil
        }
        // JSON-pointer escapes: ~1 is "/", ~0 is "~".
        return parts[1].replacing("~1", with: "/").replacing("~0", with: "~")
    }

    /// The node of `shared.<section>.<key>` in the root, or `nil` after a report naming what is there.
    func sharedNode(_ section: String, _ key: String, from file: String, _ position: YAMLNode.Position, path: String)
        -> YAMLNode?
    {
        if let node = rootNode["shared"]?[section]?[key] { return node }
        let available = rootNode["shared"]?[section]?.pairs?.map(\.key) ?? []
        report(
            "SPEC-REF", .error, file, position, path,
            "$ref '#/shared/\(section)/\(key)' names nothing: shared.\(section) has no \"\(key)\""
                + (available.isEmpty ? "" : " (it has \(available.joined(separator: ", ")))"))
        return nil
    }

    /// Follows a chain of shared `$ref`s, reporting a cycle; `true` when `key` is already being read.
    func entering(_ section: String, _ key: String, _ file: String, _ position: YAMLNode.Position, _ path: String)
        -> Bool
    {
        let id = "#/shared/\(section)/\(key)"
        if let start = reading.firstIndex(of: id) {
            report(
                "SPEC-REF", .error, file, position, path,
                "$ref '\(id)' is cyclic: " + (reading[start...] + [id]).joined(separator: " → "))
            return true
        }
        return false
    }
}
