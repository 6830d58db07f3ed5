import Foundation
import HTTPTypes

extension Caching {
    /// A `206` cut from a fresh stored `200` for a request of one byte range (RFC 9110 §14), or `nil` to
    /// send the request on: no such response, a stale one, several ranges, a validator condition
    /// (`If-Range` included) or a range past the end. A `206` from the network is never stored: a cache
    /// that combined partial responses (RFC 9111 §3.4) would trade correctness for little.
    func servedRange(of request: ClientRequest, policy: CachePolicy) async -> ClientResponse? {
        let fields = request.head.headerFields
        guard request.method == .get, let range = fields[.range], policy != .reloadIgnoringCache,
              [.ifRange, .ifMatch, .ifNoneMatch, .ifModifiedSince, .ifUnmodifiedSince].allSatisfy({ fields[$0] == nil }),
              let key = CacheKeys.key(of: request) else { return nil }
        let exchange = Exchange(request: request, key: key, control: CacheControl(fields))
        let now = dates.now()
        guard !exchange.control.noStore || policy == .onlyFromCache,
              let stored = await store.response(forKey: exchange.key, where: { CacheKeys.matches($0, fields: fields, identity: exchange.identity) }),
              stored.status == 200,
              policy == .returnCacheElseLoad || policy == .onlyFromCache || isFresh(stored, for: exchange, at: now),
              let bytes = ByteRange.single(range, length: stored.body.count) else { return nil }
        var whole = served(stored, to: request, as: .cache, at: now)
        whole.head.status = .partialContent
        whole.head.headerFields[.contentRange] = "bytes \(bytes.first)-\(bytes.last)/\(stored.body.count)"
        whole.head.headerFields[.contentLength] = String(bytes.last - bytes.first + 1)
        whole.body = ResponseBody(Data(stored.body[stored.body.startIndex + bytes.first...stored.body.startIndex + bytes.last]))
        return whole
    }
}
