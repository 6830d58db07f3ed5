@testable import Courier
import Foundation
import Testing

@Suite("The cookie jar: domains, paths and order (RFC 6265 §5.3, §5.4)")
struct CookieJarTests {
    @Test("without Domain a cookie is host-only: not sent to subdomains or parents")
    func hostOnly() throws {
        let jar = ManualTime().jar()
        jar.store("http://www.example.com/", "a=1")
        #expect(jar.header("http://www.example.com/") == "a=1")
        #expect(jar.header("http://sub.www.example.com/") == nil)
        #expect(jar.header("http://example.com/") == nil)
        let cookie = try #require(jar.allCookies().first)
        #expect(cookie.isHostOnly)
        #expect(cookie.domain == "www.example.com")
    }

    @Test("Domain makes a cookie for the domain and its subdomains, whatever its case and leading dot")
    func domainCookie() throws {
        let jar = ManualTime().jar()
        jar.store("http://www.example.com/", "a=1; Domain=.EXAMPLE.com")
        #expect(jar.header("http://example.com/") == "a=1")
        #expect(jar.header("http://deep.sub.example.com/") == "a=1")
        #expect(jar.header("http://badexample.com/") == nil)
        #expect(jar.header("http://example.org/") == nil)
        #expect(try #require(jar.allCookies().first).isHostOnly == false)
    }

    @Test("a Domain the request host does not domain-match is ignored")
    func foreignDomain() {
        let jar = ManualTime().jar()
        jar.store("http://www.example.com/", "a=1; Domain=other.com", "b=2; Domain=sub.www.example.com", "c=3; Domain=ample.com")
        #expect(jar.allCookies().isEmpty)
    }

    @Test("a Domain that is a public suffix is refused, unless it is the host itself (then host-only)")
    func publicSuffixDomain() throws {
        let jar = ManualTime().jar()
        jar.store("http://www.example.co.uk/", "a=1; Domain=co.uk", "b=2; Domain=uk", "c=3; Domain=example.co.uk")
        jar.store("https://octocat.github.io/", "d=4; Domain=github.io")
        jar.store("https://github.io/", "e=5; Domain=github.io")
        #expect(jar.allCookies().map(\.name) == ["c", "e"])
        #expect(jar.header("http://other.co.uk/") == nil)
        #expect(jar.header("https://other.github.io/") == nil)
        let hostOnly = try #require(jar.allCookies().last)
        #expect(hostOnly.isHostOnly)
        #expect(hostOnly.domain == "github.io")
    }

    @Test("an IP address host gets host-only cookies: its own address as Domain is host-only, another is refused")
    func ipAddressHost() throws {
        let jar = ManualTime().jar()
        jar.store("http://192.168.1.20/", "a=1", "b=2; Domain=192.168.1.20", "c=3; Domain=168.1.20", "d=4; Domain=1.20")
        #expect(jar.header("http://192.168.1.20/") == "a=1; b=2")
        #expect(jar.allCookies().allSatisfy { $0.isHostOnly })
        jar.store("http://[2001:db8::1]:8080/", "e=5; Domain=db8::1")
        #expect(jar.header("http://[2001:db8::1]/") == nil)
    }

    @Test("the default path is the request's directory; Path sets it; a cookie goes to its path and below")
    func paths() {
        let jar = ManualTime().jar()
        jar.store("http://example.com/account/login", "dir=1", "root=2; Path=/", "docs=3; Path=/docs")
        #expect(jar.header("http://example.com/account") == "dir=1; root=2")
        #expect(jar.header("http://example.com/account/settings") == "dir=1; root=2")
        #expect(jar.header("http://example.com/accountant") == "root=2")
        #expect(jar.header("http://example.com/docs/intro") == "docs=3; root=2")
        #expect(jar.header("http://example.com/") == "root=2")
    }

    @Test("the Cookie header lists longer paths first, then the cookies created earlier")
    func ordering() {
        let time = ManualTime()
        let jar = time.jar()
        jar.store("http://www.example.com/", "late=1; Path=/")
        time.advance(by: 1)
        jar.store("http://www.example.com/", "deep=2; Path=/a/b", "mid=3; Path=/a")
        time.advance(by: 1)
        jar.store("http://www.example.com/", "domain=4; Domain=example.com", "later=5")
        // `domain` and `later` were created at the same instant: they keep the order of their fields.
        #expect(jar.header("http://www.example.com/a/b/c") == "deep=2; mid=3; late=1; domain=4; later=5")
    }

    @Test("replacing a cookie keeps its creation time, and so its place in the header")
    func replacementKeepsPlace() {
        let time = ManualTime()
        let jar = time.jar()
        jar.store("http://example.com/", "first=1", "second=2")
        time.advance(by: 10)
        jar.store("http://example.com/", "first=updated")
        #expect(jar.header("http://example.com/") == "first=updated; second=2")
        #expect(jar.allCookies().first?.createdAt == ManualTime.start)
    }

    @Test("cookies of the same name on other paths or domains are different cookies")
    func identity() {
        let jar = ManualTime().jar()
        jar.store("http://www.example.com/", "id=root; Path=/", "id=api; Path=/api", "id=domain; Domain=example.com")
        #expect(jar.header("http://www.example.com/api") == "id=api; id=root; id=domain")
        #expect(jar.allCookies().count == 3)
    }

    @Test("a domain keeps at most 50 cookies: the oldest go first")
    func perDomainLimit() {
        let time = ManualTime()
        let jar = time.jar()
        for index in 0..<55 {
            jar.store("http://example.com/", "c\(index)=\(index)")
            time.advance(by: 1)
        }
        let names = jar.allCookies().map(\.name)
        #expect(names.count == 50)
        #expect(names.first == "c5")
        #expect(names.last == "c54")
    }

    @Test("removeAll empties the jar; malformed fields and URLs without a host are ignored")
    func removeAllAndIgnored() throws {
        let jar = ManualTime().jar()
        jar.store("http://example.com/", "a=1", "broken", "=x")
        let relative = try #require(URL(string: "/relative"))
        jar.storeCookies(from: ["b=2"], for: relative)
        #expect(jar.allCookies().map(\.name) == ["a"])
        #expect(jar.cookies(for: relative).isEmpty)
        jar.removeAll()
        #expect(jar.allCookies().isEmpty)
        #expect(jar.header("http://example.com/") == nil)
    }

    @Test("concurrent stores and reads lose nothing")
    func concurrentUse() async {
        let jar = ManualTime().jar()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    jar.store("http://h\(index % 20).example.com/", "c\(index)=\(index)")
                    _ = jar.header("http://h\(index % 20).example.com/")
                }
            }
        }
        #expect(jar.allCookies().count == 200)
        #expect(jar.cookies(for: URL(string: "http://h3.example.com/")!).count == 10)
    }
}
