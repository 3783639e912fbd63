import Foundation
import Testing

@Suite("The package manifest")
struct PackageManifestTests {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Modules of the toolchain and the platform, which no target declares.
    private static let platformModules: Set<String> = [
        "Foundation", "FoundationNetworking", "Dispatch", "Testing", "XCTest", "Glibc", "Musl", "Darwin",
        "Synchronization",
    ]

    private struct Target {
        var name: String
        var kind: String
        var dependencies: Set<String>
        var folder: String
    }

    /// Every target of Package.swift with its declared dependencies and its source folder.
    private func targets() throws -> [Target] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let starts = manifest.matches(of: /\.(target|testTarget|executableTarget)\(\s*name: "(\w+)"/)
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[start.range.upperBound..<end]
            let listed = body.firstMatch(of: /dependencies: \[([^\]]*)\]/).map { String($0.1) } ?? ""
            let dependencies = Set(listed.matches(of: /"(\w+)"/).map { String($0.1) })
            let kind = String(start.1)
            let folder =
                body.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) }
                ?? (kind == "testTarget" ? "Tests/" : "Sources/") + start.2
            return Target(name: String(start.2), kind: kind, dependencies: dependencies, folder: folder)
        }
    }

    /// The modules a folder's Swift files import (top-level `import` lines, whatever their attributes).
    private func imports(under folder: String) throws -> Set<String> {
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.matches(of: /(?m)^(?:@testable |@_exported |public |package |internal )*import (\w+)$/)
            modules.formUnion(lines.map { String($0.1) })
        }
        return modules.subtracting(Self.platformModules)
    }

    @Test("Every target declares exactly the modules its sources import")
    func dependenciesAreTheImports() throws {
        let targets = try targets()
        #expect(targets.count > 30, "the manifest's targets were read")
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        for target in targets {
            let imported = try imports(under: target.folder)
            // A test target may depend on an executable only to have it built for the tests that run it.
            let declared = target.dependencies.subtracting(executables)
            #expect(
                imported.subtracting(declared).isEmpty,
                "\(target.name) imports \(imported.subtracting(declared).sorted()) without declaring them")
            #expect(
                declared.subtracting(imported).isEmpty,
                "\(target.name) declares \(declared.subtracting(imported).sorted()) but imports none of them")
        }
    }
}
