extension Call {
    /// A call whose value is `transform` applied to this call's value.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Value) throws -> T) -> Call<T> {
        Call<T> { try transform(try await self.run()) }
    }

    /// A call that runs this one, then the call `next` makes from its value: dependent requests in order
    /// (the second needs the first's answer).
    ///
    /// ```swift
    /// let home = API.profile.call(on: client).flatMap { profile in
    ///     API.articles(tag: profile.favoriteTag).call(on: client).map { Home(profile: profile, articles: $0) }
    /// }
    /// ```
    public func flatMap<T: Sendable>(_ next: @escaping @Sendable (Value) throws -> Call<T>) -> Call<T> {
        Call<T> { try await next(try await self.run()).run() }
    }

    /// A call whose error, if it fails, is `transform` applied to this call's error. Cancellation is
    /// passed through unchanged.
    public func mapError(_ transform: @escaping @Sendable (any Error) -> any Error) -> Call {
        Call {
            do {
                return try await self.run()
            } catch {
                if Self.isCancellation(error) || Task.isCancelled { throw error }
                throw transform(error)
            }
        }
    }

    /// A call that, if this one fails, runs the call `recovery` makes from the error. Cancellation is
    /// never recovered from: a cancelled caller wants nothing more done.
    ///
    /// ```swift
    /// let articles = remote.recover { _ in cachedArticles }   // a fallback call
    /// ```
    public func recover(_ recovery: @escaping @Sendable (any Error) throws -> Call) -> Call {
        Call {
            do {
                return try await self.run()
            } catch {
                if Self.isCancellation(error) || Task.isCancelled { throw error }
                return try await recovery(error).run()
            }
        }
    }

    /// A call that, if this one fails, returns `fallback` instead. Cancellation still throws.
    public func replacingError(with fallback: Value) -> Call {
        recover { _ in .value(fallback) }
    }

    /// A call that sends its value to `onValue` and its error to `onError` and never throws (but for
    /// cancellation): one call, its outcome routed to two handlers, as FunNet's error handling does.
    ///
    /// ```swift
    /// await articles.handling(
    ///     value: { list in await model.show(list) },
    ///     error: { error in await model.show(NetworkError.userMessage(for: error)) }
    /// ).run()
    /// ```
    public func handling(
        value onValue: @escaping @Sendable (Value) async -> Void,
        error onError: @escaping @Sendable (any Error) async -> Void
    ) -> Call<Void> {
        Call<Void> {
            switch await self.result() {
            case .success(let value):
                await onValue(value)
            case .failure(let error):
                if Self.isCancellation(error) || Task.isCancelled { throw error }
                await onError(error)
            }
        }
    }

    /// Whether `error` says the work was cancelled, in Swift's or Courier's words. (A caller that is
    /// cancelled may also see other errors from work that stopped; the combinators check
    /// `Task.isCancelled` too.)
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? NetworkError)?.kind == .cancelled
    }
}
