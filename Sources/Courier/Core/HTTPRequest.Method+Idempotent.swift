import HTTPTypes

extension HTTPRequest.Method {
    /// The methods RFC 9110 §9.2.2 calls idempotent: sending one twice has the effect of sending it once.
    /// The retry policy's default.
    package static let idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete, .trace]
}

extension HTTPRequest.Method {
    /// The methods RFC 9110 §9.2.1 calls safe: read-only. The only ones URLSessionTransport lets libcurl
    /// repeat on its own; a write, even an idempotent one (PUT, DELETE), is sent once unless asked.
    package static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]
}
