import Foundation
import HTTPTypes

/// What proves who the caller is, as it goes on the wire: an `Authorization` header (Basic, Bearer, or
/// any scheme), or an API key in a header, a query parameter or a cookie.
///
/// ```swift
/// Credential.basic(username: "guest", password: "guest")   // Authorization: Basic Z3Vlc3Q6Z3Vlc3Q=
/// Credential.bearer("eyJhbGciOi…")                         // Authorization: Bearer eyJhbGciOi…
/// Credential.custom(field: "Token", data: "abc123")        // Authorization: Token abc123
/// Credential.apiKey("k-42", header: "X-Api-Key")           // X-Api-Key: k-42
/// Credential.apiKey("k-42", queryParameter: "api_key")     // …?api_key=k-42
/// Credential.apiKey("k-42", cookie: "api_key")             // Cookie: api_key=k-42
/// ```
public struct Credential: Sendable, Hashable {
    enum Placement: Sendable, Hashable {
        case header(name: String, value: String)
        case query(name: String, value: String)
        case cookie(name: String, value: String)
    }

    let placement: Placement

    /// `Authorization: Basic <base64(username:password)>` (RFC 7617, UTF-8).
    public static func basic(username: String, password: String) -> Credential {
        custom(field: "Basic", data: Data("\(username):\(password)".utf8).base64EncodedString())
    }

    /// `Authorization: Bearer <token>` (RFC 6750).
    public static func bearer(_ token: String) -> Credential {
        custom(field: "Bearer", data: token)
    }

    /// `Authorization: <field> <data>`, for any other scheme (FunNetworking's `.custom(field:data:)`).
    public static func custom(field: String, data: String) -> Credential {
        Credential(placement: .header(name: "Authorization", value: "\(field) \(data)"))
    }

    /// An API key in a header of its own.
    public static func apiKey(_ key: String, header: String) -> Credential {
        Credential(placement: .header(name: header, value: key))
    }

    /// An API key as a query parameter. Prefer a header where the API allows it: URLs end up in logs
    /// (Courier's redact the parameters named in ``Redactor``, others may not).
    public static func apiKey(_ key: String, queryParameter: String) -> Credential {
        Credential(placement: .query(name: queryParameter, value: key))
    }

    /// An API key as a cookie, added to the request's `Cookie` header (`a=1; api_key=k-42`). Like
    /// every `Cookie` header, it is not sent to another origin on a redirect.
    public static func apiKey(_ key: String, cookie: String) -> Credential {
        Credential(placement: .cookie(name: cookie, value: key))
    }

    /// Puts the credential on `request`, replacing a header of the same name (a query parameter is
    /// appended; a cookie is added to the `Cookie` header, replacing one of the same name), and records a
    /// header's name in ``RequestOptions/credentialHeaders``.
    ///
    /// - Throws: ``NetworkError/Kind/invalidHeader(name:)`` when the value cannot be a header value.
    public func apply(to request: inout ClientRequest) throws {
        switch placement {
        case .header(let name, let value):
            try request.setHeader(name, value)
            Self.recordHeader(named: name, on: &request)
        case .query(let name, let value):
            let path = request.head.path ?? "/"
            let pair = PercentEncoding.query([(name, value)])
            request.head.path = path + (path.utf8.contains(UInt8(ascii: "?")) ? "&" : "?") + pair
        case .cookie(let name, let value):
            // A `;`, `,`, space or quote would add a cookie or break the header; refuse rather than change what the
            // server reads (RFC 6265: a token name, cookie-octet values).
            let valid = { (text: String) in text.utf8.allSatisfy(PercentEncoding.Allowed.cookieOctets.contains) }
            guard !name.isEmpty, valid(name), !name.contains("="), valid(value) else {
                throw NetworkError(
                    .invalidHeader(name: "Cookie"),
                    message: "the cookie credential '\(name)' has a name or value a Cookie header cannot hold as is.")
            }
            let others = (request.head.headerFields[.cookie] ?? "")
                .split(separator: ";")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix(name + "=") }
            try request.setHeader("Cookie", (others + ["\(name)=\(value)"]).joined(separator: "; "))
            request.options.credentialHeaders.insert("cookie")
        }
    }
}

extension Credential {
    /// A header credential's name in ``RequestOptions/credentialHeaders``, so that a redirect to another origin
    /// drops it whatever its name. `Authorization` is dropped on such a redirect in any case: it is not recorded,
    /// which spares the request's options a write per request in the common case, a bearer token.
    fileprivate static func recordHeader(named name: String, on request: inout ClientRequest) {
        let lowered = name.lowercased()
        guard lowered != "authorization" else { return }
        request.options.credentialHeaders.insert(lowered)
    }
}

/// A ``Credential`` checked once to sign many requests: a header's field is validated when it is made, not
/// per request (`Client.authorizing(with:)` with a fixed credential).
struct PreparedCredential: Sendable {
    let credential: Credential
    /// The header's field, when the credential is a header whose name and value are valid.
    private let field: HTTPField?

    init(_ credential: Credential) {
        self.credential = credential
        if case .header(let name, let value) = credential.placement {
            field = try? HeaderValidation.field(name: name, value: value)
        } else {
            field = nil
        }
    }

    /// ``Credential/apply(to:)``, with the field checked once; an invalid one still throws here, per request.
    func apply(to request: inout ClientRequest) throws {
        guard let field else { return try credential.apply(to: &request) }
        request.head.headerFields[field.name] = field.value
        Credential.recordHeader(named: field.name.rawName, on: &request)
    }
}

extension Credential: CustomStringConvertible {
    /// Where the credential goes, never its value.
    public var description: String {
        switch placement {
        case .header(let name, _): "Credential(header: \(name), <redacted>)"
        case .query(let name, _): "Credential(query: \(name), <redacted>)"
        case .cookie(let name, _): "Credential(cookie: \(name), <redacted>)"
        }
    }
}
