import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Testing

/// The transports the publishers are tested over: cancelling a subscription must reach the socket
/// through either.
enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"

    var testDescription: String { rawValue }

    /// Runs `body` with a client of this kind aimed at a fresh test server, shutting both down after.
    func withClient<T: Sendable>(_ body: (Client, TestServer) async throws -> T) async throws -> T {
        try await TestServer.withRunning { server in
            switch self {
            case .urlSession:
                return try await body(Client(transport: URLSessionTransport()).targeting(server.server), server)
            case .asyncHTTPClient:
                let transport = AsyncHTTPClientTransport()
                do {
                    let result = try await body(Client(transport: transport).targeting(server.server), server)
                    try await transport.shutdown()
                    return result
                } catch {
                    try? await transport.shutdown()
                    throw error
                }
            }
        }
    }
}
