import Foundation

extension ClientResponse {
    /// The largest body kept when a response is held while something else happens.
    static var keptBodyLimit: Int { 64 * 1024 }

    /// This response with its body read into memory (up to ``keptBodyLimit``; a larger one is dropped),
    /// so that it holds no connection and no throttle slot while a layer waits (a backoff, a token
    /// refresh) before perhaps returning it to the caller.
    func releasingBody() async -> ClientResponse {
        var response = self
        let data = try? await body.collect(upTo: Self.keptBodyLimit)
        response.body = ResponseBody(data ?? Data())
        return response
    }
}
