import Courier
import Foundation
import Logging
import NIOCore
import NIOFoundationCompat
import NIOSSL
import NIOWebSocket
import WSClient

/// Courier's message type; WSCore has one of the same name.
typealias CourierWebSocketMessage = Courier.WebSocketMessage

/// A WebSocket opened by swift-websocket's `WebSocketClient`, driven by Courier's `WebSocket`.
///
/// `WebSocketClient` runs the connection inside a closure, for as long as the closure runs; Courier's
/// `WebSocket` is a value its owner keeps. So the closure runs in a task of this connection's own, and reads
/// a message only when `receive()` asks for one (a demand): the peer is never read ahead of the reader by
/// more than one message, and swift-websocket's back-pressure reaches the socket.
///
/// NOTE: the task is the only unstructured one, and it cannot outlive its owner: `abort()`, called when the
/// `WebSocket` (or the handle carrying an untaken connection) goes away, cancels it, which closes the channel.
/// One exception swift-websocket leaves: during the opening handshake its wait for the `101` cannot be
/// cancelled, so a task cancelled then returns at once but the connection stays until the server answers.
final class SwiftWebSocketConnection: WebSocketConnection {
    private enum Demand: Sendable {
        /// Read the next message for the waiting reader.
        case read
        /// The caller started the closing handshake: leave the closure, swift-websocket finishes it.
        case finish
    }

    private struct State {
        var task: Task<Void, Never>?
        var aborted = false
        var opening: CheckedContinuation<Void, any Error>?
        var outbound: WebSocketOutboundWriter?
        /// The task waiting in `receive()`.
        var reader: CheckedContinuation<CourierWebSocketMessage?, any Error>?
        /// A message read for a reader that was cancelled meanwhile; the next `receive()` gets it.
        var ready: CourierWebSocketMessage?
        /// Whether a `.read` demand is being served.
        var reading = false
        var closing = false
        /// How the connection ended: `nil` while it is open.
        var ended: Result<Void, NetworkError>?
        var peerClose: WebSocketClose?
        /// What reading threw. NOTE: swift-websocket 1.6.2 drops it when the channel is closed already (a
        /// frame over the limit makes SwiftNIO send 1009 and close), and reports a clean end instead.
        var readError: (any Error)?
    }

    private let state = Locked(State())
    private let demands: AsyncStream<Demand>
    private let demandContinuation: AsyncStream<Demand>.Continuation
    private let request: ClientRequest
    private let maxMessageSize: Int

    private init(request: ClientRequest, maxMessageSize: Int) {
        self.request = request
        self.maxMessageSize = maxMessageSize
        (demands, demandContinuation) = AsyncStream.makeStream(of: Demand.self)
    }

    /// Connects to `url` and returns once the server has switched protocols.
    static func open(
        _ request: ClientRequest,
        url: String,
        configuration: WebSocketClientConfiguration,
        maxMessageSize: Int,
        tls: TLSConfiguration?,
        group: any EventLoopGroup,
        logger: Logger
    ) async throws -> SwiftWebSocketConnection {
        let connection = SwiftWebSocketConnection(request: request, maxMessageSize: maxMessageSize)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let start = connection.state.withLock { state -> Bool in
                    guard !state.aborted, !Task.isCancelled else { return false }
                    state.opening = continuation
                    return true
                }
                guard start else {
                    continuation.resume(throwing: connection.cancelled("before the WebSocket opened"))
                    return
                }
                let task = Task {
                    let result: Result<WebSocketCloseFrame?, any Error>
                    do {
                        result = .success(
                            try await WebSocketClient.connect(
                                url: url,
                                configuration: configuration,
                                tlsConfiguration: tls,
                                eventLoopGroup: group,
                                logger: logger
                            ) { inbound, outbound, _ in
                                try await connection.serve(inbound: inbound, outbound: outbound)
                            }
                        )
                    } catch {
                        result = .failure(error)
                    }
                    connection.finish(result)
                }
                let aborted = connection.state.withLock { state in
                    state.task = task
                    return state.aborted
                }
                // Dropped while the task was being made: it must not run on.
                if aborted { task.cancel() }
            }
        } onCancel: {
            connection.abort()
        }
        return connection
    }

    /// The body of `WebSocketClient`'s closure: announces the opening, then serves demands until the
    /// peer closes or the caller does.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let opening = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.outbound = outbound
            defer { state.opening = nil }
            return state.opening
        }
        opening?.resume()
        var messages = inbound.messages(maxSize: maxMessageSize).makeAsyncIterator()
        for await demand in demands {
            guard case .read = demand else { return }
            // NOTE: `nil` (a close frame, or the connection gone) and errors are delivered by `finish(_:)`,
            // once swift-websocket has said how the connection ended and with which close frame.
            let message: WSCore.WebSocketMessage?
            do {
                message = try await messages.next()
            } catch {
                state.withLock { $0.readError = error }
                throw error
            }
            guard let message else { return }
            deliver(Self.message(message))
        }
    }

    private static func message(_ message: WSCore.WebSocketMessage) -> CourierWebSocketMessage {
        switch message {
        case .text(let text): .text(text)
        case .binary(let buffer): .binary(Data(buffer: buffer))
        }
    }

    private func deliver(_ message: CourierWebSocketMessage) {
        let reader = state.withLock { state -> CheckedContinuation<CourierWebSocketMessage?, any Error>? in
            state.reading = false
            guard let reader = state.reader else {
                state.ready = message
                return nil
            }
            state.reader = nil
            return reader
        }
        reader?.resume(returning: message)
    }

    /// Records how the connection ended and wakes whoever waits.
    private func finish(_ result: Result<WebSocketCloseFrame?, any Error>) {
        let (opening, reader, ending) = state.withLock { state in
            var ending: Result<Void, NetworkError>
            switch result {
            case .success(let frame?):
                state.peerClose = WebSocketClose(
                    code: WebSocketCloseCode(rawValue: UInt16(webSocketErrorCode: frame.closeCode)),
                    reason: frame.reason ?? ""
                )
                ending = .success(())
            case .success(nil):
                if let readError = state.readError {
                    ending = .failure(networkError(readError, aborted: state.aborted))
                } else if state.closing {
                    ending = .success(())
                } else {
                    // NOTE: a single frame over the limit ends here too: SwiftNIO's decoder refuses it, sends 1009
                    // and closes the channel before its error can reach swift-websocket.
                    ending = .failure(NetworkError(
                        .connectionClosed,
                        message: "the WebSocket connection ended without a close frame from the server (1006), or after a single frame over maxMessageSize (\(maxMessageSize) bytes), which SwiftNIO refuses with 1009.",
                        request: request
                    ))
                }
            case .failure(let error):
                ending = .failure(networkError(error, aborted: state.aborted))
            }
            if state.opening != nil, case .success = ending {
                ending = .failure(NetworkError(.invalidResponse, message: "the WebSocket closed before it opened.", request: request))
            }
            state.ended = ending
            state.outbound = nil
            state.task = nil
            defer {
                state.opening = nil
                state.reader = nil
            }
            return (state.opening, state.reader, ending)
        }
        demandContinuation.finish()
        if let opening {
            if case .failure(let error) = ending { opening.resume(throwing: error) }
        }
        reader?.resume(with: ending.map { CourierWebSocketMessage?.none })
    }

    func send(_ message: CourierWebSocketMessage) async throws {
        guard let outbound = state.withLock({ $0.closing ? nil : $0.outbound }) else {
            throw NetworkError(.connectionClosed, message: "the WebSocket is closed; the message was not sent.", request: request)
        }
        do {
            switch message {
            case .text(let text): try await outbound.write(.text(text))
            case .binary(let data): try await outbound.write(.binary(ByteBuffer(data: data)))
            }
        } catch {
            throw networkError(error, aborted: false)
        }
    }

    func receive() async throws -> CourierWebSocketMessage? {
        enum Action {
            case deliver(Result<CourierWebSocketMessage?, NetworkError>)
            case demand
            case wait
            case busy
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let action = state.withLock { state -> Action in
                    if let ready = state.ready {
                        state.ready = nil
                        return .deliver(.success(ready))
                    }
                    if let ended = state.ended { return .deliver(ended.map { CourierWebSocketMessage?.none }) }
                    if Task.isCancelled { return .deliver(.failure(cancelled("while it waited for a message"))) }
                    guard state.reader == nil else { return .busy }
                    state.reader = continuation
                    // A read a cancelled reader asked for is still under way: its message comes here.
                    if state.reading { return .wait }
                    state.reading = true
                    return .demand
                }
                switch action {
                case .deliver(let result): continuation.resume(with: result)
                case .demand: demandContinuation.yield(.read)
                case .wait: break
                case .busy:
                    // A second reader is the caller's mistake, never a reason to crash the app: it gets an error.
                    continuation.resume(throwing: NetworkError(
                        .invalidResponse,
                        message: "WebSocket.receive() was called while another task was already waiting for a message; read a socket's messages from one task.",
                        request: request
                    ))
                }
            }
        } onCancel: {
            let reader = state.withLock { state in
                defer { state.reader = nil }
                return state.reader
            }
            reader?.resume(throwing: cancelled("while it waited for a message"))
        }
    }

    func ping() async throws {
        guard let outbound = state.withLock({ $0.closing ? nil : $0.outbound }) else {
            throw NetworkError(.connectionClosed, message: "the WebSocket is closed; the ping was not sent.", request: request)
        }
        do {
            try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .ping, data: ByteBuffer(string: "courier"))))
        } catch {
            throw networkError(error, aborted: false)
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async throws {
        let (outbound, task) = state.withLock { state in
            let outbound = state.closing ? nil : state.outbound
            state.closing = true
            return (outbound, state.task)
        }
        if let outbound {
            // NOTE: a failure here means the connection is gone already, which is what closing wants.
            try? await outbound.close(WebSocketErrorCode(codeNumber: Int(code.rawValue)), reason: reason.isEmpty ? nil : reason)
        }
        demandContinuation.yield(.finish)
        // swift-websocket waits for the peer's close frame (at most its close timeout), then closes the socket.
        await withTaskCancellationHandler {
            await task?.value
        } onCancel: {
            abort()
        }
    }

    var peerClose: WebSocketClose? { state.withLock { $0.peerClose } }

    func abort() {
        let task = state.withLock { state in
            state.aborted = true
            return state.task
        }
        task?.cancel()
        demandContinuation.finish()
        // The opener, when it still waits, learns at once; the task ends as soon as the channel lets it.
        let opening = state.withLock { state in
            defer { state.opening = nil }
            return state.opening
        }
        opening?.resume(throwing: cancelled("before the WebSocket opened"))
    }

    private func cancelled(_ when: String) -> NetworkError {
        NetworkError(.cancelled, message: "the calling task was cancelled \(when).", request: request)
    }

    /// Maps what swift-websocket and SwiftNIO throw onto Courier's kinds.
    private func networkError(_ error: any Error, aborted: Bool) -> NetworkError {
        if let error = error as? NetworkError { return error }
        if aborted || error is CancellationError {
            return NetworkError(.cancelled, message: "the WebSocket was dropped by its owner.", request: request, underlying: error)
        }
        switch error {
        case let error as WebSocketClientError where error == .serverSentMessageTooLarge:
            return tooLarge(error)
        case NIOWebSocketError.invalidFrameLength:
            return tooLarge(error)
        case let error as WebSocketClientError where error == .webSocketUpgradeFailed:
            return NetworkError(
                .invalidResponse,
                message: "the server did not switch protocols: its answer to the WebSocket opening was not 101 (swift-websocket does not report the status).",
                request: request,
                underlying: error
            )
        case let error as WebSocketClientError where error == .invalidURL:
            return NetworkError(.invalidURL, message: "swift-websocket could not use the URL.", request: request, underlying: error)
        case let error as WebSocketClientError:
            return NetworkError(.invalidResponse, message: "the server broke the WebSocket protocol: \(error).", request: request, underlying: error)
        default:
            return NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: false)
        }
    }

    private func tooLarge(_ error: any Error) -> NetworkError {
        NetworkError(
            .bodyTooLarge,
            message: "a WebSocket message was larger than maxMessageSize (\(maxMessageSize) bytes); the connection was closed with 1009.",
            request: request,
            underlying: error
        )
    }
}
