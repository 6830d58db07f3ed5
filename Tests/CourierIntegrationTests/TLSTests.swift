import Courier
import CourierAsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOSSL
import Testing

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

    // Promise: a private CA can be trusted besides the system's roots, without knowing NIO (#20.8).
    @Test("a server whose certificate a private CA issued is trusted once that CA is")
    func trustingAPrivateCA() async throws {
        try await withTLSServer(certificate: "tls-ca-signed-server-cert.pem", key: "tls-ca-signed-server-key.pem") { port in
            let ca = try NIOSSLCertificate.fromPEMFile(fixture("tls-private-ca-cert.pem").path)
            let trusting = AsyncHTTPClientTransport(configuration: .init(tls: .trusting(certificateAuthorities: ca)))
            let server = try Server(url: "https://127.0.0.1:\(port)")
            let text = try await Client(transport: trusting).targeting(server).send(Endpoint<String>(path: "/hello"))
            #expect(text == "hello over TLS")
            try await trusting.shutdown()
            let systemOnly = AsyncHTTPClientTransport()
            let error = await #expect(throws: NetworkError.self) {
                try await Client(transport: systemOnly).targeting(server).send(Endpoint<String>(path: "/hello"))
            }
            #expect(error?.kind == .tlsFailure)
            try await systemOnly.shutdown()
        }
    }

    // Promise: a pinned public key lets exactly that key through; any other fails with tlsFailure before a
    // request is written (#20.8).
    @Test("public-key pinning: the pinned key passes, another key fails with tlsFailure")
    func publicKeyPinning() async throws {
        // openssl x509 -in tls-server-cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
        let serverKeyPin = "YimEFua6zI4Fq4WnKBKxB2N6aMcTdM93nnSIH09ct6g="
        try await withTLSServer { port in
            let certificate = try #require(try NIOSSLCertificate.fromPEMFile(fixture("tls-server-cert.pem").path).first)
            for (pins, succeeds) in [([serverKeyPin], true), (["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="], false)] {
                var configuration = AsyncHTTPClientTransport.Configuration(tls: .pinning(to: [certificate]))
                configuration.pinnedPublicKeys = Set(pins)
                let transport = AsyncHTTPClientTransport(configuration: configuration)
                let client = Client(transport: transport).targeting(try Server(url: "https://127.0.0.1:\(port)"))
                if succeeds {
                    #expect(try await client.send(Endpoint<String>(path: "/hello")) == "hello over TLS")
                } else {
                    let error = await #expect(throws: NetworkError.self) { try await client.send(Endpoint<String>(path: "/hello")) }
                    #expect(error?.kind == .tlsFailure)
                    #expect(error?.description.contains("not one of the pinned keys") == true)
                }
                try await transport.shutdown()
            }
        }
    }

    // Promise: a certificate the system does not trust is refused with tlsFailure on every transport
    // (#20.8: URLSession on Linux reported it as transportFailed).
    @Test("with the system's trust store, a self-signed certificate is refused with tlsFailure", arguments: TransportUnderTest.allCases)
    func selfSignedIsRefusedByDefault(_ transport: TransportUnderTest) async throws {
        try await withTLSServer { port in
            try await transport.with { t in
                let error = await #expect(throws: NetworkError.self) {
                    try await Client(transport: t).targeting(Server(url: "https://127.0.0.1:\(port)")).send(Endpoint<String>(path: "/hello"))
                }
                #expect(error?.kind == .tlsFailure)
            }
        }
    }
}
