import Crypto
import Foundation
import NIOCore
import NIOSSL

/// Checks, once a TLS connection's handshake is done and before any request is written on it, that the
/// server's certificate carries one of the pinned public keys.
///
/// A pin is the base64 SHA-256 of the certificate's SubjectPublicKeyInfo — the `pin-sha256` of HPKP and
/// of OkHttp's `CertificatePinner` — and survives the certificate's renewal with the same key:
/// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
enum PublicKeyPinning {
    /// The check for `pins`, run by AsyncHTTPClient on each new connection. A connection without TLS has
    /// nothing to check.
    static func verifier(for pins: Set<String>) -> @Sendable (any Channel) -> EventLoopFuture<Void> {
        { channel in
            channel.eventLoop.submit {
                guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self) else { return }
                guard let certificate = handler.peerCertificate else {
                    throw PublicKeyPinMismatch(presented: nil)
                }
                let presented = Data(SHA256.hash(data: try certificate.extractPublicKey().toSPKIBytes())).base64EncodedString()
                guard pins.contains(presented) else {
                    throw PublicKeyPinMismatch(presented: presented)
                }
            }.flatMapError { error in
                channel.close().flatMapThrowing { throw error }
            }
        }
    }
}

/// The server's public key is not one of the pinned keys: the connection was closed before any request
/// was written on it. Reported as `NetworkError.Kind.tlsFailure`.
struct PublicKeyPinMismatch: Error, CustomStringConvertible {
    /// The presented key's pin, when the server presented a certificate.
    let presented: String?

    var description: String {
        presented.map { "the server's public key (sha256/\($0)) is not one of the pinned keys" }
            ?? "the server presented no certificate to check against the pinned keys"
    }
}
