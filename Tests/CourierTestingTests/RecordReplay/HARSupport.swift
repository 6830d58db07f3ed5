import Courier
import CourierTesting
import CourierTestSupport
import Foundation
import HTTPTypes

/// A transport that answers each request with `answer`, for the recorder and the replayer to wrap.
struct AnsweringTransport: Transport {
    let answer: @Sendable (ClientRequest) async throws -> ClientResponse

    func send(_ request: ClientRequest) async throws -> ClientResponse {
        try await answer(request)
    }
}

/// A response with `status`, `headers` and `body` bytes.
func cannedResponse(_ status: Int, headers: HTTPFields = [:], body: Data, for request: ClientRequest) -> ClientResponse {
    var head = HTTPResponse(status: HTTPResponse.Status(code: status))
    head.headerFields = headers
    return ClientResponse(head: head, body: ResponseBody(body), request: request)
}

/// A HAR recorded from `requests`, each answered by `answer`.
func recordedHAR(
    _ requests: [ClientRequest],
    answer: @escaping @Sendable (ClientRequest) async throws -> ClientResponse
) async throws -> HAR {
    let recorder = RecordingTransport(wrapping: AnsweringTransport(answer: answer), startDate: Date(timeIntervalSince1970: 0))
    for request in requests {
        _ = try await recorder.send(request)
    }
    return recorder.har
}


extension Result {
    /// The failure as a ``NetworkError``, if it is one.
    var networkError: NetworkError? {
        guard case .failure(let error) = self else { return nil }
        return error as? NetworkError
    }
}
