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

    /// Reads the outputs; `<implementation>` in the default HTML path is filled in when writing. With `htmlOnlyAlone`,
    /// the default HTML report is written only when no other output is asked for (`report … --junit` writes JUnit).
    init(_ parsed: ParsedArguments, defaultHTML: String?, htmlOnlyAlone: Bool = false) throws(ArgumentError) {
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
        if htmlOnlyAlone, parsed.value("html") == nil, [json, junit, markdown, badge].contains(where: { $0 != nil }) {
            html = nil
        }
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
        let slug = ReportFileName.slug(record.header.implementation.name)
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
}
