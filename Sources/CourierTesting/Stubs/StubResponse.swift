import Courier
import Foundation
import HTTPTypes

/// What a stub answers: a status with headers and a body (JSON text, an `Encodable` value, a file's
/// contents, raw bytes), a thrown `NetworkError`, or whatever a closure decides from the
/// request — optionally after a delay on the stub's clock.
///
/// ```swift
/// let stubs = StubTransport()
///     .stub(.get, "/articles", with: .json("[]"))
///     .stub(.get, "/articles/{id}", with: .contentsOfFile(fixtureURL))
///     .stub(.post, "/articles", with: .status(503).delayed(by: .seconds(2)))
/// ```
public struct StubResponse: Sendable {
    enum Reply: Sendable {
        case bytes(Data)
        case encodable(@Sendable (JSONEncoder) throws -> Data)
        case file(URL)
        case failure(NetworkError)
        case handler(@Sendable (StubbedRequest) async throws -> StubResponse)
    }

    let reply: Reply
    /// The status code the stub answers with.
    public var status: Int
    /// The header fields the stub answers with.
    public var headers: [String: String]
    /// How long the stub waits on its clock before answering.
    public var delay: Duration?

    init(reply: Reply, status: Int, headers: [String: String]) {
        self.reply = reply
        self.status = status
        self.headers = headers
    }

    /// JSON text, with `Content-Type: application/json` (Bow's `stub(json: "[]", code: 200)`).
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(reply: .bytes(Data(text.utf8)), status: status, headers: headers.adding(contentType: "application/json"))
    }

    /// `value` encoded as JSON by the encoder of the request's client (or a default one).
    public static func json(encoding value: some Encodable & Sendable, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(reply: .encodable { encoder in try encoder.encode(value) }, status: status, headers: headers.adding(contentType: "application/json"))
    }

    /// The contents of a file, read when the stub answers (Bow's `stub(contentsOfFile:code:)`); its
    /// `Content-Type` is guessed from the extension unless given.
    public static func contentsOfFile(_ url: URL, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        let type = url.pathExtension.lowercased() == "json" ? "application/json" : "application/octet-stream"
        return StubResponse(reply: .file(url), status: status, headers: headers.adding(contentType: type))
    }

    /// Raw bytes.
    public static func data(_ data: Data, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(reply: .bytes(data), status: status, headers: headers)
    }

    /// A status and headers with no body.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
        StubResponse(reply: .bytes(Data()), status: status, headers: headers)
    }

    /// No response: the request fails with `error`, as a transport failure would.
    public static func failure(_ error: NetworkError) -> StubResponse {
        StubResponse(reply: .failure(error), status: 0, headers: [:])
    }

    /// No response: the request fails with a `NetworkError` of `kind`.
    public static func failure(_ kind: NetworkError.Kind) -> StubResponse {
        failure(NetworkError(kind, message: "a stub failed the request with \(kind)."))
    }

    /// Whatever `respond` returns for the request it is shown (with its path parameters and body).
    public static func handler(_ respond: @escaping @Sendable (StubbedRequest) async throws -> StubResponse) -> StubResponse {
        StubResponse(reply: .handler(respond), status: 0, headers: [:])
    }

    /// This response, sent after waiting `delay` on the stub's clock.
    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }
}

extension [String: String] {
    func adding(contentType: String) -> [String: String] {
        keys.contains { $0.lowercased() == "content-type" } ? self : merging(["Content-Type": contentType]) { mine, _ in mine }
    }
}
