/// The end of every chain: sends a request over the wire (or pretends to) and returns the response.
///
/// A transport receives an absolute request (relative ones are resolved by ``Client/targeting(_:)``
/// first) and must:
/// - throw ``NetworkError`` values, mapping its own errors onto ``NetworkError/Kind``;
/// - stop the transfer when the calling task is cancelled, and throw ``NetworkError/Kind/cancelled``;
/// - deliver a 3xx response as it is, never following redirects itself;
/// - honour ``RequestOptions/timeout`` as a deadline for the whole exchange, body included;
/// - stop the transfer when the reader of a streamed ``ResponseBody`` drops its iterator (that is how
///   ``ResponseBody/collect(upTo:)`` enforces ``RequestOptions/maxResponseBodySize``).
///
/// Courier ships ``URLSessionTransport``; `CourierAsyncHTTPClient` adds `AsyncHTTPClientTransport`, the
/// SwiftNIO one. Both pass the same conformance suite (`Tests/CourierIntegrationTests`).
public protocol Transport: Sendable {
    /// Sends `request` and returns the server's response, whatever its status.
    func send(_ request: ClientRequest) async throws -> ClientResponse
}
