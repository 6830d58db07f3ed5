import Courier
import Foundation
import HTTPTypes

/// A transport for unit tests of the stack: it records each request and answers with `respond`.
///
/// `@unchecked Sendable`: `recorded` is only touched under `lock`.
final class RecordingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ClientRequest] = []
    private let respond: @Sendable (ClientRequest) async throws -> ClientResponse

    init(respond: @escaping @Sendable (ClientRequest) async throws -> ClientResponse = { request in
        ClientResponse(head: HTTPResponse(status: .ok), request: request)
    }) {
        self.respond = respond
    }

    /// A transport that answers every request with `status` and `body`.
    convenience init(status: HTTPResponse.Status, body: String, contentType: String = "application/json") {
        self.init { request in
            var head = HTTPResponse(status: status)
            head.headerFields[.contentType] = contentType
            return ClientResponse(head: head, body: ResponseBody(Data(body.utf8)), request: request)
        }
    }

    var requests: [ClientRequest] {
        lock.withLock { recorded }
    }

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        lock.withLock { recorded.append(request) }
        return try await respond(request)
    }
}
