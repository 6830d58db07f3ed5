import Courier
import Foundation
import Testing

@Suite("Building requests from URLs, paths and query items")
struct URLBuildingTests {
    @Test("an absolute URL keeps its parts, lowercases scheme and host, and drops the fragment")
    func absoluteURL() throws {
        let request = try ClientRequest(.get, url: "HTTPS://API.Example.com:8443/v1/items?id=7#section")
        #expect(request.head.scheme == "https")
        #expect(request.head.authority == "api.example.com:8443")
        #expect(request.head.path == "/v1/items?id=7")
        #expect(!request.isRelative)
    }

    @Test("spaces and non-ASCII in a URL string are percent-encoded; existing escapes and a stray % are kept")
    func encodesWhatMustBeEncoded() throws {
        let request = try ClientRequest(url: "http://example.com/a b/caf\u{e9}/x%2Fy/%zz?q=swift vapor&name=J\u{fc}rgen&off=50%")
        #expect(request.head.path == "/a%20b/caf%C3%A9/x%2Fy/%zz?q=swift%20vapor&name=J%C3%BCrgen&off=50%")
    }

    @Test("an empty path becomes /")
    func emptyPath() throws {
        #expect(try ClientRequest(url: "http://example.com").head.path == "/")
        #expect(try ClientRequest(url: "http://example.com?x=1").head.path == "/?x=1")
    }

    @Test("query names and values are data: + & = # / ? spaces and non-ASCII are encoded")
    func queryItemsAreEncoded() throws {
        let request = try ClientRequest(.get, path: "/search", query: [
            URLQueryItem(name: "q", value: "a+b & c=d #e/f?g"),
            URLQueryItem(name: "na me", value: "\u{e9}\u{1F600}"),
            URLQueryItem(name: "flag", value: nil),
        ])
        #expect(request.head.path == "/search?q=a%2Bb%20%26%20c%3Dd%20%23e%2Ff%3Fg&na%20me=%C3%A9%F0%9F%98%80&flag")
        #expect(request.isRelative)
    }

    @Test("an interpolated path value is one segment: its / is encoded")
    func interpolatedSegments() {
        let owner = "swift/nio"
        let id = 42
        let path: RequestPath = "/repos/\(owner)/issues/\(id)"
        #expect(path.encoded == "/repos/swift%2Fnio/issues/42")
        #expect(RequestPath("/a b/%2F/%zz").encoded == "/a%20b/%2F/%25zz")
        let up = ".."
        let here = "."
        let climbing: RequestPath = "/files/\(up)/\(here)/x"
        #expect(climbing.encoded == "/files/%2E%2E/%2E/x")
        let raw = "x/y"
        let rawPath: RequestPath = "/base/\(raw: raw)"
        #expect(rawPath.encoded == "/base/x/y")
    }

    @Test(
        "a malformed URL string is invalidURL, with the reason",
        arguments: [
            ("", "it is empty"), ("http://", "it has no host"), ("example.com/path", "it has no scheme"),
            ("ftp://example.com/file", "the scheme 'ftp' is not http or https"),
            ("file:///etc/passwd", "the scheme 'file' is not http or https"),
            ("http://exa mple.com/", "the host has characters a host name cannot have"),
            ("http://[::1", "the IPv6 address has no closing ']'"),
            ("http://[zz]/", "the bracketed host is not a valid IPv6 address"),
            ("http://host:99999/", "the port is not a number from 1 to 65535"),
            ("http://host:0/", "port 0 cannot be connected to"),
            ("http://host:80a/", "the port is not a number from 1 to 65535"),
            ("http://host:+80/", "the port is not a number from 1 to 65535"),
            ("http://%zz/", "the host has characters a host name cannot have"),
            ("http://user:pw@example.com/", "it contains userinfo"),
            ("http://256.256.256.256/", "the host ends in a number but is not an IPv4 address"),
            ("http://xn--a.de/", "xn-- label that is not valid Punycode"),
        ]
    )
    func malformedURL(_ string: String, _ reason: String) {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: string) }
        #expect(error?.kind == .invalidURL)
        #expect(error?.message?.contains(reason) == true)
    }

    @Test("userinfo is refused and never printed")
    func userinfoIsNotPrinted() {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: "https://alice:hunter2@example.com/") }
        #expect(error?.description.contains("hunter2") == false)
        #expect(error?.description.contains("alice") == false)
    }

    @Test("an IPv6 literal with a port is accepted")
    func ipv6() throws {
        let request = try ClientRequest(url: "http://[::1]:8080/x")
        #expect(request.head.authority == "[::1]:8080")
    }

    @Test("text with nothing to escape is kept as it is; a % that starts no escape is encoded wherever it stands")
    func escapesAtTheEdges() {
        let cases: [(String, String)] = [
            ("/articles/item.json", "/articles/item.json"),
            ("/a:b@c/!$&'()*+,;=-._~", "/a:b@c/!$&'()*+,;=-._~"),
            ("/x%41/%2f", "/x%41/%2f"),
            ("/a%", "/a%25"),
            ("/a%4", "/a%254"),
            ("/a%4g", "/a%254g"),
            ("/%%41", "/%25%41"),
        ]
        for (path, encoded) in cases {
            #expect(RequestPath(path).encoded == encoded, "\(path)")
        }
        let request = try? ClientRequest(path: "/search", query: [URLQueryItem(name: "q", value: "swift"), URLQueryItem(name: "a%", value: nil)])
        #expect(request?.head.path == "/search?q=swift&a%25")
    }
}
