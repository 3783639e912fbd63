import FlowCheckRecords

/// The file names reports are written under.
package enum ReportFileName {
    /// A file name for an implementation: `sample (mutant pop-to-bottom-most)` → `sample-mutant-pop-to-bottom-most`.
    package static func slug(_ name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            // A character that draws nothing (a format character, a Hangul filler) would make a file name that
            // looks like another: it is a separator here.
            let invisible = character.unicodeScalars.contains { VisibleText.line(String($0)) != String($0) }
            if (character.isLetter || character.isNumber) && !invisible {
                result.append(character)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        guard !result.isEmpty else { return "report" }
        // A file name has 255 bytes at most, and `.certificate.json` follows: a long name is cut, and a hash of the
        // whole keeps two long names apart. The name itself stays whole inside the report.
        guard result.utf8.count > maxSlugBytes else { return result }
        var cut = ""
        for character in result {
            if cut.utf8.count + String(character).utf8.count > maxSlugBytes - 17 { break }
            cut.append(character)
        }
        return cut + "-" + ContentHash.of(name)
    }

    /// The most bytes of a report's file name taken from the implementation's name.
    static let maxSlugBytes = 120
}
