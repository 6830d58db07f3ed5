import Courier
import Foundation

/// Where ``LineLogger`` writes: lines kept in memory, in the order they were written.
///
/// `@unchecked Sendable`: `lines` is read and written only while `lock` is held. (`Mutex` would say
/// this to the compiler, but needs macOS 15; the package supports macOS 14.)
final class LineSink: @unchecked Sendable {
    private let lock = NSLock()
    private var written: [String] = []

    func write(_ line: String) {
        lock.withLock { written.append(line) }
    }

    var lines: [String] { lock.withLock { written } }
}

/// One line when a request is sent, one for each further attempt a layer inside makes, and one when its
/// response body ends with the bytes read: a user's logger, written with Courier's public API only
/// (`ResponseBody.observing(onChunk:onEnd:)`, `RequestOptions.retryListeners`).
struct LineLogger: Middleware {
    let sink: LineSink

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let name = "\(request.method) \(request.head.path ?? "/")"
        sink.write("→ \(name)")
        var request = request
        request.options.retryListeners.append { [sink] attempt in sink.write("↻ \(name) attempt \(attempt)") }
        var response: ClientResponse
        do {
            response = try await next(request)
        } catch let error as NetworkError {
            sink.write("✗ \(name): \(error.kind.name)")
            throw error
        }
        let status = response.status.code
        response.body = response.body.observing { [sink] bytes, ending in
            sink.write("← \(status) \(name): \(bytes) bytes, \(Self.describe(ending))")
        }
        return response
    }

    private static func describe(_ ending: BodyEnding) -> String {
        switch ending {
        case .finished: "finished"
        case .failed(let error): "failed (\(error))"
        case .abandoned: "abandoned"
        }
    }
}
