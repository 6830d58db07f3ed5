import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import OpenAPIAsyncHTTPClient
@_spi(Generated) import OpenAPIRuntime

// `openapi-ahc`: Apple's OpenAPI stack over AsyncHTTPClient, as an app with a swift-openapi-generator client has
// it, with the four layers `courier-four` stacks written as `ClientMiddleware`s.
//
// `ItemAPI` is what swift-openapi-generator 1.14.3 writes (`--mode types --mode client --access-modifier internal`,
// as scripts/regenerate-apple-client.sh runs it; compare Tests/CourierOpenAPITests/AppleGenerated) for a document
// with one operation:
//
//     /item.json:
//       get:
//         operationId: getItem
//         parameters: [{ name: q, in: query, required: true, schema: { type: integer } }]
//         responses:
//           '200': { content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
//
// written by hand, not generated, so the benchmark builds without the generator's plugin. Two changes from the
// generator's output, neither of which changes what runs: the types are nested in `ItemAPI` (the generator's
// top-level `Client` would hide Courier's `Client` from the rest of this module), and the doc comments are shorter.

/// The generated client of the one-operation document above (see the comment at the top of this file).
enum ItemAPI {
    /// A type that performs HTTP operations defined by the OpenAPI document.
    protocol APIProtocol: Sendable {
        /// - Remark: HTTP `GET /item.json`.
        /// - Remark: Generated from `#/paths//item.json/get(getItem)`.
        func getItem(_ input: Operations.getItem.Input) async throws -> Operations.getItem.Output
    }

    /// Types generated from the components section of the OpenAPI document.
    enum Components {
        /// Types generated from the `#/components/schemas` section of the OpenAPI document.
        enum Schemas {
            /// The 1,020-byte document nginx serves: the harness's ``Item`` as the generator writes a schema.
            ///
            /// - Remark: Generated from `#/components/schemas/Item`.
            struct Item: Codable, Hashable, Sendable {
                var id: Swift.Int
                var name: Swift.String
                var price: Swift.Double
                var inStock: Swift.Bool
                var tags: [Swift.String]
                var description: Swift.String

                init(id: Swift.Int, name: Swift.String, price: Swift.Double, inStock: Swift.Bool, tags: [Swift.String], description: Swift.String) {
                    self.id = id
                    self.name = name
                    self.price = price
                    self.inStock = inStock
                    self.tags = tags
                    self.description = description
                }

                enum CodingKeys: String, CodingKey {
                    case id
                    case name
                    case price
                    case inStock
                    case tags
                    case description
                }
            }
        }
    }

    /// API operations, with input and output types, generated from `#/paths` in the OpenAPI document.
    enum Operations {
        /// - Remark: HTTP `GET /item.json`.
        /// - Remark: Generated from `#/paths//item.json/get(getItem)`.
        enum getItem {
            static let id: Swift.String = "getItem"
            struct Input: Sendable, Hashable {
                /// - Remark: Generated from `#/paths/item.json/GET/query`.
                struct Query: Sendable, Hashable {
                    /// - Remark: Generated from `#/paths/item.json/GET/query/q`.
                    var q: Swift.Int
                    init(q: Swift.Int) {
                        self.q = q
                    }
                }
                var query: Operations.getItem.Input.Query
                /// - Remark: Generated from `#/paths/item.json/GET/header`.
                struct Headers: Sendable, Hashable {
                    var accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.getItem.AcceptableContentType>]
                    init(accept: [OpenAPIRuntime.AcceptHeaderContentType<Operations.getItem.AcceptableContentType>] = .defaultValues()) {
                        self.accept = accept
                    }
                }
                var headers: Operations.getItem.Input.Headers
                init(
                    query: Operations.getItem.Input.Query,
                    headers: Operations.getItem.Input.Headers = .init()
                ) {
                    self.query = query
                    self.headers = headers
                }
            }
            enum Output: Sendable, Hashable {
                struct Ok: Sendable, Hashable {
                    /// - Remark: Generated from `#/paths/item.json/GET/responses/200/content`.
                    enum Body: Sendable, Hashable {
                        /// - Remark: Generated from `#/paths/item.json/GET/responses/200/content/application\/json`.
                        case json(Components.Schemas.Item)
                        /// The associated value of the enum case if `self` is `.json`.
                        ///
                        /// - Throws: An error if `self` is not `.json`.
                        var json: Components.Schemas.Item {
                            get throws {
                                switch self {
                                case let .json(body):
                                    return body
                                }
                            }
                        }
                    }
                    /// Received HTTP response body
                    var body: Operations.getItem.Output.Ok.Body
                    init(body: Operations.getItem.Output.Ok.Body) {
                        self.body = body
                    }
                }
                /// HTTP response code: `200 ok`.
                case ok(Operations.getItem.Output.Ok)
                /// The associated value of the enum case if `self` is `.ok`.
                ///
                /// - Throws: An error if `self` is not `.ok`.
                var ok: Operations.getItem.Output.Ok {
                    get throws {
                        switch self {
                        case let .ok(response):
                            return response
                        default:
                            try throwUnexpectedResponseStatus(
                                expectedStatus: "ok",
                                response: self
                            )
                        }
                    }
                }
                /// Undocumented response.
                ///
                /// A response with a code that is not documented in the OpenAPI document.
                case undocumented(statusCode: Swift.Int, OpenAPIRuntime.UndocumentedPayload)
            }
            enum AcceptableContentType: AcceptableProtocol {
                case json
                case other(Swift.String)
                init?(rawValue: Swift.String) {
                    switch rawValue.lowercased() {
                    case "application/json":
                        self = .json
                    default:
                        self = .other(rawValue)
                    }
                }
                var rawValue: Swift.String {
                    switch self {
                    case let .other(string):
                        return string
                    case .json:
                        return "application/json"
                    }
                }
                static var allCases: [Self] {
                    [
                        .json
                    ]
                }
            }
        }
    }

    /// The generated client: each operation serializes its input into an `HTTPRequest`, hands it to OpenAPIRuntime's
    /// `UniversalClient` (middlewares, then the transport) and deserializes the response.
    struct Client: APIProtocol {
        /// The underlying HTTP client.
        private let client: UniversalClient
        /// Creates a new client.
        /// - Parameters:
        ///   - serverURL: The server URL that the client connects to.
        ///   - configuration: A set of configuration values for the client.
        ///   - transport: A transport that performs HTTP operations.
        ///   - middlewares: A list of middlewares to call before the transport.
        init(
            serverURL: Foundation.URL,
            configuration: Configuration = .init(),
            transport: any ClientTransport,
            middlewares: [any ClientMiddleware] = []
        ) {
            self.client = .init(
                serverURL: serverURL,
                configuration: configuration,
                transport: transport,
                middlewares: middlewares
            )
        }
        private var converter: Converter {
            client.converter
        }
        /// - Remark: HTTP `GET /item.json`.
        /// - Remark: Generated from `#/paths//item.json/get(getItem)`.
        func getItem(_ input: Operations.getItem.Input) async throws -> Operations.getItem.Output {
            try await client.send(
                input: input,
                forOperation: Operations.getItem.id,
                serializer: { input in
                    let path = try converter.renderedPath(
                        template: "/item.json",
                        parameters: []
                    )
                    var request: HTTPTypes.HTTPRequest = .init(
                        soar_path: path,
                        method: .get
                    )
                    suppressMutabilityWarning(&request)
                    try converter.setQueryItemAsURI(
                        in: &request,
                        style: .form,
                        explode: true,
                        name: "q",
                        value: input.query.q
                    )
                    converter.setAcceptHeader(
                        in: &request.headerFields,
                        contentTypes: input.headers.accept
                    )
                    return (request, nil)
                },
                deserializer: { response, responseBody in
                    switch response.status.code {
                    case 200:
                        let contentType = converter.extractContentTypeIfPresent(in: response.headerFields)
                        let body: Operations.getItem.Output.Ok.Body
                        let chosenContentType = try converter.bestContentType(
                            received: contentType,
                            options: [
                                "application/json"
                            ]
                        )
                        switch chosenContentType {
                        case "application/json":
                            body = try await converter.getResponseBodyAsJSON(
                                Components.Schemas.Item.self,
                                from: responseBody,
                                transforming: { value in
                                    .json(value)
                                }
                            )
                        default:
                            preconditionFailure("bestContentType chose an invalid content type.")
                        }
                        return .ok(.init(body: body))
                    default:
                        return .undocumented(
                            statusCode: response.status.code,
                            .init(
                                headerFields: response.headerFields,
                                body: responseBody
                            )
                        )
                    }
                }
            )
        }
    }
}

/// Convenience overloads for operation inputs.
extension ItemAPI.APIProtocol {
    /// - Remark: HTTP `GET /item.json`.
    /// - Remark: Generated from `#/paths//item.json/get(getItem)`.
    func getItem(
        query: ItemAPI.Operations.getItem.Input.Query,
        headers: ItemAPI.Operations.getItem.Input.Headers = .init()
    ) async throws -> ItemAPI.Operations.getItem.Output {
        try await getItem(ItemAPI.Operations.getItem.Input(
            query: query,
            headers: headers
        ))
    }
}

// MARK: - The client the harness measures

/// `openapi-ahc`: ``ItemAPI/Client`` over swift-openapi-async-http-client's `AsyncHTTPClientTransport`, its
/// `HTTPClient` pooled as `--pool` says (and otherwise AsyncHTTPClient's defaults, tracing on, as `raw-ahc-json`),
/// with the four layers of `courier-four` as `ClientMiddleware`s. The array is in `courier-four`'s order, outermost
/// first (`UniversalClient` wraps the transport in the last middleware first, so the first is outermost; Courier
/// writes the same stack innermost first): the bearer token, the metrics, the retries, the log lines of each attempt.
enum OpenAPIItemClient {
    static func make(_ options: LoadOptions) throws -> (exchange: Exchange, shutdown: @Sendable () async throws -> Void) {
        guard let serverURL = URL(string: options.url) else { throw LoadError(message: "not a URL: \(options.url)") }
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = options.pool
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var logger = Logger(label: "load") { _ in DiscardingLogHandler() }
        logger.logLevel = .info
        let metrics = RequestMetricHandles(factory: CountingMetrics())
        let client = ItemAPI.Client(
            serverURL: serverURL,
            transport: AsyncHTTPClientTransport(configuration: .init(client: httpClient)),
            middlewares: [
                BearerMiddleware(token: "benchmark-token"),
                MetricsMiddleware(handles: metrics),
                RetryMiddleware(maxAttempts: HandwrittenClient.maxAttempts, handles: metrics),
                LoggingMiddleware(logger: logger),
            ]
        )
        return ({ index in
            switch try await client.getItem(query: .init(q: index)) {
            case .ok(let ok):
                return try ok.body.json.description.utf8.count
            case .undocumented(let statusCode, _):
                // Only 200 is documented: any other status lands here, and is refused as the other clients do.
                try LoadClient.expectOK(statusCode)
                throw LoadError(message: "the server answered \(statusCode), which the document does not describe")
            }
        }, { try await httpClient.shutdown() })
    }
}

private extension HTTPRequest {
    /// The URL the log lines show: a `ClientMiddleware` must put it together from `baseURL` and the request's path
    /// and query (the generated request carries no scheme or authority).
    func absoluteURL(on baseURL: URL) -> String {
        baseURL.absoluteString + (path ?? "")
    }
}

private extension URL {
    /// `127.0.0.1:PORT`, as Courier's `request.head.authority`: the `host` dimension.
    var authorityForMetrics: String {
        let name = host() ?? ""
        return port.map { "\(name):\($0)" } ?? name
    }
}

/// The number of the attempt a request is on, for the log lines: the retry middleware sets it for the attempts after
/// the first, the logging middleware inside it reads it (a middleware can hand its inner ones nothing else but the
/// request). Courier's layers read the same from `request.options.attempt`.
enum RequestAttempt {
    @TaskLocal static var number: Int = 1
}

/// `.authorizing(with: .bearer("benchmark-token"))` as a `ClientMiddleware`: sets `Authorization` on every request.
struct BearerMiddleware: ClientMiddleware {
    let value: String

    init(token: String) {
        value = "Bearer \(token)"
    }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = value
        return try await next(request, body, baseURL)
    }
}

/// `.reportingMetrics(to:)` as a `ClientMiddleware`: the in-flight meter, the requests counter and the duration timer
/// with Courier's labels and dimensions, into the handles ``RequestMetricHandles`` keeps.
///
/// NOTE: it records when the response head arrives, not when the body has been read as Courier does: a
/// `ClientMiddleware` hands the body on unread (the generated deserializer reads it after every middleware has
/// returned), and seeing its end would mean wrapping the stream, which middleware written for OpenAPIRuntime does
/// not do. The same holds for ``LoggingMiddleware``'s end line.
struct MetricsMiddleware: ClientMiddleware {
    let handles: RequestMetricHandles

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let route = RequestMetricHandles.Route(method: request.method.rawValue, host: baseURL.authorityForMetrics)
        let inFlight = handles.inFlight(route)
        inFlight.increment()
        defer { inFlight.decrement() }
        let start = ContinuousClock.now
        let response: HTTPResponse
        let responseBody: HTTPBody?
        do {
            (response, responseBody) = try await next(request, body, baseURL)
        } catch {
            handles.record(route, statusClass: "error", elapsed: start.duration(to: .now), failure: "\(type(of: error))")
            throw error
        }
        handles.record(route, statusClass: RequestMetricHandles.statusClass(response.status.code), elapsed: start.duration(to: .now))
        return (response, responseBody)
    }
}

/// `.retrying(.default)` as a `ClientMiddleware`: another attempt after a thrown error or a 5xx, at most
/// `maxAttempts` in all, after a backoff as the default policy's (exponential from 200 ms, with full jitter). A
/// request body that can be iterated only once is never sent again (GET has none). Counts each retry, as Courier's
/// metrics layer outside the retries does.
struct RetryMiddleware: ClientMiddleware {
    let maxAttempts: Int
    let handles: RequestMetricHandles

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let resendable = body.map { $0.iterationBehavior == .multiple } ?? true
        var attempt = 1
        while true {
            do {
                let (response, responseBody) = try await send(attempt: attempt) { try await next(request, body, baseURL) }
                guard response.status.kind == .serverError, attempt < maxAttempts, resendable else {
                    return (response, responseBody)
                }
                // The answer is dropped for another attempt: read it to its end, so its connection goes back.
                if let responseBody {
                    for try await _ in responseBody {}
                }
            } catch where attempt < maxAttempts && resendable && !(error is CancellationError) {
                // Retried below.
            }
            handles.recordRetry(RequestMetricHandles.Route(method: request.method.rawValue, host: baseURL.authorityForMetrics))
            let ceiling = 200 << (attempt - 1)
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...ceiling)))
            attempt += 1
        }
    }

    /// Runs `attempt` with its number set for the middlewares inside; the first attempt leaves the task-local alone
    /// (its default is 1), so a request that is never retried pays nothing for it.
    private func send(
        attempt: Int,
        _ operation: () async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if attempt == 1 {
            return try await operation()
        }
        return try await RequestAttempt.$number.withValue(attempt) { try await operation() }
    }
}

/// `.logging(to:)` as a `ClientMiddleware`: the same start line and end line, with the same metadata, through the
/// same logger; the failure line at error.
///
/// NOTE: the end line is written when the response head arrives, and its byte count is the `Content-Length` the
/// body declares (nginx sends one); Courier writes it when the body has been read, with the bytes read. See
/// ``MetricsMiddleware``.
struct LoggingMiddleware: ClientMiddleware {
    let logger: Logger

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let attempt = RequestAttempt.number
        let text = "\(request.method.rawValue) \(request.absoluteURL(on: baseURL))"
        let metadata: Logger.Metadata = ["http.method": .string(request.method.rawValue), "http.attempt": .string(String(attempt))]
        logger.info("--> \(text)\(attempt > 1 ? " (attempt \(attempt))" : "")", metadata: metadata)
        let start = ContinuousClock.now
        let response: HTTPResponse
        let responseBody: HTTPBody?
        do {
            (response, responseBody) = try await next(request, body, baseURL)
        } catch {
            var failed = metadata
            let elapsed = start.duration(to: .now).loggedMilliseconds
            failed["duration_ms"] = .string(elapsed)
            failed["error.kind"] = .string("\(type(of: error))")
            logger.error("<-- failed \(text) after \(elapsed) ms: \(error)", metadata: failed)
            throw error
        }
        let elapsed = start.duration(to: .now).loggedMilliseconds
        let bytes: Int64
        if case .known(let length) = responseBody?.length {
            bytes = length
        } else {
            bytes = 0
        }
        var ended = metadata
        ended["http.status"] = .string(String(response.status.code))
        ended["duration_ms"] = .string(elapsed)
        ended["bytes"] = .string(String(bytes))
        let status = StatusLine.text(code: response.status.code, reasonPhrase: response.status.reasonPhrase)
        logger.log(
            level: response.status.code >= 400 ? .warning : .info,
            "<-- \(status) \(text) \(elapsed) ms, \(bytes) bytes",
            metadata: ended
        )
        return (response, responseBody)
    }
}
