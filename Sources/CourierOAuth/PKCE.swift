import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with S256, and the `state` of one sign-in: random values from the
/// system's secure generator.
struct PKCE: Sendable {
    /// 43 characters from 32 random bytes (RFC 7636 §4.1: 43 to 128 unreserved characters).
    let verifier: String
    /// `BASE64URL(SHA256(ASCII(verifier)))` (§4.2).
    let challenge: String
    /// Ties the redirect to this sign-in (RFC 6749 §10.12).
    let state: String

    init() {
        verifier = Self.randomToken()
        challenge = Self.challenge(for: verifier)
        state = Self.randomToken()
    }

    static func challenge(for verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    static func randomToken(bytes count: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    /// Base64 with the URL alphabet and no padding (RFC 7636 Appendix A).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
