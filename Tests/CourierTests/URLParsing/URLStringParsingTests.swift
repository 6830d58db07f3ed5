import Courier
import Testing

/// Everything but the host of `ClientRequest(url:)`: trimming, slashes, dot segments, percent-encoding
/// and the parts Courier refuses on purpose (WHATWG URL §4.4).
@Suite("URL strings are read as WHATWG reads them")
struct URLStringParsingTests {
    private func target(_ url: String) throws -> String? {
        try ClientRequest(url: url).head.path
    }

    @Test("surrounding spaces and controls are ignored; tabs and line breaks are removed anywhere")
    func trimming() throws {
        let request = try ClientRequest(url: "  https://a.test/x \n")
        #expect(request.head.scheme == "https")
        #expect(request.head.authority == "a.test")
        #expect(request.head.path == "/x")
        #expect(try target("\t\u{0}https://a.test/a\tb\r\n?q=1\n") == "/ab?q=1")
        #expect(try target("http://example.com/a\r\nb") == "/ab")
        #expect(try ClientRequest(url: "h\tt\ntp://ho\tst:80\n80/").head.authority == "host:8080")
    }

    @Test("a % not followed by two hex digits is kept as written, as in WHATWG's href", arguments: [
        ("https://a.test/100%", "/100%"),
        ("https://a.test/?off=50%", "/?off=50%"),
        ("https://a.test/%zz/%2", "/%zz/%2"),
        ("https://a.test/x%2Fy?q=%41%GH", "/x%2Fy?q=%41%GH"),
    ])
    func strayPercent(_ url: String, _ expected: String) throws {
        #expect(try target(url) == expected)
    }

    @Test("\\ is /, and any number of slashes may follow the scheme", arguments: [
        ("http:\\\\a.test\\b\\c", "a.test", "/b/c"),
        ("http:a.test/x", "a.test", "/x"),
        ("https:/a.test", "a.test", "/"),
        ("http:///a.test/x", "a.test", "/x"),
        ("http://a.test\\\\x\\y", "a.test", "//x/y"),
        ("HTTP://A.TEST/X", "a.test", "/X"),
    ])
    func slashes(_ url: String, _ authority: String, _ path: String) throws {
        let request = try ClientRequest(url: url)
        #expect(request.head.authority == authority)
        #expect(request.head.path == path)
    }

    @Test(". and .. segments are resolved, also written %2e; other dots are kept", arguments: [
        ("http://a.test/a/b/../c/./d", "/a/c/d"),
        ("http://a.test/a/%2e%2E/b", "/b"),
        ("http://a.test/a/.%2e/b/%2e./c/%2e/", "/c/"),
        ("http://a.test/../../x", "/x"),
        ("http://a.test/a/..", "/"),
        ("http://a.test/a/b/..?q=..", "/a/?q=.."),
        ("http://a.test/a/.", "/a/"),
        ("http://a.test/a/..b/.c/...", "/a/..b/.c/..."),
        ("http://a.test//../x", "/x"),
        ("http://a.test\\..\\x", "/x"),
    ])
    func dotSegments(_ url: String, _ expected: String) throws {
        #expect(try target(url) == expected)
    }

    @Test("path and query use WHATWG's percent-encode sets (the query's special set encodes ')")
    func encodeSets() throws {
        #expect(try target("https://h/ !\"$%&'()*+,-./:;<=>@[\\]^_`{|}~") == "/%20!%22$%&'()*+,-./:;%3C=%3E@[/]%5E_%60%7B|%7D~")
        #expect(try target("https://h/?q= !\"$%&'()*+,-./:;<=>?@[\\]^_`{|}~") == "/?q=%20!%22$%&%27()*+,-./:;%3C=%3E?@[\\]^_`{|}~")
        #expect(try target("https://h/caf\u{e9}?q=J\u{fc}rgen&x=\u{1F600}") == "/caf%C3%A9?q=J%C3%BCrgen&x=%F0%9F%98%80")
        #expect(try target("https://h/a\u{0}b?\u{7F}") == "/a%00b?%7F")
    }

    @Test("the fragment is kept in the parse, encoded with the fragment set, and never sent")
    func fragment() throws {
        let parts = try URLStringParser.parse("https://h/p?q#a b\"<>`#{}")
        #expect(parts.pathAndQuery == "/p?q")
        #expect(parts.fragment == "a%20b%22%3C%3E%60#{}")
        #expect(try URLStringParser.parse("https://h/p").fragment == nil)
        #expect(try URLStringParser.parse("https://h/p#").fragment == "")
        #expect(try target("https://h/p#frag") == "/p")
    }

    @Test("userinfo is refused in every spelling, and never printed", arguments: [
        "https://alice:hunter2@example.com/", "http:alice:hunter2@example.com", "http:\\\\alice:hunter2@example.com\\x",
        "https://alice:hunter2@@example.com/", "http://@example.com/",
    ])
    func userinfo(_ url: String) {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: url) }
        #expect(error?.kind == .invalidURL)
        #expect(error?.message?.contains("it contains userinfo (user:password@); pass credentials with authorizing(with:) instead") == true)
        #expect(error?.description.contains("hunter2") == false)
        #expect(error?.description.contains("alice") == false)
    }

    @Test("a missing or foreign scheme is refused with what to write instead", arguments: [
        ("", "it is empty"),
        ("  \n", "it is empty"),
        ("example.com/path", "it has no scheme"),
        ("localhost:8080/x", "it has no scheme"),
        ("//example.com/x", "it has no scheme"),
        ("ftp://example.com/file", "the scheme 'ftp' is not http or https"),
        ("file:///etc/passwd", "the scheme 'file' is not http or https"),
        ("http://", "it has no host"),
        ("http:?x", "it has no host"),
        ("https://:443/", "it has no host"),
    ])
    func schemeAndHost(_ url: String, _ reason: String) {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: url) }
        #expect(error?.kind == .invalidURL)
        #expect(error?.message?.contains(reason) == true)
    }

    @Test("control characters in a refused input are escaped in the message")
    func escapedControls() {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: "http://a\u{1B}[31mb/") }
        #expect(error?.message?.contains("a\\u{1B}[31mb") == true)
        #expect(error?.message?.unicodeScalars.contains("\u{1B}") == false)
    }
}
