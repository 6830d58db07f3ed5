import Courier
import Testing

/// The host and port of `ClientRequest(url:)`: IDNA, IPv4, IPv6, default ports (WHATWG URL §3, §4.4).
@Suite("URL hosts and ports are parsed as WHATWG does")
struct URLHostParsingTests {
    private func authority(_ url: String) throws -> String? {
        try ClientRequest(url: url).head.authority
    }

    private func refusal(_ url: String) -> String? {
        let error = #expect(throws: NetworkError.self) { try ClientRequest(url: url) }
        #expect(error?.kind == .invalidURL)
        return error?.message
    }

    @Test("an internationalized name is converted to ASCII, non-transitionally (UTS #46)", arguments: [
        ("https://münchen.de/", "xn--mnchen-3ya.de"),
        ("https://faß.de/", "xn--fa-hia.de"),
        ("https://FAß.ExAmPlE/", "xn--fa-hia.example"),
        ("http://h\u{e9}llo.com/", "xn--hllo-bpa.com"),
        ("http://www.foo\u{3002}bar.com/", "www.foo.bar.com"),
        ("http://\u{ff27}\u{ff4f}.com/", "go.com"),
        ("https://%e2%98%83/", "xn--n3h"),
        ("https://XN--MNCHEN-3YA.DE:8443/", "xn--mnchen-3ya.de:8443"),
        ("https://xn--mnchen-3ya.xn--zca.de/", "xn--mnchen-3ya.xn--zca.de"),
    ])
    func idna(_ url: String, _ expected: String) throws {
        #expect(try authority(url) == expected)
    }

    @Test("an invalid xn-- label or a disallowed code point is refused with a reason", arguments: [
        ("http://a.b.c.xn--pokxncvks/", "xn-- label that is not valid Punycode"),
        ("https://xn--/", "xn-- label that is not valid Punycode"),
        ("https://xn--abc-/", "xn-- label that is not valid Punycode"),
        ("https://xn--a.de/", "xn-- label that is not valid Punycode"),
        ("http://%ef%b7%90zyx.com/", "not a valid internationalized domain name"),
        ("https://%EF%BF%BD/", "not a valid internationalized domain name"),
        ("http://\u{ff05}\u{ff14}\u{ff11}.com/", "not a valid internationalized domain name"),
    ])
    func idnaRefusals(_ url: String, _ reason: String) {
        #expect(refusal(url)?.contains(reason) == true)
    }

    @Test("characters no host can have are refused; WHATWG's other punctuation is kept", arguments: [
        "http://exa mple.com/", "http://a^b/", "http://a|b/", "http://a<b/", "http://ho%2Fst/", "http://%zz/", "http://a\u{0}b/",
    ])
    func forbiddenHostCharacters(_ url: String) {
        #expect(refusal(url)?.contains("the host has characters a host name cannot have") == true)
    }

    @Test("\" ` { } in a host are refused (a Host header cannot carry them); ! $ & ' ( ) * + , ; = _ ~ are kept")
    func hostHeaderCharacters() throws {
        #expect(refusal("http://a{b}.test/")?.contains("a Host header cannot carry") == true)
        #expect(try authority("http://a!$&'()*+,;=_~.test/") == "a!$&'()*+,;=_~.test")
    }

    @Test("a host ending in a number is an IPv4 address, in any WHATWG form, written in dotted decimal", arguments: [
        ("http://0x7f.1/", "127.0.0.1"),
        ("http://127.0.0.1/", "127.0.0.1"),
        ("http://1.2.3.4./", "1.2.3.4"),
        ("http://192.168.257/", "192.168.1.1"),
        ("http://4294967295/", "255.255.255.255"),
        ("http://0xffffffff/", "255.255.255.255"),
        ("http://017700000001/", "127.0.0.1"),
        ("https://0x.0x.0/", "0.0.0.0"),
        ("http://%30%78%37%66.1/", "127.0.0.1"),
        ("http://256.com/", "256.com"),
        ("http://0x7f.0.0.0x7g/", "0x7f.0.0.0x7g"),
    ])
    func ipv4(_ url: String, _ expected: String) throws {
        #expect(try authority(url) == expected)
    }

    @Test("an IPv4 address out of range, with too many parts or a bad part is refused", arguments: [
        "http://256.256.256.256/", "http://127.0.0.256/", "http://4294967296/", "http://1.2.3.4.5/",
        "http://1.2.3.08/", "http://foo.09/", "http://0..1/", "http://foo.0x4/",
    ])
    func ipv4Refusals(_ url: String) {
        #expect(refusal(url)?.contains("not an IPv4 address") == true)
    }

    @Test("an IPv6 address is written back canonically: lowercase, the longest run of zeros as ::", arguments: [
        ("http://[0:0:0:0:0:0:0:1]/", "[::1]"),
        ("http://[2001:DB8::A]:8080/", "[2001:db8::a]:8080"),
        ("http://[1:0:0:2:0:0:0:3]/", "[1:0:0:2::3]"),
        ("http://[1:0:0:2:0:0:3:4]/", "[1::2:0:0:3:4]"),
        ("http://[0:1:0:1:0:1:0:1]/", "[0:1:0:1:0:1:0:1]"),
        ("http://[1:0::]/", "[1::]"),
        ("http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"),
        // `::` stands for one or more zero pieces (RFC 4291 §2.2), so seven pieces and `::` are eight.
        ("http://[1:2::3:4:5:6:7]/", "[1:2:0:3:4:5:6:7]"),
        ("http://[2001::1]:80/", "[2001::1]"),
    ])
    func ipv6(_ url: String, _ expected: String) throws {
        #expect(try authority(url) == expected)
    }

    @Test("a malformed IPv6 address is refused with a reason", arguments: [
        ("http://[::1", "no closing ']'"),
        ("http://[::1]x/", "unexpected text after the IPv6 address"),
        ("http://[1:2::3:4:5:6:7:8]/", "not a valid IPv6 address"),
        ("http://[1:2:3:4:5:6:7]/", "not a valid IPv6 address"),
        ("http://[0::0::0]/", "not a valid IPv6 address"),
        ("http://[12345::]/", "not a valid IPv6 address"),
        ("http://[::1.2.3]/", "not a valid IPv6 address"),
        ("http://[::1.2.3.04]/", "not a valid IPv6 address"),
        ("http://[zz]/", "not a valid IPv6 address"),
        ("http://[]/", "not a valid IPv6 address"),
        ("http://2001:db8::1/", "an IPv6 address must be written in brackets"),
        ("http://[1::2]:3:4/", "the port is not a number from 1 to 65535"),
    ])
    func ipv6Refusals(_ url: String, _ reason: String) {
        #expect(refusal(url)?.contains(reason) == true)
    }

    @Test("the scheme's default port is dropped, leading zeros are allowed, an empty port is none", arguments: [
        ("http://a.test:80/", "a.test"),
        ("https://a.test:443/", "a.test"),
        ("https://a.test:80/", "a.test:80"),
        ("http://a.test:0080/", "a.test"),
        ("http://a.test:08080/", "a.test:8080"),
        ("http://a.test:/", "a.test"),
        ("http://a.test:65535/", "a.test:65535"),
    ])
    func ports(_ url: String, _ expected: String) throws {
        #expect(try authority(url) == expected)
    }

    @Test("a port out of 1…65535 or not a number is refused; port 0 is refused on purpose", arguments: [
        ("http://a.test:0/", "port 0 cannot be connected to"),
        ("http://a.test:000/", "port 0 cannot be connected to"),
        ("http://a.test:65536/", "the port is not a number from 1 to 65535"),
        ("http://a.test:99999999999999999999/", "the port is not a number from 1 to 65535"),
        ("http://a.test:+80/", "the port is not a number from 1 to 65535"),
        ("http://a.test:8 0/", "the port is not a number from 1 to 65535"),
    ])
    func portRefusals(_ url: String, _ reason: String) {
        #expect(refusal(url)?.contains(reason) == true)
    }
}
