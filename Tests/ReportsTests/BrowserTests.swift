import Foundation
import Testing
import Reports
import SampleImplementations

/// Headless Chromium, which CI installs (.ci/run); locally the test runs when it is installed.
let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

@Suite("Report in a browser", .serialized)
struct BrowserTests {
    /// Each call gets its own profile folder: Chromium refuses a profile that another instance
    /// (a second test run, a developer's browser) holds, and then prints nothing.
    private func chromiumOutput(_ arguments: [String], profile: URL) throws -> Data {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: try #require(chromium, "headless Chromium is not installed (.ci/run installs it)"))
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1600",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    @Test(
        "A real report renders in headless Chromium: the screenshot is not blank and the DOM holds the failure rows",
        .enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func rendersInChromium() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile")
        let report = folder.appendingPathComponent("report.html")
        try Data(HTMLReport.render(try Fixtures.input(MarkupImplementation(), seed: 1)).utf8).write(to: report)
        let blank = folder.appendingPathComponent("blank.html")
        try Data("<!doctype html><html><body></body></html>".utf8).write(to: blank)

        let dom = String(
            decoding: try chromiumOutput(["--dump-dom", report.absoluteString], profile: profile), as: UTF8.self)
        #expect(dom.contains("<section class=\"failure\""))
        #expect(dom.contains("<tr class=\"diverged\">"))
        #expect(dom.contains("&lt;script&gt;alert('x')&lt;/script&gt;"), "the markup-named screen is text in the DOM")

        let shot = folder.appendingPathComponent("report.png"), blankShot = folder.appendingPathComponent("blank.png")
        _ = try chromiumOutput(["--screenshot=\(shot.path)", report.absoluteString], profile: profile)
        _ = try chromiumOutput(["--screenshot=\(blankShot.path)", blank.absoluteString], profile: profile)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int)
        let blankSize = try #require(try FileManager.default.attributesOfItem(atPath: blankShot.path)[.size] as? Int)
        #expect(
            size > 10 * blankSize,
            "the report's screenshot (\(size) bytes) should be far richer than a blank page's (\(blankSize) bytes)")
    }
}
