/// Gives each request that passes through it the next number of its own counter.
struct Numbering: Middleware {
    private let counter = Locked(0)

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // An outer numbering layer (or the caller) already named this request: keep one number per
        // logical request, however many numbering layers it crosses.
        guard request.options.number == nil else { return try await next(request) }
        var request = request
        request.options.number = counter.withLock { count in
            count += 1
            return count
        }
        do {
            return try await next(request)
        } catch {
            // An error from below that carries no request yet gets the numbered one, not the caller's.
            throw NetworkError.wrapping(error, request: request)
        }
    }
}

extension Client {
    /// A client that numbers every request it sends: 1, 2, 3, … in the order they arrive, one counter
    /// per call of `numbered()`.
    ///
    /// The number is in ``RequestOptions/number`` for every layer inside this one, in log lines, in a
    /// printed ``NetworkError`` and on ``ClientResponse/request``. Put it outside retrying layers so
    /// every attempt of one request shares its number:
    ///
    /// ```swift
    /// let client = Client(transport: URLSessionTransport())
    ///     .logging(to: logger)     // "#7 --> GET https://…"
    ///     .retrying()
    ///     .numbered()
    /// ```
    ///
    /// A request that already has a number keeps it.
    public func numbered() -> Client {
        with(Numbering())
    }
}
