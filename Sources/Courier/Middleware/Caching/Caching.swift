import Foundation
import HTTPTypes

/// A private HTTP cache (RFC 9111) for GET and HEAD, over a ``CacheStore``.
struct Caching: ImmediateMiddleware {
    let store: any CacheStore
    let configuration: CacheConfiguration
    let dates: ClockDates
    /// The store's lookup, when it can answer without suspending (the memory store, and the disk store
    /// for the records it keeps in memory): a fresh hit is then served at once (``handleAtOnce(_:)``).
    let lookUpAtOnce: ImmediateCacheLookUp?
    /// Counts invalidations: a response whose request began before the latest one is not stored, so a
    /// GET in flight while a POST changes the resource cannot store the old content after it.
    let invalidations = Locked<UInt64>(0)
    /// The keys a `stale-while-revalidate` refresh is running for: one at a time per key.
    let revalidating = Locked<Set<String>>([])

    /// Statuses after which a stale response may stand in for an error (RFC 5861 §4).
    private static var serverErrors: Set<Int> { [500, 502, 503, 504] }

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        let policy = request.options.cachePolicy
        guard request.method == .get || request.method == .head else {
            if policy == .onlyFromCache { throw Self.notCached(request, "only GET and HEAD are ever cached") }
            let requestTime = dates.now()
            let response = try await next(request)
            if Self.isUnsafe(request.method), response.status.code < 400 {
                await invalidate(after: request, response: response)
            }
            if let reuse = Self.reusableForGET(request, response) {
                return await storing(response, for: reuse, requestTime: requestTime, responseTime: dates.now(), epoch: invalidations.withLock { $0 })
            }
            return response
        }
        let fields = request.head.headerFields
        if fields[.range] != nil {
            return try await sendRange(request, policy: policy, next: next)
        }
        // A conditional or partial request is the caller's own business: neither served nor stored.
        guard let exchange = Self.exchange(for: request, fields: fields) else {
            if policy == .onlyFromCache { throw Self.notCached(request, "a relative, conditional or range request is never cached") }
            return try await next(request)
        }
        // A request's `no-store` forbids storing, not reading: with `.onlyFromCache` the store is still asked.
        if !Self.readsStore(exchange, policy) {
            return try await fetch(exchange, next: next)
        }
        let identity = exchange.identity
        let stored = await store.response(forKey: exchange.key) {
            !$0.isPartial && CacheKeys.matches($0, fields: fields, identity: identity)
        }
        let now = dates.now()
        guard let stored else {
            if policy == .onlyFromCache || exchange.control.onlyIfCached {
                throw Self.notCached(request, "there is no stored response for it")
            }
            if request.method == .get, let partial = await completablePartial(for: exchange) {
                return try await completing(partial, exchange, next: next)
            }
            return try await fetch(exchange, next: next)
        }
        if let hit = hit(stored, for: exchange, policy, at: now) {
            return hit
        }
        if exchange.control.onlyIfCached {
            throw Self.notCached(request, "the stored response is stale")
        }
        if policy == .useCache, mayServeWhileRevalidating(stored, exchange, at: now) {
            revalidateInBackground(stored, exchange, next: next)
            return served(stored, to: request, as: .cache, at: now)
        }
        return try await revalidate(stored, exchange, next: next)
    }

    /// What ``send(_:next:)`` does with a stored response it may serve as it is, done without
    /// suspending: the store answers at once, and ``hit(_:for:_:at:)`` decides, as it does for `send`.
    func handleAtOnce(_ request: inout ClientRequest) -> ImmediateOutcome {
        // NOTE: matched, not bound: a binding copied the closure, counting a reference to its context, which
        // every thread shares (Benchmarks/load, the cache hit at c = 64).
        if case .none = lookUpAtOnce { return .suspends }
        guard request.method == .get || request.method == .head else { return .suspends }
        let fields = request.head.headerFields
        let policy = request.options.cachePolicy
        guard fields[.range] == nil, let exchange = Self.exchange(for: request, fields: fields), Self.readsStore(exchange, policy),
              let stored = lookUpAtOnce?(exchange.key, { [identity = exchange.identity] in
                  !$0.isPartial && CacheKeys.matches($0, fields: fields, identity: identity)
              }),
              let hit = hit(stored, for: exchange, policy, at: dates.now())
        else { return .suspends }
        return .answer(hit)
    }

    /// The one decision on a stored response both paths make: served as it is (fresh, or the policy takes it
    /// whatever its age), or `nil` when the server must be asked.
    private func hit(_ stored: CachedResponse, for exchange: Exchange, _ policy: CachePolicy, at now: Date) -> ClientResponse? {
        guard policy == .returnCacheElseLoad || policy == .onlyFromCache || isFresh(stored, for: exchange, at: now) else { return nil }
        return served(stored, to: exchange.request, as: .cache, at: now)
    }

    /// The exchange for a GET or HEAD the cache may serve or store: `nil` for a relative or conditional
    /// request.
    private static func exchange(for request: ClientRequest, fields: HTTPFields) -> Exchange? {
        guard let key = CacheKeys.key(of: request), !fields.contains(where: { conditionalFields.contains($0.name) }) else { return nil }
        return Exchange(request: request, key: key, control: CacheControl(fields))
    }

    /// Whether the store is asked at all: not when the policy reloads, nor for a request's `no-store`
    /// unless only the cache may answer.
    private static func readsStore(_ exchange: Exchange, _ policy: CachePolicy) -> Bool {
        !(policy == .reloadIgnoringCache || (exchange.control.noStore && policy != .onlyFromCache))
    }

    static func notCached(_ request: ClientRequest, _ reason: String) -> NetworkError {
        NetworkError(.notCached, message: "\(request.method) \(request.redactedURL) may not use the network, and \(reason).", request: request)
    }

    // MARK: Reading the cache

    /// RFC 9111 §4.2, with the request's `max-age`, `min-fresh` and `max-stale` (§5.2.1).
    ///
    /// A fresh `immutable` response (RFC 8246) ignores the request's `max-age` and `min-fresh`: a reload
    /// (`Cache-Control: max-age=0`) is served from the cache; only a forced one (the request's `no-cache`,
    /// or ``CachePolicy/reloadIgnoringCache``) asks the server.
    func isFresh(_ stored: CachedResponse, for exchange: Exchange, at now: Date) -> Bool {
        let storedControl = stored.control
        guard !storedControl.noCache, !exchange.control.noCache else { return false }
        let age = stored.age(at: now)
        if storedControl.immutable, age < stored.freshnessLifetime { return true }
        var lifetime = stored.freshnessLifetime
        if let maxAge = exchange.control.maxAge { lifetime = min(lifetime, Double(maxAge)) }
        let needed = age + Double(exchange.control.minFresh ?? 0)
        if needed < lifetime { return true }
        if let maxStale = exchange.control.maxStale, !storedControl.mustRevalidate {
            return age - lifetime <= Double(maxStale)
        }
        return false
    }

    func served(_ stored: CachedResponse, to request: ClientRequest, as status: CacheStatus, at now: Date) -> ClientResponse {
        // A stored age is finite but may be huge; `Age` caps at 2³¹ (RFC 9111 §5.1).
        let age = Int(min(max(0, stored.age(at: now)), 2_147_483_648))
        let (head, body) = stored.served(age: age) { storedFields in
            var fields = storedFields
            // What is stored never has them (see `storable`) unless a store was handed values that do.
            if fields[.age] != nil || fields[.contentLength] != nil {
                fields[.age] = String(age)
                fields[.contentLength] = String(stored.body.count)
            } else {
                fields.append(HTTPField(name: .age, value: String(age)))
                fields.append(HTTPField(name: .contentLength, value: String(stored.body.count)))
            }
            return HTTPResponse(status: HTTPResponse.Status(code: stored.status, reasonPhrase: stored.reasonPhrase), headerFields: fields)
        }
        var answered = request
        answered.options.cacheStatus = status
        return ClientResponse(head: head, body: request.method == .head ? .empty : ResponseBody(body), request: answered)
    }

    // MARK: Asking the server

    func revalidate(_ stored: CachedResponse, _ exchange: Exchange, next: Next) async throws -> ClientResponse {
        let storedFields = stored.fields
        var conditional = exchange.request
        if let tag = storedFields[.eTag] { conditional.head.headerFields[.ifNoneMatch] = tag }
        if let date = storedFields[.lastModified] { conditional.head.headerFields[.ifModifiedSince] = date }
        let requestTime = dates.now()
        let epoch = invalidations.withLock { $0 }
        let response: ClientResponse
        do {
            response = try await next(conditional)
        } catch {
            let now = dates.now()
            if mayServeStale(stored, exchange, onError: error, at: now) {
                return served(stored, to: exchange.request, as: .cache, at: now)
            }
            throw error
        }
        let now = dates.now()
        if response.status.code == 304, storedFields[.eTag] != nil || storedFields[.lastModified] != nil {
            _ = await response.releasingBody()
            let refreshed = refresh(stored, with: response.head.headerFields, requestTime: requestTime, responseTime: now, timeToLive: timeToLive(for: exchange.request))
            guard invalidations.withLock({ $0 }) == epoch else {
                return served(refreshed, to: exchange.request, as: .revalidated, at: now)
            }
            await store.updateResponses(forKey: exchange.key) { variants in
                variants.map { $0 == stored ? refreshed : $0 }
            }
            return served(refreshed, to: exchange.request, as: .revalidated, at: now)
        }
        if Self.serverErrors.contains(response.status.code), mayServeStale(stored, exchange, onError: nil, at: now) {
            _ = await response.releasingBody()
            return served(stored, to: exchange.request, as: .cache, at: now)
        }
        return await storing(response, for: exchange, requestTime: requestTime, responseTime: now, epoch: epoch)
    }

    func fetch(_ exchange: Exchange, next: Next) async throws -> ClientResponse {
        let requestTime = dates.now()
        let epoch = invalidations.withLock { $0 }
        let response = try await next(exchange.request)
        return await storing(response, for: exchange, requestTime: requestTime, responseTime: dates.now(), epoch: epoch)
    }

    /// `stale-if-error` (RFC 5861 §4) from the stored response or the request: within its window a
    /// stale response stands in for an error or a 5xx. Never for a cancelled request, and never for a
    /// response that said `must-revalidate` or `no-cache` (RFC 9111 §4.2.4, §5.2.2.4).
    private func mayServeStale(_ stored: CachedResponse, _ exchange: Exchange, onError error: (any Error)?, at now: Date) -> Bool {
        if let error, error is CancellationError || (error as? NetworkError)?.kind == .cancelled { return false }
        let storedControl = stored.control
        guard !storedControl.mustRevalidate, !storedControl.noCache else { return false }
        guard let window = exchange.control.staleIfError ?? storedControl.staleIfError else { return false }
        return stored.age(at: now) - stored.freshnessLifetime <= Double(window)
    }

    /// The exchange under which a POST's response is stored for later GET and HEAD requests (RFC 9110
    /// §9.3.3, RFC 9111 §4): a success with explicit freshness whose `Content-Location` names the POST's own
    /// URL is the resource's new representation. `nil` for any other response.
    private static func reusableForGET(_ request: ClientRequest, _ response: ClientResponse) -> Exchange? {
        let responseFields = response.head.headerFields
        guard request.method == .post, (200..<300).contains(response.status.code), response.status.code != 206,
              let contentLocation = responseFields[.contentLocation], let url = CacheKeys.url(of: request),
              CacheKeys.url(contentLocation, relativeTo: url) == url,
              let key = CacheKeys.key(of: request) else { return nil }
        let control = CacheControl(responseFields)
        guard control.maxAge != nil || responseFields[.expires] != nil else { return nil }
        return Exchange(request: request, key: key, control: CacheControl(request.head.headerFields))
    }

    // MARK: Invalidation

    private static func isUnsafe(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options, .trace].contains(method)
    }

    /// RFC 9111 §4.4: after an unsafe request succeeds, its URL and the same-origin `Location` and
    /// `Content-Location` are no longer trusted.
    private func invalidate(after request: ClientRequest, response: ClientResponse) async {
        guard let url = CacheKeys.url(of: request) else { return }
        invalidations.withLock { $0 &+= 1 }
        await store.removeResponses(forKey: CacheKeys.key(url))
        for name in [HTTPField.Name.location, .contentLocation] {
            if let value = response.head.headerFields[name], let other = CacheKeys.url(value, relativeTo: url) {
                await store.removeResponses(forKey: CacheKeys.key(other))
            }
        }
    }
}

/// One request as the cache sees it.
struct Exchange: Sendable {
    let request: ClientRequest
    let control: CacheControl
    /// The entry's key, from ``CacheKeys/key(of:)``.
    let key: String
    let identity: String?

    init(request: ClientRequest, key: String, control: CacheControl) {
        self.request = request
        self.key = key
        self.control = control
        identity = CacheKeys.credentialIdentity(request.head.headerFields)
    }

    /// The request's URL in canonical form; only a response being stored needs it.
    var url: String { CacheKeys.url(ofKey: key) }
}

/// The fields that make a request conditional or partial.
private let conditionalFields: Set<HTTPField.Name> = [.range, .ifRange, .ifMatch, .ifNoneMatch, .ifModifiedSince, .ifUnmodifiedSince]
