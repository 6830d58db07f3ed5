import Foundation
import HTTPTypes

extension Caching {
    // MARK: Writing the cache

    /// The response, with its body watched: when it has been read to its end, it is stored if RFC 9111
    /// §3 allows it. The store's write is awaited before the reader is told the body has ended, so the
    /// next request finds the response.
    ///
    /// A `206` (`partial` is its `Content-Range`) is kept as part of the representation, combined with the
    /// part already stored when both carry the same strong validator (RFC 9111 §3.3–3.4).
    func storing(
        _ response: ClientResponse, for exchange: Exchange, requestTime: Date, responseTime: Date, epoch: UInt64,
        partial: StoredRange? = nil
    ) async -> ClientResponse {
        guard let entry = entry(for: response, exchange, requestTime: requestTime, responseTime: responseTime, partial: partial != nil) else {
            return response
        }
        let limit = configuration.maxEntrySize
        if let length = response.body.length, length > Int64(limit) { return response }
        if let partial, partial.completeLength > limit { return response }
        let save: @Sendable (Data) async -> Void = { [store, invalidations, key = exchange.key] body in
            if let partial, body.count != partial.count { return }
            let complete = { var complete = entry; complete.body = body; return complete }()
            let isSameVariant: @Sendable (CachedResponse) -> Bool = {
                CacheKeys.matches($0, fields: exchange.request.head.headerFields, identity: exchange.identity)
            }
            await store.updateResponses(forKey: key) { variants in
                // Checked inside the store's atomic update: an invalidation bumps the epoch before it
                // removes, so one that lands between a check outside and this write cannot be undone.
                guard invalidations.withLock({ $0 }) == epoch else { return variants }
                let updated = partial.map { PartialContent.combining(complete, $0, into: variants, sameVariant: isSameVariant) }
                    // The new response replaces the variant this request would have been served, and its parts.
                    ?? variants.filter { !isSameVariant($0) } + [complete]
                return Array(updated.suffix(Self.maxVariants))
            }
        }
        guard case .stream(let chunks, _) = response.body.storage else {
            let body = response.body.bufferedData ?? Data()
            if body.count <= limit { await save(body) }
            return response
        }
        var observed = response
        observed.body = ResponseBody(length: response.body.length, chunks: BodyChunks {
            var iterator = chunks.makeAsyncIterator()
            // The bytes so far; `nil` once they passed the limit (the response is then not stored).
            var collected: Data? = Data()
            var ended = false
            return {
                guard let chunk = try await iterator.next() else {
                    if !ended, let body = collected { await save(body) }
                    ended = true
                    return nil
                }
                if let count = collected?.count {
                    if count + chunk.count > limit { collected = nil } else { collected?.append(contentsOf: chunk) }
                }
                return chunk
            }
        })
        return observed
    }

    /// The most variants kept for one URL; the oldest go first.
    static var maxVariants: Int { 8 }

    /// What would be stored for `response` (without its body), or `nil` when it must not be.
    ///
    /// The exchange is a GET, or a POST whose response names its own URL (``send(_:next:)``); a `206`
    /// (`partial`) counts as the `200` it is part of.
    func entry(for response: ClientResponse, _ exchange: Exchange, requestTime: Date, responseTime: Date, partial: Bool = false) -> CachedResponse? {
        let fields = response.head.headerFields
        let control = CacheControl(fields)
        let status = partial && response.status.code == 206 ? 200 : response.status.code
        let varying = CacheKeys.varyingNames(fields)
        // A time-to-live override makes a success fresh; it never stores an error (a 503 during a deploy
        // served for a minute), nor an authenticated response (§3.5's exceptions rely on revalidation).
        let override = timeToLive(for: exchange.request).flatMap { ttl in
            Freshness.heuristicallyCacheable.contains(status) && status < 400
                && exchange.request.head.headerFields[.authorization] == nil ? ttl : nil
        }
        let explicit = control.maxAge != nil || fields[.expires] != nil || override != nil
        let validated = fields[.eTag] != nil || fields[.lastModified] != nil
        // `must-understand` (RFC 9111 §5.2.2.3): stored only with a status code this cache knows the rules
        // of, and then its companion `no-store`, there for caches that do not know the directive, is ignored.
        let storeForbidden = control.mustUnderstand ? !Freshness.understood.contains(status) : control.noStore
        guard exchange.request.method == .get || exchange.request.method == .post,
              !storeForbidden, !exchange.control.noStore,
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
            status: response.status.code,
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
    func timeToLive(for request: ClientRequest) -> Duration? {
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
    func refresh(_ stored: CachedResponse, with update: HTTPFields, requestTime: Date, responseTime: Date, timeToLive: Duration?) -> CachedResponse {
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
}
