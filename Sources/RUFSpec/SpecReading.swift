import YAML

/// One reading of a spec: the files read so far, the shared definitions, and the problems found.
///
/// The walk follows the reference's field tables: every mapping's keys are checked against the keys the reference
/// defines at that level, every value against the kind it must have, and every required field for presence.
final class SpecReading {
    let root: String
    let load: (String) -> SpecReader.FileText
    var problems: [SpecProblem] = []
    var documents: [String: YAMLNode] = [:]
    var failed: Set<String> = []
    var rootNode: YAMLNode = .mapping([], .init(line: 1, column: 1))
    var components: [String: SpecComponent] = [:]
    var actions: [String: SpecAction] = [:]
    var metrics: [String: SpecMetric] = [:]
    /// Shared definitions being read, to catch a `$ref` chain that leads back into itself.
    var reading: [String] = []
    /// Shared definitions that could not be read, reported once.
    var failedShared: Set<String> = []

    init(root: String, load: @escaping (String) -> SpecReader.FileText) {
        self.root = root
        self.load = load
    }

    // MARK: Reporting

    func report(
        _ rule: String, _ severity: SpecProblem.Severity, _ file: String, _ position: YAMLNode.Position,
        _ path: String, _ message: String
    ) {
        problems.append(
            SpecProblem(
                rule: rule, severity: severity, location: SpecLocation(file, position), path: path, message: message))
    }

    static func kind(_ node: YAMLNode) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar: return node.isNull ? "empty" : "a single value"
        }
    }

    // MARK: Kinds of values

    /// A mapping's pairs, with unknown and repeated keys reported; `nil` (reported) for any other kind.
    func mapping(
        _ node: YAMLNode, _ file: String, _ path: String, what: String, known: [String]?, duplicates: Bool = true
    ) -> [YAMLNode.Pair]? {
        guard let pairs = node.pairs else {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a mapping of keys to values; it is \(Self.kind(node))")
            return nil
        }
        checkKeys(pairs, file, path, what: what, known: known, duplicates: duplicates)
        return pairs
    }

    func checkKeys(
        _ pairs: [YAMLNode.Pair], _ file: String, _ path: String, what: String, known: [String]?,
        duplicates: Bool = true
    ) {
        var seen: [String: Int] = [:]
        for pair in pairs {
            if let first = seen[pair.key], duplicates {
                report(
                    "SPEC-DUPLICATE-KEY", .error, file, pair.keyPosition, Self.child(path, pair.key),
                    "\"\(pair.key)\" is given twice in \(what) (first at line \(first)); YAML readers keep one of them")
                continue
            }
            seen[pair.key] = pair.keyPosition.line
            if path.isEmpty, pair.key == "types" {
                report(
                    "SPEC-UNKNOWN-KEY", .warning, file, pair.keyPosition, "types",
                    "the RUF spec reference defines no \"types\"; the kit reads it only as named type definitions, "
                        + "to check (SPEC-NAMED-TYPE) and generate the named types the spec uses")
            } else if let known, !known.contains(pair.key) {
                report(
                    "SPEC-UNKNOWN-KEY", .warning, file, pair.keyPosition, Self.child(path, pair.key),
                    "\(what) has no field \"\(pair.key)\" in the RUF spec reference (it defines "
                        + known.joined(separator: ", ") + "); the kit does not read it")
            }
        }
    }

    /// A list's items; `nil` (reported) for any other kind. A mapping keyed by name (the kit's former dialect) is
    /// told apart, since it is the likeliest mistake.
    func list(
        _ node: YAMLNode, _ file: String, _ path: String, what: String, entry: String, fields: [String] = []
    ) -> [YAMLNode]? {
        if let items = node.items { return items }
        if let pairs = node.pairs, pairs.contains(where: { fields.contains($0.key) || $0.key == "$ref" }) {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a list of entries (\(entry)); this is a single entry written without its \"- \", "
                    + "which the kit does not read")
            return nil
        }
        if node.pairs != nil {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a list of entries (\(entry)), as the RUF spec reference writes it; this is a mapping"
                    + " keyed by name, which the kit does not read")
        } else {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a list of entries (\(entry)); it is \(Self.kind(node))")
        }
        return nil
    }

    /// A single value's text; `nil` for an empty value, and (reported) for a mapping or a list.
    func text(_ node: YAMLNode?, _ file: String, _ path: String, what: String) -> Located<String>? {
        guard let node else { return nil }
        guard case .scalar = node else {
            report(
                "SPEC-KIND", .error, file, node.position, path,
                "\(what) must be a single value; it is \(Self.kind(node))")
            return nil
        }
        return node.string.map { Located($0, at: SpecLocation(file, node.position), path: path) }
    }

    /// Reports a required field that is missing or empty; one of the wrong kind was reported when it was read.
    func require(_ node: YAMLNode, _ key: String, in what: String, _ file: String, _ path: String, _ hint: String = "") {
        if node[key] == nil || node[key]?.isNull == true {
            report(
                "SPEC-REQUIRED", .error, file, node.position, path,
                "\(what) has no \(key), which the reference requires" + hint)
        }
    }

    static func isFieldName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    static func child(_ path: String, _ key: String) -> String {
        let name = key.hasSuffix("?") ? key.dropLast() : Substring(key)
        let simple = (name.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
            ?? false) && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
            }
        let segment = simple ? key : "[\"" + key.replacing("\"", with: "\\\"") + "\"]"
        if path.isEmpty { return segment }
        return simple ? path + "." + segment : path + segment
    }

    // MARK: Types

    /// A type: text parsed with ``TypeSyntax``, or a mapping read as an inline object.
    func type(_ node: YAMLNode, _ file: String, _ path: String) -> SpecType? {
        switch node {
        case .scalar(let text, let quoted, let position):
            guard !node.isNull else {
                report("SPEC-TYPE", .error, file, position, path, "no type is given")
                return nil
            }
            do {
                return try TypeSyntax.parse(text)
            } catch {
                let column = position.column + (quoted ? 1 : 0) + error.column - 1
                report(
                    "SPEC-TYPE", .error, file, .init(line: position.line, column: column), path,
                    "the type \"\(text)\" does not parse: \(error.message)")
                return nil
            }
        case .mapping(let pairs, _):
            return object(pairs, file, path)
        case .sequence(_, let position):
            report(
                "SPEC-KIND", .error, file, position, path,
                "a type is written as text (string, ProductItem[], …) or as a mapping of fields; this is a list")
            return nil
        }
    }

    func object(_ pairs: [YAMLNode.Pair], _ file: String, _ path: String) -> SpecType {
        var fields: [SpecField] = []
        var seen: [String: Int] = [:]
        for pair in pairs {
            let optional = pair.key.hasSuffix("?")
            let name = optional ? String(pair.key.dropLast()) : pair.key
            let fieldPath = Self.child(path, pair.key)
            guard Self.isFieldName(name) else {
                report(
                    "SPEC-TYPE", .error, file, pair.keyPosition, fieldPath,
                    "\"\(pair.key)\" is not a field name: letters, digits and _, not starting with a digit, and one "
                        + "? at the end for an optional field")
                continue
            }
            if let first = seen[name] {
                report(
                    "SPEC-DUPLICATE-KEY", .error, file, pair.keyPosition,
                    fieldPath, "the field \"\(name)\" is declared twice (first at line \(first))")
                continue
            }
            seen[name] = pair.keyPosition.line
            guard let type = type(pair.value, file, fieldPath) else { continue }
            fields.append(
                SpecField(name: name, isOptional: optional, type: type, location: SpecLocation(file, pair.keyPosition)))
        }
        return .object(fields)
    }
}
