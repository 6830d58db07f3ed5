import Courier
import Foundation
import HTTPTypes

/// A transport that answers from stubs instead of the network, and records every request it receives.
///
/// Routes are matched newest first, so a test can override a default stub by adding another. A request
/// that no stub matches fails with `NetworkError.Kind.transportFailed` and a message that names
/// the request and says, for every stub, why it did not match. It also fails the test that is running, at
/// the line that created the transport, even when the code under test swallows the error; a test that
/// sends such a request on purpose creates the transport with `StubTransport(unmatched: .expected)`
/// (see ``UnmatchedRequests``).
///
/// ```swift
/// let stubs = StubTransport()
///     .stub(.get, "/articles", with: .json("[]"))
///     .stub(.get, "/articles/{id}", with: .handler { request in
///         .json(#"{"id":\(request.parameters["id"]!),"title":"Stubbed"}"#)
///     })
/// let client = Client(transport: stubs).targeting(.production)
/// let articles = try await client.send(.articles(tag: "swift"))
/// #expect(stubs.requests.map(\.path) == ["/articles"])
/// ```
///
/// Delays wait on the injected clock, so a test with a test clock never sleeps.
public final class StubTransport: Transport, Sendable {
    private struct Stub: Sendable {
        let route: StubRoute
        let response: StubResponse
    }

    private let stubs = Locked<[Stub]>([])
    private let received = Locked<[StubbedRequest]>([])
    private let sleep: @Sendable (Duration) async throws -> Void
    private let encoder: JSONEncoder
    private let unmatched: UnmatchedRequests
    private let site: TestFailureSite

    /// A stub transport with no stubs.
    ///
    /// - Parameters:
    ///   - clock: the clock delays wait on.
    ///   - encoder: the encoder for ``StubResponse/json(encoding:status:headers:)`` values.
    ///   - unmatched: whether a request no stub matches also fails the running test
    ///     (``UnmatchedRequests/failsTheTest``, the default) or only throws (``UnmatchedRequests/expected``).
    ///   - fileID: the file that creates the transport, where a failure points; leave the default.
    ///   - filePath: the path of that file, for XCTest; leave the default.
    ///   - line: the line that creates the transport; leave the default.
    ///   - column: the column; leave the default.
    public init(
        clock: some Clock<Duration> = ContinuousClock(),
        encoder: JSONEncoder = JSONEncoder(),
        unmatched: UnmatchedRequests = .failsTheTest,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        sleep = { try await clock.sleep(for: $0) }
        self.encoder = encoder
        self.unmatched = unmatched
        site = TestFailureSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Adds a stub for `method` and `path` (a pattern: `{name}`, `*`, a final `**`), with query items
    /// that must be present: the `[URLQueryItem]` that ``assertRequest(_:method:path:query:headers:json:body:fileID:line:)``
    /// takes, a `nil` value matching any value (see ``StubRoute``).
    ///
    /// ```swift
    /// stubs.stub(.get, "/search", query: [URLQueryItem(name: "q", value: "swift")], with: .json(#"[]"#))
    /// ```
    @discardableResult
    public func stub(_ method: HTTPRequest.Method? = nil, _ path: String, query: [URLQueryItem], with response: StubResponse) -> StubTransport {
        stub(StubRoute(method, path, query: query), with: response)
    }

    /// Adds a stub for `method` and `path` (a pattern: `{name}`, `*`, a final `**`), with query items
    /// that must be present, in the dictionary form of earlier releases (a `nil` value: any value).
    @discardableResult
    public func stub(_ method: HTTPRequest.Method? = nil, _ path: String, query: [String: String?] = [:], with response: StubResponse) -> StubTransport {
        stub(StubRoute(method, path, query: query), with: response)
    }

    /// Adds a stub for every request `endpoint` builds (see ``StubRoute/init(_:)-(Endpoint<Value>)``).
    @discardableResult
    public func stub<Value>(_ endpoint: Endpoint<Value>, with response: StubResponse) -> StubTransport {
        stub(StubRoute(endpoint), with: response)
    }

    /// Adds a stub for `route`.
    @discardableResult
    public func stub(_ route: StubRoute, with response: StubResponse) -> StubTransport {
        stubs.withLock { $0.append(Stub(route: route, response: response)) }
        return self
    }

    /// Every request received, in order.
    public var requests: [StubbedRequest] {
        received.withLock { $0 }
    }

    /// Removes the stubs and the recorded requests.
    public func reset() {
        stubs.withLock { $0.removeAll() }
        received.withLock { $0.removeAll() }
    }

    public func send(_ request: ClientRequest) async throws -> ClientResponse {
        let body = try await Self.read(request.body)
        let candidates = stubs.withLock { $0 }
        var reasons: [String] = []
        for stub in candidates.reversed() {
            switch stub.route.match(request) {
            case .success(let parameters):
                let stubbed = StubbedRequest(request: request, body: body, parameters: parameters)
                received.withLock { $0.append(stubbed) }
                return try await answer(stub.response, to: stubbed)
            case .failure(let mismatch):
                reasons.append("  - \(stub.route): \(mismatch.reason)")
            }
        }
        received.withLock { $0.append(StubbedRequest(request: request, body: body, parameters: [:])) }
        let list = reasons.isEmpty ? "  (no stubs)" : reasons.joined(separator: "\n")
        let message = "no stub matches \(request.head.method.rawValue) \(request.head.path ?? "/"). Stubs, newest first:\n\(list)"
        if unmatched == .failsTheTest {
            // NOTE: recorded as well as thrown: the code under test may swallow the error, and then only the
            // recorded failure tells the test that it ran on a request nobody stubbed.
            site.recordFailure(message + "\n" + Self.unmatchedHint)
        }
        throw NetworkError(.transportFailed, message: message)
    }

    /// The end of the failure an unmatched request records: why it failed the test, and how to say it was meant.
    private static let unmatchedHint = "(A StubTransport fails the test on a request it has no stub for, even when the error is caught; "
        + "one that receives such requests on purpose is created with StubTransport(unmatched: .expected).)"

    private func answer(_ response: StubResponse, to request: StubbedRequest) async throws -> ClientResponse {
        if let delay = response.delay {
            try await sleep(delay)
        }
        let data: Data
        switch response.reply {
        case .bytes(let bytes):
            data = bytes
        case .encodable(let encode):
            do {
                data = try encode(encoder)
            } catch {
                throw NetworkError(.encodingFailed, message: "the stub's value could not be encoded.", underlying: error)
            }
        case .file(let url):
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw NetworkError(.transportFailed, message: "the stub's file '\(url.path)' cannot be read.", underlying: error)
            }
        case .failure(let error):
            throw error
        case .handler(let respond):
            return try await answer(try await respond(request), to: request)
        }
        guard (100...599).contains(response.status) else {
            throw NetworkError(.invalidResponse, message: "the stub's status \(response.status) is not an HTTP status.")
        }
        var fields = HTTPFields()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) {
            guard let name = HTTPField.Name(name) else {
                throw NetworkError(.invalidResponse, message: "the stub's header name '\(name)' is not valid.")
            }
            fields[name] = value
        }
        fields[.contentLength] = String(data.count)
        let head = HTTPResponse(status: HTTPResponse.Status(code: response.status), headerFields: fields)
        return ClientResponse(head: head, body: ResponseBody(data), request: request.request)
    }

    /// The body's bytes as a server would read them; a body too big for a stub is a test mistake.
    private static func read(_ body: RequestBody) async throws -> Data {
        if let data = body.bufferedData { return data }
        var data = Data()
        for try await chunk in try body.chunks() {
            data.append(chunk)
        }
        return data
    }
}
