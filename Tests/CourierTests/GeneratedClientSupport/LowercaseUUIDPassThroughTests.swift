import Courier
import Foundation
import Testing

private struct Embedding: Codable, Equatable, Sendable {
    var id: UUID
    var vector: [Float]
    var scores: [String: Double]
    var labels: [String]?
}

/// Issue 25 review: the encoder that lower-cases UUIDs hands values that cannot hold one (numbers, strings, arrays
/// and dictionaries of them) to `JSONEncoder` as they are; the bytes must be exactly `JSONEncoder`'s.
@Suite struct LowercaseUUIDPassThroughTests {
    /// 1,536 floats, as an embedding model answers: varied magnitudes, signs and fractions.
    static let vector: [Float] = (0..<1536).map { index in
        Float(index % 97) / 7 - Float(index % 13) * 0.001 + (index.isMultiple(of: 5) ? -1e-7 : 12345.678)
    }

    private static func plainEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = APICoders.iso8601.encoder.outputFormatting
        return encoder
    }

    @Test func anArrayOf1536FloatsEncodesAsJSONEncoderEncodesIt() throws {
        let encoded = try APICoders.iso8601.encoder.encode(Self.vector)
        #expect(encoded == (try Self.plainEncoder().encode(Self.vector)))
        #expect(try JSONDecoder().decode([Float].self, from: encoded) == Self.vector)
    }

    @Test func primitivesInsideAModelPassThroughAndItsUUIDIsStillLowerCase() throws {
        let id = UUID(uuidString: "5E3F2C1A-9B8D-4E7F-A6B5-C4D3E2F1A0B9")!
        let value = Embedding(id: id, vector: Self.vector, scores: ["a": 0.5, "b": -2], labels: ["x", "y"])
        let text = String(decoding: try APICoders.iso8601.encoder.encode(value), as: UTF8.self)
        var upper = String(decoding: try Self.plainEncoder().encode(value), as: UTF8.self)
        upper = upper.replacingOccurrences(of: id.uuidString, with: id.uuidString.lowercased())
        #expect(text == upper)
        #expect(text.contains("\"5e3f2c1a-9b8d-4e7f-a6b5-c4d3e2f1a0b9\""))
        #expect(try JSONDecoder().decode(Embedding.self, from: Data(text.utf8)) == value)
    }
}
