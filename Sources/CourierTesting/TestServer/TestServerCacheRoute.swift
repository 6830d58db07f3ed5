// Only the date formatter: Courier's other names (ResponseBody, Server) would clash with Hummingbird's here.
import enum Courier.HTTPDate
import Foundation
import HTTPTypes
import Hummingbird

extension TestServerRoutes {
    /// `GET|HEAD /cache/{key}`: a resource whose caching headers come from the query, for cache tests.
    ///
    /// - `cc=V`: `Cache-Control: V`; `expires=N`: `Expires` N seconds from now (any other value is sent as
    ///   it is: `expires=invalid`); `age=N`: `Age: N`.
    /// - `etag=1`: `ETag: "v<version>"`; `lm=1`: a `Last-Modified` that changes with the version. A
    ///   matching `If-None-Match` or `If-Modified-Since` gets `304 Not Modified`.
    /// - `vary=Name`: `Vary: Name`, and the body echoes the request's values of those fields.
    /// - `cookie=1`: `Set-Cookie: session=<serial>`; `partial=1`: `206 Partial Content`.
    /// - a status set with ``TestServer/failCache(_:status:)`` is answered instead while it is set.
    ///
    /// - `status=N`: that status instead of `200`.
    ///
    /// `POST|PUT|PATCH|DELETE /cache/{key}?location=L&contentLocation=C&status=S&cc=V` makes a new version
    /// and answers S (200 by default) with those fields and `{"version":N}`; `contentLocation=self` names
    /// the request's own target.
    ///
    /// `GET /cache-bytes/{key}?size=N&cc=V&etag=1`: see ``cachedBytes(_:context:state:)``.
    static func cacheRoutes(_ router: Router<Context>, state: TestServerState) {
        router.get("/cache/{key}") { request, context in try await cached(request, context: context, state: state) }
        router.head("/cache/{key}") { request, context in try await cached(request, context: context, state: state) }
        router.get("/cache-bytes/{key}") { request, context in try await cachedBytes(request, context: context, state: state) }
        for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
            router.on("/cache/{key}", method: method) { request, context in
                let key = try context.parameters.require("key")
                _ = try await request.body.collect(upTo: 64 * 1024 * 1024)
                let version = await state.bumpCacheVersion(key)
                let parameters = request.uri.queryParameters
                var headers = HTTPFields()
                if let location = parameters["location"] { headers[.location] = String(location) }
                if let location = parameters["contentLocation"] {
                    headers[.contentLocation] = location == "self" ? request.uri.description : String(location)
                }
                if let control = parameters["cc"] { headers[.cacheControl] = String(control) }
                let code = parameters["status"].flatMap { Int($0) } ?? 200
                var response = json(Data(#"{"version":\#(version)}"#.utf8), status: HTTPResponse.Status(code: code))
                response.headers.append(contentsOf: headers)
                return response
            }
        }
    }

    private static func cached(_ request: Request, context: Context, state: TestServerState) async throws -> Response {
        let key = try context.parameters.require("key")
        if let failure = await state.cacheFailure(key) {
            return json(Data(#"{"error":"failing on purpose"}"#.utf8), status: HTTPResponse.Status(code: failure))
        }
        let parameters = request.uri.queryParameters
        let version = await state.cacheVersion(key)
        var headers = HTTPFields()
        if let control = parameters["cc"] { headers[.cacheControl] = String(control) }
        if let expires = parameters["expires"] {
            headers[.expires] = Int(expires).map { HTTPDate.format(Date().addingTimeInterval(Double($0))) } ?? String(expires)
        }
        if let age = parameters["age"] { headers[.age] = String(age) }
        let tag = "\"v\(version)\""
        if parameters["etag"] == "1" { headers[.eTag] = tag }
        // A fixed past date per version, so that a newer version is always later.
        let lastModified = HTTPDate.format(Date(timeIntervalSince1970: 1_767_225_600 + Double(version) * 86_400))
        if parameters["lm"] == "1" { headers[.lastModified] = lastModified }
        let varyNames = parameters["vary"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        if !varyNames.isEmpty { headers[.vary] = varyNames.joined(separator: ", ") }

        let notModified = parameters["etag"] == "1" && request.headers[.ifNoneMatch].map { $0.contains(tag) } == true
            || parameters["lm"] == "1" && request.headers[.ifNoneMatch] == nil && request.headers[.ifModifiedSince] == lastModified
        if notModified {
            return Response(status: .notModified, headers: headers)
        }
        let serial = await state.nextCacheSerial(key)
        if parameters["cookie"] == "1" { headers[.setCookie] = "session=\(serial)" }
        var varied: [String: String] = [:]
        for name in varyNames {
            if let fieldName = HTTPField.Name(name), let value = request.headers[fieldName] { varied[name.lowercased()] = value }
        }
        let reply = TestServer.CacheReply(key: key, version: version, serial: serial, authorization: request.headers[.authorization], varied: varied)
        let status = parameters["status"].flatMap { Int($0) }.map { HTTPResponse.Status(code: $0) } ?? .ok
        var response = json(try JSONEncoder().encode(reply), status: parameters["partial"] == "1" ? .partialContent : status)
        if parameters["partial"] == "1" { headers[.contentRange] = "bytes 0-9/100" }
        response.headers.append(contentsOf: headers)
        return response
    }

    /// `GET /cache-bytes/{key}?size=N&cc=V&etag=1`: N bytes (10 by default), byte i the digit
    /// `(i + version) % 10`, so that a new version (a POST to `/cache/{key}`) changes every byte. One
    /// byte range (`bytes=a-b`, `a-`, `-n`) is answered `206` with `Content-Range`, unless an `If-Range`
    /// names another version; `ETag: "b<version>"` with `etag=1`. The answer echoes the request's `Range`
    /// and `If-Range` in `X-Received-Range` and `X-Received-If-Range`.
    private static func cachedBytes(_ request: Request, context: Context, state: TestServerState) async throws -> Response {
        let key = try context.parameters.require("key")
        let parameters = request.uri.queryParameters
        let version = await state.cacheVersion(key)
        let size = parameters["size"].flatMap { Int($0) } ?? 10
        let body = (0..<size).map { UInt8(ascii: "0") + UInt8((Int($0) + version) % 10) }
        let tag = "\"b\(version)\""
        var headers = HTTPFields()
        if let control = parameters["cc"] { headers[.cacheControl] = String(control) }
        if parameters["etag"] == "1" { headers[.eTag] = tag }
        if let range = request.headers[.range] { headers[HTTPField.Name("X-Received-Range")!] = range }
        if let condition = request.headers[.ifRange] { headers[HTTPField.Name("X-Received-If-Range")!] = condition }
        var status = HTTPResponse.Status.ok
        var slice = body[...]
        if let range = request.headers[.range], request.headers[.ifRange].map({ $0 == tag }) ?? true,
           let bounds = byteRange(range, size: size) {
            status = .partialContent
            slice = body[bounds]
            headers[.contentRange] = "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(size)"
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: slice)))
    }

    /// One satisfiable byte range of `size` bytes, or `nil`.
    private static func byteRange(_ field: String, size: Int) -> ClosedRange<Int>? {
        guard field.hasPrefix("bytes="), !field.contains(","), size > 0 else { return nil }
        let spec = field.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard spec.count == 2 else { return nil }
        if spec[0].isEmpty, let suffix = Int(spec[1]), suffix > 0 { return max(0, size - suffix)...(size - 1) }
        guard let first = Int(spec[0]), first < size else { return nil }
        let last = spec[1].isEmpty ? size - 1 : min(Int(spec[1]) ?? -1, size - 1)
        return first <= last ? first...last : nil
    }
}
