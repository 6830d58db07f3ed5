import Courier

/// Why a request that went through a pipeline step must not be sent (a header value that is not a
/// legal header value, say). The step keeps the request, so the pipeline goes on, and
/// `Client.requestCall(_:)` fails with this error instead of sending: the error that the step met,
/// not a vague `nil`.
enum PipelineFailureKey: RequestOptionKey {
    static let defaultValue: NetworkError? = nil
}

extension ClientRequest? {
    /// Runs `change` on the request when there is one and no earlier step has failed; a thrown error
    /// is recorded on the request for `Client.requestCall(_:)` to report. NOTE: the first failure is
    /// kept; later steps leave a failed request alone.
    func changing(_ change: (inout ClientRequest) throws -> Void) -> ClientRequest? {
        guard var request = self else { return nil }
        guard request.options[PipelineFailureKey.self] == nil else { return request }
        do {
            try change(&request)
        } catch {
            request.options[PipelineFailureKey.self] = NetworkError.wrapping(error, request: request)
        }
        return request
    }
}
