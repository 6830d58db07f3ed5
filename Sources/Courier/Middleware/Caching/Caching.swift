import Foundation
import HTTPTypes

/// A private HTTP cache (RFC 9111) for GET and HEAD, over a ``CacheStore``.
struct Caching<C: Clock<Duration>>: Middleware {
    let store: any CacheStore
    let configuration: CacheConfiguration
    let dates: ClockDates<C>
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
            let response = try await next(request)
            if Self.isUnsafe(request.method), response.status.code < 400 {
                invalidate(after: request, response: response)
            }
            return response
        }
        let fields = request.head.headerFields
        if let partial = servedRange(of: request, policy: policy) {
            return partial
        }
        // A conditional or partial request is the caller's own business: neither served nor stored.
        let conditionals: [HTTPField.Name] = [.range, .ifRange, .ifMatch, .ifNoneMatch, .ifModifiedSince, .ifUnmodifiedSince]
        guard let url = CacheKeys.url(of: request), !conditionals.contains(where: { fields[$0] != nil }) else {
            if policy == .onlyFromCache { throw Self.notCached(request, "a relative, conditional or range request is never cached") }
            return try await next(request)
        }
        let exchange = Exchange(request: request, url: url, control: CacheControl(fields))
        // A request's `no-store` forbids storing, not reading: with `.onlyFromCache` the store is still asked.
        if policy == .reloadIgnoringCache || (exchange.control.noStore && policy != .onlyFromCache) {
            return try await fetch(exchange, next: next)
        }
        let stored = store.responses(forKey: exchange.key).first {
            CacheKeys.matches($0, fields: fields, identity: exchange.identity)
        }
        let now = dates.now()
        guard let stored else {
            if policy == .onlyFromCache || exchange.control.onlyIfCached {
                throw Self.notCached(request, "there is no stored response for it")
            }
            return try await fetch(exchange, next: next)
        }
        if policy == .returnCacheElseLoad || policy == .onlyFromCache || isFresh(stored, for: exchange, at: now) {
            return served(stored, to: request, as: .cache, at: now)
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

    private static func notCached(_ request: ClientRequest, _ reason: String) -> NetworkError {
        NetworkError(.notCached, message: "\(request.method) \(request.redactedURL) may not use the network, and \(reason).", request: request)
    }

    // MARK: Reading the cache

    /// RFC 9111 §4.2, with the request's `max-age`, `min-fresh` and `max-stale` (§5.2.1).
    func isFresh(_ stored: CachedResponse, for exchange: Exchange, at now: Date) -> Bool {
        let storedControl = CacheControl(stored.fields)
        guard !storedControl.noCache, !exchange.control.noCache else { return false }
        let age = stored.age(at: now)
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
        var fields = stored.fields
        // A stored age is finite but may be huge; `Age` caps at 2³¹ (RFC 9111 §5.1).
        fields[.age] = String(Int(min(max(0, stored.age(at: now)), 2_147_483_648)))
        fields[.contentLength] = String(stored.body.count)
        var answered = request
        answered.options.cacheStatus = status
        let head = HTTPResponse(status: HTTPResponse.Status(code: stored.status, reasonPhrase: stored.reasonPhrase), headerFields: fields)
        return ClientResponse(head: head, body: request.method == .head ? .empty : ResponseBody(stored.body), request: answered)
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
            store.updateResponses(forKey: exchange.key) { variants in
                variants.map { $0 == stored ? refreshed : $0 }
            }
            return served(refreshed, to: exchange.request, as: .revalidated, at: now)
        }
        if Self.serverErrors.contains(response.status.code), mayServeStale(stored, exchange, onError: nil, at: now) {
            _ = await response.releasingBody()
            return served(stored, to: exchange.request, as: .cache, at: now)
        }
        return storing(response, for: exchange, requestTime: requestTime, responseTime: now, epoch: epoch)
    }

    private func fetch(_ exchange: Exchange, next: Next) async throws -> ClientResponse {
        let requestTime = dates.now()
        let epoch = invalidations.withLock { $0 }
        let response = try await next(exchange.request)
        return storing(response, for: exchange, requestTime: requestTime, responseTime: dates.now(), epoch: epoch)
    }

    /// `stale-if-error` (RFC 5861 §4) from the stored response or the request: within its window a
    /// stale response stands in for an error or a 5xx. Never for a cancelled request, and never for a
    /// response that said `must-revalidate` or `no-cache` (RFC 9111 §4.2.4, §5.2.2.4).
    private func mayServeStale(_ stored: CachedResponse, _ exchange: Exchange, onError error: (any Error)?, at now: Date) -> Bool {
        if let error, error is CancellationError || (error as? NetworkError)?.kind == .cancelled { return false }
        let storedControl = CacheControl(stored.fields)
        guard !storedControl.mustRevalidate, !storedControl.noCache else { return false }
        guard let window = exchange.control.staleIfError ?? storedControl.staleIfError else { return false }
        return stored.age(at: now) - stored.freshnessLifetime <= Double(window)
    }

    // MARK: Writing the cache

    /// The response, with its body watched: when it has been read to its end, it is stored if RFC 9111
    /// §3 allows it.
    private func storing(_ response: ClientResponse, for exchange: Exchange, requestTime: Date, responseTime: Date, epoch: UInt64) -> ClientResponse {
        guard let entry = entry(for: response, exchange, requestTime: requestTime, responseTime: responseTime) else {
            return response
        }
        if let length = response.body.length, length > Int64(configuration.maxEntrySize) { return response }
        let limit = configuration.maxEntrySize
        let collected = Locked<Data?>(Data())
        var observed = response
        observed.body = response.body.observing(
            onChunk: { chunk in
                collected.withLock { data in
                    guard let count = data?.count else { return }
                    if count + chunk.count > limit {
                        data = nil
                    } else {
                        data?.append(contentsOf: chunk)
                    }
                }
            },
            onEnd: { [store, invalidations, key = exchange.key] _, ending in
                guard case .finished = ending, let body = collected.withLock({ $0 }) else { return }
                var complete = entry
                complete.body = body
                store.updateResponses(forKey: key) { variants in
                    // Checked inside the store's atomic update: an invalidation bumps the epoch before it
                    // removes, so one that lands between a check outside and this write cannot be undone.
                    guard invalidations.withLock({ $0 }) == epoch else { return variants }
                    // The new response replaces the variant this request would have been served.
                    let others = variants.filter {
                        !CacheKeys.matches($0, fields: exchange.request.head.headerFields, identity: exchange.identity)
                    }
                    return Array((others + [complete]).suffix(Self.maxVariants))
                }
            }
        )
        return observed
    }

    /// The most variants kept for one URL; the oldest go first.
    private static var maxVariants: Int { 8 }

    /// What would be stored for `response` (without its body), or `nil` when it must not be.
    private func entry(for response: ClientResponse, _ exchange: Exchange, requestTime: Date, responseTime: Date) -> CachedResponse? {
        let fields = response.head.headerFields
        let control = CacheControl(fields)
        let status = response.status.code
        let varying = CacheKeys.varyingNames(fields)
        // A time-to-live override makes a success fresh; it never stores an error (a 503 during a deploy
        // served for a minute), nor an authenticated response (§3.5's exceptions rely on revalidation).
        let override = timeToLive(for: exchange.request).flatMap { ttl in
            Freshness.heuristicallyCacheable.contains(status) && status < 400
                && exchange.request.head.headerFields[.authorization] == nil ? ttl : nil
        }
        let explicit = control.maxAge != nil || fields[.expires] != nil || override != nil
        let validated = fields[.eTag] != nil || fields[.lastModified] != nil
        guard exchange.request.method == .get,
              !control.noStore, !exchange.control.noStore,
              varying != ["*"],
              Freshness.mayStore(status: status, explicit: explicit, control: control),
              explicit || validated || (configuration.heuristicFreshness != nil && fields[.lastModified] != nil),
              // RFC 9111 §3.5: a response to an authenticated request only if it says it may be stored.
              exchange.request.head.headerFields[.authorization] == nil || control.isPublic || control.mustRevalidate || control.sharedMaxAge != nil,
              // Credentials added below this layer are not in the key: such a response is never stored.
              CacheKeys.credentialIdentity(response.request.head.headerFields) == exchange.identity
        else { return nil }
        return CachedResponse(
            url: exchange.url,
            status: status,
            reasonPhrase: response.status.reasonPhrase,
            headerFields: Self.storable(fields),
            body: Data(),
            requestTime: requestTime,
            responseTime: responseTime,
            varyingRequestFields: CacheKeys.values(of: varying, in: exchange.request.head.headerFields),
            initialAge: Freshness.initialAge(fields, requestTime: requestTime, responseTime: responseTime),
            freshnessLifetime: override.map(Self.seconds)
                ?? Freshness.lifetime(fields, control: control, status: status, responseTime: responseTime, heuristic: configuration.heuristicFreshness),
            credentialIdentity: exchange.identity
        )
    }

    /// The time-to-live that overrides a response's own freshness: the request's, else its host's.
    private func timeToLive(for request: ClientRequest) -> Duration? {
        if let own = request.options.cacheTimeToLive { return own }
        guard !configuration.timeToLive.isEmpty, let authority = request.head.authority else { return nil }
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }.dropFirst())
            : String(authority.split(separator: ":").first ?? "")
        return configuration.timeToLive.first { $0.key.lowercased() == host.lowercased() }?.value
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The stored response with the fields of a `304` (RFC 9111 §4.3.4) and the new exchange's times.
    private func refresh(_ stored: CachedResponse, with update: HTTPFields, requestTime: Date, responseTime: Date, timeToLive: Duration?) -> CachedResponse {
        var fields = stored.fields
        let kept: Set<HTTPField.Name> = [.contentLength, .contentEncoding, .contentType, .transferEncoding]
        for name in Set(update.map(\.name)) where !kept.contains(name) {
            fields[values: name] = update[values: name]
        }
        // A 304 without `Date` would leave the old one, and the refreshed response would look as old
        // as the first (§4.2.3 ages from `Date`): the cache dates it itself, as RFC 9110 §6.6.1 allows.
        if update[.date] == nil {
            fields[.date] = HTTPDate.format(responseTime)
        }
        var refreshed = stored
        refreshed.headerFields = Self.storable(fields)
        refreshed.requestTime = requestTime
        refreshed.responseTime = responseTime
        refreshed.initialAge = Freshness.initialAge(fields, requestTime: requestTime, responseTime: responseTime)
        refreshed.freshnessLifetime = timeToLive.map(Self.seconds) ?? Freshness.lifetime(
            fields, control: CacheControl(fields), status: stored.status, responseTime: responseTime,
            heuristic: configuration.heuristicFreshness
        )
        return refreshed
    }

    /// The fields worth keeping: no `Set-Cookie` (one user's cookie is never replayed), no hop-by-hop
    /// fields, no `Content-Length` (set from the stored body when served).
    private static func storable(_ fields: HTTPFields) -> [CachedResponse.Field] {
        let connectionNames = Set(fields[values: .connection].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        })
        let dropped: Set<String> = [
            "set-cookie", "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade",
            "trailer", "content-length", "age",
        ]
        return fields.compactMap { field in
            let name = field.name.canonicalName
            guard !dropped.contains(name), !connectionNames.contains(name) else { return nil }
            return CachedResponse.Field(name: field.name.rawName, value: field.value)
        }
    }

    // MARK: Invalidation

    private static func isUnsafe(_ method: HTTPRequest.Method) -> Bool {
        ![.get, .head, .options, .trace].contains(method)
    }

    /// RFC 9111 §4.4: after an unsafe request succeeds, its URL and the same-origin `Location` and
    /// `Content-Location` are no longer trusted.
    private func invalidate(after request: ClientRequest, response: ClientResponse) {
        guard let url = CacheKeys.url(of: request) else { return }
        invalidations.withLock { $0 &+= 1 }
        store.removeResponses(forKey: CacheKeys.key(url))
        for name in [HTTPField.Name.location, .contentLocation] {
            if let value = response.head.headerFields[name], let other = CacheKeys.url(value, relativeTo: url) {
                store.removeResponses(forKey: CacheKeys.key(other))
            }
        }
    }
}

/// One request as the cache sees it.
struct Exchange: Sendable {
    let request: ClientRequest
    let url: String
    let control: CacheControl
    let key: String
    let identity: String?

    init(request: ClientRequest, url: String, control: CacheControl) {
        self.request = request
        self.url = url
        self.control = control
        key = CacheKeys.key(url)
        identity = CacheKeys.credentialIdentity(request.head.headerFields)
    }
}
