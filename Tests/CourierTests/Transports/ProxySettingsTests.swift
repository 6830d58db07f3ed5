import Courier
import Foundation
import Testing

@Suite("Proxies: a proxy's URL, the environment as curl reads it, and no_proxy")
struct ProxySettingsTests {
    @Test("a proxy URL gives its kind, host, port (curl's 1080 when none) and percent-decoded credentials, and hides the password")
    func proxyURL() throws {
        let proxy = try Proxy(url: "http://al%40ice:p%3Ass@proxy.internal:3128")
        #expect(proxy == .http(host: "proxy.internal", port: 3128, credentials: .init(username: "al@ice", password: "p:ss")))
        #expect(proxy.description == "http://al@ice:<redacted>@proxy.internal:3128")
        #expect(try Proxy(url: "proxy.internal") == .http(host: "proxy.internal", port: 1080))
        #expect(try Proxy(url: "socks5h://[::1]:9050") == .socks5(host: "::1", port: 9050))
        #expect(try Proxy(url: "SOCKS5://10.0.0.1") == .socks5(host: "10.0.0.1", port: 1080))
    }

    @Test("a proxy URL that names no proxy is refused with its kind, and the message never shows the password")
    func badProxyURL() {
        for bad in ["http://", "http://host:99999", "http://host/path", ""] {
            #expect(throws: NetworkError.self) { try Proxy(url: bad) }
            #expect((try? Proxy(url: bad)) == nil)
        }
        #expect(kind(ofParsing: "http://user:hunter2@:80") == .invalidURL)
        #expect(kind(ofParsing: "https://proxy:443") == .unsupported)
        #expect(kind(ofParsing: "socks4://proxy:1080") == .unsupported)
        do {
            _ = try Proxy(url: "http://user:hunter2@host:0")
            Issue.record("port 0 was accepted")
        } catch {
            #expect(error.kind == .invalidURL)
            #expect(!error.localizedDescription.contains("hunter2"))
        }
    }

    @Test("the environment: http_proxy lower case only, https_proxy either case, all_proxy as the fallback, lower case first")
    func environment() throws {
        let settings = try ProxySettings.environment([
            "HTTP_PROXY": "http://httpoxy:1",
            "HTTPS_PROXY": "http://upper:2",
            "https_proxy": "http://lower:3",
            "ALL_PROXY": "socks5://all:4",
        ])
        #expect(settings.http == .socks5(host: "all", port: 4))
        #expect(settings.https == .http(host: "lower", port: 3))
        #expect(try ProxySettings.environment(["http_proxy": "http://p:8080"]).http == .http(host: "p", port: 8080))
        #expect(try ProxySettings.environment(["http_proxy": "http://p:8080"]).https == nil)
        #expect(try ProxySettings.environment(["http_proxy": " ", "HTTPS_PROXY": "http://u:2"]) == ProxySettings(https: .http(host: "u", port: 2)))
        #expect(try ProxySettings.environment([:]).isEmpty)
    }

    @Test("a variable that names no usable proxy is an error naming the variable, not a quiet direct connection")
    func badEnvironment() {
        do {
            _ = try ProxySettings.environment(["https_proxy": "ftp://proxy:21"])
            Issue.record("ftp:// was accepted")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.message?.hasPrefix("https_proxy: ") == true)
        }
    }

    @Test("which proxy a request takes: by scheme, with ws like http and wss like https, and the bypass checked with the default port")
    func choice() throws {
        let http = Proxy.http(host: "plain", port: 3128)
        let https = Proxy.http(host: "tunnel", port: 3129)
        let settings = ProxySettings(http: http, https: https, bypass: ProxyBypass(list: "internal.example:443"))
        #expect(settings.proxy(scheme: "http", host: "example.com", port: nil) == http)
        #expect(settings.proxy(scheme: "ws", host: "example.com", port: nil) == http)
        #expect(settings.proxy(scheme: "HTTPS", host: "example.com", port: nil) == https)
        #expect(settings.proxy(scheme: "wss", host: "example.com", port: 8443) == https)
        #expect(settings.proxy(scheme: "https", host: "internal.example", port: nil) == nil)
        #expect(settings.proxy(scheme: "https", host: "internal.example", port: 8443) == https)
        #expect(ProxySettings.none.proxy(scheme: "http", host: "example.com", port: nil) == nil)
        let request = try ClientRequest(url: "https://api.example.com:8443/items")
        #expect(ProxySettings.all(http, except: ["example.com"]).proxy(for: request) == nil)
        #expect(ProxySettings.all(http, except: ["example.org"]).proxy(for: request) == http)
    }

    @Test("no_proxy: names and their subdomains, leading dots and *., case, trailing dots", arguments: [
        ("example.com", "example.com", true), ("example.com", "api.example.com", true), ("example.com", "notexample.com", false),
        (".example.com", "example.com", true), (".example.com", "a.b.example.com", true), ("*.example.com", "api.example.com", true),
        ("EXAMPLE.com", "Api.Example.COM.", true), ("localhost", "localhost", true), ("localhost", "localhost.evil.com", false),
        ("*", "anything.at.all", true), ("*", "10.1.2.3", true), ("", "example.com", false),
    ])
    func names(list: String, host: String, bypassed: Bool) {
        #expect(ProxyBypass(list: list).matches(host: host, port: 443) == bypassed)
    }

    @Test("no_proxy: IP literals, CIDR blocks in both families, bracketed IPv6, and ports", arguments: [
        ("127.0.0.1", "127.0.0.1", 80, true), ("127.0.0.1", "127.0.0.2", 80, false), ("10.0.0.0/8", "10.200.3.4", 80, true),
        ("10.0.0.0/8", "11.0.0.1", 80, false), ("192.168.1.0/23", "192.168.0.9", 80, true), ("192.168.1.0/24", "192.168.0.9", 80, false),
        ("::1", "[::1]", 80, true), ("[::1]", "::1", 80, true), ("fd00::/8", "fd12:3456::1", 80, true), ("fd00::/8", "fe80::1", 80, false),
        ("[::1]:8443", "::1", 8443, true), ("[::1]:8443", "::1", 443, false), ("example.com:8080", "api.example.com", 8080, true),
        ("example.com:8080", "example.com", 80, false), ("127.0.0.1:5000", "127.0.0.1", 5000, true), ("127.0.0.1:5000", "127.0.0.1", 5001, false),
        ("10.0.0.0/8", "ten.example", 80, false), ("0.0.0.0/0", "203.0.113.7", 80, true), ("10.0.0.0/33", "10.0.0.1", 80, false),
    ])
    func addresses(list: String, host: String, port: Int, bypassed: Bool) {
        #expect(ProxyBypass(list: list).matches(host: host, port: port) == bypassed)
    }

    @Test("no_proxy: a list separated by commas and spaces, entries kept as given")
    func list() {
        let bypass = ProxyBypass(list: " localhost, .internal ,10.0.0.0/8 ,, ")
        #expect(bypass.entries == ["localhost", ".internal", "10.0.0.0/8"])
        #expect(bypass.matches(host: "svc.internal", port: 80))
        #expect(bypass.matches(host: "10.9.9.9", port: 80))
        #expect(!bypass.matches(host: "example.com", port: 80))
    }

    /// The kind of error parsing `url` as a proxy throws; `nil` when it parses.
    private func kind(ofParsing url: String) -> NetworkError.Kind? {
        do {
            _ = try Proxy(url: url)
            return nil
        } catch {
            return error.kind
        }
    }
}
