import Foundation
import Testing

@Suite("The certifying guide")
struct GuideExampleTests {
    private let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    private var root: URL { tests.deletingLastPathComponent().deletingLastPathComponent() }

    private func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
    private var guide: String {
        get throws { try read(root.appendingPathComponent("Sources/FlowCheck/FlowCheck.docc/CertifyingAnSDK.md")) }
    }
    /// The example's lines between `// snippet:<name>begin` and `// snippet:<name>end`.
    private func example(_ name: String = "") throws -> String {
        let source = try read(tests.appendingPathComponent("CertifyingGuideExample.swift"))
        let begin = try #require(source.range(of: "// snippet:\(name)begin\n"))
        let end = try #require(source.range(of: "// snippet:\(name)end"))
        return String(source[begin.upperBound..<end.lowerBound])
    }

    @Test("The guide's in-process example is exactly the compiled example that passes in this test target")
    func guideShowsTheCompiledExample() throws {
        #expect(
            try guide.contains("```swift\n" + example() + "```\n"),
            "copy the example between the snippet markers into the guide")
        #expect(
            try guide.contains("```swift\n" + example("stepped:") + "```\n"),
            "copy the lines between the stepped snippet markers into the guide")
    }

    @Test("The guide opens with Package.swift lines whose products are this package's, and the example's imports")
    func packageLines() throws {
        let guide = try guide
        let firstSection = try #require(guide.range(of: "\n## ")).upperBound
        #expect(guide[firstSection...].hasPrefix("Add the kit to your package"), "the Package.swift lines come first")
        let products = guide.matches(of: /\.product\(name: "(\w+)", package: "FlowCheck"\)/).map { String($0.1) }
        let manifest = try read(root.appendingPathComponent("Package.swift"))
        for product in products {
            #expect(manifest.contains(".library(name: \"\(product)\""), "\(product) is not a product of the package")
        }
        let imports = try example().matches(of: /import (\w+)\n/).map { String($0.1) }.filter { $0 != "Testing" }
        #expect(Set(products) == Set(imports), "the test target depends on exactly what the example imports")
    }
}
