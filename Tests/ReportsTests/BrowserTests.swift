import FlowCheckRecords
import Foundation
import Reports
import SampleImplementations
import Testing

/// Headless Chromium, which CI installs (.ci/run); locally the tests run when it is installed (see the README).
let chromium: String? = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let candidates =
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        + path.flatMap { ["\($0)/chromium", "\($0)/chromium-browser", "\($0)/google-chrome"] }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// In CI a missing Chromium fails the tests (they #require it); elsewhere they are skipped with this reason.
let chromiumAvailable = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil
let chromiumMissing: Comment =
    "headless Chromium is not installed: install it (apt-get install chromium) to run the browser tests; see the README"

/// What a page measured in the viewport the screenshot was taken in.
struct PageMetrics: Decodable {
    var scrollWidth: Int
    var innerWidth: Int
    var innerHeight: Int
    /// The top of the first failure's section, from the top of the page; `nil` when there is none.
    var firstFailureTop: Int?
}

@Suite("Report in a browser", .serialized)
struct BrowserTests {
    /// Each call gets its own profile folder: Chromium refuses a profile that another instance
    /// (a second test run, a developer's browser) holds, and then prints nothing.
    private func chromiumRun(
        _ arguments: [String], width: Int = 1280, height: Int = 1600, profile: URL
    ) throws -> (
        out: Data, err: Data
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromium, chromiumMissing))
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),\(height)",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on another thread, so that neither pipe fills while the other is read.
        let errorData = ErrorData()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reading.wait()
        return (data, errorData.value)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowcheck-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func fileSize(_ file: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    }

    @Test(
        "A real report renders in headless Chromium: the screenshot is not blank and the DOM holds the failure rows",
        .enabled(if: chromiumAvailable, chromiumMissing))
    func rendersInChromium() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("profile")
        let report = folder.appendingPathComponent("report.html")
        try Data(HTMLReport.render(try Fixtures.input(MarkupImplementation(), seed: 1)).utf8).write(to: report)
        let blank = folder.appendingPathComponent("blank.html")
        try Data("<!doctype html><html><body></body></html>".utf8).write(to: blank)

        let dom = String(
            decoding: try chromiumRun(["--dump-dom", report.absoluteString], profile: profile).out, as: UTF8.self)
        #expect(dom.contains("<section class=\"failure\""))
        #expect(dom.contains("<tr class=\"diverged\">"))
        #expect(dom.contains("&lt;script&gt;alert('x')&lt;/script&gt;"), "the markup-named screen is text in the DOM")

        let shot = folder.appendingPathComponent("report.png"), blankShot = folder.appendingPathComponent("blank.png")
        _ = try chromiumRun(["--screenshot=\(shot.path)", report.absoluteString], profile: profile)
        _ = try chromiumRun(["--screenshot=\(blankShot.path)", blank.absoluteString], profile: profile)
        let size = try fileSize(shot), blankSize = try fileSize(blankShot)
        #expect(
            size > 10 * blankSize,
            "the report's screenshot (\(size) bytes) should be far richer than a blank page's (\(blankSize) bytes)")
    }

    /// The report with a script that measures the page whenever the viewport changes and logs it to the console:
    /// Chromium sizes the viewport to `--window-size` only for the screenshot, so the measure taken at that size
    /// is the one the screenshot shows.
    private func measured(_ html: String) -> String {
        let script = """
            <script>
            function flowcheckMeasure() {
              var failure = document.querySelector('section.failure');
              console.log('flowcheck-metrics ' + JSON.stringify({
                scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
                innerHeight: window.innerHeight,
                firstFailureTop: failure ? Math.round(failure.getBoundingClientRect().top + window.scrollY) : null
              }));
            }
            window.addEventListener('resize', flowcheckMeasure);
            window.addEventListener('load', flowcheckMeasure);
            </script>
            """
        return html.replacingOccurrences(of: "</body>", with: script + "</body>")
    }

    /// Takes the screenshot at `width` × `height` and returns the page's metrics at that size.
    private func screenshot(
        _ html: String, width: Int, height: Int, name: String, folder: URL
    ) throws -> PageMetrics {
        let page = folder.appendingPathComponent("\(name).html"), shot = folder.appendingPathComponent("\(name).png")
        try Data(measured(html).utf8).write(to: page)
        let run = try chromiumRun(
            ["--enable-logging=stderr", "--v=0", "--screenshot=\(shot.path)", page.absoluteString], width: width,
            height: height, profile: folder.appendingPathComponent("profile-\(name)"))
        #expect(try fileSize(shot) > 20_000, "\(name): the screenshot shows a page")
        let measures = String(decoding: run.err, as: UTF8.self).split(separator: "\n").compactMap {
            line -> PageMetrics? in
            guard let start = line.range(of: "flowcheck-metrics ")?.upperBound,
                let end = line[start...].range(of: "}\"", options: .backwards)?.lowerBound
            else { return nil }
            // The console line quotes the message without escaping it: the JSON is between the marker and `}"`.
            return try? JSONDecoder().decode(PageMetrics.self, from: Data((line[start..<end] + "}").utf8))
        }
        return try #require(
            measures.last { $0.innerWidth == width && $0.innerHeight == height },
            "\(name): no measure at \(width)×\(height) px in Chromium's console output")
    }

    @Test(
        "At 1280 and 390 px wide, a failing report shows its first failure within the first screen, and no report scrolls sideways",
        .enabled(if: chromiumAvailable, chromiumMissing), arguments: [(1280, 800), (390, 844)])
    func fitsTheScreen(width: Int, height: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = try Fixtures.input(
            SampleNavigator(bug: .removePreviousTopRun), seed: 7, sut: "builtin:mutant:remove-previous-top-run")
        let decoding = try Fixtures.input(
            SampleFlowDecoder(bug: .unknownTypeDropsSiblings), seed: 1,
            sut: "builtin:mutant:decoder-unknown-type-drops-siblings")
        let conforming = try Fixtures.input(SampleNavigator(), seed: 3)
        for (name, record) in [("failing", failing), ("decoding", decoding), ("conforming", conforming)] {
            let metrics = try screenshot(
                HTMLReport.render(record), width: width, height: height, name: "\(name)-\(width)", folder: folder)
            #expect(
                metrics.scrollWidth == metrics.innerWidth,
                "\(name) at \(width) px: the page is \(metrics.scrollWidth) px wide, so it scrolls sideways")
            if record.failures.isEmpty {
                #expect(metrics.firstFailureTop == nil)
            } else {
                let top = try #require(metrics.firstFailureTop, "\(name): no failure section")
                let placed = "the first failure starts at \(top) px, below the first screen (\(metrics.innerHeight) px)"
                #expect(top < metrics.innerHeight, "\(name) at \(width) px: \(placed)")
            }
        }
    }
}

/// Standard error's bytes, handed from the thread that reads them.
private final class ErrorData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    var value: Data { lock.withLock { data } }
    func set(_ value: Data) { lock.withLock { data = value } }
}
