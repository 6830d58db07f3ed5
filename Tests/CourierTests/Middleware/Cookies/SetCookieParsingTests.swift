@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Set-Cookie parsing (RFC 6265 §5.2)")
struct SetCookieParsingTests {
    @Test("name and value are split at the first '=' and trimmed of spaces and tabs; quotes are kept")
    func nameAndValue() throws {
        let cookie = try #require(SetCookie(" \tsid = a=b=c \t; Path=/"))
        #expect(cookie.name == "sid")
        #expect(cookie.value == "a=b=c")
        #expect(SetCookie(#"token="quoted value""#)?.value == #""quoted value""#)
        #expect(SetCookie("empty=")?.value == "")
    }

    @Test("a field without '=', with an empty name, or with a control or non-ASCII byte is ignored")
    func ignoredFields() {
        #expect(SetCookie("novalue") == nil)
        #expect(SetCookie("novalue; Path=/a=b") == nil)
        #expect(SetCookie("=value") == nil)
        #expect(SetCookie(" =value") == nil)
        #expect(SetCookie("a=b\u{7}c") == nil)
        #expect(SetCookie("a=café") == nil)
        #expect(SetCookie("a=" + String(repeating: "x", count: 4096)) == nil)
    }

    @Test("attribute names are case-insensitive and unknown attributes are ignored")
    func caseInsensitiveAttributes() throws {
        let cookie = try #require(SetCookie("a=1; SECURE; httponly; pAtH=/docs; DoMaIn=Example.COM; sAmEsItE=LaX; Priority=High; Partitioned"))
        #expect(cookie.isSecure)
        #expect(cookie.isHTTPOnly)
        #expect(cookie.path == "/docs")
        #expect(cookie.domain == "example.com")
        #expect(cookie.sameSite == .lax)
    }

    @Test("the last of a repeated attribute wins")
    func lastWins() throws {
        let cookie = try #require(SetCookie("a=1; Path=/first; Domain=one.example; Path=/second; Domain=two.example; Max-Age=10; Max-Age=20"))
        #expect(cookie.path == "/second")
        #expect(cookie.domain == "two.example")
        #expect(cookie.maxAge == 20)
    }

    @Test("invalid attributes are ignored: a bad Max-Age or Expires keeps the earlier valid one")
    func invalidAttributesIgnored() throws {
        let cookie = try #require(SetCookie("a=1; Max-Age=60; Max-Age=soon; Max-Age=1.5; Max-Age=+5; Max-Age=; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Expires=never"))
        #expect(cookie.maxAge == 60)
        #expect(cookie.expires == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test("Max-Age: digits with an optional minus; huge values saturate")
    func maxAge() {
        #expect(SetCookie.deltaSeconds("0") == 0)
        #expect(SetCookie.deltaSeconds("-1") == -1)
        #expect(SetCookie.deltaSeconds("3600") == 3600)
        #expect(SetCookie.deltaSeconds("99999999999999999999999") == Int.max)
        #expect(SetCookie.deltaSeconds("-99999999999999999999999") == -Int.max)
        #expect(SetCookie.deltaSeconds("-") == nil)
        #expect(SetCookie.deltaSeconds(" 5") == nil)
        #expect(SetCookie.deltaSeconds("5s") == nil)
    }

    @Test("Domain: the leading dot is dropped, the value lower-cased, an empty value ignored")
    func domain() {
        #expect(SetCookie("a=1; Domain=.Example.com")?.domain == "example.com")
        #expect(SetCookie("a=1; Domain=example.com; Domain=")?.domain == "example.com")
        #expect(SetCookie("a=1; Domain=")?.domain == nil)
    }

    @Test("Path: a value that does not start with '/' (or is empty) means the default path")
    func path() {
        #expect(SetCookie("a=1; Path=/a/b")?.path == "/a/b")
        #expect(SetCookie("a=1; Path=/a; Path=relative")?.path == nil)
        #expect(SetCookie("a=1; Path=")?.path == nil)
    }

    @Test("SameSite: strict, lax or none in any case; anything else is left unset")
    func sameSite() {
        #expect(SetCookie("a=1; SameSite=Strict")?.sameSite == .strict)
        #expect(SetCookie("a=1; SameSite=NONE")?.sameSite == Cookie.SameSite.none)
        #expect(SetCookie("a=1; SameSite=sometimes")?.sameSite == nil)
        #expect(SetCookie("a=1")?.sameSite == nil)
    }

    @Test("an attribute value longer than 1024 bytes is ignored (RFC 6265bis)")
    func longAttributeValue() {
        #expect(SetCookie("a=1; Path=/" + String(repeating: "p", count: 1024))?.path == nil)
        #expect(SetCookie("a=1; Path=/" + String(repeating: "p", count: 1022))?.path?.count == 1023)
    }
}

@Suite("Set-Cookie fields a transport joined with commas")
struct JoinedSetCookieTests {
    @Test("a comma followed by name= separates fields; commas in Expires dates and values do not")
    func splitting() {
        #expect(SetCookie.splittingJoined("a=1; Path=/, b=2") == ["a=1; Path=/", " b=2"])
        #expect(SetCookie.splittingJoined("a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT, b=2; Expires=Thu, 10 Jun 2100 10:18:14 GMT") == [
            "a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT", " b=2; Expires=Thu, 10 Jun 2100 10:18:14 GMT",
        ])
        #expect(SetCookie.splittingJoined("list=1,2,3; Path=/") == ["list=1,2,3; Path=/"])
        #expect(SetCookie.splittingJoined("a=1,b=2,c=3") == ["a=1", "b=2", "c=3"])
        #expect(SetCookie.splittingJoined("a=1, not a name=2") == ["a=1, not a name=2"])
        #expect(SetCookie.splittingJoined("a=1") == ["a=1"])
    }

    @Test("a jar given a joined field from response headers stores each cookie")
    func jarSplitsResponseFields() throws {
        let jar = ManualTime().jar()
        let url = try #require(URL(string: "http://example.com/"))
        jar.storeCookies(from: [.setCookie: "a=1; Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT, b=2; Path=/"], for: url)
        #expect(jar.cookieHeader(for: url) == "a=1; b=2")
        // A list of field values is taken as it is: each string is one field.
        jar.storeCookies(from: ["c=3, d=4"], for: url)
        #expect(jar.allCookies().last?.value == "3, d=4")
    }
}
