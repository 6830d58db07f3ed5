import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// A private-cache conformance self-check, each case written from the RFC text it cites (not from any
/// test suite), run with `caching(in:)`'s default configuration against the real test server on both
/// transports: RFC 9111's `Age` and date reading, `Vary` normalisation, RFC 8246 `immutable`,
/// `must-understand`, a POST's response reused through `Content-Location`, and partial content stored,
/// served and combined.
@Suite("A private cache, checked against RFC 9111 and RFC 8246 on both transports", .timeLimit(.minutes(1)))
struct PrivateCacheSelfCheckTests {
    /// What one exchange through the cached client gave.
    struct Answer {
        var status: Int
        var body: String
        var cacheStatus: CacheStatus
        var head: HTTPResponse
    }

    static func send(
        _ rig: CacheRig, _ path: String, method: HTTPRequest.Method = .get, headers: [(String, String)] = [],
        policy: CachePolicy = .useCache
    ) async throws -> Answer {
        var request = try ClientRequest(method, url: rig.server.baseURL + path)
        for (name, value) in headers { try request.setHeader(name, value) }
        request.options.cachePolicy = policy
        let response = try await rig.client.send(request)
        let body = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: response.status.code, body: String(decoding: body, as: UTF8.self), cacheStatus: response.cacheStatus, head: response.head)
    }

    // RFC 9111 §5.1: "a cache SHOULD ignore the field" when Age is not a non-negative integer.
    @Test("an invalid Age is ignored: the response is fresh for its max-age", arguments: TransportUnderTest.allCases)
    func invalidAge(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            for (index, age) in ["abc", "-7200", "7200.0"].enumerated() {
                let query = "cc=max-age%3D3600&age=\(age)"
                _ = try await rig.get("age\(index)", query)
                #expect(try await rig.get("age\(index)", query).cacheStatus == .cache, "Age: \(age)")
                #expect(await rig.hits("age\(index)") == 1)
            }
        }
    }

    // RFC 9110 §5.6.7 (recipients parse dates leniently), RFC 9111 §4.2 ("case-insensitively").
    @Test("an Expires with names and GMT in any case is read as its date", arguments: TransportUnderTest.allCases)
    func dateCase(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            for (index, date) in ["THU, 01 DEC 2050 16:00:00 GMT", "thu, 01 dec 2050 16:00:00 gMT"].enumerated() {
                let query = "expires=" + (date.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                _ = try await rig.get("date\(index)", query)
                #expect(try await rig.get("date\(index)", query).cacheStatus == .cache, "Expires: \(date)")
            }
        }
    }

    // RFC 9111 §4.1: selecting fields match after whitespace, combining lines, case of a case-insensitive
    // value and order where it does not count are normalised.
    @Test("Vary matches through whitespace, case and order RFC 9111 §4.1 allows, and only through them", arguments: TransportUnderTest.allCases)
    func varyNormalisation(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache/vary?cc=max-age%3D3600&vary=Accept-Language,Accept"
            let first = try await Self.send(rig, path, headers: [("Accept-Language", "en-US, fr;q=0.5"), ("Accept", "text/html, application/json;q=0.9")])
            #expect(first.cacheStatus == .network)
            for (language, accept) in [
                ("EN-us,fr; q=0.5", "TEXT/HTML ,application/JSON ; q=0.9"),
                ("fr;q=0.5, en-US", "application/json;q=0.9, text/html"),
            ] {
                let again = try await Self.send(rig, path, headers: [("Accept-Language", language), ("Accept", accept)])
                #expect(again.cacheStatus == .cache, "\(language) | \(accept)")
            }
            // Members of equal weight keep their order in Accept-Language (RFC 9110 §12.5.4): another variant.
            let reordered = try await Self.send(rig, path, headers: [("Accept-Language", "fr, en-US"), ("Accept", "text/html, application/json;q=0.9")])
            #expect(reordered.cacheStatus == .network)
            let other = try await Self.send(rig, path, headers: [("Accept-Language", "de"), ("Accept", "text/html, application/json;q=0.9")])
            #expect(other.cacheStatus == .network)
            #expect(await rig.hits("vary") == 3)
        }
    }

    // RFC 8246 §2: a client SHOULD NOT revalidate an immutable response while it is fresh, upon a reload,
    // unless the user forces it.
    @Test("a fresh immutable response answers a reload (max-age=0); a forced reload (no-cache) asks the server", arguments: TransportUnderTest.allCases)
    func immutable(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache/immutable?cc=max-age%3D3600,%20immutable&etag=1"
            _ = try await Self.send(rig, path)
            #expect(try await Self.send(rig, path, headers: [("Cache-Control", "max-age=0")]).cacheStatus == .cache)
            #expect(try await Self.send(rig, path, headers: [("Cache-Control", "min-fresh=7200")]).cacheStatus == .cache)
            #expect(await rig.hits("immutable") == 1)
            #expect(try await Self.send(rig, path, headers: [("Cache-Control", "no-cache")]).cacheStatus == .revalidated)
            #expect(await rig.hits("immutable") == 2)

            // Without immutable, the same reload revalidates; once stale, immutable no longer holds.
            let plain = "/cache/mutable?cc=max-age%3D3600&etag=1"
            _ = try await Self.send(rig, plain)
            #expect(try await Self.send(rig, plain, headers: [("Cache-Control", "max-age=0")]).cacheStatus == .revalidated)
            await rig.clock.advance(by: .seconds(3601))
            #expect(try await Self.send(rig, path, headers: [("Cache-Control", "max-age=0")]).cacheStatus == .revalidated)
        }
    }

    // RFC 9111 §5.2.2.3: a cache that understands the status code stores the response, ignoring no-store;
    // one that does not understand it must not store it.
    @Test("must-understand: stored despite no-store for a known status, never for an unknown one", arguments: TransportUnderTest.allCases)
    func mustUnderstand(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let known = "cc=no-store,%20must-understand,%20max-age%3D3600"
            _ = try await rig.get("understood", known)
            #expect(try await rig.get("understood", known).cacheStatus == .cache)
            let unknown = known + "&status=299"
            _ = try await rig.get("unknown", unknown)
            #expect(try await rig.get("unknown", unknown).cacheStatus == .network)
            let plain = "cc=no-store,%20max-age%3D3600"
            _ = try await rig.get("plain", plain)
            #expect(try await rig.get("plain", plain).cacheStatus == .network)
        }
    }

    // RFC 9110 §9.3.3: a POST response with explicit freshness and a Content-Location equal to the target
    // URI may be reused for a later GET or HEAD; RFC 9111 §4.4 invalidates what was stored before.
    @Test("a POST's fresh response naming its own URL in Content-Location answers the next GET and HEAD", arguments: TransportUnderTest.allCases)
    func postReusedThroughContentLocation(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache/posted?contentLocation=self&cc=max-age%3D600"
            let posted = try await Self.send(rig, path, method: .post)
            #expect(posted.body == #"{"version":2}"#)
            let got = try await Self.send(rig, path)
            #expect(got.cacheStatus == .cache)
            #expect(got.body == #"{"version":2}"#)
            #expect(try await Self.send(rig, path, method: .head).cacheStatus == .cache)
            #expect(await rig.hits("posted") == 1)

            // Another Content-Location, or no explicit freshness: not reused.
            for other in ["/cache/elsewhere?contentLocation=/cache/other&cc=max-age%3D600", "/cache/elsewhere?contentLocation=/cache/elsewhere"] {
                _ = try await Self.send(rig, other, method: .post)
                #expect(try await Self.send(rig, other).cacheStatus == .network, "\(other)")
            }
        }
    }

    // RFC 9111 §3.3: a 206 may be stored and answer a range wholly within it.
    @Test("a stored 206 answers the ranges it holds; others go to the server", arguments: TransportUnderTest.allCases)
    func partialReused(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache-bytes/part?cc=max-age%3D3600&etag=1&size=10"
            let tail = try await Self.send(rig, path, headers: [("Range", "bytes=-5")])
            #expect(tail.status == 206 && tail.body == "67890" && tail.cacheStatus == .network)
            for (range, body, contentRange) in [("bytes=6-8", "789", "bytes 6-8/10"), ("bytes=-1", "0", "bytes 9-9/10"), ("bytes=7-", "890", "bytes 7-9/10")] {
                let part = try await Self.send(rig, path, headers: [("Range", range)])
                #expect(part.status == 206 && part.body == body && part.cacheStatus == .cache, "\(range)")
                #expect(part.head.headerFields[.contentRange] == contentRange)
            }
            #expect(await rig.server.hits("/cache-bytes/part") == 1)
            #expect(try await Self.send(rig, path, headers: [("Range", "bytes=0-1")]).cacheStatus == .network)
            // A part never answers a request for the whole.
            #expect(try await Self.send(rig, "/cache-bytes/part?cc=max-age%3D3600&size=10").cacheStatus == .network)
        }
    }

    // RFC 9111 §3.4: parts with the same strong validator are combined; a combination that covers the
    // representation is a complete response.
    @Test("two 206s with the same strong ETag combine into the complete response", arguments: TransportUnderTest.allCases)
    func partsCombined(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache-bytes/combined?cc=max-age%3D3600&etag=1&size=10"
            _ = try await Self.send(rig, path, headers: [("Range", "bytes=0-4")])
            _ = try await Self.send(rig, path, headers: [("Range", "bytes=3-9")])
            let whole = try await Self.send(rig, path)
            #expect(whole.status == 200 && whole.body == "1234567890" && whole.cacheStatus == .cache)
            #expect(whole.head.headerFields[.contentRange] == nil)
            #expect(await rig.server.hits("/cache-bytes/combined") == 2)

            // Without a strong validator nothing is combined: the whole is asked for.
            let weak = "/cache-bytes/weak?cc=max-age%3D3600&size=10"
            _ = try await Self.send(rig, weak, headers: [("Range", "bytes=0-4")])
            _ = try await Self.send(rig, weak, headers: [("Range", "bytes=5-9")])
            let asked = try await Self.send(rig, weak)
            #expect(asked.cacheStatus == .network && asked.body == "1234567890")
            #expect(asked.head.headerFields[HTTPField.Name("X-Received-Range")!] == nil)
        }
    }

    // RFC 9111 §3.3: a cache may complete a stored part with a range request; RFC 9110 §13.1.5 If-Range
    // makes sure the rest belongs to the same representation.
    @Test("a GET for the whole completes a stored first part with Range and If-Range", arguments: TransportUnderTest.allCases)
    func partCompleted(_ kind: TransportUnderTest) async throws {
        try await CacheRig.with(kind) { rig in
            let path = "/cache-bytes/completed?cc=max-age%3D3600&etag=1&size=10"
            _ = try await Self.send(rig, path, headers: [("Range", "bytes=0-3")])
            let whole = try await Self.send(rig, path)
            #expect(whole.status == 200 && whole.body == "1234567890")
            #expect(whole.head.headerFields[HTTPField.Name("X-Received-Range")!] == "bytes=4-")
            #expect(whole.head.headerFields[HTTPField.Name("X-Received-If-Range")!] == "\"b1\"")
            #expect(whole.head.headerFields[.contentRange] == nil)
            #expect(try await Self.send(rig, path).cacheStatus == .cache)
            #expect(await rig.server.hits("/cache-bytes/completed") == 2)

            // The representation changed since the part was stored: If-Range gets the new one whole.
            let changing = "/cache-bytes/changing?cc=max-age%3D3600&etag=1&size=10"
            _ = try await Self.send(rig, changing, headers: [("Range", "bytes=0-3")])
            _ = try await Self.send(rig, "/cache/changing", method: .post)
            let fresh = try await Self.send(rig, changing)
            #expect(fresh.status == 200 && fresh.body == "2345678901" && fresh.cacheStatus == .network)
            #expect(try await Self.send(rig, changing).body == "2345678901")
        }
    }
}
