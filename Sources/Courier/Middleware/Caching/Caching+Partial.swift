import Foundation
import HTTPTypes

extension Caching {
    /// A GET or HEAD with `Range` (RFC 9110 §14.2): served from a fresh stored response that holds the
    /// range, whole or in part; otherwise sent on, and a `206` that comes back is kept as part of the
    /// representation (RFC 9111 §3.3), combined with the part already stored (§3.4). A request with
    /// validator conditions (`If-Range` included) is the caller's own business: neither served nor stored.
    func sendRange(_ request: ClientRequest, policy: CachePolicy, next: Next) async throws -> ClientResponse {
        if let served = await servedRange(of: request, policy: policy) { return served }
        let fields = request.head.headerFields
        guard policy != .onlyFromCache else {
            throw Self.notCached(request, "no fresh stored response holds that range")
        }
        guard request.method == .get, !Self.hasValidatorCondition(fields), let key = CacheKeys.key(of: request) else {
            return try await next(request)
        }
        let exchange = Exchange(request: request, key: key, control: CacheControl(fields))
        let requestTime = dates.now()
        let epoch = invalidations.withLock { $0 }
        let response = try await next(request)
        let range = response.status.code == 206 ? StoredRange(response.head.headerFields[.contentRange]) : nil
        // A 206 without one readable range (several, or an unknown length) is passed through; a 200 is the
        // whole representation, stored as any other.
        guard response.status.code != 206 || range != nil else { return response }
        return await storing(response, for: exchange, requestTime: requestTime, responseTime: dates.now(), epoch: epoch, partial: range)
    }

    /// A `206` cut from a fresh stored response that holds the request's one byte range: a complete `200`
    /// or a stored part (RFC 9111 §3.3: a part answers a range wholly within it). `nil` to send the request
    /// on: no such response, a stale one, several ranges, a validator condition, a range past the end.
    private func servedRange(of request: ClientRequest, policy: CachePolicy) async -> ClientResponse? {
        let fields = request.head.headerFields
        guard request.method == .get, let range = fields[.range], policy != .reloadIgnoringCache,
              !Self.hasValidatorCondition(fields), let key = CacheKeys.key(of: request) else { return nil }
        let exchange = Exchange(request: request, key: key, control: CacheControl(fields))
        guard !exchange.control.noStore || policy == .onlyFromCache else { return nil }
        let now = dates.now()
        let usable = await store.responses(forKey: key).filter {
            ($0.status == 200 || $0.isPartial) && CacheKeys.matches($0, fields: fields, identity: exchange.identity)
                && (policy == .returnCacheElseLoad || policy == .onlyFromCache || isFresh($0, for: exchange, at: now))
        }
        for stored in usable {
            // What the stored body holds: all of it, or the part its Content-Range names.
            let held = stored.isPartial ? StoredRange(stored.fields[.contentRange])
                : StoredRange(first: 0, last: stored.body.count - 1, completeLength: stored.body.count)
            guard let held, held.count == stored.body.count,
                  let bytes = ByteRange.single(range, length: held.completeLength),
                  held.first <= bytes.first, bytes.last <= held.last else { continue }
            var partial = served(stored, to: request, as: .cache, at: now)
            partial.head.status = .partialContent
            partial.head.headerFields[.contentRange] = "bytes \(bytes.first)-\(bytes.last)/\(held.completeLength)"
            partial.head.headerFields[.contentLength] = String(bytes.last - bytes.first + 1)
            let start = stored.body.startIndex + bytes.first - held.first
            partial.body = ResponseBody(Data(stored.body[start...(start + bytes.last - bytes.first)]))
            return partial
        }
        return nil
    }

    /// A stored part of the representation `exchange` asks for that a range request could complete: it
    /// starts at the first byte and has a strong validator to send in `If-Range` (RFC 9111 §3.3).
    func completablePartial(for exchange: Exchange) async -> (CachedResponse, StoredRange, tag: String)? {
        let fields = exchange.request.head.headerFields
        guard let stored = await store.response(forKey: exchange.key, where: {
            $0.isPartial && CacheKeys.matches($0, fields: fields, identity: exchange.identity)
        }), let range = StoredRange(stored.fields[.contentRange]), range.first == 0, range.count == stored.body.count,
              let tag = PartialContent.strongValidator(stored.fields) else { return nil }
        return (stored, range, tag)
    }

    /// Asks for the rest of a stored part with `Range` and `If-Range`, and answers the complete `200`
    /// made of both, storing it. A `200` (the representation changed) is served and stored as any other;
    /// any other answer is released and the request sent again without `Range`, as the caller sent it.
    func completing(_ part: (CachedResponse, StoredRange, tag: String), _ exchange: Exchange, next: Next) async throws -> ClientResponse {
        let (stored, held, tag) = part
        var rest = exchange.request
        rest.head.headerFields[.range] = "bytes=\(held.last + 1)-"
        rest.head.headerFields[.ifRange] = tag
        let requestTime = dates.now()
        let epoch = invalidations.withLock { $0 }
        let response = try await next(rest)
        if response.status.code == 200 {
            return await storing(response, for: exchange, requestTime: requestTime, responseTime: dates.now(), epoch: epoch)
        }
        guard response.status.code == 206, let range = StoredRange(response.head.headerFields[.contentRange]),
              range.first == held.last + 1, range.completeLength == held.completeLength, range.last == held.completeLength - 1,
              PartialContent.strongValidator(response.head.headerFields) == tag,
              let entry = entry(for: response, exchange, requestTime: requestTime, responseTime: dates.now(), partial: true)
        else {
            _ = await response.releasingBody()
            return try await fetch(exchange, next: next)
        }
        let body = try await response.body.collect(upTo: configuration.maxEntrySize)
        guard body.count == range.count else {
            return try await fetch(exchange, next: next)
        }
        var newPart = entry
        newPart.body = body
        let combined = PartialContent.combining(newPart, range, into: [stored], sameVariant: { _ in true })
        guard let complete = combined.first(where: { !$0.isPartial }) else {
            return try await fetch(exchange, next: next)
        }
        await store.updateResponses(forKey: exchange.key) { [invalidations] variants in
            guard invalidations.withLock({ $0 }) == epoch else { return variants }
            let others = variants.filter {
                !CacheKeys.matches($0, fields: exchange.request.head.headerFields, identity: exchange.identity)
            }
            return Array((others + [complete]).suffix(Self.maxVariants))
        }
        return served(complete, to: exchange.request, as: .network, at: dates.now())
    }

    /// Whether the request carries a validator condition, which makes it the caller's own business.
    private static func hasValidatorCondition(_ fields: HTTPFields) -> Bool {
        [.ifRange, .ifMatch, .ifNoneMatch, .ifModifiedSince, .ifUnmodifiedSince].contains { fields[$0] != nil }
    }
}
