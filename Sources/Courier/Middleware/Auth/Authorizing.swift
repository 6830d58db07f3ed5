import Foundation

/// The middleware behind ``Client/authorizing(with:clock:)``.
struct Authorizing<C: Clock<Duration>>: ImmediateMiddleware {
    private enum Signer: Sendable {
        case fixed(PreparedCredential)
        case tokens(TokenStore<C>, credential: @Sendable (String) -> Credential, trigger: RefreshTrigger)
    }

    private let signer: Signer

    init(_ authorization: Authorization, clock: C) {
        switch authorization.source {
        case .fixed(let credential):
            signer = .fixed(PreparedCredential(credential))
        case .tokens(let provider, let credential, let trigger, let leeway, let limit):
            signer = .tokens(TokenStore(provider: provider, clock: clock, leeway: leeway, limit: limit), credential: credential, trigger: trigger)
        }
    }

    /// A fixed credential signs at once; tokens, which may need fetching or a refresh on a 401, go through
    /// ``send(_:next:)``.
    func handleAtOnce(_ request: inout ClientRequest) throws -> ImmediateOutcome {
        guard !request.options.crossesOrigin else { return .passOn }
        guard case .fixed(let credential) = signer else { return .suspends }
        try credential.apply(to: &request)
        return .passOn
    }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        // A redirect to another origin must not carry this client's credential.
        guard !request.options.crossesOrigin else { return try await next(request) }
        switch signer {
        case .fixed(let credential):
            var signed = request
            try credential.apply(to: &signed)
            return try await next(signed)
        case .tokens(let store, let credential, let trigger):
            let issued: TokenStore<C>.Issued
            if let atHand = store.usableAtOnce() {
                issued = atHand
            } else {
                issued = try await Self.authenticating(request) { try await store.usable() }
            }
            let (rejected, response) = try await trigger.matches(next(Self.signed(request, issued.token, credential)))
            // A 401 from another origin (after a redirect) says nothing about this client's token.
            guard rejected, request.body.isReplayable, !response.request.options.crossesOrigin else { return response }
            // Nothing (a connection, a throttle slot) is held while the refresh runs.
            _ = await response.releasingBody()
            let fresh = try await Self.authenticating(request) { try await store.refreshed(replacing: issued) }
            // The refresh went on for everyone; a caller cancelled meanwhile stops here.
            try Task.checkCancellation()
            // One refresh and one more attempt: a second rejection is returned as it is, never looped.
            return try await next(Self.signed(request, fresh, credential))
        }
    }

    private static func signed(_ request: ClientRequest, _ token: Token, _ credential: (String) -> Credential) throws -> ClientRequest {
        var signed = request
        try credential(token.value).apply(to: &signed)
        return signed
    }

    /// Runs a token call, turning its failure into ``NetworkError/Kind/authenticationFailed`` with the
    /// cause (cancellation stays cancellation).
    private static func authenticating<T>(_ request: ClientRequest, _ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as NetworkError where error.kind == .cancelled {
            throw error
        } catch {
            throw NetworkError(.authenticationFailed, message: "the token provider failed: \(Self.summary(of: error))", request: request, underlying: error)
        }
    }

    private static func summary(of error: any Error) -> String {
        switch error {
        case let error as NetworkError: "\(error.kind)"
        case let error as ExcessiveRefresh: error.description
        // An error that describes itself for people (OAuthError: `invalid_client: …`) says why in words; any
        // other is named by its type only, since its text could hold the credential it failed with.
        case let error as any LocalizedError where error.errorDescription != nil: error.errorDescription ?? ""
        default: String(describing: type(of: error))
        }
    }
}

extension Client {
    /// A client that signs every request with `authorization`: a fixed credential, or tokens that are
    /// refreshed when the server rejects them.
    ///
    /// With a ``TokenProvider``, when a response matches the ``RefreshTrigger`` (a 401 by default), the
    /// token is refreshed **once** for every request waiting on it (single flight) and the request is sent
    /// once more with the new token; a request rejected with a token older than the current one is sent
    /// again without a new refresh; a token that expires within the leeway (on `clock`) is refreshed
    /// before sending. A failed refresh fails every waiter with ``NetworkError/Kind/authenticationFailed``
    /// (the cause in ``NetworkError/underlying``), and the next request may try again. A request whose
    /// body cannot be sent twice gets the 401 as it is.
    ///
    /// Place it outside ``followingRedirects(_:)`` and outside ``throttled(maxConcurrent:perHost:)``
    /// (the refresh call of the provider should use a client without those layers, so that it never waits
    /// behind the requests that wait for it). A request redirected to another origin is not signed.
    ///
    /// ```swift
    /// let api = Client(transport: URLSessionTransport())
    ///     .followingRedirects()
    ///     .authorizing(with: .bearer(tokens))
    ///     .targeting(.production)
    /// ```
    public func authorizing(with authorization: Authorization, clock: some Clock<Duration> = ContinuousClock()) -> Client {
        with(Authorizing(authorization, clock: ErasedClock(clock)))
    }
}
