// The snippets of the DocC articles in Sources/Courier/Courier.docc, kept in step with them so that they
// always compile. Each function holds one article's snippets, in the order the article shows them; the
// types of ReadmeExamples.swift (`Article`, `.articles(tag:)`, `Server.production`, `SessionTokens`,
// `TenantKey`) are reused where the articles show the same declarations.
import Courier
import CourierAsyncHTTPClient
import CourierTesting
import CourierUI
import Foundation
import Logging
import Testing

// MARK: GettingStarted.md

func gettingStartedFirstRequest() async throws {
    let client = Client(transport: URLSessionTransport())

    let response = try await client.send(ClientRequest(.get, url: "https://api.example.com/v1/articles"))
    print(response.status)                                   // 200 OK, or whatever the server said
    let articles = try await response.decode([Article].self) // the body, read within a size limit
    _ = articles
}

func gettingStartedEndpoint() async throws {
    let client = Client.standard(transport: URLSessionTransport())   // redirects, cookies, User-Agent
        .targeting(.production)

    let articles = try await client.send(.articles(tag: "swift"))   // [Article]
    _ = articles
}

func gettingStartedErrors(client: Client) async {
    do {
        let articles = try await client.send(.articles(tag: "swift"))
        print(articles.count)
    } catch let error as NetworkError {
        switch error.kind {
        case .notConnected, .timedOut: print("offline or slow: try again later")
        case .unacceptableStatus(let code): print("the server answered \(code)")
        default: print(error)            // the full diagnosis, secrets redacted
        }
    } catch {
        print(error)                     // never reached: Client throws NetworkError only
    }
}

// MARK: MiddlewareModel.md

func middlewareModelSharedBase(logger: Logger, tokens: SessionTokens) {
    let shared = Client(transport: URLSessionTransport())
        .logging(to: logger)                                // inside retry: sees every attempt
        .retrying(.exponential(base: .milliseconds(200), maxAttempts: 4))

    let articlesAPI = shared
        .authorizing(with: .bearer(tokens))                 // signs before the shared layers see it
        .targeting(.production)                             // outermost: resolves the path first

    let searchAPI = shared
        .authorizing(with: .credential(.apiKey("k-42", header: "X-Api-Key")))
        .targeting(Server(host: "search.example.com"))
    _ = (articlesAPI, searchAPI)
}

func middlewareModelOrder(logger: Logger, tokens: SessionTokens) {
    let client = Client(transport: URLSessionTransport())
        .timingOut(after: .seconds(2))                      // each attempt
        .logging(to: logger)                                // every attempt, with its number
        .retrying()
        .caching(in: MemoryCacheStore(maxBytes: 10 << 20))  // a hit never reaches retry
        .authorizing(with: .bearer(tokens))                 // outside the cache: it sees the credential
        .numbered()                                         // one number for all the attempts
        .targeting(.production)
    _ = client
}

func middlewareModelOptions() throws {
    var request = try ClientRequest(.get, path: "/reports/2024")
    request.options.timeout = .seconds(30)
    request.options.retryPolicy = .never
    request.options.cachePolicy = .reloadIgnoringCache

    var endpoint = Endpoint<[Article]>.articles(tag: "swift")
    endpoint.options.priority = .low
    _ = (request, endpoint)
}

/// Adds `X-Tenant` from the request's `tenant` option.
struct TenantHeader: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.setHeader("X-Tenant", request.options.tenant)
        return try await next(request)
    }
}

func middlewareModelCustom() async throws {
    let client = Client(transport: URLSessionTransport())
        .with(TenantHeader())
        .targeting(.production)

    var endpoint = Endpoint<[Article]>.articles(tag: "swift")
    endpoint.options.tenant = "acme"                 // X-Tenant: acme
    let articles = try await client.send(endpoint)
    _ = articles
}

/// Fails a request without a tenant with an existing kind and a message of its own.
struct RequireTenant: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard request.options.tenant != "default" else {
            throw NetworkError(.invalidHeader(name: "X-Tenant"), message: "the request names no tenant.", request: request)
        }
        return try await next(request)
    }
}

/// What the toolkit snippet's `OneAtATime` waits on: one holder at a time, the others in arrival order.
///
/// `@unchecked Sendable`: `held` and `waiters` are read and written only while `lock` is held.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        await withCheckedContinuation { continuation in
            let admitted = lock.withLock {
                guard held else {
                    held = true
                    return true
                }
                waiters.append(continuation)
                return false
            }
            if admitted { continuation.resume() }
        }
    }

    func leave() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !waiters.isEmpty else {
                held = false
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}

struct OneAtATime: Middleware {
    let gate: Gate              // yours: a Sendable class with `enter() async` and `leave()`

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        await gate.enter()
        var response: ClientResponse
        do {
            response = try await next(request)
        } catch {
            gate.leave()
            throw error
        }
        response.body = response.body.onFinish { [gate] in gate.leave() }
        return response
    }
}

struct BodyLog: Middleware {
    let logger: Logger

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var response = try await next(request)
        let status = response.status.code
        response.body = response.body.observing { [logger] bytes, ending in
            logger.info("\(request.method) \(request.head.path ?? "/"): \(status), \(bytes) bytes, \(ending)")
        }
        return response
    }
}

// MARK: BuiltInMiddleware.md

func builtInMiddlewareExamples(client: Client, tokens: SessionTokens, logger: Logger) {
    _ = client.retrying(.exponential(base: .milliseconds(200), maxAttempts: 4, jitter: true))
    _ = client.timingOut(after: .seconds(10))
    _ = client.throttled(maxConcurrent: 8, perHost: 4)
    _ = client.rateLimited(10, per: .seconds(1))
    _ = client.rateLimited(100, per: .seconds(60), perHost: true, whenExceeded: .fail)
    _ = client.removingDuplicates()
    _ = client.delayed(by: .milliseconds(800))
    _ = client.hedging(.after(.milliseconds(80)))
    _ = client.hedging(.percentile(0.95, fallback: .milliseconds(100)))
    _ = client.breakingCircuit(after: 5, coolDown: .seconds(30))
    _ = client.authorizing(with: .bearer(tokens))
    _ = client.authorizing(with: .basic(username: "guest", password: "guest"))
    let hooked = client.hooked(pre: [PreRequestHook { request in
        var request = request
        try request.setHeader("X-Request-ID", UUID().uuidString)
        return request
    }])
    _ = hooked
    _ = client.followingRedirects()
    _ = client.storingCookies(in: CookieJar()).followingRedirects()
    _ = client.logging(to: logger)
    _ = client.numbered()
    _ = client.measured(as: "transport").instrumented { report in print(report.total) }
    _ = client.caching(in: MemoryCacheStore(maxBytes: 20 << 20))
    _ = client.targeting(.production)
    _ = client.retrying(.default.waitingForConnectivity(maxWait: .seconds(60)))
    _ = client.logging(to: logger, .cURL)
    _ = client.when(.host("api.example.com")) { $0.authorizing(with: .bearer(tokens)) }
}

// MARK: Endpoints.md

struct Envelope<Payload: Decodable>: Decodable {
    var data: Payload
}

struct Problem: Decodable, Sendable {
    var title: String
}

struct Ticket: Codable, Sendable {
    var id: Int
}

struct TicketFilter: Encodable, Sendable {
    var state: String
    var labels: [String]
    var since: Date?
}

extension Endpoint where Value == [Ticket] {
    static func tickets(_ filter: TicketFilter) -> Self {
        Endpoint(path: "/tickets", query: filter, queryEncoder: FormURLEncoder(arrays: .repeated))
        // GET /tickets?state=open&labels=bug&labels=ui
    }

    static func tickets(page: Int, perPage: Int? = nil) -> Self {
        Endpoint(path: "/tickets", query: ["page": page, "per_page": perPage])
        // GET /tickets?page=2   (perPage nil: not sent)
    }
}

func endpointsInitializers() {
    let article = Endpoint<Article>(path: "/articles/1")                    // JSON, Accept: application/json
    let avatar = Endpoint<Data>(path: "/users/7/avatar.png")                // the bytes
    let readme = Endpoint<String>(path: "/README.md")                       // UTF-8 text
    let delete = Endpoint<Void>(method: .delete, path: "/articles/1")       // only the status counts
    let wrapped = Endpoint<[Article]>(path: "/articles") { response in      // any decoding
        try response.decoder.decode(Envelope<[Article]>.self, from: response.data).data
    }
    let titles = Endpoint<[Article]>.articles(tag: "swift").map { $0.map(\.title) }
    _ = (article, avatar, readme, delete, wrapped, titles)
}

func endpointsBodies(photo: Data) throws {
    let json = Endpoint<Article>(method: .post, path: "/articles", body: .json(Article(id: 0, title: "Hello")))
    let form = Endpoint<Void>(method: .post, path: "/login", body: .form(["user": "ada", "password": "s3cret"]))
    let raw = Endpoint<Void>(method: .put, path: "/photos/1", body: .data(photo, contentType: "image/jpeg"))
    let text = Endpoint<Void>(method: .post, path: "/notes", body: .text("Remember the milk"))
    var parts = Multipart()
    parts.append("Ada", name: "author")
    parts.append(photo, name: "photo", filename: "photo.jpg", contentType: "image/jpeg")
    let upload = Endpoint<Void>(method: .post, path: "/photos", body: .multipart(parts))
    _ = (json, form, raw, text, upload)
}

func endpointsStatusesAndOptions(client: Client) async throws {
    let logout = Endpoint<Void>(method: .delete, path: "/session", accepting: .successful.union(.only(404)))
    let probe = Endpoint<String>(path: "/health", accepting: .any)   // the decoder sees every status

    var export = Endpoint<Data>(path: "/export")
    export.options.timeout = .seconds(60)
    export.options.maxResponseBodySize = 200 << 20
    export.options.operationID = "exportArticles"

    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    var legacy = Endpoint<[Article]>(path: "/legacy/articles")
    legacy.decoder = decoder                                          // this endpoint only

    let (articles, response) = try await client.response(.articles(tag: "swift"))
    print(articles.count, response.status, response.request.url?.absoluteString ?? "")
    _ = (logout, probe, export, legacy)
}

// MARK: Errors.md

func errorsMatching(client: Client) async throws {
    do {
        try await client.send(Endpoint<Void>(method: .delete, path: "/articles/42"))
    } catch let error as NetworkError where error.kind == .unacceptableStatus(404) {
        // Already gone: nothing to do.
    } catch let error as NetworkError {
        switch error.kind {
        case .notConnected, .cannotConnect, .timedOut:
            print("try again later (attempt \(error.attempt))")
        case .unacceptableStatus(422):
            let problem = try await error.response?.decode(Problem.self)   // the body is kept
            print(problem?.title ?? "invalid")
        case .decodingFailed(let codingPath):
            print("unexpected JSON at \(codingPath)")
        default:
            print(error)                                                  // the diagnosis, redacted
        }
    }
}

func errorsRedaction() throws {
    var request = try ClientRequest(.get, url: "https://api.example.com/me?session=abc")
    request.options.redactor = Redactor.default.hiding(headers: ["X-Tenant"], queryParameters: ["sid"])
    print(request)   // GET https://api.example.com/me?session=<redacted>
}

func errorsUserMessages(error: any Error) {
    let text = NetworkError.userMessage(for: error)   // "You appear to be offline. …"

    var messages = UserFacingMessages.default
    messages.override { error in
        error.kind == .unacceptableStatus(404) ? "That article was deleted." : nil
    }
    let custom = messages.message(for: error)
    _ = (text, custom)
}

@MainActor
func errorsPresenting(client: Client) async {
    let errors = ObservableErrorPresenter()           // SwiftUI: `.errorAlert(errors)`
    let handlers = ErrorHandlers.standard(showing: errors, logger: Logger(label: "app.errors"))
    do {
        try await client.send(Endpoint<Void>(method: .delete, path: "/articles/42"))
    } catch {
        handlers.handle(error)                        // on the main actor
    }
}

@Test("Errors.md: a release build presents the user-facing message")
func errorsPresentingInTests() async {
    let recorder = RecordingErrorPresenter()
    let handlers = ErrorHandlers(debug: recorder, release: recorder, configuration: .release)
    await handlers.handle(NetworkError(.notConnected))
    #expect(recorder.presentations.map(\.message) == ["You appear to be offline. Check your connection and try again."])
}

// MARK: Testing.md

func testingStubsAndAssertions() async throws {
    let stubs = StubTransport()
        .stub(.get, "/v1/articles", with: .json(#"[{"id":1,"title":"Hello"}]"#))
        .stub(.get, "/v1/articles/{id}", with: .status(404))
        .stub(.post, "/v1/articles", with: .failure(.connectionClosed))
    let client = Client(transport: stubs).targeting(.production)

    try await assertSucceeds(.articles(tag: "swift"), on: client, with: [Article(id: 1, title: "Hello")])
    try await assertFails(.article(id: 7), on: client, with: .unacceptableStatus(404))
    try assertRequest(stubs.requests.first, method: .get, path: "/v1/articles",
                      query: [URLQueryItem(name: "tag", value: "swift")])
}

func testingExpectedMiss() async throws {
    let stubs = StubTransport(unmatched: .expected).stub(.get, "/v1/articles", with: .json("[]"))
    try await assertFails(.article(id: 7), on: Client(transport: stubs).targeting(.production), with: .transportFailed)
}

func testingStubbingOneEndpoint(live: Client) {
    let demo = live.stubbing(.articles(tag: "swift"), returning: [Article(id: 1, title: "Hello")])
    _ = demo
}

func testingServer() async throws {
    try await TestServer.withRunning { server in
        let client = Client(transport: URLSessionTransport()).targeting(server.server)
        let articles = try await client.send(.articles(tag: "swift"))   // the built-in /articles fixture
        #expect(await server.hits("/articles") == 1)
        _ = articles
    }
}

// MARK: Performance.md

func performanceLinuxClient() async throws {
    let transport = AsyncHTTPClientTransport()
    let client = Client(transport: transport)        // build once, share everywhere
        .retrying()
        .targeting(.production)
    _ = try await client.send(.articles(tag: "swift"))
    try await transport.shutdown()                    // when the app is done with it
}

// MARK: Caching.md

func cachingArticleExample() {
    let client = Client.standard(transport: URLSessionTransport())
        .caching(in: MemoryCacheStore())                 // or configuration: .withoutHeuristics
        .targeting(.production)
    var options = RequestOptions()
    options.cacheTimeToLive = .seconds(300)
    let countries = Endpoint<[String]>(path: "/countries", options: options)
    _ = (client, countries)
}
