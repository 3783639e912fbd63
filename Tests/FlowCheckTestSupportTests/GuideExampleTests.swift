import Foundation
import Testing

@Suite("The certifying guide")
struct GuideExampleTests {
    @Test("The guide's in-process example is exactly the compiled example that passes in this test target")
    func guideShowsTheCompiledExample() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let source = try String(
            contentsOf: tests.appendingPathComponent("CertifyingGuideExample.swift"), encoding: .utf8)
        let begin = try #require(source.range(of: "// snippet:begin\n"))
        let end = try #require(source.range(of: "// snippet:end"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        let guide = try String(
            contentsOf: tests.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/FlowCheck/FlowCheck.docc/CertifyingAnSDK.md"), encoding: .utf8)
        #expect(
            guide.contains("```swift\n" + example + "```\n"),
            "copy the example between the snippet markers into the guide")
    }
}
