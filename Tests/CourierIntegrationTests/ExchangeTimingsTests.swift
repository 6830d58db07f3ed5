import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import HTTPTypes
import MisbehavingServer
import Testing

/// Issue #37.3: each exchange's phases, as its transport saw them. A server's delay must land in its phase:
/// checked with a lower bound on that phase and against the other phases, never with a tight upper bound a
/// loaded machine breaks.
@Suite("The timing of each phase of an exchange, on both transports", .timeLimit(.minutes(1)))
struct ExchangeTimingsTests {
    typealias Behaviour = MisbehavingServer.Behaviour

    static let delay = Duration.milliseconds(300)
    /// The transport's two paths: AsyncHTTPClient sends a request with a timeout through its delegate API (which
    /// reports the request written), one without through its async API.
    static let timeouts: [Duration?] = [nil, .seconds(10)]

    /// How far a mark may fall short of the server's delay: the server's timer starts as it writes, the client
    /// marks a little after the bytes arrive.
    static let slack = Duration.milliseconds(10)

    /// Sends `behaviour` with the test's delay, reads the body whole, and returns the response's timings.
    static func timings(_ behaviour: Behaviour, on server: MisbehavingServer, client: Client, timeout: Duration?, method: HTTPRequest.Method = .get, body: RequestBody = .empty, delay: Duration = delay) async throws -> ExchangeTimings {
        var request = try ClientRequest(method, url: server.baseURL + behaviour.rawValue + "?ms=\(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)")
        request.options.timeout = timeout
        request.body = body
        let response = try await client.send(request)
        _ = try await response.body.collect(upTo: 1 << 20)
        return try #require(response.timings)
    }

    @Test("a slow first byte lands before responseStart, not in the body", arguments: TransportUnderTest.allCases, timeouts)
    func slowFirstByte(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let timings = try await Self.timings(.slowFirstByte, on: server, client: Client(transport: t), timeout: timeout)
                // Lower bounds only, from marks made before the server's timer started: a loaded machine delays
                // a mark, never advances one (a run of the whole target saw the body's end marked 410 ms after
                // the head it came with, the reader's task waiting for a core).
                let responseStart = try #require(timings.responseStart)
                let bodyEnd = try #require(timings.bodyEnd)
                #expect(responseStart >= Self.delay - Self.slack, "\(timings)")
                #expect(bodyEnd >= responseStart)
                if transport == .asyncHTTPClient {
                    // Marked as the request was handed to its connection, before the server read it.
                    let connectionReady = try #require(timings.connectionReady)
                    #expect(responseStart - connectionReady >= Self.delay - Self.slack, "the delay is after the connection: \(timings)")
                    #expect(timings.reusedConnection == false)
                }
                if let requestSent = timings.requestSent {
                    #expect(requestSent <= responseStart, "\(timings)")
                }
            }
        }
    }

    /// NOTE: not AsyncHTTPClient's async-API path (no timeout): there `responseStart` is when the transport's task
    /// resumes with the head, and in two runs of the whole target (the cooperative pool saturated by other
    /// suites) that came with the body, 1 s later, five tries in a row; its delegate path marks the head on the
    /// event loop. The README and `ExchangeTimings.responseStart` say so.
    @Test("a slow body lands between responseStart and bodyEnd", arguments: zip([TransportUnderTest.urlSession, .urlSession, .asyncHTTPClient], [nil, .seconds(10), .seconds(10)] as [Duration?]))
    func slowBody(_ transport: TransportUnderTest, timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                // NOTE: the phase can be told only when the client handled the head well before the server sent
                // the body; on a loaded machine (the whole target runs at once on two cores) it once handled it
                // 420 ms late, head and body together, and three tries of 300 ms in a row were all late. Such a
                // try says nothing either way: a delay of 1 s, up to five tries, and the first whose head came
                // within half the delay is checked. Its body's end then comes at least the delay after the
                // start (lower bounds only), so at least half the delay is in the body's phase.
                let delay = Duration.seconds(1)
                for _ in 1...5 {
                    let timings = try await Self.timings(.slowBodyEnd, on: server, client: Client(transport: t), timeout: timeout, delay: delay)
                    let responseStart = try #require(timings.responseStart)
                    let bodyEnd = try #require(timings.bodyEnd)
                    guard responseStart < delay / 2 else { continue }
                    #expect(bodyEnd >= delay - Self.slack, "\(timings)")
                    return
                }
                Issue.record("in five tries the client never handled the head within half the delay")
            }
        }
    }

    /// A server too busy to accept: its accept queue full, the client's SYN is dropped and sent again, 1 s later
    /// on Linux (its first retransmission timeout; 100 ms of margin). On AsyncHTTPClient that wait lands in
    /// `connectionReady`, which holds a new connection's set-up, before the request is written; URLSession on Linux
    /// observes no connection phase, so there it is only known to come before `responseStart`. The server accepts
    /// 300 ms after a SYN was dropped: a server merely that slow to answer could not make either phase last 900 ms.
    @Test("a server too busy to accept: the resent SYN's wait lands in the connection phase", arguments: TransportUnderTest.allCases)
    func slowAccept(_ transport: TransportUnderTest) async throws {
        let synResent = Duration.milliseconds(900)
        try await MisbehavingServer.withRunning(acceptingAfter: Self.delay) { server in
            try await transport.with { t in
                let timings = try await Self.timings(.ok, on: server, client: Client(transport: t), timeout: .seconds(10), delay: .zero)
                let responseStart = try #require(timings.responseStart)
                #expect(responseStart >= synResent, "\(timings)")
                if transport == .asyncHTTPClient {
                    let connectionReady = try #require(timings.connectionReady)
                    #expect(connectionReady >= synResent, "the wait is in the connection phase: \(timings)")
                    #expect(timings.reusedConnection == false)
                    let requestSent = try #require(timings.requestSent)
                    #expect(requestSent >= connectionReady, "\(timings)")
                }
            }
        }
    }

    /// The connection phase includes the wait for a pooled connection.
    @Test("AsyncHTTPClient: waiting for the only pooled connection lands in connectionReady", arguments: timeouts)
    func waitForAPooledConnection(timeout: Duration?) async throws {
        try await MisbehavingServer.withRunning { server in
            try await TransportUnderTest.asyncHTTPClient.with(asyncHTTPClient: .init(connectTimeout: .seconds(120), maxConnectionsPerHost: 1)) { t in
                let client = Client(transport: t)
                async let first = Self.timings(.slowFirstByte, on: server, client: client, timeout: timeout)
                async let second = Self.timings(.slowFirstByte, on: server, client: client, timeout: timeout)
                let both = try await [first, second]
                let ready = try both.map { try #require($0.connectionReady) }
                // One had the connection at once; the other waited for the first's whole exchange, at least the
                // server's delay, and then its own delay came after its connection was ready.
                let waiter = try #require(both[ready[0] > ready[1] ? 0 : 1].responseStart)
                #expect(ready.max()! >= Self.delay - Self.slack, "\(both)")
                #expect(waiter - ready.max()! >= Self.delay - Self.slack, "\(both)")
                #expect(both.compactMap(\.reusedConnection).sorted { !$0 && $1 } == [false, true], "\(both)")
            }
        }
    }

    @Test("AsyncHTTPClient: the request written is marked on the delegate path, for an upload too; a second request reuses the connection")
    func requestSentAndReuse() async throws {
        try await MisbehavingServer.withRunning { server in
            try await TransportUnderTest.asyncHTTPClient.with { t in
                let client = Client(transport: t)
                let upload = try await Self.timings(.slowFirstByte, on: server, client: client, timeout: .seconds(10), method: .post, body: .bytes(Data(repeating: 1, count: 100_000)))
                let requestSent = try #require(upload.requestSent)
                let responseStart = try #require(upload.responseStart)
                #expect(requestSent <= responseStart && responseStart >= Self.delay - Self.slack, "\(upload)")
                #expect(upload.reusedConnection == false)
                let second = try await Self.timings(.slowFirstByte, on: server, client: client, timeout: nil)
                #expect(second.reusedConnection == true, "\(second)")
                #expect(second.dnsLookup == nil && second.connecting == nil && second.tlsHandshake == nil, "AsyncHTTPClient observes no connection phase")
            }
        }
    }

    @Test("URLSession: a body's last byte handed over marks the request sent")
    func urlSessionRequestSent() async throws {
        try await MisbehavingServer.withRunning { server in
            try await TransportUnderTest.urlSession.with { t in
                let timings = try await Self.timings(.slowFirstByte, on: server, client: Client(transport: t), timeout: nil, method: .post, body: .bytes(Data(repeating: 1, count: 100_000)))
                // corelibs fills no URLSessionTaskMetrics transaction (measured): no connection phase on Linux.
                #if canImport(FoundationNetworking)
                #expect(timings.connectionReady == nil && timings.reusedConnection == nil && timings.dnsLookup == nil)
                #endif
                let requestSent = try #require(timings.requestSent)
                let responseStart = try #require(timings.responseStart)
                #expect(requestSent <= responseStart && responseStart >= Self.delay - Self.slack, "\(timings)")
            }
        }
    }

    @Test("instrumented() reports the exchange's phases; tracing() puts one span event per phase", arguments: TransportUnderTest.allCases)
    func reportsAndSpans(_ transport: TransportUnderTest) async throws {
        try await MisbehavingServer.withRunning { server in
            try await transport.with { t in
                let reports = Locked<[RequestInstrumentation]>([])
                let tracer = W3CInMemoryTracer()
                let client = Client(transport: t).tracing(with: tracer).instrumented { report in reports.withLock { $0.append(report) } }
                let timings = try await Self.timings(.slowFirstByte, on: server, client: client, timeout: nil)
                let report = try #require(reports.withLock { $0.first })
                let reported = try #require(report.exchange?.responseStart)
                #expect(reported >= Self.delay - Self.slack && reported == timings.responseStart)
                #expect(report.description.contains("exchange: "), "\(report)")
                let span = try #require(tracer.recorded.finishedSpans.first)
                let names = span.events.map(\.name)
                #expect(names.contains("http.phase.first-byte") && names.contains("http.phase.body"), "\(names)")
                if transport == .asyncHTTPClient {
                    #expect(names.contains("http.phase.connection"), "\(names)")
                    #expect(span.attributes["http.connection.reused"]?.toSpanAttribute() == false, "a new connection")
                }
            }
        }
    }

    @Test("a response no exchange produced has no timings")
    func stubbedResponseHasNone() async throws {
        let stubs = StubTransport()
        stubs.stub(.get, "/x", with: .json(#"{"ok":true}"#))
        let response = try await Client(transport: stubs).send(try ClientRequest(url: "https://api.example.com/x"))
        #expect(response.timings == nil)
    }

    @Test("phases: each milestone's time since the one before, and the description")
    func phasesAndDescription() {
        let timings = ExchangeTimings(connectionReady: .milliseconds(2), reusedConnection: true, requestSent: .milliseconds(3), responseStart: .milliseconds(10), bodyEnd: .milliseconds(15))
        #expect(timings.phases.map(\.name) == ["connection", "request", "first-byte", "body"])
        #expect(timings.phases.map(\.duration) == [.milliseconds(2), .milliseconds(1), .milliseconds(7), .milliseconds(5)])
        #expect(timings.description == "connection 2.0 ms (reused), sent 3.0 ms, first byte 10.0 ms, body end 15.0 ms")
        var named = timings
        named.networkProtocol = "h2"
        #expect(named.description == "connection 2.0 ms (reused), sent 3.0 ms, first byte 10.0 ms, body end 15.0 ms (h2)")
        #expect(ExchangeTimings(networkProtocol: "http/1.1").description == "no timings (http/1.1)")
        let sparse = ExchangeTimings(dnsLookup: .milliseconds(1), responseStart: .milliseconds(4))
        #expect(sparse.phases.map(\.name) == ["dns", "first-byte"])
        #expect(sparse.phases.map(\.duration) == [.milliseconds(1), .milliseconds(4)])
    }
}
