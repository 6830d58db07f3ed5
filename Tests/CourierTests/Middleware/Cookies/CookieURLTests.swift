@testable import Courier
import Foundation
import Testing

@Suite("Cookie matching: hosts, domains and paths (RFC 6265 §5.1)")
struct CookieURLTests {
    static func url(_ text: String) throws -> CookieURL {
        let url = try #require(URL(string: text))
        return try #require(CookieURL(url))
    }

    @Test("the host is lower-cased, an IPv6 literal loses its brackets, an empty path is '/'")
    func canonicalParts() throws {
        let named = try Self.url("HTTPS://WWW.Example.COM:8443")
        #expect(named.host == "www.example.com")
        #expect(named.path == "/")
        #expect(named.isSecure)
        #expect(!named.isIPAddress)
        let ipv6 = try Self.url("http://[::1]:8080/a/b?q=1")
        #expect(ipv6.host == "::1")
        #expect(ipv6.path == "/a/b")
        #expect(ipv6.isIPAddress)
        #expect(!ipv6.isSecure)
        let relative = try #require(URL(string: "/relative/path"))
        #expect(CookieURL(relative) == nil)
    }

    @Test("domain-match: identical, or a subdomain at a dot; never a suffix inside a label or of an address")
    func domainMatch() {
        #expect(CookieURL.domainMatches("example.com", "example.com"))
        #expect(CookieURL.domainMatches("www.example.com", "example.com"))
        #expect(CookieURL.domainMatches("a.b.example.com", "example.com"))
        #expect(!CookieURL.domainMatches("badexample.com", "example.com"))
        #expect(!CookieURL.domainMatches("example.com", "www.example.com"))
        #expect(CookieURL.domainMatches("192.168.0.1", "192.168.0.1"))
        #expect(!CookieURL.domainMatches("192.168.0.1", "168.0.1"))
    }

    @Test("path-match: the same path, or below it at a '/'")
    func pathMatch() {
        #expect(CookieURL.pathMatches("/docs", "/docs"))
        #expect(CookieURL.pathMatches("/docs/a", "/docs"))
        #expect(CookieURL.pathMatches("/docs/", "/docs"))
        #expect(CookieURL.pathMatches("/docs/a", "/docs/"))
        #expect(CookieURL.pathMatches("/anything", "/"))
        #expect(!CookieURL.pathMatches("/docsearch", "/docs"))
        #expect(!CookieURL.pathMatches("/doc", "/docs"))
        #expect(!CookieURL.pathMatches("/Docs/a", "/docs"))
    }

    @Test("default path: the directory of the request path (§5.1.4)", arguments: [
        ("http://example.com", "/"),
        ("http://example.com/", "/"),
        ("http://example.com/login", "/"),
        ("http://example.com/account/login", "/account"),
        ("http://example.com/a/b/", "/a/b"),
        ("http://example.com/a/b/c?next=/x/y", "/a/b"),
    ])
    func defaultPath(_ url: String, _ expected: String) throws {
        #expect(try Self.url(url).defaultPath == expected)
    }

    @Test("IP addresses: dotted-decimal IPv4 and anything with a colon; names that look numeric are not")
    func ipAddresses() {
        #expect(CookieURL.isIPAddress("127.0.0.1"))
        #expect(CookieURL.isIPAddress("255.255.255.255"))
        #expect(CookieURL.isIPAddress("::1"))
        #expect(CookieURL.isIPAddress("2001:db8::1"))
        #expect(!CookieURL.isIPAddress("256.1.1.1"))
        #expect(!CookieURL.isIPAddress("1.2.3"))
        #expect(!CookieURL.isIPAddress("1.2.3.4.example"))
        #expect(!CookieURL.isIPAddress("example.com"))
    }

    @Test("the domains a cookie may belong to: the host and its parents, or the address alone")
    func domainsToMatch() throws {
        #expect(try Self.url("http://a.b.example.com/").domainsToMatch == ["a.b.example.com", "b.example.com", "example.com", "com"])
        #expect(try Self.url("http://10.0.0.1/").domainsToMatch == ["10.0.0.1"])
        #expect(try Self.url("http://localhost/").domainsToMatch == ["localhost"])
    }
}
