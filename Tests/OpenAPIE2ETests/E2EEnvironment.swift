import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The URLs of the Python servers `scripts/openapi-e2e/start.sh` started, and whether a missing one is a failure.
///
/// The README's test command (`scripts/test.sh`) and CI always source `start.sh`, which exports both URLs. A bare
/// `swift test` without them skips these suites, unless `CI` or `COURIER_REQUIRE_E2E` is set: then each test runs and
/// fails at once, saying which variable is missing (a CI run that silently skipped them would prove nothing).
enum E2EEnvironment {
    static var httpbin: String? { variable("HTTPBIN_URL") }
    static var petShop: String? { variable("PETSHOP_URL") }
    /// aiohttp's decoding echo (Tests/OpenAPIE2E/decoding_echo.py), for request compression.
    static var decodingEcho: String? { variable("DECODING_ECHO_URL") }

    /// Whether the end-to-end tests must run: set in CI, or by hand with `COURIER_REQUIRE_E2E=1`.
    static var isRequired: Bool { variable("CI") != nil || variable("COURIER_REQUIRE_E2E") != nil }

    /// The server at `HTTPBIN_URL`, or a failure naming the variable.
    static func httpbinServer() throws -> Server {
        try server(httpbin, variable: "HTTPBIN_URL")
    }

    /// The server at `PETSHOP_URL`, or a failure naming the variable.
    static func petShopServer() throws -> Server {
        try server(petShop, variable: "PETSHOP_URL")
    }

    /// The server at `DECODING_ECHO_URL`, or a failure naming the variable.
    static func decodingEchoServer() throws -> Server {
        try server(decodingEcho, variable: "DECODING_ECHO_URL")
    }

    private static func server(_ url: String?, variable name: String) throws -> Server {
        let url = try #require(url, "\(name) is not set: run `source scripts/openapi-e2e/start.sh` first (scripts/test.sh does)")
        return try Server(url: url)
    }

    private static func variable(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}

/// The request heads and buffered bodies a ``RecordingTransport`` passed on, in order.
actor RequestRecorder {
    /// One request as it went to the wire.
    struct Recorded: Sendable {
        /// The request target: path and percent-encoded query, exactly as sent.
        var target: String
        /// The header fields by lowercased name; repeated fields joined with `, `.
        var headers: [String: String]
        /// The body bytes, when the body can be read twice (JSON, form and multipart bodies can).
        var body: Data?

        /// The body as UTF-8 text.
        var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }
    }

    private(set) var requests: [Recorded] = []

    func record(_ request: Recorded) {
        requests.append(request)
    }

    /// The one request sent so far.
    func only() throws -> Recorded {
        try #require(requests.count == 1, "expected one request, sent \(requests.count)")
        return requests[0]
    }
}

/// A real `AsyncHTTPClientTransport` that remembers what it was handed: the servers echo what they *decoded*, the
/// recording pins the exact target and body bytes Courier built (the transport only frames them; where its
/// framing matters, as for `Cookie`, the tests assert the server's echo).
struct RecordingTransport: Transport {
    let base: AsyncHTTPClientTransport
    let recorder: RequestRecorder

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        var headers: [String: String] = [:]
        for field in request.head.headerFields {
            let name = field.name.canonicalName
            // `HTTPFields` keeps each cookie of a `Cookie` header as a field of its own (HTTP/2's crumbling);
            // joined with `; ` they are the header's value.
            let separator = name == "cookie" ? "; " : ", "
            headers[name] = headers[name].map { $0 + separator + field.value } ?? field.value
        }
        var body: Data?
        if request.body.isReplayable {
            var bytes = Data()
            for try await chunk in try request.body.chunks() {
                bytes += chunk
            }
            body = bytes
        }
        await recorder.record(.init(target: request.head.path ?? "", headers: headers, body: body))
        return try await base.send(request)
    }
}

/// Runs `body` with a real client aimed at `server` and the recorder of what it sent; shuts the transport down after.
func withE2EClient<T>(
    _ server: Server,
    _ body: (Client, RequestRecorder) async throws -> T
) async throws -> T {
    let transport = AsyncHTTPClientTransport()
    let recorder = RequestRecorder()
    let client = Client(transport: RecordingTransport(base: transport, recorder: recorder)).targeting(server)
    do {
        let result = try await body(client, recorder)
        try await transport.shutdown()
        return result
    } catch {
        try? await transport.shutdown()
        throw error
    }
}

/// The error `operation` throws, as a `NetworkError`; a failure when it succeeds or throws something else.
func networkError<T>(_ operation: () async throws -> T) async throws -> NetworkError {
    do {
        let value = try await operation()
        Issue.record("expected a NetworkError, got the value \(value)")
        throw CancellationError()
    } catch let error as NetworkError {
        return error
    }
}
