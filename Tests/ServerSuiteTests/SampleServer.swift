import Foundation
import HTTPWire

#if canImport(Glibc)
import Glibc
#endif

/// The sample backend (Tests/ServerExample/shop_server.py), started on a free port for one test and stopped after it.
final class SampleServer {
    let process = Process()
    let endpoint: HTTPEndpoint

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    init(bug: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Self.root.appendingPathComponent("Tests/ServerExample/shop_server.py").path]
            + (bug.map { ["--bug", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens.
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let url = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            throw HTTPWireError(.closed, "the sample server said: \(text)")
        }
        endpoint = try HTTPEndpoint(url)
    }

    deinit {
        // SIGKILL: a child of the test process may inherit SIGTERM blocked, and would never end.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
