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
