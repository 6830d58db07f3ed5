import Foundation
import HTTPTypes

/// The events of a `text/event-stream` response, read as the consumer iterates, reconnecting when the
/// connection ends: what ``Client/events(_:configuration:)-(ClientRequest,_)`` returns.
///
/// Each connection is one ``Client/send(_:)-(ClientRequest)`` through the client's whole stack (server
/// targeting, authorization, logging, retry), with `Accept: text/event-stream`, `Cache-Control: no-store`,
/// and, when the stream has a last event ID, `Last-Event-ID`. Then:
/// - **204 No Content** ends the stream: the server's way of saying "do not reconnect".
/// - **Another status outside 2xx** fails with ``NetworkError/Kind/unacceptableStatus(_:)``.
/// - **A 2xx whose `Content-Type` is not `text/event-stream`** fails with
///   ``NetworkError/Kind/invalidResponse``.
/// - **The end of the response, or a connection lost** (``NetworkError/Kind/connectionClosed``,
///   ``NetworkError/Kind/timedOut``, ``NetworkError/Kind/cannotConnect``,
///   ``NetworkError/Kind/notConnected``) reconnects after the server's `retry:` time (or
///   ``Configuration/reconnectionDelay``), waited on ``Configuration/clock``, sending the last event ID.
///   An event not finished when the connection ended is discarded.
/// - **Any other error** ends the stream with that error; so does a line or an event over its
///   ``ServerSentEventParser/Limits`` (``NetworkError/Kind/bodyTooLarge``).
///
/// The body is read a chunk at a time as the consumer asks for events, so a slow consumer slows the
/// server down (on `AsyncHTTPClientTransport`; see `URLSessionTransport` for its limits on Linux)
/// and memory stays bounded. Breaking out of the loop, or cancelling the task that iterates, stops the
/// transfer (and any wait before a reconnection) at once; no task is left behind.
///
/// Making the sequence sends nothing; each iterator opens its own connection on its first `next()`.
public struct ServerSentEventStream: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ServerSentEvent
    /// Every error is a ``NetworkError``.
    public typealias Failure = NetworkError

    let client: Client
    /// The request each connection sends, or why there is none.
    let request: Result<ClientRequest, NetworkError>
    let acceptableStatus: AcceptableStatus
    /// The settings of this stream.
    public let configuration: Configuration

    init(client: Client, request: ClientRequest, acceptableStatus: AcceptableStatus, configuration: Configuration) {
        self.client = client
        self.request = .success(request)
        self.acceptableStatus = acceptableStatus
        self.configuration = configuration
    }

    /// A stream whose request could not be built: its first `next()` throws `error`.
    init(failing error: NetworkError, client: Client, configuration: Configuration) {
        self.client = client
        request = .failure(error)
        acceptableStatus = .successful
        self.configuration = configuration
    }

    /// An iterator that connects on its first call to `next()`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads the events of one stream, connecting and reconnecting as needed.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let stream: ServerSentEventStream
        private var parser: ServerSentEventParser
        private var pending: [ServerSentEvent] = []
        private var pendingIndex = 0
        /// The body being read, while connected.
        private var body: BodyChunks.AsyncIterator?
        /// Why the last connection ended, while one is to be made again.
        private var lastFailure: NetworkError?
        private var reconnections = 0
        private var finished = false
        /// Whether the last connection ended because the server ended its response (not an error).
        private var endedByServer = false

        init(stream: ServerSentEventStream) {
            self.stream = stream
            parser = ServerSentEventParser(limits: stream.configuration.limits, lastEventID: stream.configuration.lastEventID ?? "")
        }

        /// The next event, connecting or reconnecting first when needed; `nil` once the server answered
        /// 204 or the iteration failed.
        ///
        /// - Throws: ``NetworkError``: ``NetworkError/Kind/cancelled`` when the iterating task is
        ///   cancelled, and the errors listed on ``ServerSentEventStream``.
        public mutating func next() async throws(NetworkError) -> ServerSentEvent? {
            while true {
                if pendingIndex < pending.count {
                    defer { pendingIndex += 1 }
                    return pending[pendingIndex]
                }
                guard !finished else { return nil }
                do {
                    if let chunks = body {
                        try await read(chunks)
                    } else {
                        try await connect()
                    }
                } catch {
                    // Whatever failed, the iteration ends with it: nothing is read or sent after.
                    finished = true
                    body = nil
                    throw error
                }
            }
        }

        /// Reads one chunk and parses it; at the end of the body, prepares to reconnect.
        private mutating func read(_ chunks: BodyChunks.AsyncIterator) async throws(NetworkError) {
            var chunks = chunks
            let chunk: Data?
            do {
                chunk = try await chunks.next()
            } catch {
                let error = NetworkError.wrapping(error, request: nil)
                guard Self.isReconnectable(error) else { throw error }
                connectionEnded(error, byServer: false)
                return
            }
            guard let chunk else {
                connectionEnded(NetworkError(.connectionClosed, message: "the server ended the event stream."), byServer: true)
                return
            }
            body = chunks
            pending = try parser.parse(chunk)
            pendingIndex = 0
            if !pending.isEmpty { reconnections = 0 }
        }

        private mutating func connectionEnded(_ error: NetworkError, byServer: Bool) {
            body = nil
            parser.finish()
            lastFailure = error
            endedByServer = byServer
        }

        /// Opens a connection: the first one, or after the reconnection delay.
        private mutating func connect() async throws(NetworkError) {
            let configuration = stream.configuration
            let baseRequest = try stream.request.get()
            if let failure = lastFailure {
                // A write is never repeated unasked: its stream ends with its response (a POST to a
                // completions API is answered once), and a dropped connection is the caller's to handle.
                if !configuration.reconnectsUnsafeRequests, !HTTPRequest.Method.safeMethods.contains(baseRequest.method) {
                    guard endedByServer else { throw failure }
                    finished = true
                    return
                }
                if let limit = configuration.maxReconnections, reconnections >= limit {
                    var error = failure
                    error.message = (error.message ?? "the event stream ended.") + " Stopped after \(limit) reconnection(s) in a row with no event."
                    throw error
                }
                reconnections += 1
                var delay = Swift.min(parser.reconnectionTime ?? configuration.reconnectionDelay, configuration.maxReconnectionDelay)
                // A server that asks for `retry: 0` and then sends nothing must not get a busy loop: from
                // the second reconnection in a row without an event, the wait is at least a second.
                if reconnections > 1 { delay = Swift.max(delay, Swift.min(.seconds(1), configuration.maxReconnectionDelay)) }
                do {
                    try await configuration.clock.sleep(for: delay)
                } catch {
                    throw NetworkError(.cancelled, message: "the task iterating the events was cancelled while waiting to reconnect.", request: baseRequest)
                }
            }
            guard !Task.isCancelled else {
                throw NetworkError(.cancelled, message: "the task iterating the events was cancelled; no connection was made.", request: baseRequest)
            }
            var request = baseRequest
            if !parser.lastEventID.isEmpty {
                request.head.headerFields[.lastEventID] = parser.lastEventID
            }
            let response: ClientResponse
            do {
                response = try await stream.client.send(request)
            } catch {
                let error = NetworkError.wrapping(error, request: request)
                guard Self.isReconnectable(error) else { throw error }
                lastFailure = error
                endedByServer = false
                return
            }
            if response.status.code == 204 {
                finished = true
                return
            }
            guard stream.acceptableStatus.contains(response.status) else {
                let released = await response.releasingBody()
                throw NetworkError(.unacceptableStatus(response.status.code), message: "the event stream was refused.", response: released)
            }
            guard Self.isEventStream(response.head.headerFields[.contentType]) else {
                let released = await response.releasingBody()
                let type = response.head.headerFields[.contentType] ?? "none"
                throw NetworkError(
                    .invalidResponse,
                    message: "the response's Content-Type is \(type), not text/event-stream; it is not an event stream.",
                    response: released
                )
            }
            lastFailure = nil
            body = response.body.makeAsyncIterator()
        }

        /// Whether `error` ends only this connection: the standard reconnects after a network error.
        private static func isReconnectable(_ error: NetworkError) -> Bool {
            switch error.kind {
            // Over HTTP/2 a server or proxy ending the stream resets it: the same network error as a close.
            case .connectionClosed, .streamReset, .timedOut, .cannotConnect, .notConnected: true
            default: false
            }
        }

        /// Whether a `Content-Type` value is `text/event-stream`, parameters aside.
        static func isEventStream(_ contentType: String?) -> Bool {
            guard let contentType else { return false }
            let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
            return mediaType.caseInsensitiveCompare("text/event-stream") == .orderedSame
        }
    }
}

extension HTTPField.Name {
    /// `Last-Event-ID`, which an event stream sends when it reconnects (WHATWG HTML).
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
