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
        asyncHTTPClient configuration: AsyncHTTPClientTransport.Configuration = .init(),
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
}
