import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation

/// A WebSocket over a `URLSessionWebSocketTask`, with a session of its own that goes with it.
///
/// NOTE: Apple platforms only (``URLSessionTransport/supportsWebSockets``); it is compiled everywhere so
/// that it keeps compiling, but Linux never opens one. URLSession cannot stop one `receive()` without
/// closing the task, so cancelling a reader drops the connection here.
final class URLSessionWebSocketConnection: WebSocketConnection {
    private let session: URLSession
    private let task: URLSessionWebSocketTask
    private let request: ClientRequest
    private let maxMessageSize: Int
    private let closing = Locked(false)

    private init(session: URLSession, task: URLSessionWebSocketTask, request: ClientRequest, maxMessageSize: Int) {
        self.session = session
        self.task = task
        self.request = request
        self.maxMessageSize = maxMessageSize
    }

    /// Starts the task and returns once the server has switched protocols: a ping is answered only then.
    static func open(_ request: ClientRequest, configuration: URLSessionConfiguration, maxMessageSize: Int) async throws -> (HTTPResponse, URLSessionWebSocketConnection) {
        var head = request.head
        head.scheme = head.scheme?.lowercased() == "https" ? "wss" : "ws"
        guard !request.isRelative, let url = head.url else {
            throw NetworkError(.invalidURL, message: "a WebSocket needs an absolute http or https URL.", request: request)
        }
        var urlRequest = URLRequest(url: url)
        for field in request.head.headerFields where field.name.canonicalName != "host" {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        let session = URLSession(configuration: configuration)
        let task = session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = maxMessageSize
        let connection = URLSessionWebSocketConnection(session: session, task: task, request: request, maxMessageSize: maxMessageSize)
        task.resume()
        do {
            try await withTaskCancellationHandler {
                try await task.sendPing()
            } onCancel: {
                connection.abort()
            }
        } catch {
            connection.abort()
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101, let head = response.httpResponse {
                let refused = ClientResponse(head: head, request: request)
                throw NetworkError(.unacceptableStatus(response.statusCode), message: "the server did not switch protocols.", response: refused, underlying: error)
            }
            throw connection.networkError(error)
        }
        let response = (task.response as? HTTPURLResponse)?.httpResponse ?? HTTPResponse(status: .switchingProtocols)
        return (response, connection)
    }

    func send(_ message: WebSocketMessage) async throws {
        do {
            switch message {
            case .text(let text): try await task.send(.string(text))
            case .binary(let data): try await task.send(.data(data))
            }
        } catch {
            throw networkError(error)
        }
    }

    func receive() async throws -> WebSocketMessage? {
        do {
            let message = try await withTaskCancellationHandler {
                try await task.receive()
            } onCancel: {
                abort()
            }
            switch message {
            case .string(let text): return .text(text)
            case .data(let data): return .binary(data)
            @unknown default:
                throw NetworkError(.invalidResponse, message: "URLSession delivered a WebSocket message of an unknown kind.", request: request)
            }
        } catch {
            if peerClose != nil { return nil }
            throw networkError(error)
        }
    }

    func ping() async throws {
        do {
            try await task.sendPing()
        } catch {
            throw networkError(error)
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async throws {
        closing.withLock { $0 = true }
        // NOTE: URLSession's close codes are a closed enum: an application code (4000–4999) goes out as 1000.
        let closeCode = URLSessionWebSocketTask.CloseCode(rawValue: Int(code.rawValue)) ?? .normalClosure
        task.cancel(with: closeCode, reason: reason.isEmpty ? nil : Data(reason.utf8))
        session.finishTasksAndInvalidate()
    }

    var peerClose: WebSocketClose? {
        guard task.closeCode != .invalid, !closing.withLock({ $0 }) else { return nil }
        let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return WebSocketClose(code: WebSocketCloseCode(rawValue: UInt16(clamping: task.closeCode.rawValue)), reason: reason)
    }

    func abort() {
        task.cancel()
        session.invalidateAndCancel()
    }

    fileprivate func networkError(_ error: any Error) -> NetworkError {
        if let error = error as? NetworkError { return error }
        if Task.isCancelled {
            return NetworkError(.cancelled, message: "the calling task was cancelled; the WebSocket was dropped.", request: request, underlying: error)
        }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, nsError.code == Int(EMSGSIZE) {
            return NetworkError(
                .bodyTooLarge,
                message: "a WebSocket message was larger than maxMessageSize (\(maxMessageSize) bytes); the connection was closed with 1009.",
                request: request,
                underlying: error
            )
        }
        if let error = error as? URLError {
            return NetworkError(error.networkErrorKind, message: "URLSession failed: \(error.localizedDescription)", request: request, underlying: error)
        }
        return NetworkError(.connectionClosed, message: "the WebSocket failed: \(error.localizedDescription)", request: request, underlying: error)
    }
}
