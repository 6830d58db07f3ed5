import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

@Suite("Numbering")
struct NumberingTests {
    @Test("requests are numbered 1, 2, 3 per numbering client; inner layers and the response see the number")
    func sequential() async throws {
        let transport = RecordingTransport()
        let client = Client(transport: transport).numbered()
        let other = Client(transport: transport).numbered()
        var numbers: [Int?] = []
        for _ in 0..<3 {
            numbers.append(try await client.send(try itemsRequest()).request.options.number)
        }
        numbers.append(try await other.send(try itemsRequest()).request.options.number)
        #expect(numbers == [1, 2, 3, 1])
        #expect(transport.requests.map(\.options.number) == [1, 2, 3, 1])
    }

    @Test("concurrent requests get distinct numbers with no gaps")
    func concurrent() async throws {
        let client = Client(transport: RecordingTransport()).numbered()
        let numbers = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<200 {
                group.addTask { try await client.send(try itemsRequest()).request.options.number }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1 ?? 0) }
        }
        #expect(numbers.sorted() == Array(1...200))
    }

    @Test("every attempt of a retried request shares its number; an outer numbering layer wins")
    func sharedByAttempts() async throws {
        let transport = RecordingTransport { stubResponse(503, for: $0) }
        let client = Client(transport: transport).numbered().retrying(.immediate(maxAttempts: 3)).numbered()
        _ = try await client.send(try itemsRequest())
        _ = try await client.send(try itemsRequest())
        #expect(transport.requests.map(\.options.number) == [1, 1, 1, 2, 2, 2])
    }

    @Test("the number shows in a printed request, response and error")
    func printed() async throws {
        let client = Client(transport: RecordingTransport { _ in throw NetworkError(.timedOut) }).numbered()
        _ = try? await client.send(try itemsRequest())
        let error = await #expect(throws: NetworkError.self) { try await client.send(try itemsRequest()) }
        #expect(error?.description.contains("request:  #2 GET https://api.example.com/items") == true)
        #expect(error?.description.contains("number:   #2") == true)
    }
}
