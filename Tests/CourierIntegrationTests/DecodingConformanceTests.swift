import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation
import Testing

/// RELIABILITY.md section D on every transport: compressed bodies are decoded once, within a limit.
@Suite("Compressed bodies on every transport", .timeLimit(.minutes(1)))
struct DecodingConformanceTests {
    static func fixture(_ name: String) throws -> TestServer.Fixture {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "gz", subdirectory: "Fixtures"))
        return TestServer.Fixture(body: try Data(contentsOf: url), headers: [
            "Content-Type": "application/octet-stream", "Content-Encoding": "gzip",
        ])
    }

    /// URLSession always decodes; AsyncHTTPClient decodes when configured to, with a ratio limit.
    static let decoding = AsyncHTTPClientTransport.Configuration(decompression: .enabled(maxRatio: 100))

    func withDecodingClient(_ kind: TransportUnderTest, _ body: (Client) async throws -> Void) async throws {
        let fixtures = ["bomb": try Self.fixture("zeros-4MiB"), "corrupt": try Self.fixture("corrupt")]
        try await TestServer.withRunning(fixtures: fixtures) { server in
            try await kind.with(asyncHTTPClient: Self.decoding) { transport in
                try await body(Client(transport: transport).targeting(server.server))
            }
        }
    }

    @Test("a decompression bomb is bodyTooLarge, stopped while decoding (D21)", arguments: TransportUnderTest.allCases)
    func bomb(_ kind: TransportUnderTest) async throws {
        try await withDecodingClient(kind) { client in
            var options = RequestOptions()
            options.maxResponseBodySize = 1024 * 1024
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<Data>(path: "/fixtures/bomb", options: options))
            }
            #expect(error?.kind == .bodyTooLarge)
        }
    }

    @Test("URLSession decodes once and drops the stale Content-Encoding and Content-Length (D21, 47)")
    func decodedOnce() async throws {
        try await withDecodingClient(.urlSession) { client in
            let (data, response) = try await client.response(Endpoint<Data>(path: "/fixtures/bomb"))
            #expect(data.count == 4 * 1024 * 1024)
            #expect(data.allSatisfy { $0 == 0 })
            #expect(response.head.headerFields[.contentEncoding] == nil)
            #expect(response.head.headerFields[.contentLength] == nil)
        }
    }

    @Test("a corrupt gzip body is an error, never garbage reported as success (D23)", arguments: TransportUnderTest.allCases)
    func corrupt(_ kind: TransportUnderTest) async throws {
        try await withDecodingClient(kind) { client in
            let error = await #expect(throws: NetworkError.self) {
                try await client.send(Endpoint<Data>(path: "/fixtures/corrupt"))
            }
            #expect(error?.kind == .invalidResponse, "\(String(describing: error))")
        }
    }
}
