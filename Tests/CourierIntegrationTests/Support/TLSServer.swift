import Courier
import CourierAsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOSSL
import Testing

/// A Hummingbird server over TLS with a self-signed certificate for `localhost` and `127.0.0.1`.
func withTLSServer(
    certificate certificateFile: String = "tls-server-cert.pem",
    key keyFile: String = "tls-server-key.pem",
    routes: (Router<BasicRequestContext>) -> Void = { $0.get("/hello") { _, _ in "hello over TLS" } },
    _ body: (Int) async throws -> Void
) async throws {
    let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture(certificateFile).path).first)
    let key = try NIOSSLPrivateKey(file: fixture(keyFile).path, format: .pem)
    let router = Router()
    routes(router)
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

func fixture(_ name: String) throws -> URL {
    try #require(Bundle.module.url(forResource: (name as NSString).deletingPathExtension, withExtension: "pem", subdirectory: "Fixtures"))
}

func transport(pinning certificateFile: String) throws -> AsyncHTTPClientTransport {
    let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture(certificateFile).path).first)
    return AsyncHTTPClientTransport(configuration: .init(tls: .pinning(to: [certificate])))
}

