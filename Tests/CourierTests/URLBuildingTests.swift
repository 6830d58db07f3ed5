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

    @Test("spaces and non-ASCII in a URL string are percent-encoded; existing escapes are kept")
    func encodesWhatMustBeEncoded() throws {
        let request = try ClientRequest(url: "http://example.com/a b/caf\u{e9}/x%2Fy?q=swift vapor&name=J\u{fc}rgen")
        #expect(request.head.path == "/a%20b/caf%C3%A9/x%2Fy?q=swift%20vapor&name=J%C3%BCrgen")
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
        "a malformed URL string is invalidURL",
        arguments: [
            "", "http://", "example.com/path", "ftp://example.com/file", "file:///etc/passwd",
            "http://exa mple.com/", "http://[::1", "http://[zz]/", "http://host:99999/", "http://host:0/",
            "http://host:80a/", "http://host:+80/", "http://%zz/", "http://user:pw@example.com/", "http://example.com/a\r\nb",
            "http://example.com/%zz", "http://example.com/?q=%g1", "http://h\u{e9}llo.com/", "http://example.com/\u{0}",
        ]
    )
    func malformedURL(_ string: String) {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: string) }
        #expect(error?.kind == .invalidURL)
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
}
