import Courier
import CourierAsyncHTTPClient
import CourierTestSupport
import CourierTesting
import Foundation
import NIOSSL
import Testing

/// The proxies `scripts/proxy-e2e.sh` started (`scripts/test.sh` sources it): tinyproxy open, asking for
/// credentials, and refusing `CONNECT` to anything but 443; microsocks for SOCKS5.
enum ProxyEnvironment {
    static var open: String? { variable("PROXY_OPEN_URL") }
    static var isRequired: Bool { variable("CI") != nil || variable("COURIER_REQUIRE_E2E") != nil }

    static func proxy(_ name: String, credentials: Proxy.Credentials? = nil) throws -> Proxy {
        var proxy = try Proxy(url: try #require(variable(name), "\(name) is not set: run `source scripts/proxy-e2e.sh` first (scripts/test.sh does)"))
        proxy.credentials = credentials
        return proxy
    }

    /// The log a proxy writes, read now.
    static func log(_ name: String) throws -> String {
        let path = try #require(variable(name), "\(name) is not set: run `source scripts/proxy-e2e.sh` first")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    private static func variable(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}

@Suite(
    "Proxies: real ones (tinyproxy, microsocks) between the client and the server",
    .timeLimit(.minutes(1)),
    .enabled(if: ProxyEnvironment.open != nil || ProxyEnvironment.isRequired, "PROXY_OPEN_URL is not set: source scripts/proxy-e2e.sh")
)
struct ProxyTests {
    /// Sends `GET /echo` to a fresh test server over an AsyncHTTPClientTransport with `proxies`.
    private func echo(
        through proxies: ProxySettings,
        _ check: (_ server: TestServer, _ result: Result<TestServer.Echo, NetworkError>) async throws -> Void
    ) async throws {
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport(configuration: .init(proxies: proxies))
            let client = Client(transport: transport).targeting(server.server)
            let result: Result<TestServer.Echo, NetworkError>
            do {
                result = .success(try await client.send(Endpoint<TestServer.Echo>(path: "/echo", headers: ["Authorization": "Bearer origin-token"])))
            } catch let error as NetworkError {
                result = .failure(error)
            }
            try await transport.shutdown()
            try await check(server, result)
        }
    }

    @Test("an HTTP proxy carries the request: the proxy's own log names the server, and the server answers")
    func throughHTTPProxy() async throws {
        try await echo(through: .all(try ProxyEnvironment.proxy("PROXY_OPEN_URL"))) { server, result in
            let echo = try result.get()
            #expect(echo.method == "GET")
            #expect(echo.headers["authorization"] == "Bearer origin-token")
            #expect(await server.hits("/echo") == 1)
            #expect(try ProxyEnvironment.log("PROXY_OPEN_LOG").contains("127.0.0.1:\(server.port)"))
        }
    }

    @Test("no_proxy bypasses it: the server answers and the proxy's log never names it")
    func bypassed() async throws {
        let proxy = try ProxyEnvironment.proxy("PROXY_OPEN_URL")
        try await echo(through: try .environment(["http_proxy": proxy.description, "no_proxy": "localhost,127.0.0.0/8"])) { server, result in
            _ = try result.get()
            #expect(await server.hits("/echo") == 1)
            #expect(try !ProxyEnvironment.log("PROXY_OPEN_LOG").contains("127.0.0.1:\(server.port)"))
        }
    }

    @Test("the proxy's credentials go to the proxy only: the server never sees Proxy-Authorization")
    func credentialsStayWithTheProxy() async throws {
        let proxy = try ProxyEnvironment.proxy("PROXY_AUTH_URL", credentials: .init(username: "alice", password: "wonderland"))
        try await echo(through: .all(proxy)) { server, result in
            let echo = try result.get()
            #expect(echo.headers["proxy-authorization"] == nil)
            #expect(!echo.headers.values.contains { $0.contains("YWxpY2U6d29uZGVybGFuZA") })
            #expect(await server.hits("/echo") == 1)
        }
    }

    @Test("a proxy that wants credentials and gets none: proxyFailed(407) with its hint; wrong ones: proxyFailed; nothing reaches the server")
    func proxyAuthenticationRequired() async throws {
        // NOTE: tinyproxy answers wrong credentials with 401, not 407; AsyncHTTPClient reports any status but 2xx
        // and 407 without the status.
        let cases: [(Proxy.Credentials?, NetworkError.Kind)] = [(nil, .proxyFailed(status: 407)), (.init(username: "alice", password: "wrong"), .proxyFailed(status: nil))]
        for (credentials, kind) in cases {
            try await echo(through: .all(try ProxyEnvironment.proxy("PROXY_AUTH_URL", credentials: credentials))) { server, result in
                guard case .failure(let error) = result else { Issue.record("the request went through"); return }
                #expect(error.kind == kind)
                if kind == .proxyFailed(status: 407) {
                    #expect(error.description.contains("the proxy wants credentials"))
                }
                #expect(!error.description.contains("wrong"))
                #expect(await server.hits("/echo") == 0)
            }
        }
    }

    @Test("a proxy that refuses CONNECT: proxyFailed, nothing reaches the server")
    func connectRefused() async throws {
        try await echo(through: .all(try ProxyEnvironment.proxy("PROXY_STRICT_URL"))) { server, result in
            guard case .failure(let error) = result else { Issue.record("the request went through"); return }
            #expect(error.kind == .proxyFailed(status: nil))
            #expect(await server.hits("/echo") == 0)
        }
    }

    @Test("https through an HTTP proxy is a CONNECT tunnel: the proxy's log names it, TLS is end to end with the server")
    func httpsThroughConnect() async throws {
        let proxy = try ProxyEnvironment.proxy("PROXY_OPEN_URL")
        try await withTLSServer { port in
            let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture("tls-server-cert.pem").path).first)
            let transport = AsyncHTTPClientTransport(configuration: .init(tls: .pinning(to: [certificate]), proxies: .all(proxy)))
            let client = Client(transport: transport).targeting(Server(scheme: "https", host: "127.0.0.1", port: port))
            let text = try await client.send(Endpoint<String>(path: "/hello"))
            try await transport.shutdown()
            #expect(text == "hello over TLS")
            #expect(try ProxyEnvironment.log("PROXY_OPEN_LOG").contains("CONNECT 127.0.0.1:\(port)"))
        }
    }

    @Test("a proxy that dies in the middle of an upload: connectionClosed, and the write reaches the server once at most")
    func proxyDiesMidUpload() async throws {
        let proxy = try ProxyEnvironment.proxy("PROXY_DOOMED_URL")
        let pid = try #require(ProcessInfo.processInfo.environment["PROXY_DOOMED_PID"].flatMap { Int32($0) }, "PROXY_DOOMED_PID is not set")
        try await TestServer.withRunning { server in
            let transport = AsyncHTTPClientTransport(configuration: .init(proxies: .all(proxy)))
            let client = Client(transport: transport).retrying(.default).targeting(server.server)
            let (chunks, feed) = AsyncStream<Data>.makeStream()
            feed.yield(Data(repeating: 0x61, count: 64 << 10))
            var upload = try ClientRequest(.post, path: "/upload")
            upload.body = .singlePass(chunks)
            let sending = Task { try await client.send(upload) }
            try await eventually { await server.hits("/upload") == 1 }
            kill(pid, SIGKILL)
            for _ in 0..<16 {
                feed.yield(Data(repeating: 0x62, count: 64 << 10))
                try await Task.sleep(for: .milliseconds(5))
            }
            feed.finish()
            let error = try await #require(throws: NetworkError.self) { _ = try await sending.value.body.collect(upTo: 1 << 20) }
            #expect([.connectionClosed, .invalidResponse].contains(error.kind), "\(error)")
            #expect(await server.hits("/upload") == 1)
            try await transport.shutdown()
        }
    }

    @Test("a SOCKS5 proxy carries the request: its log names the server")
    func throughSOCKS5() async throws {
        try await echo(through: .all(try ProxyEnvironment.proxy("SOCKS_URL"))) { server, result in
            _ = try result.get()
            #expect(await server.hits("/echo") == 1)
            #expect(try ProxyEnvironment.log("SOCKS_LOG").contains(":\(server.port)"))
        }
    }

    @Test("a SOCKS5 server that cannot reach the server answers with a failure: proxyFailed")
    func socksRefusal() async throws {
        let transport = AsyncHTTPClientTransport(configuration: .init(proxies: .all(try ProxyEnvironment.proxy("SOCKS_URL"))))
        // Port 9 (discard) on loopback: nothing listens there, so microsocks' own connection is refused.
        let client = Client(transport: transport).targeting(Server(scheme: "http", host: "127.0.0.1", port: 9))
        let error = try await #require(throws: NetworkError.self) { try await client.send(Endpoint<Data>(path: "/")) }
        try await transport.shutdown()
        #expect(error.kind == .proxyFailed(status: nil), "\(error)")
    }

    @Test("SOCKS5 with credentials, which AsyncHTTPClient cannot speak, is refused with unsupported before anything is sent")
    func socksCredentialsUnsupported() async throws {
        let proxy = try ProxyEnvironment.proxy("SOCKS_URL", credentials: .init(username: "u", password: "p"))
        try await echo(through: .all(proxy)) { server, result in
            guard case .failure(let error) = result else { Issue.record("the request went through"); return }
            #expect(error.kind == .unsupported)
            #expect(!error.description.contains(":p@"))
            #expect(await server.hits("/echo") == 0)
        }
    }

    @Test("URLSession on Linux cannot be given a proxy the environment does not name: unsupported, nothing sent")
    func urlSessionRefusesAProxy() async throws {
        #if canImport(FoundationNetworking)
        try await TestServer.withRunning { server in
            let proxies = ProxySettings.all(try ProxyEnvironment.proxy("PROXY_OPEN_URL"))
            let client = Client(transport: URLSessionTransport(configuration: .init(proxies: proxies))).targeting(server.server)
            let error = try await #require(throws: NetworkError.self) { try await client.send(Endpoint<Data>(path: "/echo")) }
            #expect(error.kind == .unsupported)
            #expect(await server.hits("/echo") == 0)
            // The settings the environment gives (none here) are the ones libcurl follows: sent.
            let direct = Client(transport: URLSessionTransport(configuration: .init(proxies: try .environment()))).targeting(server.server)
            _ = try await direct.send(Endpoint<Data>(path: "/echo"))
            #expect(await server.hits("/echo") == 1)
        }
        #endif
    }

    @Test("URLSession follows http_proxy as libcurl reads it: the proxy's log names the server (in a process of its own)")
    func urlSessionThroughTheEnvironmentsProxy() async throws {
        #if canImport(FoundationNetworking)
        _ = try ProxyEnvironment.proxy("PROXY_OPEN_URL")
        _ = try ProxyEnvironment.log("PROXY_OPEN_LOG")
        // NOTE: an exit test runs its body in a new process: libcurl reads the proxy variables of the whole process,
        // and set here they would send every other URLSession test through the proxy. The child records why it
        // failed (swift-testing reports a child's issues in this process) and exits with a failure.
        await #expect(processExitsWith: .success) {
            func fail(_ why: String) -> Never {
                Issue.record(Comment(rawValue: why))
                exit(EXIT_FAILURE)
            }
            guard let proxyURL = ProcessInfo.processInfo.environment["PROXY_OPEN_URL"] else { fail("PROXY_OPEN_URL is not set") }
            for name in ["no_proxy", "NO_PROXY", "all_proxy", "ALL_PROXY"] { unsetenv(name) }
            setenv("http_proxy", proxyURL, 1)
            do {
                try await TestServer.withRunning { server in
                    // Only what the proxy logs from now on counts: an earlier server may have had the same port.
                    let logged = try ProxyEnvironment.log("PROXY_OPEN_LOG").utf8.count
                    // The settings the environment gives are the ones libcurl follows, so the transport sends.
                    let transport = URLSessionTransport(configuration: .init(proxies: try .environment()))
                    let echo = try await Client(transport: transport).targeting(server.server).send(Endpoint<TestServer.Echo>(path: "/echo"))
                    guard echo.method == "GET", await server.hits("/echo") == 1 else { fail("the server did not answer once") }
                    let log = String(decoding: try ProxyEnvironment.log("PROXY_OPEN_LOG").utf8.dropFirst(logged), as: UTF8.self)
                    guard log.contains("127.0.0.1:\(server.port)") else { fail("the proxy's log does not name 127.0.0.1:\(server.port)") }
                }
            } catch {
                fail("\(error)")
            }
        }
        #endif
    }
}

