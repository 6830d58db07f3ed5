import Courier
import Foundation

/// One form POST to an authorization server's endpoint, with the client's authentication (RFC 6749 §2.3.1), and
/// its answer read as RFC 6749 §5.1 (a JSON object) or §5.2 (an error).
struct OAuthFormPost {
    let http: Client
    let client: OAuthClientRegistration

    /// The JSON object a 200 answered with; a 4xx/5xx with an `error` member becomes its ``OAuthError``. With
    /// `anyBodyOnSuccess` (revocation, RFC 7009 §2.2), any 2xx is a success whatever its body.
    func send(to endpoint: URL, _ fields: [(String, String)], anyBodyOnSuccess: Bool = false) async throws -> [String: any Sendable] {
        try OAuthEndpointCheck.require(secure: endpoint)
        var fields = fields
        var headers = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
        switch client.authentication {
        case .none:
            fields.append(("client_id", client.id))
        case .clientSecretPost(let secret):
            fields.append(("client_id", client.id))
            fields.append(("client_secret", secret))
        case .clientSecretBasic(let secret):
            headers["Authorization"] = Self.basicCredentials(id: client.id, secret: secret)
        }
        // Everything but unreserved characters escaped: what a form decoder reads back as written.
        let body = PercentEncoding.query(fields.map { (name: $0.0, value: $0.1) })
        let request = try ClientRequest(.post, url: endpoint.absoluteString, headers: headers, body: .bytes(Data(body.utf8)))
        let response = try await http.send(request)
        let data = try await response.body.collect(upTo: 1 << 20)
        let status = response.status.code
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        if status == 200, let object {
            return object.compactMapValues(Self.sendable)
        }
        if let object, let code = object["error"] as? String {
            throw OAuthError(
                OAuthError.Code(serverCode: code),
                description: object["error_description"] as? String,
                uri: object["error_uri"] as? String,
                status: status)
        }
        if (200..<300).contains(status), anyBodyOnSuccess { return [:] }
        throw OAuthError(
            .invalidResponse,
            description: "\(endpoint.absoluteString) answered HTTP \(status) \(object == nil ? "without a JSON object" : "without an error code")",
            status: status)
    }

    /// `Basic …` for `client_secret_basic`: RFC 6749 §2.3.1 encodes the id and the secret as form data before they
    /// are joined with `:` and base64-encoded, so a `:` or a space in either survives.
    static func basicCredentials(id: String, secret: String) -> String {
        let pair = PercentEncoding.encodeComponent(id) + ":" + PercentEncoding.encodeComponent(secret)
        return "Basic " + Data(pair.utf8).base64EncodedString()
    }

    /// JSON values as `Sendable` ones: strings, numbers, booleans; nested values are dropped (no grant needs them).
    private static func sendable(_ value: Any) -> (any Sendable)? {
        switch value {
        case let string as String: string
        case let integer as Int: Double(integer)
        case let double as Double: double
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }
}

/// A token endpoint's success (RFC 6749 §5.1) as ``OAuthTokens``.
enum TokenResponse {
    static func tokens(from object: [String: any Sendable], issuer: String, now: Date) throws -> OAuthTokens {
        guard let access = object["access_token"] as? String, !access.isEmpty,
            let type = object["token_type"] as? String
        else {
            throw OAuthError(.invalidResponse, description: "the token endpoint's answer has no access_token or token_type")
        }
        // RFC 7235 §2.1: the scheme is case-insensitive. Another type (DPoP, MAC) must not be sent as Bearer.
        guard type.lowercased() == "bearer" else {
            throw OAuthError(.invalidResponse, description: "the token endpoint issued a \(type) token; only Bearer tokens are supported")
        }
        // RFC 6749 §5.1 says a number; some servers send a string.
        let lifetime = OAuthSeconds.clamped((object["expires_in"] as? Double) ?? (object["expires_in"] as? String).flatMap(Double.init))
        return OAuthTokens(
            accessToken: access,
            tokenType: type,
            expiresAt: lifetime.map { now.addingTimeInterval(Double($0.components.seconds)) },
            refreshToken: object["refresh_token"] as? String,
            scope: object["scope"] as? String,
            idToken: object["id_token"] as? String,
            issuer: issuer)
    }
}

/// A number of seconds from a server (or a file), made safe to hold in a `Duration`: `nil` when it is not finite,
/// else clamped to 0…1 year (a huge `expires_in` would otherwise trap).
enum OAuthSeconds {
    static let limit: Double = 31_536_000

    static func clamped(_ seconds: Double?, atLeast minimum: Double = 0) -> Duration? {
        guard let seconds, seconds.isFinite else { return nil }
        return .seconds(Int64(min(max(seconds, minimum), limit)))
    }
}
