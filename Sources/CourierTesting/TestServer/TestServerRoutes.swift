import Foundation
import HTTPTypes
import Hummingbird

/// The routes of ``TestServer``.
enum TestServerRoutes {
    typealias Context = BasicRequestContext

    static let allMethods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .options]

    static func router(state: TestServerState, fixtures: [String: TestServer.Fixture]) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: HitCounter(state: state))
        for method in allMethods {
            router.on("/echo", method: method, use: echo)
            router.on("/echo/**", method: method, use: echo)
            router.on("/status/{code}", method: method, use: status)
            router.on("/delay/{ms}", method: method, use: delay)
            router.on("/redirect/{n}", method: method, use: redirect)
            router.on("/redirect-to", method: method, use: redirectTo)
            router.on("/flaky/{key}", method: method) { request, context in try await flaky(request, context: context, state: state) }
            router.on("/hold/{key}", method: method) { _, context in
                let key = try context.parameters.require("key")
                await state.hold(key)
                return json(Data(#"{"released":"\#(key)"}"#.utf8))
            }
        }
        router.get("/profile") { _, _ in json(try JSONEncoder().encode(TestProfile.fixture)) }
        router.get("/articles", use: articles)
        router.get("/articles/{id}", use: article)
        router.get("/fixtures/{name}") { _, context in
            let name = try context.parameters.require("name")
            guard let fixture = fixtures[name] else { return Response(status: .notFound) }
            var headers = HTTPFields()
            for (name, value) in fixture.headers {
                if let name = HTTPField.Name(name) { headers[name] = value }
            }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: fixture.body)))
        }
        router.post("/upload", use: upload)
        router.put("/upload", use: upload)
        router.get("/bytes/{n}", use: bytes)
        router.on("/bytes/{n}", method: .head, use: bytes)
        router.get("/drip") { request, _ in drip(request, state: state) }
        router.get("/drip/{key}") { request, _ in drip(request, state: state) }
        for method in allMethods {
            router.on("/auth/challenge", method: method) { request, _ in
                _ = try await request.body.collect(upTo: 64 * 1024 * 1024)
                return challenge()
            }
        }
        router.post("/auth/token") { _, _ in
            let token = await state.issueToken()
            return json(Data(#"{"token":"\#(token)","expiresIn":3600}"#.utf8))
        }
        router.post("/auth/token-broken") { _, _ in
            json(Data(#"{"error":"the token service is down"}"#.utf8), status: .internalServerError)
        }
        for method in allMethods {
            router.on("/auth/protected/**", method: method) { request, _ in
                _ = try await request.body.collect(upTo: 64 * 1024 * 1024)
                let valid = await state.validToken()
                guard let valid, request.headers[.authorization] == "Bearer \(valid)" else {
                    return Response(
                        status: .unauthorized,
                        headers: [.wwwAuthenticate: #"Bearer error="invalid_token""#, .contentType: "application/json"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"invalid_token"}"#))
                    )
                }
                return json(Data(#"{"ok":true}"#.utf8))
            }
            router.on("/redirect-loop/{name}", method: method) { _, context in
                let name = try context.parameters.require("name")
                return Response(status: .found, headers: [.location: name == "a" ? "/redirect-loop/b" : "/redirect-loop/a"])
            }
        }
        cacheRoutes(router, state: state)
        pageRoutes(router)
        randomRoute(router, state: state)
        resumableRoutes(router, state: state)
        formRoutes(router)
        streamRoutes(router, state: state)
        decompressingRoutes(router)
        eventRoutes(router)
        negotiationRoutes(router)
        router.get("/not-json") { _, _ in
            json(Data("<html><body>Service Unavailable</body></html>".utf8))
        }
        return router
    }

    @Sendable static func echo(_ request: Request, context: Context) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
        var headers: [String: String] = [:]
        if let authority = request.head.authority {
            headers["host"] = authority
        }
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let query = request.uri.query ?? ""
        let echo = TestServer.Echo(
            method: request.method.rawValue,
            path: request.uri.path,
            query: query,
            queryItems: decodeQuery(query),
            headers: headers,
            body: String(decoding: body.readableBytesView, as: UTF8.self)
        )
        return json(try JSONEncoder().encode(echo))
    }

    @Sendable static func status(_ request: Request, context: Context) async throws -> Response {
        guard let code = Int(try context.parameters.require("code")), (200...599).contains(code) else {
            return Response(status: .badRequest)
        }
        let status = HTTPResponse.Status(code: code)
        if code == 204 || code == 304 {
            return Response(status: status)
        }
        let body = #"{"status":\#(code),"reason":"\#(status.reasonPhrase)"}"#
        return json(Data(body.utf8), status: status)
    }

    @Sendable static func delay(_ request: Request, context: Context) async throws -> Response {
        let milliseconds = min(Int(try context.parameters.require("ms")) ?? 0, 30_000)
        try await Task.sleep(for: .milliseconds(milliseconds))
        return json(Data(#"{"delayedMilliseconds":\#(milliseconds)}"#.utf8))
    }

    /// Fails `failures` times per key with `status` (503 by default; `Retry-After: retryAfter` when
    /// given), then answers 200 with a ``TestServer/FlakyReply``.
    static func flaky(_ request: Request, context: Context, state: TestServerState) async throws -> Response {
        let key = try context.parameters.require("key")
        let parameters = request.uri.queryParameters
        let failures = parameters["failures"].flatMap { Int($0) } ?? 2
        let code = parameters["status"].flatMap { Int($0) } ?? 503
        let body = try await request.body.collect(upTo: 64 * 1024 * 1024)
        let attempt = await state.nextFlakyAttempt(key)
        guard attempt > failures else {
            var response = json(Data(#"{"attempt":\#(attempt),"status":\#(code)}"#.utf8), status: HTTPResponse.Status(code: code))
            if let retryAfter = parameters["retryAfter"] {
                response.headers[.retryAfter] = String(retryAfter)
            }
            return response
        }
        return json(try JSONEncoder().encode(TestServer.FlakyReply(attempt: attempt, body: String(decoding: body.readableBytesView, as: UTF8.self))))
    }

    @Sendable static func redirect(_ request: Request, context: Context) async throws -> Response {
        let hops = Int(try context.parameters.require("n")) ?? 0
        let location = hops <= 1 ? "/echo" : "/redirect/\(hops - 1)"
        return Response(status: .found, headers: [.location: location])
    }

    @Sendable static func redirectTo(_ request: Request, context: Context) async throws -> Response {
        let parameters = request.uri.queryParameters
        guard let url = parameters["url"] else { return Response(status: .badRequest) }
        let code = parameters["status"].flatMap { Int($0) } ?? 302
        var headers: HTTPFields = [.location: String(url)]
        // `setCookie=name%3Dvalue`: the hop also sets a cookie, for cookies kept across a redirect chain.
        if let cookie = parameters["setCookie"] { headers[.setCookie] = String(cookie) + "; Path=/" }
        return Response(status: HTTPResponse.Status(code: code), headers: headers)
    }

    @Sendable static func articles(_ request: Request, context: Context) async throws -> Response {
        let tag = request.uri.queryParameters["tag"].map(String.init)
        let selected = TestArticle.fixtures.filter { tag == nil || $0.tags.contains(tag!) }
        return json(try JSONEncoder().encode(selected))
    }

    @Sendable static func article(_ request: Request, context: Context) async throws -> Response {
        let id = Int(try context.parameters.require("id"))
        guard let article = TestArticle.fixtures.first(where: { $0.id == id }) else {
            let body = #"{"error":"no article \#(id.map(String.init) ?? "?")"}"#
            return json(Data(body.utf8), status: .notFound)
        }
        return json(try JSONEncoder().encode(article))
    }

    /// `abc…xyz0…9` repeated to `n` bytes, written in 64 KiB chunks.
    @Sendable static func bytes(_ request: Request, context: Context) async throws -> Response {
        let count = min(max(Int(try context.parameters.require("n")) ?? 0, 0), 1 << 30)
        let pattern = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let chunkSize = 64 * 1024 / pattern.count * pattern.count
        let chunk = ByteBuffer(bytes: (0..<chunkSize).map { pattern[$0 % pattern.count] })
        let body = ResponseBody(contentLength: count) { writer in
            var remaining = count
            while remaining > 0 {
                let size = min(remaining, chunkSize)
                try await writer.write(chunk.getSlice(at: 0, length: size)!)
                remaining -= size
            }
            try await writer.finish(nil)
        }
        // `type=…` labels the bytes with another Content-Type (`image/png`), for naming a download.
        let type = request.uri.queryParameters["type"].map(String.init) ?? "application/octet-stream"
        return Response(status: .ok, headers: [.contentType: type], body: body)
    }

    /// Reads the body as it streams in and answers with its size and FNV-1a checksum, so uploads of any
    /// size can be checked without the server holding them.
    @Sendable static func upload(_ request: Request, context: Context) async throws -> Response {
        var summary = TestServer.UploadSummary(bytes: 0, checksum: TestServer.UploadSummary.fnvOffset)
        summary.contentLength = request.headers[.contentLength]
        summary.transferEncoding = request.headers[.transferEncoding]
        for try await buffer in request.body {
            summary.add(buffer.readableBytesView)
        }
        return json(try JSONEncoder().encode(summary))
    }

    static func drip(_ request: Request, state: TestServerState) -> Response {
        let parameters = request.uri.queryParameters
        let chunks = parameters["chunks"].flatMap { Int($0) } ?? 10
        let interval = parameters["interval"].flatMap { Int($0) } ?? 100
        let path = request.uri.path
        let body = ResponseBody { writer in
            var finished = false
            defer {
                if !finished { Task { await state.recordDisconnect(path) } }
            }
            for _ in 0..<chunks {
                try await writer.write(ByteBuffer(string: "."))
                try await Task.sleep(for: .milliseconds(interval))
            }
            try await writer.finish(nil)
            finished = true
        }
        return Response(status: .ok, headers: [.contentType: "text/plain"], body: body)
    }

    /// 401 with a `WWW-Authenticate` challenge, whatever the credentials.
    static func challenge() -> Response {
        Response(
            status: .unauthorized,
            headers: [.wwwAuthenticate: #"Basic realm="courier""#, .contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error":"credentials required"}"#))
        )
    }

    static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `a=1&b=%20` → `[(a, 1), (b, " ")]`; percent-decoding only (a `+` stays a `+`).
    static func decodeQuery(_ query: String) -> [TestServer.Echo.QueryItem] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
            return TestServer.Echo.QueryItem(name: name, value: value)
        }
    }
}

/// Counts every request by its path for ``TestServer/hits(_:)``, and those in flight (until the
/// handler has returned its response) for ``TestServer/maxInFlight(_:)``.
struct HitCounter: RouterMiddleware {
    typealias Context = BasicRequestContext
    let state: TestServerState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        await state.recordHit(path)
        await state.enter(path)
        do {
            let response = try await next(request, context)
            await state.leave(path)
            return response
        } catch {
            await state.leave(path)
            throw error
        }
    }
}
