import Courier
import CourierAsyncHTTPClient
import CourierTesting
import Foundation

/// Starts the test server with `fixtures`, runs `body` with a client over AsyncHTTPClient (the Linux
/// transport) and the server, and shuts both down. The client has no ``Server``: pipelines build
/// absolute URLs from ``TestServer/baseURL``, as FunNetworking's examples do.
func withClient<T: Sendable>(
    fixtures: [String: TestServer.Fixture] = [:],
    _ body: (Client, TestServer) async throws -> T
) async throws -> T {
    try await TestServer.withRunning(fixtures: fixtures) { server in
        let transport = AsyncHTTPClientTransport()
        do {
            let result = try await body(Client(transport: transport), server)
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }
}

/// Runs blocking `work` on a thread of its own, never on one of the concurrency pool's threads, and
/// returns its result: the only safe place for ``Call/unsafeRun()`` inside an async test.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// The error a call failed with, or `nil` when it succeeded.
func failure<T>(of call: Call<T>) async -> NetworkError? {
    guard case .failure(let error) = await call.result() else { return nil }
    return error as? NetworkError
}
