import Clocks
@testable import Courier
import Foundation
import Testing

@Suite("The cookie jar: Secure, prefixes, expiry and deletion")
struct CookieJarExpiryTests {
    @Test("Secure cookies are sent over https only, and only accepted from https (RFC 6265bis)")
    func secure() {
        let jar = ManualTime().jar()
        jar.store("https://example.com/", "s=1; Secure", "plain=2")
        jar.store("http://example.com/", "planted=3; Secure")
        #expect(jar.header("https://example.com/") == "s=1; plain=2")
        #expect(jar.header("http://example.com/") == "plain=2")
        #expect(jar.allCookies().map(\.name) == ["s", "plain"])
    }

    @Test("an http response cannot replace or shadow a Secure cookie (RFC 6265bis: leave secure cookies alone)")
    func leaveSecureCookiesAlone() {
        let jar = ManualTime().jar()
        jar.store("https://www.example.com/", "session=secret; Secure; Domain=example.com")
        jar.store("http://www.example.com/", "session=forged", "session=forged2; Domain=example.com; Path=/x", "other=fine")
        #expect(jar.header("https://www.example.com/x") == "session=secret; other=fine")
    }

    @Test("__Secure- needs Secure; __Host- needs Secure, no Domain and Path=/")
    func namePrefixes() {
        let jar = ManualTime().jar()
        jar.store(
            "https://www.example.com/app/",
            "__Secure-a=1", "__Secure-b=2; Secure",
            "__Host-c=3; Secure", "__Host-d=4; Secure; Path=/; Domain=example.com", "__Host-e=5; Secure; Path=/", "__host-f=6; Path=/"
        )
        #expect(jar.allCookies().map(\.name) == ["__Secure-b", "__Host-e"])
    }

    @Test("HttpOnly is stored and the cookie still sent: a Courier request is always HTTP")
    func httpOnly() throws {
        let jar = ManualTime().jar()
        jar.store("http://example.com/", "h=1; HttpOnly; SameSite=Strict")
        #expect(jar.header("http://example.com/") == "h=1")
        let cookie = try #require(jar.allCookies().first)
        #expect(cookie.isHTTPOnly)
        #expect(cookie.sameSite == .strict)
    }

    @Test("Expires sets the expiry; the cookie stops being sent when the injected time passes it")
    func expires() throws {
        let time = ManualTime()
        let jar = time.jar()
        jar.store("http://example.com/", "e=1; Expires=Tue, 14 Nov 2023 23:13:20 GMT", "session=2")
        #expect(try #require(jar.allCookies().first).expiresAt == ManualTime.start.addingTimeInterval(3600))
        #expect(jar.allCookies().last?.expiresAt == nil)
        time.advance(by: 3599)
        #expect(jar.header("http://example.com/") == "e=1; session=2")
        time.advance(by: 1)
        #expect(jar.header("http://example.com/") == "session=2")
        #expect(jar.allCookies().map(\.name) == ["session"])
    }

    @Test("Max-Age wins over Expires in either order, and counts from the time of storing")
    func maxAge() {
        let time = ManualTime()
        let jar = time.jar()
        jar.store("http://example.com/", "a=1; Max-Age=60; Expires=Fri, 01 Jan 2100 00:00:00 GMT", "b=2; Expires=Fri, 01 Jan 2100 00:00:00 GMT; Max-Age=60")
        time.advance(by: 59)
        #expect(jar.header("http://example.com/") == "a=1; b=2")
        time.advance(by: 1)
        #expect(jar.header("http://example.com/") == nil)
    }

    @Test("a Max-Age of 0 or less, or an Expires in the past, deletes the cookie", arguments: [
        "id=gone; Max-Age=0", "id=gone; Max-Age=-1", "id=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
        "id=gone; Max-Age=0; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
    ])
    func deletion(_ field: String) {
        let jar = ManualTime().jar()
        jar.store("http://example.com/", "id=1; Max-Age=3600", "keep=2")
        jar.store("http://example.com/", field)
        #expect(jar.header("http://example.com/") == "keep=2")
        // Deleting needs the same name, domain and path: this one names another path.
        jar.store("http://example.com/", "keep=x; Path=/other; Max-Age=0")
        #expect(jar.header("http://example.com/") == "keep=2")
    }

    @Test("the public clock-based init expires Max-Age cookies when a test clock moves")
    func testClock() async {
        let clock = TestClock<Duration>()
        let jar = CookieJar(clock: clock)
        jar.store("http://example.com/", "a=1; Max-Age=30")
        await clock.advance(by: .seconds(29))
        #expect(jar.header("http://example.com/") == "a=1")
        await clock.advance(by: .seconds(1))
        #expect(jar.header("http://example.com/") == nil)
    }
}
