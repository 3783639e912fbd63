/// One entry of a construct's `versions:` map: the variant a client of that version receives.
///
/// Each entry is a full redefinition, never a patch. The identity fields an entry leaves out (a component's
/// `rel`, an action's `type`, a metric's `rel`, `type` and `name`) are the top-level definition's: the reference's
/// own examples leave them out, and a variant of a different identity would be a different construct.
package struct SpecVersion<Construct: Hashable & Sendable>: Hashable, Sendable {
    /// The version key as written, such as `"2.1.9"`.
    package var key: Located<String>
    /// The variant.
    package var construct: Construct

    /// Creates a version entry.
    package init(key: Located<String>, construct: Construct) {
        self.key = key
        self.construct = construct
    }
}

/// The two version formats of the `versioning` root key, and the resolution algorithm of the versioning page.
package enum Versioning: String, Hashable, Sendable, CaseIterable {
    /// `MAJOR.MINOR.PATCH`; clients report `MAJOR.MINOR.PATCH+BUILD`.
    case semantic
    /// A plain integer build number.
    case incremental

    /// A version's comparable value: its numbers, or `nil` when the text does not fit the format.
    ///
    /// A semantic client version may carry `+BUILD`, which resolution ignores; `allowsBuild` says whether it may
    /// here (a client's version may, a spec's version key may not).
    package func parse(_ text: String, allowsBuild: Bool = false) -> [Int]? {
        switch self {
        case .incremental:
            guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), text.utf8.count <= 18 else {
                return nil
            }
            return Int(text).map { [$0] }
        case .semantic:
            var core = Substring(text)
            if let plus = text.firstIndex(of: "+") {
                guard allowsBuild, text[text.index(after: plus)...].isEmpty == false else { return nil }
                core = text[..<plus]
            }
            let parts = core.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard !part.isEmpty, part.utf8.count <= 9, part.utf8.allSatisfy({ (48...57).contains($0) }),
                    let number = Int(part)
                else { return nil }
                numbers.append(number)
            }
            return numbers
        }
    }

    /// What the format looks like, for messages.
    package var shape: String {
        switch self {
        case .semantic: return "MAJOR.MINOR.PATCH, such as \"2.1.9\""
        case .incremental: return "an integer build number, such as \"42\""
        }
    }

    /// Which of `keys` a client at `clientVersion` receives: the exact key, else the lowest key at or above the
    /// client's version, else `nil` for the top-level (latest) definition. Keys that do not parse are skipped.
    package func resolve(_ keys: [String], clientVersion: String) -> Int? {
        guard let client = parse(clientVersion, allowsBuild: true) else { return nil }
        var best: (index: Int, value: [Int])?
        for (index, key) in keys.enumerated() {
            guard let value = parse(key), !value.lexicographicallyPrecedes(client) else { continue }
            if best == nil || value.lexicographicallyPrecedes(best!.value) { best = (index, value) }
        }
        return best?.index
    }
}
