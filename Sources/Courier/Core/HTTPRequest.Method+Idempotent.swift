import HTTPTypes

extension HTTPRequest.Method {
    /// The methods RFC 9110 §9.2.2 calls idempotent: sending one twice has the effect of sending it once.
    /// The retry policy's default, and what URLSessionTransport keeps on its shared connections.
    package static let idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete, .trace]
}
