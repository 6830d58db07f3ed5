import Courier
import Foundation
import Testing

@Suite("ResponseBody.collect")
struct ResponseBodyCollectTests {
    /// A streamed body made of `parts`.
    private func body(_ parts: [Data], length: Int64? = nil) -> ResponseBody {
        ResponseBody(length: length, chunks: BodyChunks(AsyncStream { continuation in
            for part in parts { continuation.yield(part) }
            continuation.finish()
        }))
    }

    @Test("a body in one part is that part; a slice comes back indexed from 0")
    func onePart() async throws {
        let whole = Data("abcdef".utf8)
        #expect(try await body([whole]).collect(upTo: 100) == whole)
        let slice = whole.dropFirst(2)
        let collected = try await body([slice]).collect(upTo: 100)
        #expect(collected == Data("cdef".utf8))
        #expect(collected.startIndex == 0)
        #expect(collected[0] == UInt8(ascii: "c"))
    }

    @Test("parts are joined in order, and the limit holds for the first part and for the sum")
    func parts() async throws {
        #expect(try await body([Data("ab".utf8), Data("cd".utf8), Data("e".utf8)]).collect(upTo: 5) == Data("abcde".utf8))
        #expect(try await body([]).collect(upTo: 5).isEmpty)
        let firstTooLarge = await #expect(throws: NetworkError.self) { try await body([Data(count: 6)]).collect(upTo: 5) }
        #expect(firstTooLarge?.kind == .bodyTooLarge)
        let sumTooLarge = await #expect(throws: NetworkError.self) { try await body([Data(count: 3), Data(count: 3)]).collect(upTo: 5) }
        #expect(sumTooLarge?.kind == .bodyTooLarge)
    }
}
