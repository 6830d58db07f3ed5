// The Courier side of the migration articles (MigratingFromAlamofire.md, MigratingFromMoya.md), and the
// articles' snippets that can run here, run against stubs and the local test server.
import Courier
import CourierCombine
import CourierTesting
import Foundation
import Logging
import Testing

// MARK: MigratingFromAlamofire.md

struct User: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

func alamofireRequest() async throws {
    let client = Client(transport: URLSessionTransport())
        .targeting(Server(host: "api.example.com"))

    let user = try await client.send(Endpoint<User>(path: "/users/1"))
    print(user.name)
}

func alamofireOneOff(client: Client) async throws {
    let response = try await client.send(ClientRequest(.get, url: "https://api.example.com/users/1"))
    guard response.status == .ok else { return }          // a raw request is not validated
    let user = try await response.decode(User.self)
    print(user.name)
}

/// Alamofire's `adapt`: change the request on its way out.
struct AppVersionHeader: Middleware {
    let version: String

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        var request = request
        try request.setHeader("X-App-Version", version)
        return try await next(request)
    }
}

func alamofireInterceptor(tokens: SessionTokens) {
    let client = Client(transport: URLSessionTransport())
        .with(AppVersionHeader(version: "2.1"))
        .retrying(.exponential(base: .milliseconds(500), maxAttempts: 3))
        .authorizing(with: .bearer(tokens))           // refresh on 401, once for all waiting requests
        .targeting(.production)
    _ = client
}

func alamofireRetrier() {
    var policy = RetryPolicy.constant(.seconds(2), maxAttempts: 3)
    policy.retryableStatuses.insert(409)
    let client = Client(transport: URLSessionTransport()).retrying(policy)
    _ = client
}

/// Alamofire's `EventMonitor`: see every request and its outcome.
struct Monitor: Middleware {
    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        print("->", request)                               // redacted
        do {
            let response = try await next(request)
            print("<-", response.status)
            return response
        } catch {
            print("failed:", error)
            throw error
        }
    }
}

func alamofireMonitoring(logger: Logger) {
    let client = Client(transport: URLSessionTransport())
        .with(Monitor())
        .logging(to: logger)                              // or the built-in log lines
        .targeting(.production)
    _ = client
}

func alamofireUpload(client: Client, photoURL: URL) async throws {
    var form = Multipart()
    form.append("Ada", name: "author")
    try form.append(fileAt: photoURL, name: "photo")      // streamed from disk
    let created = try await client.send(Endpoint<Article>(method: .post, path: "/photos", body: .multipart(form)))
    _ = created
}

func alamofireDownload(client: Client) async throws {
    let destination = URL(fileURLWithPath: "/tmp/latest.tar")
    let response = try await client.download(try ClientRequest(.get, path: "/backups/latest.tar"), to: destination)
    print(response.status)                                // the bytes are in the file
}

func alamofireValidation(client: Client) async throws {
    let user = try await client.send(Endpoint<User>(path: "/users/1"))    // 2xx or unacceptableStatus
    let signOut = Endpoint<Void>(method: .delete, path: "/session", accepting: .successful.union(.only(401)))
    try await client.send(signOut)
    _ = user
}

// MARK: MigratingFromMoya.md

struct NewUser: Codable, Sendable {
    var firstName: String
    var lastName: String
}

enum UserAPI {
    static func zen() -> Endpoint<String> {
        Endpoint(path: "/zen")
    }

    static func showUser(id: Int) -> Endpoint<User> {
        Endpoint(path: "/users/\(id)")
    }

    static func createUser(_ user: NewUser) -> Endpoint<User> {
        Endpoint(method: .post, path: "/users", body: .json(user))
    }
}

extension Server {
    static let myService = Server(host: "api.myservice.com")
}

func moyaProvider() async throws {
    let client = Client(transport: URLSessionTransport())
        .targeting(.myService)

    let user = try await client.send(UserAPI.showUser(id: 1))
    let created = try await client.send(UserAPI.createUser(NewUser(firstName: "Ada", lastName: "Lovelace")))
    print(user.name, created.id)
}

func moyaPlugins(logger: Logger, tokens: SessionTokens) {
    let client = Client(transport: URLSessionTransport())
        .logging(to: logger)                        // NetworkLoggerPlugin
        .authorizing(with: .bearer(tokens))         // AccessTokenPlugin, with refresh
        .hooked(post: [PostRequestHook { response, _ in
            if response.status == .unauthorized { print("signed out") }   // didReceive
            return .continue
        }])
        .targeting(.myService)
    _ = client
}

func moyaStubs() async throws {
    let stubs = StubTransport()
        .stub(UserAPI.showUser(id: 1), with: .json(#"{"id":1,"name":"Ada"}"#))
        .stub(UserAPI.zen(), with: .status(500).delayed(by: .milliseconds(200)))
    let client = Client(transport: stubs).targeting(.myService)
    let user = try await client.send(UserAPI.showUser(id: 1))
    _ = user
}

func moyaStubbingOne(live: Client) {
    let client = live.stubbing(UserAPI.showUser(id: 1), returning: User(id: 1, name: "Ada"))
    _ = client
}

func moyaEndpointClosure() {
    let server = Server(host: "api.myservice.com", headers: ["APP_NAME": "MY_AWESOME_APP"])
    let client = Client(transport: URLSessionTransport())
        .with(AppVersionHeader(version: "2.1"))    // or any change to every request
        .targeting(server)
    _ = client
}

extension UserAPI {
    static func uploadAvatar(_ file: URL) throws -> Endpoint<User> {
        var form = Multipart()
        try form.append(fileAt: file, name: "avatar")           // streamed from disk
        return Endpoint(method: .post, path: "/avatar", body: .multipart(form))
    }

    static func uploadBackup(_ file: URL) -> Endpoint<Void> {
        // The file is opened when the request is built, and streamed.
        Endpoint(method: .put, path: "/backup", body: EndpointBody(contentType: "application/octet-stream") { _ in try .file(at: file) })
    }
}

func moyaDownload(client: Client, reportURL: URL) async throws {
    let report = try await client.download(try ClientRequest(.get, path: "/report.pdf"), to: reportURL)
    _ = report
}

func moyaMultiTarget() async throws {
    let shared = Client.standard(transport: URLSessionTransport()).retrying(.default)
    let users = shared.targeting(.myService)
    let billing = shared.targeting(Server(host: "billing.myservice.com"))

    let user = try await users.send(UserAPI.showUser(id: 1))
    let zen = try await billing.send(UserAPI.zen())
    _ = (user, zen)
}

func moyaCombine(client: Client) {
    let cancellable = client.publisher(for: UserAPI.showUser(id: 1))
        .sink(receiveCompletion: { print($0) }, receiveValue: { user in print(user.name) })
    _ = cancellable
}

// MARK: Running what can run here

@Suite("DocC article snippets")
struct DocSnippetsTests {
    @Test("the Testing article's stubs and assertions pass")
    func stubsAndAssertions() async throws {
        try await testingStubsAndAssertions()
    }

    @Test("a custom middleware reads its own option and sets the header")
    func tenantHeader() async throws {
        let stubs = StubTransport().stub(.get, "/v1/articles", with: .json("[]"))
        let client = Client(transport: stubs).with(TenantHeader()).targeting(.production)
        var endpoint = Endpoint<[Article]>.articles(tag: "swift")
        endpoint.options.tenant = "acme"
        _ = try await client.send(endpoint)
        try assertRequest(stubs.requests.last, headers: ["X-Tenant": "acme"])
    }

    @Test("the Errors article's catch clauses match a 404 without rethrowing")
    func errorsMatch() async throws {
        let stubs = StubTransport().stub(.delete, "/v1/articles/42", with: .status(404))
        try await errorsMatching(client: Client(transport: stubs).targeting(.production))
    }

    @Test("the Moya migration's endpoints run against stubs")
    func moya() async throws {
        try await moyaStubs()
        // No stub below: only the stubbing layer can answer.
        let stubbed = Client(transport: StubTransport()).targeting(.myService)
            .stubbing(UserAPI.showUser(id: 1), returning: User(id: 1, name: "Ada"))
        try await assertSucceeds(UserAPI.showUser(id: 1), on: stubbed, with: User(id: 1, name: "Ada"))
    }

    @Test("the Getting Started endpoint and the test server agree")
    func testServer() async throws {
        try await testingServer()
    }
}

// MARK: URLs.md

@Test("URLs.md: a URL string with an international host, a non-ASCII path and a space in the query")
func urlsArticleExample() throws {
    let request = try ClientRequest(url: "https://MÜNCHEN.de/straße?q=a b")
    #expect(request.head.authority == "xn--mnchen-3ya.de")    // "xn--mnchen-3ya.de"
    #expect(request.head.path == "/stra%C3%9Fe?q=a%20b")      // "/stra%C3%9Fe?q=a%20b"
}
