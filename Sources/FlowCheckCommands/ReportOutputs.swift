import ArgumentParsing
import FlowCheck
import Foundation
import Reports

/// The report files a command writes, every one rendered from the same JSON lines.
struct ReportOutputs {
    static let options: [CommandDefinition.Option] = [
        .init("html", value: "file", help: "Write the HTML report here.", default: "Reports/<implementation>.html for run"),
        .init("junit", value: "file", help: "Write JUnit XML here."),
        .init("markdown", value: "file", help: "Write a Markdown summary here."),
        .init("badge", value: "file", help: "Write a shields.io endpoint badge (JSON) here."),
    ]

    var html: String?
    var junit: String?
    var markdown: String?
    var badge: String?

    init(_ parsed: ParsedArguments, defaultHTML: String?) {
        html = parsed.flag("no-html") ? nil : parsed.value("html") ?? defaultHTML
        junit = parsed.value("junit")
        markdown = parsed.value("markdown")
        badge = parsed.value("badge")
    }

    /// Writes every requested file; returns false (after saying why) when one cannot be written.
    func write(_ input: ReportInput, console: Console) -> Bool {
        let outputs: [(String?, () -> String)] = [
            (html, { HTMLReport.render(input) }), (junit, { JUnitReport.render(input) }),
            (markdown, { MarkdownReport.render(input) }), (badge, { BadgeReport.render(input) }),
        ]
        for case let (path?, render) in outputs {
            guard Self.write(render(), to: path, console: console) else { return false }
            console.out("wrote \(path)")
        }
        return true
    }

    static func write(_ text: String, to path: String, console: Console) -> Bool {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return true
        } catch {
            console.err("error: could not write \(path): \(error.localizedDescription)")
            return false
        }
    }

    /// A file name for an implementation: `sample (mutant pop-to-bottom-most)` → `sample-mutant-pop-to-bottom-most`.
    static func slug(_ name: String) -> String {
        var result = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber { result.append(character) } else if !result.hasSuffix("-") { result.append("-") }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "report" : result
    }
}
