import CourierGenerator
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The HTTP side of `courier mock`: a Hummingbird server that asks ``APIContract/mockReply(to:)`` for every answer.
///
/// It runs in the process that starts it (the command, or a test), on a port the system assigns when `port` is 0.
final class MockServer: Sendable {
    /// The port it listens on.
    let port: Int
    let host: String
    private let task: Task<Void, any Error>

    private init(host: String, port: Int, task: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.task = task
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// Starts serving `contract` and returns once it accepts connections.
    ///
    /// - Parameters:
    ///   - stopsOnSignals: shut down gracefully on SIGINT and SIGTERM (the command); a test stops it with ``stop()``.
    ///   - report: called with one line per request answered (`GET /pets/7 -> 200`), and the problems of a 400.
    ///   - bodyLimit: the largest request body read; a bigger one is answered 413.
    static func start(
        contract: APIContract, host: String = "127.0.0.1", port: Int = 0, stopsOnSignals: Bool = false,
        bodyLimit: Int = MockResponder.defaultBodyLimit, report: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> MockServer {
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "courier.mock")
        logger.logLevel = .critical
        let app = Application(
            responder: MockResponder(contract: contract, bodyLimit: bodyLimit, report: report),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "CourierMock"),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        let task = Task {
            defer { portContinuation.finish() }
            if stopsOnSignals {
                try await app.runService()
            } else {
                try await app.run()
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound > 0 else {
            try await task.value
            throw MockServerError.didNotStart
        }
        return MockServer(host: host, port: bound, task: task)
    }

    /// Returns when the server has stopped (a signal, with `stopsOnSignals`), or throws why it failed.
    func wait() async throws {
        try await task.value
    }

    /// Stops the server, dropping open connections.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// The server stopped before it listened.
enum MockServerError: Error, CustomStringConvertible {
    case didNotStart

    var description: String { "the mock server did not start listening" }
}

/// One answer per request: the body read (up to a limit), the contract asked, its reply written.
struct MockResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    /// The largest request body the mock reads unless told otherwise; a bigger one is answered 413.
    static let defaultBodyLimit = 16 * 1024 * 1024

    let contract: APIContract
    let bodyLimit: Int
    let report: @Sendable (String) -> Void

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let target = request.head.path ?? "/"
        let reply: MockReply
        do {
            let body = try await request.body.collect(upTo: bodyLimit)
            reply = contract.mockReply(to: ContractRequest(
                method: request.method.rawValue, target: target,
                headerFields: request.headers.map { ($0.name.rawName, $0.value) }, body: Data(body.readableBytesView)))
        } catch is NIOTooManyBytesError {
            reply = MockReply(status: 413, body: Data("the request body is over \(bodyLimit) bytes".utf8))
        }
        // NOTE: any other error reading the body (a malformed chunk, a connection reset) is rethrown: Hummingbird
        // closes a connection whose request cannot be parsed, and there is no request left to answer.
        report("\(request.method.rawValue) \(target) -> \(reply.status)" + (reply.status == 400 ? " " + String(decoding: reply.body, as: UTF8.self) : ""))
        var fields = HTTPFields()
        for (name, value) in reply.headerFields {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        // A 204, a 304 and a response to HEAD never carry a body (RFC 9110); the contract sends none, and the
        // server must not write one either.
        let bodyless = reply.status == 204 || reply.status == 304 || request.method == .head
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: fields,
            body: bodyless ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
