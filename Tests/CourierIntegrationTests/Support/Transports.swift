import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The transports every conformance case runs against.
enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh transport of this kind, shutting it down afterwards.
    func with<T: Sendable>(
        // AsyncHTTPClient counts a request's wait for a pooled connection against the connect timeout.
        // The whole suite runs at once on two cores, so a test's 100 queued requests may wait longer
        // than the 10 s default without anything being wrong; tests of the timeout itself set their own.
        asyncHTTPClient configuration: AsyncHTTPClientTransport.Configuration = .init(connectTimeout: .seconds(120)),
        _ body: (any Transport) async throws -> T
    ) async throws -> T {
        switch self {
        case .urlSession:
            return try await body(URLSessionTransport())
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            do {
                let result = try await body(transport)
                try await transport.shutdown()
                return result
            } catch {
                try? await transport.shutdown()
                throw error
            }
        }
    }

    /// A transport of this kind that nothing else references and nobody shuts down: it goes when its last user
    /// lets go (what a one-off `Client(transport: URLSessionTransport())` does).
    func makeOneOff() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }
}
