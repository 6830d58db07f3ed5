import Courier
import CourierAsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOSSL
import Testing

/// A Hummingbird server over TLS with a self-signed certificate for `localhost` and `127.0.0.1`.
private func withTLSServer(_ body: (Int) async throws -> Void) async throws {
    let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture("tls-server-cert.pem").path).first)
    let key = try NIOSSLPrivateKey(file: fixture("tls-server-key.pem").path, format: .pem)
    let router = Router()
    router.get("/hello") { _, _ in "hello over TLS" }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    var logger = Logger(label: "courier.tls-test-server")
    logger.logLevel = .critical
    let app = Application(
        router: router,
        server: try .tls(tlsConfiguration: .makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { portContinuation.yield($0.localAddress?.port ?? 0) },
        logger: logger
    )
    let server = Task { try await app.run() }
    var iterator = ports.makeAsyncIterator()
    let port = await iterator.next() ?? 0
    defer { server.cancel() }
    try await body(port)
}

private func fixture(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: (name as NSString).deletingPathExtension, withExtension: "pem", subdirectory: "Fixtures"))
}

private func transport(pinning certificateFile: String) throws -> AsyncHTTPClientTransport {
    let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture(certificateFile).path).first)
    return AsyncHTTPClientTransport(configuration: .init(tls: .pinning(to: [certificate])))
}

@Suite("TLS on AsyncHTTPClientTransport", .timeLimit(.minutes(1)))
struct TLSTests {
    @Test("pinned to the server's own certificate, the request succeeds")
    func pinnedToTheRightCertificate() async throws {
        try await withTLSServer { port in
            let transport = try transport(pinning: "tls-server-cert.pem")
            let text = try await Client(transport: transport).targeting(Server(url: "https://127.0.0.1:\(port)")).send(Endpoint<String>(path: "/hello"))
            #expect(text == "hello over TLS")
            try await transport.shutdown()
        }
    }

    @Test("pinned to another certificate, the handshake fails with tlsFailure and says why")
    func pinnedToTheWrongCertificate() async throws {
        try await withTLSServer { port in
            let transport = try transport(pinning: "tls-other-cert.pem")
            let error = await #expect(throws: NetworkError.self) {
                try await Client(transport: transport).targeting(Server(url: "https://127.0.0.1:\(port)")).send(Endpoint<String>(path: "/hello"))
            }
            #expect(error?.kind == .tlsFailure)
            #expect(error?.description.contains("certificate") == true || error?.description.contains("handshake") == true)
            try await transport.shutdown()
        }
    }

    @Test("with the system's trust store, a self-signed certificate is refused with tlsFailure")
    func selfSignedIsRefusedByDefault() async throws {
        try await withTLSServer { port in
            let transport = AsyncHTTPClientTransport()
            let error = await #expect(throws: NetworkError.self) {
                try await Client(transport: transport).targeting(Server(url: "https://127.0.0.1:\(port)")).send(Endpoint<String>(path: "/hello"))
            }
            #expect(error?.kind == .tlsFailure)
            try await transport.shutdown()
        }
    }
}
