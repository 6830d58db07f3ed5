import Courier
import Foundation

extension Client {
    /// A call that sends `request` with this client and returns the response body, failing for any
    /// status outside 200…299: the step of a pipeline that goes to the network (FunNetworking's
    /// `requestAsyncR` and `requestSyncR` in one, since a `Call` can be awaited or run blocking).
    ///
    /// ```swift
    /// let data = "\(base)/echo" |> URL.init(string:) >=> request() |> client.requestCall   // Call<Data>
    /// ```
    ///
    /// Nothing is sent until the call runs, and each run sends again (which is what makes
    /// ``retry(_:policy:clock:isRetryable:)`` work).
    ///
    /// - Parameter request: the request, or `nil` when an earlier step could not make one (a string that
    ///   is not a URL).
    /// - Returns: a call that fails with `NetworkError`: `NetworkError.Kind.invalidURL` for a `nil`
    ///   request, the error an earlier step met (`NetworkError.Kind.invalidHeader(name:)`),
    ///   `NetworkError.Kind.unacceptableStatus(_:)` with the response, or any transport kind. The body
    ///   is read up to `RequestOptions.maxResponseBodySize`.
    public func requestCall(_ request: ClientRequest?) -> Call<Data> {
        guard let request else {
            return .failure(NetworkError(
                .invalidURL,
                message: "the pipeline made no request: the text is not a URL, or not an absolute http(s) URL with a host."
            ))
        }
        if let failure = request.options[PipelineFailureKey.self] {
            return .failure(failure)
        }
        return Call { try await self.body(of: request) }
    }

    /// Sends `request` and collects the body of a 2xx response.
    private func body(of request: ClientRequest) async throws -> Data {
        let (response, data) = try await sendCollecting(request)
        guard (200...299).contains(response.status.code) else {
            throw NetworkError(.unacceptableStatus(response.status.code), response: response)
        }
        return data
    }
}
