import Foundation
import HTTPTypes

/// A relative request and how to turn its response into a `Value`.
///
/// Endpoints know nothing of servers or transports: the same value runs against production, staging or
/// a stub. Declare them as static members in constrained extensions so call sites read naturally:
///
/// ```swift
/// struct Article: Codable, Sendable { var id: Int; var title: String }
///
/// extension Endpoint where Value == [Article] {
///     static func articles(tag: String) -> Self {
///         Endpoint(path: "/articles", query: [URLQueryItem(name: "tag", value: tag)])
///     }
/// }
///
/// let articles = try await client.send(.articles(tag: "swift"))
/// ```
///
/// Ready-made initializers decode `Decodable` values from JSON and return `Data`, `String` or nothing
/// (`Endpoint<Void>`); ``init(method:path:query:headers:body:accepting:options:decode:)`` takes any
/// decoding function. Each also takes its query as an `Encodable` value or a dictionary, named and written
/// by a ``FormURLEncoder``: `Endpoint<[Article]>(path: "/search", query: ["q": "swift", "page": 2])`.
public struct Endpoint<Value>: Sendable {
    /// The request method.
    public var method: HTTPRequest.Method
    /// The path, relative to the ``Server``'s base path.
    public var path: RequestPath
    /// Query items, each name and value percent-encoded as data; an `Encodable` or dictionary query given to
    /// an initializer is here as the items it encoded to.
    public var query: [URLQueryItem]
    /// Header fields, checked (no CR/LF) when the request is built.
    public var headers: [String: String]
    /// The request body.
    public var body: EndpointBody
    /// The statuses that count as success; others fail with
    /// ``NetworkError/Kind/unacceptableStatus(_:)``.
    public var acceptableStatus: AcceptableStatus
    /// Per-request settings (timeout, body limit, …) for this endpoint's requests.
    public var options: RequestOptions
    /// A JSON decoder for this endpoint only; `nil` uses the client's.
    public var decoder: JSONDecoder?
    /// A JSON encoder for this endpoint's body only; `nil` uses the client's.
    public var encoder: JSONEncoder?

    let decode: @Sendable (EndpointResponse) throws -> Value
    /// Whether `decode` reads ``EndpointResponse/decoder``: not for the `Data`, `String` and `Void`
    /// endpoints, which then are handed no decoder (see ``EndpointResponse``).
    var readsDecoder = true
    /// Why an `Encodable` or dictionary query could not be encoded (Endpoint+Query.swift), thrown by
    /// ``makeRequest(encoder:)``.
    ///
    /// NOTE: kept rather than thrown by the initializer, which endpoints are built with as expressions
    /// (`static func search(…) -> Self { Endpoint(…) }`); it stays when items are added to ``query`` later, so
    /// the failure is never lost, and ``map(_:)`` carries it.
    var queryFailure: NetworkError? {
        get { failureBox?.error }
        set { failureBox = newValue.map(FailureBox.init) }
    }
    /// NOTE: boxed: a `NetworkError` takes hundreds of bytes (it has room for a request and a response), which
    /// every endpoint would carry and copy while almost none has a failure; boxed, it is one nil pointer.
    private var failureBox: FailureBox?

    /// Creates an endpoint with its own decoding function.
    ///
    /// ```swift
    /// let length = Endpoint<Int>(path: "/bytes/64") { response in response.data.count }
    /// ```
    public init(
        method: HTTPRequest.Method = .get,
        path: RequestPath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: EndpointBody = .none,
        accepting acceptableStatus: AcceptableStatus = .successful,
        options: RequestOptions = RequestOptions(),
        decode: @escaping @Sendable (EndpointResponse) throws -> Value
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.acceptableStatus = acceptableStatus
        self.options = options
        self.decode = decode
    }

    /// The relative request this endpoint describes.
    ///
    /// - Parameter fallbackEncoder: the encoder for a JSON body when the endpoint has none of its own;
    ///   `nil` uses Courier's default (keys sorted).
    /// - Throws: ``NetworkError`` of kind ``NetworkError/Kind/invalidHeader(name:)``, or
    ///   ``NetworkError/Kind/encodingFailed`` when the body or an `Encodable` query cannot be encoded.
    public func makeRequest(encoder fallbackEncoder: JSONEncoder? = nil) throws -> ClientRequest {
        if let queryFailure {
            throw queryFailure
        }
        var request = try ClientRequest(method, path: path, query: query, headers: headers, options: options)
        let encoded = try body.encode { encoder ?? fallbackEncoder ?? JSONCoders.defaultEncoder }
        request.body = encoded.body
        if let contentType = encoded.contentType, request.head.headerFields[.contentType] == nil {
            request.head.headerFields[.contentType] = contentType
        }
        return request
    }

    /// A copy of this endpoint that decodes its response with `transform` applied to the value.
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) throws -> NewValue) -> Endpoint<NewValue> {
        let decode = self.decode
        var mapped = Endpoint<NewValue>(
            method: method, path: path, query: query, headers: headers, body: body,
            accepting: acceptableStatus, options: options
        ) { response in try transform(decode(response)) }
        mapped.decoder = decoder
        mapped.encoder = encoder
        mapped.readsDecoder = readsDecoder
        mapped.failureBox = failureBox
        return mapped
    }
}

/// A failure an endpoint keeps for ``Endpoint/makeRequest(encoder:)``, behind one reference.
private final class FailureBox: Sendable {
    let error: NetworkError

    init(_ error: NetworkError) {
        self.error = error
    }
}

/// What an endpoint's decoding function receives: the collected body, the response and the decoder to use.
public struct EndpointResponse: Sendable {
    /// The whole response body.
    public let data: Data
    /// The response head and the request that produced it.
    public var response: ClientResponse {
        // Present until the client takes it back, after decoding (see `takeResponse`).
        guard let lent else { preconditionFailure("EndpointResponse: the response was already taken back") }
        return lent
    }

    /// NOTE: optional so that the client can move the response back out after decoding instead of
    /// copying it: a copy counts references to the response's head, which the hits on a cached response
    /// share between threads (Benchmarks/load, the cache hit at 64 concurrent requests).
    private var lent: ClientResponse?
    /// The JSON decoder chosen for this endpoint (its own, else its client's).
    public var decoder: JSONDecoder { chosenDecoder ?? JSONCoders.defaultDecoder }

    /// `nil` when the endpoint's decoding never reads it.
    ///
    /// NOTE: the client's decoder is one object shared by every request, and holding it from every
    /// thread that decodes a response counts references to it across cores (Benchmarks/load, the cache
    /// hit at 64 concurrent requests); an endpoint returning bytes, text or nothing does not need it.
    private let chosenDecoder: JSONDecoder?

    init(data: Data, response: ClientResponse, decoder: JSONDecoder?) {
        self.data = data
        lent = response
        chosenDecoder = decoder
    }

    /// The response, moved out of the value, which ends with it.
    consuming func takeResponse() -> ClientResponse {
        guard let response = lent.take() else { preconditionFailure("EndpointResponse: the response was already taken back") }
        return response
    }
}
