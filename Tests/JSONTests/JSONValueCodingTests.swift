import Foundation
import JSON
import Testing

/// Codable values to and from JSON values without text: the same values `JSONEncoder` and `JSONDecoder` give through
/// text.
@Suite("Codable to and from JSON values")
struct JSONValueCodingTests {
    enum Shape: Codable, Hashable {
        case dot
        case circle(radius: Double)
        case labelled(String, Int)
    }

    struct Sample: Codable, Hashable {
        var name: String
        var count: Int
        var big: UInt64
        var ratio: Double
        var single: Float
        var flag: Bool
        var missing: String?
        var present: Int?
        var tags: [String]
        var matrix: [[Int]]
        var byName: [String: Shape]
        var shapes: [Shape]
        var data: Data
        var date: Date
        var link: URL
        var raw: JSONValue
    }

    static let samples: [Sample] = [
        Sample(
            name: "a/b \"q\" é \u{1}", count: -3, big: 1 << 53, ratio: 0.1, single: 0.1, flag: true, missing: nil,
            present: 0, tags: ["z", "a", ""], matrix: [[], [1, 2]],
            byName: ["b10": .dot, "b2": .circle(radius: 2.5), "B1": .labelled("x", 7), "é": .dot],
            shapes: [.dot, .labelled("", -1)], data: Data([0, 1, 254, 255]),
            date: Date(timeIntervalSinceReferenceDate: 12.5), link: URL(string: "https://example.com/a?b=c")!,
            raw: .object([("alpha", .string("x")), ("zeta", .array([.null, .bool(false), .number(-0.0)]))])),
        Sample(
            name: "", count: Int.max, big: .max, ratio: -1e300, single: 3.4e38, flag: false, missing: "m", present: nil,
            tags: [], matrix: [], byName: [:], shapes: [], data: Data(), date: Date(timeIntervalSinceReferenceDate: 0),
            link: URL(string: "file:///tmp/x")!, raw: .null),
    ]

    @Test("Encoding gives the value JSONEncoder's sorted text reads back as")
    func encodingMatchesText() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for sample in Self.samples {
            let text = String(decoding: try encoder.encode(sample), as: UTF8.self)
            #expect(try JSONValueEncoder.encode(sample) == JSONParser.parse(text), "\(text)")
        }
    }

    @Test("Decoding gives what JSONDecoder gives from the text")
    func decodingMatchesText() throws {
        for sample in Self.samples {
            let value = try JSONValueEncoder.encode(sample)
            let text = JSONWriter.write(value)
            let throughText = try? JSONDecoder().decode(Sample.self, from: Data(text.utf8))
            let direct = try? JSONValueDecoder.decode(Sample.self, from: value)
            #expect(direct == throughText, "\(text)")
        }
        // Every number exact in a double (and an object's keys in order) reads back as itself.
        #expect(
            try JSONValueDecoder.decode(Sample.self, from: JSONValueEncoder.encode(Self.samples[0])) == Self.samples[0])
        // An integer past 2^53 reads as the double it became, exactly: not as that double's shortest decimal text.
        #expect(try JSONValueDecoder.decode(UInt64.self, from: JSONValueEncoder.encode(UInt64(1) << 60 + 1)) == 1 << 60)
    }

    @Test("What does not fit is an error, not a value")
    func refusals() throws {
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([Double.nan]) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Int.self, from: .number(2.5)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(UInt8.self, from: .number(256)) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode(Sample.self, from: .object([])) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder.decode([Int].self, from: .string("1")) }
        #expect(
            try JSONValueDecoder.decode([String: Int].self, from: .object([("a", .number(1)), ("a", .number(2))]))
                == ["a": 2])
    }
}
