import ArgumentParsing
import FlowCheckCore
import FlowCheckRecords
import Foundation
import Reports

/// `--json`, `--html`, `--junit`, `--markdown`, `--badge` and `--no-html`: the report files a command writes,
/// every one rendered from the same records.
package struct OutputOptions {
    static let json = TypedOption<String>.text(
        "json", value: "file", help: "Write the JSON-lines record of the run here.")
    static let junit = TypedOption<String>.text("junit", value: "file", help: "Write JUnit XML here.")
    static let markdown = TypedOption<String>.text("markdown", value: "file", help: "Write a Markdown summary here.")
    static let badge = TypedOption<String>.text(
        "badge", value: "file", help: "Write a shields.io endpoint badge (JSON) here.")

    /// `--html`, whose default (if any) depends on the command.
    static func html(default path: String?) -> TypedOption<String> {
        .text("html", value: "file", help: "Write the HTML report here.", default: path)
    }

    static func options(defaultHTML: String?) -> [CommandDefinition.Option] {
        [
            json.definition, html(default: defaultHTML).definition, junit.definition, markdown.definition,
            badge.definition,
        ]
    }

    static let flags: [CommandDefinition.Flag] = [.init("no-html", help: "Do not write the HTML report.")]

    var json: String?
    var html: String?
    var junit: String?
    var markdown: String?
    var badge: String?

    /// Reads the outputs; `implementationSlug` fills in `<implementation>` in the default HTML path.
    init(_ parsed: ParsedArguments, defaultHTML: String?) throws(ArgumentError) {
        if parsed.flag("no-html") && parsed.value("html") != nil {
            throw ArgumentError(
                code: .invalidValue, message: "--no-html and --html contradict each other; give one",
                commandPath: parsed.commandPath)
        }
        json = try parsed.value(Self.json)
        html = parsed.flag("no-html") ? nil : try parsed.value(Self.html(default: defaultHTML))
        junit = try parsed.value(Self.junit)
        markdown = try parsed.value(Self.markdown)
        badge = try parsed.value(Self.badge)
        // Checked before anything runs, so a long run never ends in "could not write".
        for (name, path) in [("json", json), ("junit", junit), ("markdown", markdown), ("badge", badge)] {
            if let path, let problem = Self.problem(with: path) {
                throw ArgumentError(
                    code: .invalidValue, message: "--\(name) \(path): \(problem)", commandPath: parsed.commandPath)
            }
        }
        if let path = parsed.value("html"), let problem = Self.problem(with: path) {
            throw ArgumentError(
                code: .invalidValue, message: "--html \(path): \(problem)", commandPath: parsed.commandPath)
        }
    }

    /// Why a report cannot be written to `path`, or `nil` when it can be tried.
    static func problem(with path: String) -> String? {
        // Read as "standard output" by many tools; here it would silently become a file named "-".
        if path == "-" { return "reports are written to files, not to standard output; give a file path" }
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            return "a folder, not a file"
        }
        // A FIFO, socket or device (such as /dev/stdout) would be replaced by the rename that writes a report whole.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let type = (try? FileManager.default.attributesOfItem(atPath: target))?[.type] as? FileAttributeType,
            type != .typeRegular
        {
            return "not a regular file (a FIFO, a socket or a device)"
        }
        var folder = (path as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        // Walk up to the nearest existing folder: it must be a folder we may write in (the rest is created).
        while !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
        if !isDirectory.boolValue { return "\(folder) is a file, not a folder" }
        return FileManager.default.isWritableFile(atPath: folder) ? nil : "the folder \(folder) cannot be written"
    }

    /// Writes every requested file; returns false (after saying why) when one cannot be written.
    func write(_ record: RunRecord, console: Console) -> Bool {
        let slug = Self.slug(record.header.implementation.name)
        let outputs: [(String?, () -> String)] = [
            (json, { record.text }),
            (html?.replacingOccurrences(of: "<implementation>", with: slug), { HTMLReport.render(record) }),
            (junit, { JUnitReport.render(record) }), (markdown, { MarkdownReport.render(record) }),
            (badge, { BadgeReport.render(record) }),
        ]
        for case let (path?, render) in outputs {
            guard Self.write(render(), to: path, console: console) else { return false }
            console.out("wrote \(path)")
        }
        return true
    }

    /// Writes a file whole: to a temporary file beside it, then renamed into place, so a reader sees the old
    /// file or the new one, never half of one.
    static func write(_ text: String, to path: String, console: Console) -> Bool {
        // Through a symbolic link to its target, so the link stays a link.
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        if let problem = problem(with: path) {
            console.err("error: could not write \(path): \(problem)")
            return false
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return true
        } catch {
            console.err(
                "error: could not write \(path): \((error as NSError).localizedFailureReason ?? error.localizedDescription)"
            )
            return false
        }
    }

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
