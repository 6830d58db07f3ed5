import CourierTesting
import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOSSL
import Testing
@testable import courier

/// `--verify` and `--cert`/`--cert-key` against a TLS server with a self-signed certificate for
/// 127.0.0.1 (the integration tests' fixtures).
@Suite("courier send over TLS: --verify, --cert, --cert-key", .serialized, .timeLimit(.minutes(2)))
struct SendTLSTests {
    /// A certificate or key of `Tests/CourierIntegrationTests/Fixtures`.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CourierIntegrationTests/Fixtures/\(name)").path
    }

    static let certificate = fixture("tls-server-cert.pem")
    static let key = fixture("tls-server-key.pem")

    /// Runs `body` with the port of a TLS server answering `GET /hello`; with `requiringClientCertificate`,
    /// only clients presenting the server's own certificate are let in.
    func withTLSServer(requiringClientCertificate: Bool = false, _ body: (Int) async throws -> Void) async throws {
        let certificate = try NIOSSLCertificate.fromPEMFile(Self.certificate)
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificate.map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: Self.key, format: .pem))
        )
        if requiringClientCertificate {
            tls.certificateVerification = .noHostnameVerification
            tls.trustRoots = .certificates(certificate)
        }
        let router = Router()
        router.get("/hello") { _, _ in "hello over TLS" }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "courier.cli-tls-test-server")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: try .tls(tlsConfiguration: tls),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { portContinuation.yield($0.localAddress?.port ?? 0) },
            logger: logger
        )
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        try await body(try #require(await iterator.next()))
    }

    func send(_ arguments: String...) async throws -> CourierProcess.Outcome {
        try await CourierProcess.run(["send"] + arguments)
    }

    @Test("a self-signed server fails with exit 3 and a hint naming --verify; --verify no and --verify CA_FILE reach it")
    func verify() async throws {
        try await withTLSServer { port in
            let url = "https://127.0.0.1:\(port)/hello"
            let refused = try await send(url)
            #expect(refused.status == 3, "\(refused.standardError)")
            #expect(refused.standardError.contains("--verify CA_FILE trusts a private CA, --verify no skips the check."))
            let unverified = try await send("--verify", "no", url)
            #expect(unverified.status == 0, "\(unverified.standardError)")
            #expect(unverified.standardOutput == "hello over TLS")
            let trusted = try await send("--verify", Self.certificate, url)
            #expect(trusted.status == 0, "\(trusted.standardError)")
            #expect(trusted.standardOutput == "hello over TLS")
            let other = try await send("--verify", Self.fixture("tls-other-cert.pem"), url)
            #expect(other.status == 3, "\(other.standardError)")
        }
    }

    @Test("a server that asks for a client certificate lets in --cert with --cert-key, and refuses a client without")
    func clientCertificate() async throws {
        try await withTLSServer(requiringClientCertificate: true) { port in
            let url = "https://127.0.0.1:\(port)/hello"
            let presented = try await send("--verify", Self.certificate, "--cert", Self.certificate, "--cert-key", Self.key, url)
            #expect(presented.status == 0, "\(presented.standardError)")
            #expect(presented.standardOutput == "hello over TLS")
            let anonymous = try await send("--verify", Self.certificate, url)
            #expect(anonymous.status == 3, "\(anonymous.standardError)")
        }
    }

    @Test("unreadable or missing files and --cert-key without --cert are usage errors, before anything is sent")
    func badFlags() async throws {
        let missing = try await send("--verify", "/nonexistent/ca.pem", "https://127.0.0.1:9/")
        #expect(missing.status == 64)
        #expect(missing.standardError == "courier: --verify: cannot read '/nonexistent/ca.pem'.\n")
        let keyAlone = try await send("--cert-key", Self.key, "https://127.0.0.1:9/")
        #expect(keyAlone.status == 64 && keyAlone.standardError == "courier: --cert-key goes with --cert.\n")
        // The certificate's file holds no key: without --cert-key that is an error naming --cert.
        let noKey = try await send("--cert", Self.certificate, "https://127.0.0.1:9/")
        #expect(noKey.status == 64 && noKey.standardError.hasPrefix("courier: --cert: '\(Self.certificate)' cannot be read as PEM"))
    }

    @Test("the TLS settings: none without flags; no verification; private roots; a client chain and key")
    func configuration() throws {
        #expect(try SendTransport.tls(verify: nil, certificate: nil, certificateKey: nil) == nil)
        #expect(try SendTransport.tls(verify: "yes", certificate: nil, certificateKey: nil)?.certificateVerification == .fullVerification)
        #expect(try SendTransport.tls(verify: "no", certificate: nil, certificateKey: nil)?.certificateVerification == CertificateVerification.none)
        let roots = try SendTransport.tls(verify: Self.certificate, certificate: nil, certificateKey: nil)?.trustRoots
        #expect(roots == .certificates(try NIOSSLCertificate.fromPEMFile(Self.certificate)))
        let client = try #require(try SendTransport.tls(verify: nil, certificate: Self.certificate, certificateKey: Self.key))
        #expect(client.certificateChain.count == 1)
        #expect(client.privateKey != nil)
    }
}
