import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation

extension URLSessionTransport: WebSocketTransport {
    /// Whether this platform's URLSession can open WebSockets.
    ///
    /// NOTE: on Linux, FoundationNetworking's `URLSessionWebSocketTask` is built on libcurl's WebSocket API,
    /// which libcurl compiles in only when configured with `--enable-websockets` (experimental before 8.11).
    /// Debian 12's libcurl 7.88 (the one this project is tested with) lists no `ws` protocol: a
    /// `URLSessionWebSocketTask` there fails at once with `URLError.unsupportedURL`, "WebSockets not supported
    /// by libcurl" (measured with Swift 6.3.1). Rather than depend on what the installed libcurl happens to
    /// offer, and run corelibs' WebSocket code that nothing here tests, Linux refuses up front with
    /// ``NetworkError/Kind/unsupported``.
    public static var supportsWebSockets: Bool {
        #if canImport(FoundationNetworking)
        false
        #else
        true
        #endif
    }

    /// Opens a WebSocket with a `URLSessionWebSocketTask` on a session of its own (a copy of the
    /// transport's configuration), so the transport's streaming delegate never sees it.
    ///
    /// On Apple platforms only: on Linux it throws ``NetworkError/Kind/unsupported`` (see
    /// ``supportsWebSockets``); use `AsyncHTTPClientTransport` there. Not tested on this project's CI, which
    /// runs on Linux.
    ///
    /// - Throws: ``NetworkError``: ``NetworkError/Kind/unsupported`` on Linux,
    ///   ``NetworkError/Kind/unacceptableStatus(_:)`` when the server answers the opening with another
    ///   status, and the kinds ``send(_:)`` maps `URLError`s to.
    public func openWebSocket(_ request: ClientRequest) async throws -> (ClientResponse, any WebSocketConnection) {
        try request.checkHeadForTheWire()
        guard Self.supportsWebSockets else {
            throw NetworkError(
                .unsupported,
                message: "URLSession on Linux cannot open WebSockets (FoundationNetworking needs a libcurl built with WebSocket support, and this one has none); use AsyncHTTPClientTransport.",
                request: request
            )
        }
        let configuration = sessionConfiguration.copy() as! URLSessionConfiguration
        let (head, connection) = try await URLSessionWebSocketConnection.open(
            request,
            configuration: configuration,
            maxMessageSize: (request.options.webSocket ?? WebSocketConfiguration()).maxMessageSize
        )
        return (ClientResponse(head: head, request: request), connection)
    }
}
