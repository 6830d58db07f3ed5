import Courier

/// A pipeline step that puts `credential` on the request: `Authorization: Basic …`, `Bearer …`,
/// `<field> <data>`, or an API key — FunNetworking's `authorization(_:)`.
///
/// ```swift
/// "\(base)/me" |> URL.init(string:) >=> request() |> authorization(.bearer(token)) |> client.requestCall
/// ```
///
/// A credential whose value cannot be a header value (a line break in a token) is not sent: the
/// call fails with `NetworkError.Kind.invalidHeader(name:)`. Use `Client.authorizing(with:clock:)`
/// instead when every request of a client needs the credential, or when tokens must be refreshed.
public func authorization(_ credential: Credential) -> @Sendable (ClientRequest?) -> ClientRequest? {
    { request in request.changing { try credential.apply(to: &$0) } }
}

/// A pipeline step that sets one header field, replacing any of the same name (FunNetworking's
/// `setHeader`).
///
/// ```swift
/// … |> setHeader("Accept-Language", "sv") |> client.requestCall
/// ```
///
/// A name that is not an HTTP token, or a value with a line break or another control character, is
/// not sent: the call fails with `NetworkError.Kind.invalidHeader(name:)`.
public func setHeader(_ name: String, _ value: String) -> @Sendable (ClientRequest?) -> ClientRequest? {
    { request in request.changing { try $0.setHeader(name, value) } }
}

/// A pipeline step that sets several header fields (FunNetworking's `setHeaders`), checked as
/// ``setHeader(_:_:)`` checks one.
public func setHeaders(_ fields: [String: String]) -> @Sendable (ClientRequest?) -> ClientRequest? {
    { request in request.changing { try $0.setHeaders(fields) } }
}
