extension ResponseBody {
    /// This body, holding `owner` until the body has been read or dropped.
    ///
    /// A transport cancels its transfers when it is released (URLSession's `invalidateAndCancel`, AsyncHTTPClient's
    /// shutdown); a response must stay readable after the client that sent it is gone
    /// (`try await Client(transport: URLSessionTransport()).send(request)`, then the body), so the body keeps its
    /// transport alive.
    package func retaining(_ owner: some AnyObject & Sendable) -> ResponseBody {
        guard case .stream(let chunks, _) = storage else { return self }
        return ResponseBody(length: length, chunks: BodyChunks {
            var iterator = chunks.makeAsyncIterator()
            return {
                withExtendedLifetime(owner) {}
                return try await iterator.next()
            }
        })
    }
}
