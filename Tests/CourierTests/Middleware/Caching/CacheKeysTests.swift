@testable import Courier
import Testing

/// The one spelling a cache keys its entries by (RFC 3986 §6.2.2–6.2.3), which lookups and invalidations by
/// `Location` must agree on.
@Suite("Cache keys: one spelling per resource")
struct CacheKeysTests {
    @Test("scheme and host lowercased, the scheme's default port and an empty port dropped, escapes uppercased, a path begun with /",
          arguments: [
              ("HTTP", "API.Example.com:80", "/a%2fb?q=%e9", "http://api.example.com/a%2Fb?q=%E9"),
              ("https", "example.com:443", "/", "https://example.com/"),
              ("http", "example.com:443", "/", "http://example.com:443/"),
              ("https", "example.com:80", "/x", "https://example.com:80/x"),
              ("http", "example.com:", "x", "http://example.com/x"),
              ("ws", "example.com:80", "/", "ws://example.com:80/"),
              ("https", "ÉXAMPLE.com:8443", "/%", "https://éxample.com:8443/%"),
          ])
    func canonical(_ scheme: String, _ authority: String, _ path: String, _ expected: String) {
        #expect(CacheKeys.canonical(scheme: scheme, authority: authority, path: path) == expected)
    }

    @Test("a request's key is GET and its canonical URL, made in one go, and gives the URL back")
    func keyOfRequest() throws {
        let request = try ClientRequest(.head, url: "HTTPS://Example.com:443/items?id=%ab")
        let key = try #require(CacheKeys.key(of: request))
        #expect(key == "GET https://example.com/items?id=%AB")
        #expect(key == CacheKeys.key(try #require(CacheKeys.url(of: request))))
        #expect(CacheKeys.url(ofKey: key) == "https://example.com/items?id=%AB")
        #expect(CacheKeys.key(of: try ClientRequest(.get, path: "/relative")) == nil)
    }
}
