import FlowCheckCore
@testable import FlowCheckDecodingSuite
@testable import FlowCheckEngine
@testable import FlowCheckNavigationSuite
import Foundation
import JSON
import NavigationModel
import PropertyTesting
import Testing

/// The generators' rates, measured on a fixed seed and compared with what the Generators article documents.
///
/// Each row of the article's tables names a class and its share; the test measures every class over the runs a
/// default check draws (run sizes included) and asks each documented share to be within a few points of it.
@Suite("Generator rates")
struct GeneratorRateTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/FlowCheck/FlowCheck.docc/Generators.md")

    /// The documented share of each class: `| class | 12% |` rows.
    static func documented() throws -> [String: Double] {
        let text = try String(contentsOf: article, encoding: .utf8)
        var shares: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let percent = Double(cells[1].dropLast()), cells[1].hasSuffix("%") else { continue }
            shares[String(cells[0].dropFirst().prefix { $0 != "`" })] = percent
        }
        return shares
    }

    /// Values drawn as a default check draws them: run k from derive(seed, k) at run k's size.
    static func values<T>(_ gen: Gen<T>, count: Int, seed: UInt64 = 1) throws -> [T] {
        try (0..<count).map { index in
            try gen.run(.random(seed: SplitMix64.derive(seed, UInt64(index)), size: ChoiceSource.size(ofRun: index)))
        }
    }

    static func share(_ count: Int, of total: Int) -> Double { total == 0 ? 0 : 100 * Double(count) / Double(total) }

    /// Every navigation and session class the article documents, measured.
    static func navigationRates() throws -> [String: Double] {
        let runs = 2_000
        let navigation = try values(
            PlanGenerator(capabilities: .full, suite: .navigation, maxSteps: 30).plans, count: runs)
        let session = try values(
            PlanGenerator(capabilities: .full, suite: .session, optimistic: true, maxSteps: 30).plans, count: runs)
        var rates: [String: Double] = [:]
        for trait in ["deep", "swarm", "long", "names:tiny", "names:varied"] {
            rates[trait] = share(navigation.filter { $0.traits.contains(trait) }.count, of: runs)
        }
        rates["deep:100"] = share(navigation.filter { $0.initial.count >= 100 }.count, of: runs)
        rates["deep:500"] = share(navigation.filter { $0.initial.count >= 500 }.count, of: runs)
        rates["layers:3+"] = share(navigation.filter { $0.initial.layerStarts.count >= 3 }.count, of: runs)
        let directives = navigation.flatMap(\.commands).compactMap(\.directive)
        rates["unknown-fields"] = share(directives.filter { !$0.unknownFields.isEmpty }.count, of: directives.count)
        rates["steps:30"] = share(navigation.filter { $0.commands.count == 30 }.count, of: runs)
        // Session: what an optimistic change carries as its id, and how the server answers a pending one.
        var ids: [String: Int] = [:], answers: [String: Int] = [:]
        var optimistic = 0, pendingAnswers = 0, unknownModes = 0
        for plan in session {
            var pending: NavigationDirective?
            // Replayed by the model each time it is asked for: once per plan.
            let expected = plan.expected
            for (index, command) in plan.commands.enumerated() {
                if let current = pending {
                    pendingAnswers += 1
                    answers[answerClass(command, to: current), default: 0] += 1
                } else if case .optimistic(let directive) = command {
                    optimistic += 1
                    ids[idClass(directive.id, step: index), default: 0] += 1
                    if let mode = directive.mode, !NavigationMode.known.contains(mode) { unknownModes += 1 }
                }
                pending = nil
                if expected[index].state.pendingID != nil, case .optimistic(let directive) = command {
                    pending = directive
                }
            }
        }
        for (name, count) in ids { rates["id:\(name)"] = share(count, of: optimistic) }
        rates["optimistic:unknown-mode"] = share(unknownModes, of: optimistic)
        for (name, count) in answers { rates["answer:\(name)"] = share(count, of: pendingAnswers) }
        return rates
    }

    static func idClass(_ id: String?, step: Int) -> String {
        switch id {
        case nil: return "missing"
        case "": return "empty"
        case "O\(step)": return "capitals"
        case "o\(step)": return "fresh"
        default: return "reused"
        }
    }

    static func answerClass(_ command: NavigationCommand, to pending: NavigationDirective) -> String {
        guard case .navigate(let directive) = command else { return "optimistic" }
        guard let directive else { return "none" }
        if directive.mode == .failed { return directive.id == pending.id ? "failed" : "failed-other-case" }
        if directive.id == pending.id { return directive == pending ? "confirm" : "other-change-same-id" }
        if directive.id?.lowercased() == pending.id?.lowercased() { return "same-change-other-case" }
        return "other"
    }

    /// Every decoding class the article documents, measured: the share of documents with each label.
    static func decodingRates() throws -> [String: Double] {
        let documents = try values(DocumentGenerator(capabilities: .fullDecoder).documents, count: 4_000)
        var counts: [String: Int] = [:]
        for document in documents { for label in document.labels { counts[label, default: 0] += 1 } }
        return counts.mapValues { share($0, of: documents.count) }
    }

    @Test("A generated document's value is its text as the JSON parser reads it, spelled numbers and strings included")
    func parsedValueIsTheText() throws {
        let documents = try Self.values(DocumentGenerator(capabilities: .fullDecoder).documents, count: 1_000, seed: 5)
        var given = 0
        for document in documents {
            guard let parsed = document.parsed else { continue }
            given += 1
            #expect(parsed == (try? JSONParser.parse(document.text)), "\(document.text)")
        }
        #expect(given > 600)
    }

    @Test("A spelled value used twice is spelled at both markers, whatever its length, and parses as the text reads")
    func spelledTwice() throws {
        let context = DocumentGenerator.Context()
        let long = DocumentGenerator.deepData
        let marker = context.spelled(long)
        let value = JSONValue.array([marker, .string("between"), marker, context.spelled("1.0")])
        let (text, nesting) = JSONWriter.withBytes(value, sortedKeys: false) { bytes, nesting in
            (DocumentGenerator.spelling(bytes, context.spellings), nesting)
        }
        #expect(text.text == "[\(long),\"between\",\(long),1.0]")
        #expect(text.markers == 3)
        let parsed = DocumentGenerator.asParsed(value, context.spellings, markers: text.markers, nesting: nesting)
        #expect(parsed == (try? JSONParser.parse(text.text)))
    }

    @Test("Every class the Generators article documents is generated at its documented rate (seed 1)")
    func ratesMatchTheArticle() throws {
        let documented = try Self.documented()
        #expect(documented.count >= 60, "the article's tables hold \(documented.count) rows")
        let measured = try Self.navigationRates().merging(Self.decodingRates()) { a, _ in a }
        if ProcessInfo.processInfo.environment["FLOWCHECK_PRINT_RATES"] == "1" {
            for (name, rate) in measured.sorted(by: { $0.key < $1.key }) { print("RATE \(name) \(rate)") }
        }
        for (name, share) in documented {
            let rate = try #require(measured[name], "\(name) is documented but never measured")
            // Within two points, or a fifth of the share for large ones.
            #expect(abs(rate - share) <= max(2, share / 5), "\(name): documented \(share)%, measured \(rate)%")
        }
    }
}
