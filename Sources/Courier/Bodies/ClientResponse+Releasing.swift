import Foundation

extension ClientResponse {
    /// The most body bytes ``releasingBody(keeping:)`` keeps by default: 64 KiB, enough for an error
    /// message or a problem document.
    public static var keptBodyLimit: Int { 64 * 1024 }

    /// This response with its body read into memory, up to `limit` bytes (a longer body, or one that
    /// fails while it is read, is dropped and replaced by an empty one), so that it holds no
    /// connection and no concurrency slot while a layer waits before perhaps returning it.
    ///
    /// Use it in a layer that sets a response aside while something else happens — a backoff before a
    /// retry, a token refresh before a replay, a hook that sends another request — and may still hand
    /// the earlier response to the caller afterwards. Reading a streamed body to its end gives its
    /// connection back to the pool (rather than having it torn down) and ends whatever layers inside
    /// hold until the body is over. To drop the response, write `_ = await response.releasingBody()`.
    ///
    /// ```swift
    /// struct RetryOnce503: Middleware {
    ///     func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
    ///         let first = try await next(request)
    ///         guard first.status == .serviceUnavailable else { return first }
    ///         let kept = await first.releasingBody(keeping: 4096)   // a preview for the caller
    ///         return (try? await next(request)) ?? kept
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter limit: the most bytes kept; ``keptBodyLimit`` unless told.
    public func releasingBody(keeping limit: Int = ClientResponse.keptBodyLimit) async -> ClientResponse {
        var response = self
        let data = try? await body.collect(upTo: max(0, limit))
        response.body = ResponseBody(data ?? Data())
        return response
    }
}
