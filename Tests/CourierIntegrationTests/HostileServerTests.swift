import Courier
import CourierAsyncHTTPClient
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// Issue #20: the faults real hostile servers produced, on both transports with the same assertions.
/// Counts are taken at the server: the writes it received, their body sizes, the sockets left open.
// Serialized: the endless bodies run as fast as loopback allows, and two at once starve each other.
@Suite("Hostile servers: no crash, no duplicated write, no unbounded memory", .serialized, .timeLimit(.minutes(2)))
struct HostileServerTests {
    typealias Behaviour = MisbehavingServer.Behaviour
    typealias Outcome = FaultConformanceTests.Outcome

    static let earlyStatuses = [302, 307, 401, 413]

    /// A streamed body of `count` bytes, yielded in `parts` pieces.
    static func streamedBody(_ count: Int, parts: Int = 4) -> RequestBody {
        .stream(length: Int64(count)) {
            AsyncStream<Data> { continuation in
                for part in 0..<parts {
                    let size = count / parts + (part < count % parts ? 1 : 0)
                    continuation.yield(Data(repeating: UInt8(ascii: "a"), count: size))
                }
                continuation.finish()
            }
        }
    }

    /// A request for `behaviour`'s path on `server`, with a roomy deadline: a case that must fail fails for
    /// its own reason, not the clock's.
    static func request(
        _ behaviour: Behaviour,
        method: HTTPRequest.Method = .get,
        on server: MisbehavingServer,
        query: String? = nil,
        body: RequestBody = .empty,
        timeout: Duration = .seconds(10)
    ) throws -> ClientRequest {
        var request = try ClientRequest(method, url: server.baseURL + behaviour.rawValue + (query.map { "?" + $0 } ?? ""))
        request.body = body
        request.options.timeout = timeout
        return request
    }

    // Promise: a server that answers before it has read a streamed request body (a redirect, a 401, a
    // 413) gets its answer delivered; the process never traps and the call never hangs. (#20.1)
    @Test("a streamed upload answered before its body was read ends with that answer, never a crash", arguments: TransportUnderTest.allCases)
    func earlyAnswerToAStreamedUpload(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for status in Self.earlyStatuses {
                    for close in ["0", "1"] {
                        for round in 0..<5 {
                            let body = round % 2 == 0 ? Self.streamedBody(4, parts: 1) : Self.streamedBody(256 * 1024, parts: 16)
                            let request = try Self.request(.earlyAnswer, method: .post, on: server, query: "status=\(status)&close=\(close)", body: body)
                            let outcome = await FaultConformanceTests.outcome(of: request, client: client)
                            // The answer, or — when the server closed while the body was still going out — the
                            // closed connection; never a timeout (a hang) and never anything else.
                            #expect(outcome == .success(status) || outcome == .failure(.connectionClosed), "status \(status), close \(close), round \(round): \(outcome)")
                        }
                    }
                }
            }
        }
    }

    // Promise: every exchange gives its connection back: many more exchanges than the pool has
    // connections, of every body kind, all reach the server (a leaked lease would starve the pool).
    @Test("exchanges of every body kind give their connection back", arguments: TransportUnderTest.allCases, ["none", "bytes", "stream", "singlePass"])
    func connectionsAreGivenBack(_ transport: TransportUnderTest, _ kind: String) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with(asyncHTTPClient: .init(connectTimeout: .seconds(5), maxConnectionsPerHost: 2)) { t in
                let client = Client(transport: t)
                for round in 0..<40 {
                    var request = try ClientRequest(kind == "none" ? .get : .post, url: server.baseURL + Behaviour.keepAlive.rawValue + "?x=\(round)")
                    switch kind {
                    case "bytes": request.body = .bytes(Data(repeating: 1, count: 1000))
                    case "stream": request.body = Self.streamedBody(1000)
                    case "singlePass": request.body = .singlePass(length: 4, AsyncStream { $0.yield(Data("abcd".utf8)); $0.finish() })
                    default: break
                    }
                    request.options.timeout = .seconds(5)
                    let outcome = await FaultConformanceTests.outcome(of: request, client: client)
                    #expect(outcome == .success(200), "round \(round): \(outcome); the server saw \(server.received(.keepAlive).map { "\($0.target) \($0.bodyBytes)\($0.complete ? "" : " cut") #\($0.indexOnConnection)" }), open \(server.openConnections)")
                }
                #expect(server.requests(.keepAlive) == 40)
            }
        }
    }

    // Promise: where URLSession on Linux cannot be made safe, the request is refused up front with a typed
    // error that says why: a streamed or file body past `maxUploadSize` (corelibs crashes when a file upload
    // is answered early, so bodies go from memory). Nothing reaches the server.
    @Test("URLSession refuses a streamed upload past maxUploadSize before sending anything")
    func urlSessionRefusesLargeStreamedUploads() async throws {
        try await MisbehavingServer.withRunning { server in
            let client = Client(transport: URLSessionTransport(configuration: .init(maxUploadSize: 1000)))
            var request = try ClientRequest(.post, url: server.baseURL + Behaviour.keepAlive.rawValue)
            request.body = Self.streamedBody(2000)
            let error = await #expect(throws: NetworkError.self) { try await client.send(request) }
            #expect(error?.kind == .invalidBody)
            #expect(error?.description.contains("maxUploadSize") == true)
            request.body = Self.streamedBody(1000)
            #expect(await FaultConformanceTests.outcome(of: request, client: client) == .success(200))
            #expect(server.received(.keepAlive).map(\.bodyBytes) == [1000])
        }
    }

    // Promise: uploads to a server that answers and closes at once, without saying `Connection: close`,
    // never crash the process (AsyncHTTPClient's pool trapped: "A connection that we don't know was
    // released?"; found by the chaos soak).
    @Test("uploads answered by a server that closes at once never crash", arguments: TransportUnderTest.allCases)
    func uploadsToAClosingServer(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                try await withThrowingTaskGroup(of: Outcome.self) { group in
                    for round in 0..<400 {
                        group.addTask {
                            let body = round % 2 == 0 ? RequestBody.bytes(Data(repeating: 3, count: 1000)) : Self.streamedBody(1000)
                            let request = try Self.request(.ok, method: .post, on: server, body: body, timeout: .seconds(20))
                            return await FaultConformanceTests.outcome(of: request, client: client)
                        }
                        if round >= 8 { _ = try await group.next() }
                    }
                    for try await outcome in group {
                        #expect(outcome == .success(200) || outcome == .failure(.connectionClosed))
                    }
                }
            }
        }
    }

    // Promise: a POST that meets a kept-alive connection the server closed is sent once, never replayed
    // on a fresh connection and never with an empty body. (#20.2, RELIABILITY A6)
    @Test("a POST on a connection the server drops reaches the server once, with its whole body", arguments: TransportUnderTest.allCases)
    func postOnADroppedConnectionIsNotReplayed(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for round in 0..<3 {
                    let warmUp = await FaultConformanceTests.outcome(of: try Self.request(.dropOnReuse, on: server), client: client)
                    #expect(warmUp == .success(200))
                    let body: RequestBody = round == 2 ? .singlePass(length: 1000, AsyncStream { $0.yield(Data(repeating: 1, count: 1000)); $0.finish() }) : .bytes(Data(repeating: 1, count: 1000))
                    let outcome = await FaultConformanceTests.outcome(of: try Self.request(.dropOnReuse, method: .post, on: server, body: body), client: client)
                    #expect(outcome == .success(200) || outcome == .failure(.connectionClosed))
                }
                let posts = server.received(.dropOnReuse).filter { $0.method == "POST" }
                #expect(posts.count == 3, "each POST reached the server once: \(posts)")
                #expect(posts.allSatisfy { $0.bodyBytes == 1000 && $0.complete }, "no replay with an empty or partial body: \(posts)")
            }
        }
    }

    // Promise: a write without a body (PUT, DELETE) is a write too: on a connection the server drops it is
    // sent once, not repeated by the transport. Found by the chaos soak (libcurl re-sent a bodiless PUT).
    // (#20.2)
    @Test("a bodiless PUT or DELETE on a connection the server drops reaches the server once", arguments: TransportUnderTest.allCases)
    func bodilessWritesAreNotReplayed(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for method in [HTTPRequest.Method.put, .delete] {
                    let warmUp = await FaultConformanceTests.outcome(of: try Self.request(.dropOnReuse, on: server), client: client)
                    #expect(warmUp == .success(200))
                    let outcome = await FaultConformanceTests.outcome(of: try Self.request(.dropOnReuse, method: method, on: server), client: client)
                    #expect(outcome == .success(200) || outcome == .failure(.connectionClosed))
                    let writes = server.received(.dropOnReuse).filter { $0.method == method.rawValue }
                    #expect(writes.count == 1, "the \(method) reached the server once: \(writes)")
                }
            }
        }
    }

    // Promise: a retried PUT re-sends its whole body each time; no attempt reaches the server empty. (#20.2)
    @Test("a retried PUT never reaches the server with an empty body", arguments: TransportUnderTest.allCases)
    func retriedPutKeepsItsBody(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t).retrying(RetryPolicy(backoff: ImmediateBackoff(), maxAttempts: 3))
                let warmUp = await FaultConformanceTests.outcome(of: try Self.request(.dropOnReuse, on: server), client: client)
                #expect(warmUp == .success(200))
                let put = try Self.request(.dropOnReuse, method: .put, on: server, body: .bytes(Data(repeating: 2, count: 1000)))
                _ = await FaultConformanceTests.outcome(of: put, client: client)
                let puts = server.received(.dropOnReuse).filter { $0.method == "PUT" }
                #expect(!puts.isEmpty && puts.count <= 3)
                #expect(puts.allSatisfy { $0.bodyBytes == 1000 && $0.complete }, "every attempt carried the whole body: \(puts)")
            }
        }
    }

    // NOTE: URLSession's cases of the fast endless bodies run in a process of their own (an exit test). URLSession
    // has no back-pressure on Linux: corelibs takes the flood on dispatch's threads, which Swift's tasks share, and
    // every other test of the process waited while it lasted (a run of the target on 2026-11-29 stood still for 60 s,
    // then three tests never ended). Their checks use `#require`: a failed one throws, so the child exits with a
    // failure, and its issue is reported in this process.

    // Promise: a body limit stops an endless fast body at the limit, promptly, with bodyTooLarge; the
    // socket is closed when the call returns. (#20.3)
    @Test("an endless fast body stops at the limit with bodyTooLarge and leaves no socket open", arguments: TransportUnderTest.allCases)
    func endlessBodyStopsAtTheLimit(_ transport: TransportUnderTest) async throws {
        guard transport == .urlSession else { return try await Self.endlessBodyStopsAtTheLimit(on: transport) }
        await #expect(processExitsWith: .success) { try await HostileServerTests.endlessBodyStopsAtTheLimit(on: .urlSession) }
    }

    static func endlessBodyStopsAtTheLimit(on transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t).targeting(try Server(url: server.baseURL))
                var endpoint = Endpoint<Data>(path: "/endless")
                endpoint.options.maxResponseBodySize = 1 << 20
                endpoint.options.timeout = .seconds(20)
                let started = ContinuousClock.now
                let error = try await #require(throws: NetworkError.self) { try await client.send(endpoint) }
                try #require(error.kind == .bodyTooLarge)
                // Stopped at the limit, not at the deadline (a loaded two-core machine takes seconds).
                let elapsed = ContinuousClock.now - started
                try #require(elapsed < .seconds(10))
                let open = await OpenSockets.waitForClientConnections(toPort: server.port)
                try #require(open == 0)
            }
        }
    }

    // Promise: cancelling a task that reads an endless fast body ends it at once, and closes the socket.
    // (#20.3, RELIABILITY I44)
    @Test("cancelling the reader of an endless fast body ends the call and closes the socket", arguments: TransportUnderTest.allCases)
    func cancellingAnEndlessBody(_ transport: TransportUnderTest) async throws {
        guard transport == .urlSession else { return try await Self.cancellingAnEndlessBody(on: transport) }
        await #expect(processExitsWith: .success) { try await HostileServerTests.cancellingAnEndlessBody(on: .urlSession) }
    }

    static func cancellingAnEndlessBody(on transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                let request = try ClientRequest(url: server.baseURL + Behaviour.endless.rawValue)
                let (started, startedContinuation) = AsyncStream<Void>.makeStream()
                let reader = Task {
                    let response = try await client.send(request)
                    var total = 0
                    for try await chunk in response.body {
                        total += chunk.count
                        if total > 1 << 20 { startedContinuation.yield() }
                    }
                    return total
                }
                for await _ in started { break }
                let cancelled = ContinuousClock.now
                reader.cancel()
                let result = await reader.result
                // NOTE: URLSession's cancel waits for corelibs' work queue, which the flood keeps busy: measured
                // 0.1–2.1 s here (2.05 s in a loaded run of the whole target), 20 s in one harness outside this
                // repository. The bound only catches a reader that never ends; the README states the measurement.
                let elapsed = ContinuousClock.now - cancelled
                try #require(elapsed < (transport == .urlSession ? .seconds(30) : .seconds(1)))
                _ = try #require(throws: (any Error).self) { try result.get() }
                let open = await OpenSockets.waitForClientConnections(toPort: server.port)
                try #require(open == 0)
            }
        }
    }

    // Promise: a reader slower than a fast server never lets the body pile up in memory: AsyncHTTPClient
    // slows the server down (back-pressure); URLSession, which cannot on Linux, fails the body with
    // bodyTooLarge once `maxBufferedBodySize` unread bytes are held. (#20.3)
    @Test("a slow reader of a fast endless body holds at most the buffer limit plus one chunk", arguments: TransportUnderTest.allCases)
    func slowReaderStaysBounded(_ transport: TransportUnderTest) async throws {
        guard transport == .urlSession else { return try await Self.slowReaderStaysBounded(on: transport) }
        await #expect(processExitsWith: .success) { try await HostileServerTests.slowReaderStaysBounded(on: .urlSession) }
    }

    static func slowReaderStaysBounded(on transport: TransportUnderTest) async throws {
        let limit = 1 << 20
        try await MisbehavingServer.withRunning { server in
            let urlSession = URLSessionTransport(configuration: .init(maxBufferedBodySize: limit))
            let t: any Transport = transport == .urlSession ? urlSession : AsyncHTTPClientTransport()
            let response = try await Client(transport: t).send(try ClientRequest(url: server.baseURL + Behaviour.endless.rawValue))
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
            // The reader pauses while the server writes as fast as it is let: 16 MiB, or 3 s of trying.
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(3)
            while server.bytesSent(.endless) < 16 << 20, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            switch transport {
            case .asyncHTTPClient:
                // Back-pressure: the server could not get far ahead, and the body reads on.
                try #require(server.bytesSent(.endless) < 16 << 20)
                for _ in 0..<10 { try #require(try await iterator.next() != nil) }
                try await (t as? AsyncHTTPClientTransport)?.shutdown()
            case .urlSession:
                try #require(urlSession.peakBufferedBodyBytes <= limit + 64 * 1024)
                let error = try await #require(throws: NetworkError.self) {
                    while try await iterator.next() != nil {}
                }
                try #require(error.kind == .bodyTooLarge)
            }
            let open = await OpenSockets.waitForClientConnections(toPort: server.port)
            try #require(open == 0)
        }
    }

    // Promise: an empty field value is legal and delivered as empty. (#20.4, RFC 9110 §5.5)
    @Test("a response with empty field values is delivered", arguments: TransportUnderTest.allCases)
    func emptyFieldValues(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                for status in [200, 503] {
                    let request = try Self.request(.emptyHeaderValue, on: server, query: "status=\(status)")
                    if transport == .urlSession {
                        // Known gap, documented on URLSessionTransport: corelibs' header parser refuses a value
                        // of spaces only, inside URLSession; the transport says so with invalidResponse.
                        let error = await #expect(throws: NetworkError.self) { try await Client(transport: t).send(request) }
                        #expect(error?.kind == .invalidResponse)
                        #expect(error?.description.contains("cannot read this response's header section") == true)
                        continue
                    }
                    let response = try await Client(transport: t).send(request)
                    #expect(response.status.code == status)
                    #expect(response.head.headerFields[HTTPField.Name("X-Empty")!] == "")
                    #expect(response.head.headerFields[.retryAfter] == "")
                    #expect(try await response.body.collect(upTo: 100) == Data("ok".utf8))
                }
            }
        }
    }

    // Promise: shutting the transport down fails the requests in flight with `shutdown`, whether they
    // wait for the head or read the body. (#20.6, RELIABILITY I45) URLSessionTransport has no shutdown:
    // its session goes with the transport.
    @Test("shutdown fails the requests in flight with shutdown")
    func shutdownInFlight() async throws {
        try await MisbehavingServer.withRunning { server in
            let transport = AsyncHTTPClientTransport()
            let client = Client(transport: transport)
            let waiting = Task { try await client.send(try ClientRequest(url: server.baseURL + Behaviour.stallHeaders.rawValue)) }
            let reading = try await client.send(try ClientRequest(url: server.baseURL + Behaviour.stallBody.rawValue))
            while server.requests(.stallHeaders) == 0 { try await Task.sleep(for: .milliseconds(5)) }
            try await transport.shutdown()
            let headError = await #expect(throws: NetworkError.self) { try await waiting.value }
            #expect(headError?.kind == .shutdown)
            let bodyError = await #expect(throws: NetworkError.self) { try await reading.body.collect(upTo: 4096) }
            #expect(bodyError?.kind == .shutdown)
            let laterError = await #expect(throws: NetworkError.self) { try await client.send(try ClientRequest(url: server.baseURL + "/ok")) }
            #expect(laterError?.kind == .shutdown)
        }
    }

    // Promise: a stacked Content-Encoding is decoded as far as the transport can, and the headers say
    // exactly what is left — or the response is refused with invalidResponse; never bytes whose headers
    // lie. (#20.7, RELIABILITY D21)
    @Test("stacked encodings: the body matches what its headers still claim", arguments: TransportUnderTest.allCases, [false, true])
    func stackedEncodings(_ transport: TransportUnderTest, _ decompression: Bool) async throws {
        if transport == .urlSession, decompression { return }   // URLSession always decodes; one case covers it
        try await MisbehavingServer.withRunning { server in
            let configuration = AsyncHTTPClientTransport.Configuration(decompression: decompression ? .enabled(maxRatio: 100) : .disabled)
            try await transport.with(asyncHTTPClient: configuration) { t in
                for behaviour in [Behaviour.stackedGzip, .stackedGzipList, .doubleGzip] {
                    let request = try Self.request(behaviour, on: server)
                    do {
                        let response = try await Client(transport: t).send(request)
                        let body = try await response.body.collect(upTo: 1 << 20)
                        let claimed = response.head.headerFields[values: .contentEncoding]
                            .flatMap { $0.split(separator: ",") }
                            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                            .filter { $0 != "identity" }
                        #expect(claimed.allSatisfy { $0 == "gzip" }, "\(behaviour): \(claimed)")
                        #expect(body == StackedGzip.layers[claimed.count], "\(behaviour): the body is not gzip×\(claimed.count) of 'hello'")
                    } catch let error as NetworkError {
                        #expect(error.kind == .invalidResponse, "\(behaviour): \(error)")
                    }
                }
            }
        }
    }

    // Promise: a transport never sends a request twice on its own, even a GET, when the connection was
    // fresh; the retry middleware is where repeats are decided. (#20.5, RELIABILITY A2)
    @Test("a GET whose fresh connection is closed unanswered reaches the server once", arguments: TransportUnderTest.allCases)
    func getOnAFreshConnectionIsNotResent(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                for _ in 0..<3 {
                    let outcome = await FaultConformanceTests.outcome(of: try Self.request(.closeBeforeResponse, on: server), client: Client(transport: t))
                    #expect(outcome == .failure(.connectionClosed))
                }
                #expect(server.requests(.closeBeforeResponse) == 3)
            }
        }
    }

    // Promise: bytes a server sends past a response's end never reach the next exchange: that connection
    // is not reused. (#20.9)
    @Test("bytes past a response's end never break the next request", arguments: TransportUnderTest.allCases)
    func bytesPastTheEnd(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let client = Client(transport: t)
                for _ in 0..<5 {
                    let response = try await client.send(try Self.request(.extraBytes, on: server))
                    #expect(try await response.body.collect(upTo: 1024) == Data("ok".utf8))
                    let outcome = await FaultConformanceTests.outcome(of: try Self.request(.keepAlive, on: server), client: client)
                    #expect(outcome == .success(200))
                }
            }
        }
    }
}
